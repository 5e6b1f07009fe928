/**
 * Issue 30's journeys, in Persian and English, at 375 and 1280 px: a signed-in buyer tops the
 * wallet up through the sandbox bank and renews from it at the credit price.
 */
import { describe, expect } from 'vitest';
import { journeyTest, type Journey, type Language } from './browser.ts';
import { field, startPurchase } from './shop.ts';
import { text } from './texts.ts';

/** A new account bought through the sandbox bank, signed in; its credentials. */
async function signedInBuyer(j: Journey, lang: Language, planId: number) {
  const { page } = j;
  await startPurchase(j, lang, planId);
  await page.locator('button[value="pay"]').click();
  await page.getByRole('heading', { name: text(lang, 'payment:result.success.title') }).waitFor();
  const username = (await field(page, lang, 'username').textContent())!.trim();
  const password = (await field(page, lang, 'password').textContent())!.trim();
  await page.goto('/login');
  await page.getByLabel(text(lang, 'auth:login.username')).fill(username);
  await page.getByLabel(text(lang, 'auth:login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(lang, 'auth:login.submit'), exact: true }).click();
  await page.waitForURL(/\/panel$/);
  return { username, password };
}

/** Digits as the page writes them, for a number in either language. */
const digitsOf = (value: string) =>
  value.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/[^\d]/g, '');

for (const [lang, mobile] of [
  ['fa', true],
  ['en', false],
] as Array<[Language, boolean]>) {
  describe(`money in ${lang} at ${mobile ? 375 : 1280} px`, () => {
    const test = journeyTest({ language: lang, mobile });

    test('a signed-in buyer tops the wallet up through the sandbox bank and renews from it at the credit price', async ({
      j,
    }) => {
      const { page, baseURL } = j;
      const plans = (await (await fetch(`${baseURL}/getTelPlans`)).json()) as {
        data: Array<{ id: number; price_credit: string | Record<string, number> }>;
      };
      const plan = plans.data.find((p) => p.id === 1)!;
      const prices = typeof plan.price_credit === 'string' ? JSON.parse(plan.price_credit) : plan.price_credit;
      const credit = Number(Object.values(prices as Record<string, number>)[0]);
      expect(credit).toBeGreaterThan(0);
      await signedInBuyer(j, lang, 1);

      // The wallet: empty, then a top-up of 2,000,000 tomans through the bank.
      await page.goto('/panel/wallet');
      await page.getByText(text(lang, 'panel:wallet.emptyTitle')).waitFor();
      await j.axe('wallet, empty');
      const topup = 2_000_000;
      await page.getByLabel(text(lang, 'panel:wallet.topup.amount')).fill(String(topup));
      await page.getByRole('radio', { name: text(lang, 'payment:gateway.ird') }).check();
      await page.getByRole('button', { name: text(lang, 'panel:wallet.topup.submit') }).click();
      await page.waitForURL(/\/sandbox\/pay\//);
      await page.locator('button[value="pay"]').click();
      await page.getByRole('heading', { name: text(lang, 'payment:result.topup.title') }).waitFor();
      await j.axe('top-up result');
      await page.getByRole('link', { name: text(lang, 'payment:result.topup.goWallet') }).click();
      await page.waitForURL(/\/panel\/wallet$/);
      const rows = page.getByRole('table').getByRole('row');
      await expect.poll(() => rows.count()).toBe(2);
      await page.getByRole('cell', { name: text(lang, 'panel:wallet.kinds.topup') }).waitFor();

      // Renewing from the wallet: the payment page offers it at the credit price, and the result says renewed.
      await page.goto('/payment?plan_id=1');
      await page.getByRole('heading', { level: 1, name: text(lang, 'payment:title') }).waitFor();
      const fromWallet = page.getByRole('radio', { name: new RegExp(text(lang, 'payment:wallet.option')) });
      await fromWallet.check();
      await j.axe('payment from the wallet');
      const start = page.getByRole('button', { name: text(lang, 'payment:start') });
      await expect.poll(() => start.isEnabled()).toBe(true);
      await start.click();
      await page.getByRole('heading', { name: text(lang, 'payment:result.renewed.title') }).waitFor();
      await page.goto('/panel/wallet');
      await expect.poll(() => rows.count()).toBe(3);
      await page.getByRole('cell', { name: text(lang, 'panel:wallet.kinds.purchase') }).waitFor();
      // The balance is the top-up less the credit price.
      const balances = await page.getByRole('table').getByRole('row').nth(1).locator('td').allTextContents();
      expect(balances.map(digitsOf)).toContain(String(topup - credit));
      await j.axe('wallet after the renewal');
    });
  });
}
