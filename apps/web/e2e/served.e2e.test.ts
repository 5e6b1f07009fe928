/**
 * Served whole (issue 28 §1, §2): what a visitor who does nothing at all — no pointer, no touch, no
 * key — gets from the server. The prices on /buy and the home page's pricing, the download links,
 * and the panel for a visitor with a session, all before any app runs.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { journeyTest, type Language } from './browser.ts';
import { separAdmin } from './operator.ts';
import { text } from './texts.ts';

for (const lang of ['fa', 'en'] as Language[]) {
  describe(`served whole, without any input, in ${lang}`, () => {
    const test = journeyTest({ language: lang });

    test('/buy shows plan cards with prices and Select buttons, without asking for the plans', async ({ j }) => {
      const { page } = j;
      const asked: string[] = [];
      page.on('request', (request) => {
        if (/\/(getTelPlans|appinfo)/.test(request.url())) asked.push(request.url());
      });
      const started = Date.now();
      await j.read('/buy');
      const select = page.getByRole('link', { name: new RegExp(text(lang, 'plans:card.select')) });
      await select.first().waitFor({ timeout: 6000 });
      expect(Date.now() - started).toBeLessThan(6000);
      expect(await select.count()).toBeGreaterThan(0);
      expect(await select.first().getAttribute('href')).toMatch(/^\/payment\?plan_id=\d+$/);
      await page
        .getByText(new RegExp(lang === 'fa' ? 'تومان' : 'Toman'))
        .first()
        .waitFor();
      expect(await page.getByText(text(lang, 'plans:loading')).count()).toBe(0);
      // The page as the server drew it: its app has not run, and nothing was fetched for it.
      expect(await page.evaluate(() => document.documentElement.dataset.render ?? null)).toBeNull();
      expect(asked).toEqual([]);
      await j.axe('/buy, served');
    });

    test('the home page’s pricing shows priced plan cards', async ({ j }) => {
      const { page } = j;
      await j.read('/');
      const pricing = page.locator('#pricing');
      const cards = pricing.getByRole('link', { name: new RegExp(text(lang, 'plans:card.select')) });
      await cards.first().waitFor({ timeout: 6000 });
      expect(await cards.count()).toBeGreaterThan(0);
      expect(await cards.count()).toBeLessThanOrEqual(3);
      expect(await cards.first().getAttribute('href')).toMatch(/^\/payment\?plan_id=\d+$/);
      expect(await pricing.textContent()).toMatch(lang === 'fa' ? /[۰-۹][۰-۹٬]*\s*تومان/ : /[\d,]+ Toman/);
      expect(await page.evaluate(() => document.documentElement.dataset.render ?? null)).toBeNull();
    });

    test('/download has its download links, none disabled or busy', async ({ j }) => {
      const { page } = j;
      await j.read('/download');
      await page.getByRole('heading', { level: 1, name: text(lang, 'download:title') }).waitFor();
      expect(await page.locator('#root [disabled], #root [aria-busy="true"]').count()).toBe(0);
      for (const platform of ['android', 'windows']) {
        const link = page.getByRole('link', { name: new RegExp(text(lang, `download:${platform}.button`)) });
        expect(await link.getAttribute('href'), platform).toMatch(/^https:\/\//);
      }
      expect(await page.evaluate(() => document.documentElement.dataset.render ?? null)).toBeNull();
    });

    test('/login with a session leads to the panel; the panel without one to /login, and back after it', async ({
      j,
    }) => {
      const { page, baseURL } = j;
      const username = `srv${randomBytes(3).toString('hex')}`;
      const password = `Pw${randomBytes(6).toString('hex')}`;
      await separAdmin('users', 'create', '--plan', '1', '--username', username, '--password', password);
      // Without a session, the server sends the panel to /login with the page asked for.
      const away = await page.request.get(`${baseURL}/panel/payments`, { maxRedirects: 0 });
      expect(away.status()).toBe(302);
      expect(away.headers().location).toBe('/login?from=/panel/payments');
      const login = await page.request.post(`${baseURL}/site_login`, {
        form: { username, password },
        headers: { origin: baseURL },
      });
      expect(login.status()).toBe(200);
      // With one, /login is the panel, before any script runs.
      await j.read('/login');
      expect(new URL(page.url()).pathname).toBe('/panel');
      await page.getByRole('heading', { level: 1, name: text(lang, 'panel:dashboard.title') }).waitFor();
    });
  });
}
