/**
 * A newcomer buys a plan through the sandbox bank, reads the result, logs in and uses every panel
 * page; the failed and replayed payments; the catalogue and the home pricing — in Persian and English.
 */
import { describe, expect } from 'vitest';
import { journeyTest, keepScreenshot, type Language } from './browser.ts';
import { field, startPurchase } from './shop.ts';
import { text } from './texts.ts';

for (const lang of ['fa', 'en'] as Language[]) {
  describe(`the shop in ${lang}`, () => {
    const test = journeyTest({ language: lang });

    test('home pricing: two tabs of up to three cards, the second popular', async ({ j }) => {
      const { page } = j;
      await page.goto('/#pricing');
      const pricing = page.locator('#pricing');
      await pricing.getByRole('tab', { name: text(lang, 'home:pricing.tabs.androidWindows') }).waitFor();
      const cards = pricing.getByRole('link', { name: new RegExp(text(lang, 'plans:card.select')) });
      await cards.first().waitFor();
      expect(await cards.count()).toBe(3);
      expect(await cards.first().getAttribute('href')).toMatch(/^\/payment\?plan_id=\d+$/);
      expect(await pricing.getByText(text(lang, 'home:pricing.mostPopular')).count()).toBe(1);
      await pricing.getByRole('tab', { name: text(lang, 'home:pricing.tabs.other') }).click();
      await expect.poll(() => cards.first().getAttribute('href')).toBe('/payment?plan_id=7');
      await j.axe('home pricing');
      await pricing.getByRole('link', { name: text(lang, 'home:pricing.viewAll') }).click();
      await page.waitForURL(/\/buy$/);
    });

    test('the catalogue: platform tabs and duration chips', async ({ j }) => {
      const { page } = j;
      await page.goto('/buy');
      await page.getByRole('heading', { level: 1, name: text(lang, 'plans:title') }).waitFor();
      const chips = page.getByRole('group', { name: text(lang, 'plans:durations.label') });
      await chips.waitFor();
      const pressed = chips.locator('[aria-pressed="true"]');
      const first = await pressed.textContent();
      const other = chips.locator('[aria-pressed="false"]').first();
      const otherText = await other.textContent();
      await other.click();
      await expect.poll(() => pressed.textContent()).toBe(otherText);
      expect(otherText).not.toBe(first);
      await keepScreenshot(page, `plans-${lang}`);
      await j.axe('catalogue');
      await page.getByRole('tab', { name: text(lang, 'plans:tabs.ios') }).click();
      const select = page.getByRole('link', { name: new RegExp(text(lang, 'plans:card.select')) }).first();
      await expect
        .poll(async () => Number(/plan_id=(\d+)/.exec((await select.getAttribute('href')) ?? '')?.[1]))
        .toBeGreaterThanOrEqual(7);
      await select.click();
      await page.waitForURL(/\/payment\?plan_id=\d+/);
      await page
        .getByRole('button', { name: text(lang, 'payment:back') })
        .or(page.getByRole('link', { name: text(lang, 'payment:back') }))
        .first()
        .click();
      await page.waitForURL(/\/buy$/);
    });

    test('a newcomer buys an iOS plan, logs in and uses every panel page', async ({ j }) => {
      const { page, baseURL } = j;
      await startPurchase(j, lang, 7);
      // Every URL Chromium asks for from here on: no credential may be in one (CONTRACTS §15), as a
      // proxy's access log would keep it.
      const asked: string[] = [];
      page.on('request', (request) => void asked.push(request.url()));
      await page.locator('button[value="pay"]').click();
      await page.waitForURL(/\/paymentresult/);
      await page.getByRole('heading', { name: text(lang, 'payment:result.success.title') }).waitFor();
      // The credentials came in the fragment, were read once and left the address bar.
      expect(new URL(page.url()).search).toBe('');
      expect(new URL(page.url()).hash).toBe('');
      const results = asked.filter((url) => new URL(url).pathname === '/paymentresult');
      expect(results.length).toBeGreaterThan(0);
      expect(results.every((url) => !new URL(url).searchParams.has('data'))).toBe(true);
      const username = (await field(page, lang, 'username').textContent())!.trim();
      const password = (await field(page, lang, 'password').textContent())!.trim();
      expect(username).toMatch(/^\w{4,}$/);
      expect(password.length).toBeGreaterThanOrEqual(8);
      await keepScreenshot(page, `result-${lang}`);
      await j.axe('result');

      // Log in: the errors first, then the real credentials.
      await page.getByRole('link', { name: text(lang, 'payment:result.success.goDashboard') }).click();
      await page.waitForURL(/\/login$/);
      const submit = page.getByRole('button', { name: text(lang, 'auth:login.submit'), exact: true });
      await submit.click();
      await page.getByText(text(lang, 'errors:validation.missingCredentials')).waitFor();
      j.allow(/POST .*\/site_login answered 401/);
      await page.getByLabel(text(lang, 'auth:login.username')).fill(username);
      await page.getByLabel(text(lang, 'auth:login.password'), { exact: true }).fill('wrong-password');
      await submit.click();
      await page.getByText(text(lang, 'errors:login.invalid')).waitFor();
      await j.axe('login with an error');
      await page.getByLabel(text(lang, 'auth:login.password'), { exact: true }).fill(password);
      await submit.click();
      await page.waitForURL(/\/panel$/);
      await page.getByText(text(lang, 'panel:dashboard.status.pending.title')).waitFor();
      await keepScreenshot(page, `dashboard-${lang}`);
      await j.axe('dashboard');
      // The header now offers My Account; /login leads back to the panel.
      await page.goto('/login');
      await page.waitForURL(/\/panel$/);

      // The VPN app signs in: a device appears, the subscription starts.
      const appLogin = await fetch(`${baseURL}/api/app/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password, deviceInfo: 'Android;14' }),
      });
      expect(appLogin.status).toBe(200);
      await page.reload();
      await page.getByText(text(lang, 'panel:dashboard.status.active.title'), { exact: true }).waitFor();

      const menu = page.getByRole('navigation', { name: text(lang, 'panel:menu.label') });
      await menu.getByRole('link', { name: text(lang, 'panel:menu.devices') }).click();
      await page.waitForURL(/\/panel\/devices$/);
      const rows = page.getByRole('table').getByRole('row');
      await expect.poll(() => rows.count()).toBe(2);
      await j.axe('devices');
      await page
        .getByRole('button', { name: new RegExp(text(lang, 'panel:devices.disconnect')) })
        .first()
        .click();
      await expect.poll(() => page.getByRole('table').count()).toBe(0);
      await page.getByText(text(lang, 'panel:devices.emptyTitle')).waitFor();

      await menu.getByRole('link', { name: text(lang, 'panel:menu.payments') }).click();
      await page.waitForURL(/\/panel\/payments$/);
      await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(2);
      await page.getByText(text(lang, 'panel:payments.states.success')).first().waitFor();
      await j.axe('payments');

      await menu.getByRole('link', { name: text(lang, 'panel:menu.servers') }).click();
      await page.waitForURL(/\/panel\/servers$/);
      const country = page.getByRole('button', { name: new RegExp(lang === 'fa' ? 'آلمان' : 'Germany') });
      await country.click();
      expect(await country.getAttribute('aria-expanded')).toBe('true');
      await j.axe('servers');
      await page
        .getByRole('button', { name: new RegExp(text(lang, 'panel:servers.copy')) })
        .first()
        .click();
      await page.getByText(text(lang, 'panel:servers.copied')).waitFor();
      const clipboard = await page.evaluate(() => navigator.clipboard.readText());
      expect(clipboard).toContain(`${username}-${password}`);
      expect(clipboard.split('\n').length).toBeGreaterThanOrEqual(2);

      await menu.getByRole('link', { name: text(lang, 'panel:menu.changePassword') }).click();
      await page.waitForURL(/\/panel\/changepass$/);
      const current = page.getByLabel(text(lang, 'panel:changePassword.current'), { exact: true });
      const next = page.getByLabel(text(lang, 'panel:changePassword.new'), { exact: true });
      const confirm = page.getByLabel(text(lang, 'panel:changePassword.confirm'), { exact: true });
      const change = page.getByRole('button', { name: text(lang, 'panel:changePassword.submit'), exact: true });
      const attempts: Array<[string, string, string, string]> = [
        ['', 'abcdef1', 'abcdef1', 'errors:validation.allFieldsRequired'],
        [password, 'abcdef1', 'abcdef2', 'errors:validation.mismatch'],
        [password, password, password, 'errors:validation.sameAsCurrent'],
        [password, 'abc1', 'abc1', 'errors:validation.tooShort'],
        [password, 'abc-def1', 'abc-def1', 'errors:validation.invalidCharacters'],
        [password, `a${'b'.repeat(64)}`, `a${'b'.repeat(64)}`, 'errors:validation.tooLong'],
        [password, '123456', '123456', 'errors:password.tooCommon'],
        ['Wrong123', 'Kz7qPw2mVt', 'Kz7qPw2mVt', 'errors:password.currentIncorrect'],
      ];
      for (const [a, b, c, key] of attempts) {
        await current.fill(a);
        await next.fill(b);
        await confirm.fill(c);
        await change.click();
        await page.getByText(text(lang, key, { max: lang === 'fa' ? '۶۴' : '64' })).waitFor();
      }
      const subUrl = async () =>
        page.evaluate(async () => {
          const response = await fetch('/api/site/account', { method: 'POST' });
          return ((await response.json()) as { subUrl: string }).subUrl;
        });
      const oldLink = await subUrl();
      await current.fill(password);
      await next.fill('NewPass2026');
      await confirm.fill('NewPass2026');
      await change.click();
      await page.getByText(text(lang, 'errors:password.success')).waitFor();
      await page.getByText(text(lang, 'panel:changePassword.replaced')).waitFor();
      await page.getByText(text(lang, 'panel:changePassword.iosHint')).waitFor();
      expect(await next.inputValue()).toBe('');
      await j.axe('change password');
      // The change replaced the subscription link: the panel shows the new one.
      await page.getByRole('link', { name: text(lang, 'panel:changePassword.showLink') }).click();
      await page.waitForURL(/\/panel\/connect$/);
      const newLink = await subUrl();
      expect(newLink).not.toBe(oldLink);
      await page.getByText(newLink).waitFor();
      expect(await page.getByText(oldLink).count()).toBe(0);

      await menu.getByRole('button', { name: text(lang, 'panel:menu.logout') }).click();
      await page.waitForURL(/\/login$/);
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain('jwtUserUsername');
      await page.goto('/panel/payments');
      await page.waitForURL(/\/login$/);
      // The old password no longer works; the new one does, and the login returns to the page
      // that was asked for.
      await page.getByLabel(text(lang, 'auth:login.username')).fill(username);
      await page.getByLabel(text(lang, 'auth:login.password'), { exact: true }).fill(password);
      await submit.click();
      await page.getByText(text(lang, 'errors:login.invalid')).waitFor();
      await page.getByLabel(text(lang, 'auth:login.password'), { exact: true }).fill('NewPass2026');
      await submit.click();
      await page.waitForURL(/\/panel\/payments$/);

      // Logins and the change sent the passwords, old, wrong and new, in no URL.
      expect(asked.filter((url) => new URL(url).pathname === '/site_login').length).toBe(4);
      // Too common, wrong current password, done: the other refusals are the page's own.
      expect(asked.filter((url) => new URL(url).pathname === '/api/site/changepassword').length).toBe(3);
      for (const url of asked) {
        for (const secret of [password, 'wrong-password', 'NewPass2026', 'Wrong123'])
          expect(decodeURIComponent(url)).not.toContain(secret);
        for (const name of ['username', 'password', 'currentpassword', 'newpassword', 'data'])
          expect(new URL(url).searchParams.has(name)).toBe(false);
      }
    });

    test('a cancelled payment shows the failed page; Try again goes back to the plans', async ({ j }) => {
      const { page } = j;
      await startPurchase(j, lang, 1);
      await page.locator('button[value="cancel"]').click();
      await page.waitForURL(/\/paymentresult/);
      await page.getByRole('heading', { name: text(lang, 'payment:result.failed.title') }).waitFor();
      await page.getByText(text(lang, 'errors:payment.refund')).waitFor();
      await j.axe('failed result');
      await page.getByRole('link', { name: text(lang, 'payment:result.failed.tryAgain') }).click();
      await page.waitForURL(/\/buy$/);
    });

    test('a replayed gateway return shows the duplicate page', async ({ j }) => {
      const { page } = j;
      await startPurchase(j, lang, 2);
      let callback = '';
      page.on('request', (request) => {
        if (request.url().includes('/payment/callback/')) callback ||= request.url();
      });
      await page.locator('button[value="pay"]').click();
      await page.waitForURL(/\/paymentresult/);
      await page.getByRole('heading', { name: text(lang, 'payment:result.success.title') }).waitFor();
      expect(callback).not.toBe('');
      await page.goto(callback);
      await page.waitForURL(/\/paymentresult/);
      await page.getByRole('heading', { name: text(lang, 'payment:result.duplicate.title') }).waitFor();
      await page.getByText(text(lang, 'errors:payment.duplicate')).first().waitFor();
      await j.axe('duplicate result');
    });
  });
}
