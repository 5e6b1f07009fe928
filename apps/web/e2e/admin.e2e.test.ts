/**
 * The operators' console (issue #23), in Persian and English: an operator made with separ-admin
 * signs in at /admin, creates a plan that buyers then see on /buy, creates a node and copies its
 * V2bX config, finds the account of a purchase and suspends it (its panel says so), completes a
 * pending order by hand (the receipt goes to the outbox) — and axe passes on every console page
 * at 375 and 1280 px. The audit log shows each action.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journeyTest, keepScreenshot, openJourney, type Journey, type Language } from './browser.ts';
import { separAdmin } from './operator.ts';
import { field, startPurchase } from './shop.ts';
import { text } from './texts.ts';

const SECTIONS = ['overview', 'plans', 'nodes', 'users', 'orders', 'outbox', 'operators', 'audit', 'settings'];

/** Makes an operator with separ-admin and signs in at /admin through the screen. */
async function signIn(j: Journey, lang: Language, username: string) {
  const { page } = j;
  const out = await separAdmin('operators', 'add', username);
  const password = /Password: (\S+)/.exec(out)?.[1] ?? '';
  expect(password).not.toBe('');
  // Not signed in yet, the console asks who is there (401); a wrong password first: the screen says so.
  j.allow(/GET .*\/api\/admin\/me answered 401/);
  j.allow(/POST .*\/api\/admin\/login answered 401/);
  await page.goto('/admin');
  await page.getByRole('heading', { name: text(lang, 'admin:login.title') }).waitFor();
  await page.getByLabel(text(lang, 'admin:login.username')).fill(username);
  await page.getByLabel(text(lang, 'admin:login.password'), { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: text(lang, 'admin:login.submit') }).click();
  await page.getByText(text(lang, 'admin:login.errors.bad_credentials')).waitFor();
  await j.axe('admin sign-in with an error');
  await page.getByLabel(text(lang, 'admin:login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(lang, 'admin:login.submit') }).click();
  await page.getByRole('heading', { name: text(lang, 'admin:login.title') }).waitFor({ state: 'detached' });
  await page.getByText(username).first().waitFor({ state: 'attached' });
  return { password };
}

const navigation = (page: Page, lang: Language) =>
  page.getByRole('navigation', { name: text(lang, 'admin:layout.menu') });

async function openSection(page: Page, lang: Language, section: string) {
  await navigation(page, lang)
    .getByRole('link', { name: text(lang, `admin:sections.${section}`) })
    .click();
  await page.waitForURL(section === 'overview' ? /\/admin\/?$/ : new RegExp(`/admin/${section}`));
}

for (const lang of ['fa', 'en'] as Language[]) {
  describe(`the admin console in ${lang}`, () => {
    const test = journeyTest({ language: lang });

    test('an operator signs in and creates a plan; buyers see it on /buy', async ({ j }) => {
      const { page } = j;
      await signIn(j, lang, `plans-${lang}`);
      await openSection(page, lang, 'plans');
      const title = `Admin plan ${lang} ${Date.now() % 100000}`;
      await page
        .getByRole('button', { name: text(lang, 'admin:plans.new') })
        .first()
        .click();
      await page.getByLabel(text(lang, 'admin:plans.fields.title'), { exact: true }).fill(title);
      await page.getByLabel(text(lang, 'admin:plans.fields.days'), { exact: true }).fill('30');
      await page.getByLabel(text(lang, 'admin:plans.fields.data'), { exact: true }).fill('20');
      await page.getByLabel(text(lang, 'admin:plans.fields.devices'), { exact: true }).fill('2');
      await page.getByLabel(text(lang, 'admin:plans.fields.toman'), { exact: true }).fill('99000');
      await j.axe('new plan form');
      await page.getByRole('button', { name: text(lang, 'admin:plans.create') }).click();
      await page.getByRole('cell', { name: title }).first().waitFor();
      await keepScreenshot(page, `admin-plans-${lang}`);

      // The buy page is a new visit: the plan is on sale.
      await page.goto('/buy');
      await page.getByText(title).first().waitFor();
    });

    test('an operator creates a node and copies its V2bX config', async ({ j }) => {
      const { page } = j;
      await signIn(j, lang, `nodes-${lang}`);
      await openSection(page, lang, 'nodes');
      const name = `node-${lang}-${Date.now() % 100000}`;
      await page
        .getByRole('button', { name: text(lang, 'admin:nodes.new') })
        .first()
        .click();
      await page.getByLabel(text(lang, 'admin:nodes.fields.name'), { exact: true }).fill(name);
      await page.getByLabel(text(lang, 'admin:nodes.fields.host'), { exact: true }).fill('de9.example.com');
      await page.getByLabel(text(lang, 'admin:nodes.fields.port'), { exact: true }).fill('443');
      await page.getByLabel(text(lang, 'admin:nodes.fields.country'), { exact: true }).selectOption('DE');
      await j.axe('new node form');
      await page.getByRole('button', { name: text(lang, 'admin:nodes.create') }).click();
      // The token and the config are shown once, with a copy button.
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await j.axe('node token and config');
      await keepScreenshot(page, `admin-node-config-${lang}`);
      await dialog.getByRole('button', { name: text(lang, 'admin:nodes.secret.copyConfig') }).click();
      let copied = '';
      await expect
        .poll(async () => (copied = await page.evaluate(() => navigator.clipboard.readText())))
        .toContain('"Nodes"');
      const config = JSON.parse(copied) as { Nodes: Array<{ ApiKey: string; NodeID: number; NodeType: string }> };
      expect(config.Nodes[0]).toMatchObject({ NodeType: 'vless' });
      // The key in the config opens the node API (as V2bX will use it).
      const node = config.Nodes[0]!;
      const asked = await fetch(
        `${j.baseURL}/api/v1/server/UniProxy/config?node_type=vless&node_id=${node.NodeID}&token=${node.ApiKey}`,
      );
      expect(asked.status).toBe(200);
      await dialog.getByRole('button', { name: text(lang, 'admin:nodes.secret.done') }).click();
      await page.getByRole('cell', { name }).first().waitFor();
    });

    test('an operator finds the account of a purchase, suspends it, and its panel shows it suspended', async ({
      j,
    }) => {
      const { page } = j;
      // A buyer pays in a browser of their own.
      const buyer = await openJourney(`admin buyer ${lang}`, { language: lang });
      const buyerPage = buyer.page;
      await startPurchase(buyer, lang, 1);
      await buyerPage.locator('button[value="pay"]').click();
      await buyerPage.waitForURL(/\/paymentresult/);
      await buyerPage.getByRole('heading', { name: text(lang, 'payment:result.success.title') }).waitFor();
      const username = (await field(buyerPage, lang, 'username').textContent())!.trim();
      const password = (await field(buyerPage, lang, 'password').textContent())!.trim();

      await signIn(j, lang, `users-${lang}`);
      await openSection(page, lang, 'users');
      await page.getByRole('searchbox').fill(username.slice(0, 6));
      await page.getByRole('link', { name: username }).click();
      await page.waitForURL(new RegExp(`/admin/users/${username}`));
      await j.axe('user detail');
      await page.getByRole('button', { name: text(lang, 'admin:users.actions.suspend') }).click();
      await page.getByRole('dialog').waitFor();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(lang, 'admin:users.actions.suspend') })
        .click();
      await page.getByRole('button', { name: text(lang, 'admin:users.actions.unsuspend') }).waitFor();
      await keepScreenshot(page, `admin-user-suspended-${lang}`);

      // The buyer logs in: the panel says the account is suspended.
      await buyerPage.goto('/login');
      await buyerPage.getByLabel(text(lang, 'auth:login.username')).fill(username);
      await buyerPage.getByLabel(text(lang, 'auth:login.password'), { exact: true }).fill(password);
      await buyerPage.getByRole('button', { name: text(lang, 'auth:login.submit'), exact: true }).click();
      await buyerPage.waitForURL(/\/panel$/);
      await buyerPage.getByText(text(lang, 'panel:dashboard.status.suspended.title')).first().waitFor();
      await buyer.close(buyer.problems.length > 0);
      expect(buyer.problems).toEqual([]);

      // The audit log has it: who, what, on whom.
      await openSection(page, lang, 'audit');
      await page.getByText(`user:${username}`).first().waitFor();
    });

    test('an operator completes a pending order by hand; the receipt goes to the outbox', async ({ j }) => {
      const { page } = j;
      const email = `hand-${lang}-${Date.now() % 100000}@example.com`;
      const started = await fetch(`${j.baseURL}/requestAccount2?plan_id=1&email=${email}&gate=ird`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      expect(started.status).toBe(200);
      await signIn(j, lang, `orders-${lang}`);
      await openSection(page, lang, 'orders');
      await page.getByRole('searchbox').fill(email);
      await page
        .getByRole('link', { name: /^S\d{8}-\d+/ })
        .first()
        .click();
      await page.waitForURL(/\/admin\/orders\/\w+/);
      await j.axe('order detail');
      await page.getByLabel(text(lang, 'admin:orders.complete.ref')).fill(`REF-${lang}-1`);
      await page.getByRole('button', { name: text(lang, 'admin:orders.complete.button') }).click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('dialog').getByRole('button').last().click();
      await page.getByText(`REF-${lang}-1`).first().waitFor();
      await keepScreenshot(page, `admin-order-completed-${lang}`);
      await openSection(page, lang, 'outbox');
      await page.getByText(email).first().waitFor();
      expect(await separAdmin('outbox', 'list')).toContain(email);
    });

    for (const mobile of [false, true]) {
      test(`every console page passes axe at ${mobile ? 375 : 1280} px`, async ({ j }) => {
        const { page } = j;
        await page.setViewportSize(mobile ? { width: 375, height: 740 } : { width: 1280, height: 800 });
        await signIn(j, lang, `axe-${lang}-${mobile ? 'm' : 'd'}`);
        for (const section of SECTIONS) {
          await page.goto(section === 'overview' ? '/admin' : `/admin/${section}`);
          await page.locator('main h1, main h2').first().waitFor();
          await page.waitForLoadState('networkidle');
          await j.axe(`admin ${section} at ${mobile ? 375 : 1280} px`);
        }
        if (mobile) await keepScreenshot(page, `admin-settings-mobile-${lang}`);
      });
    }
  });
}
