/**
 * Issue 30's journeys, in Persian and English, at 375 and 1280 px: a signed-in buyer tops the
 * wallet up through the sandbox bank and renews from it at the credit price; a buyer pays by card
 * transfer with a receipt photo, the sandbox's operator approves it in the admin, and the buyer's
 * waiting page moves on to the credentials.
 */
import { describe, expect } from 'vitest';
import { journeyTest, type Journey, type Language } from './browser.ts';
import { field, startPurchase } from './shop.ts';
import { DEMO_OPERATOR } from '../../server/src/modules/operators/operators.ts';
import { pngWithMetadata } from '../../server/test/cardImages.ts';
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

/** Latin digits as Persian ones (a buyer in Persian types them so). */
const persianDigits = (value: string) => value.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

for (const [lang, mobile, seed] of [
  ['fa', false, 4101],
  ['en', true, 4102],
] as Array<[Language, boolean, number]>) {
  describe(`card to card in ${lang} at ${mobile ? 375 : 1280} px`, () => {
    const test = journeyTest({ language: lang, mobile });

    test('a buyer transfers to the demo card and sends a receipt photo; an operator approves it in the admin; the waiting page moves to the credentials', async ({
      j,
    }) => {
      const { page } = j;
      await page.goto('/payment?plan_id=1');
      await page.getByRole('heading', { level: 1, name: text(lang, 'payment:title') }).waitFor();
      await page.getByLabel(text(lang, 'payment:email.label')).fill(`card-${lang}@example.com`);
      await page.getByRole('radio', { name: new RegExp(text(lang, 'payment:gateway.card')) }).check();
      const start = page.getByRole('button', { name: text(lang, 'payment:start') });
      await expect.poll(() => start.isEnabled()).toBe(true);
      await start.click();
      await page.waitForURL(/\/payment\/card\/S\d{8}-\d{10}$/);
      const resNum = new URL(page.url()).pathname.split('/').pop()!;

      // The transfer: the demo card in groups of four, left to right, the exact amount, a countdown.
      await page
        .getByRole('heading', { name: text(lang, 'payment:card.title') })
        .first()
        .waitFor();
      const card = page.getByText(/6037\s?9900\s?0000\s?0006|۶۰۳۷\s?۹۹۰۰\s?۰۰۰۰\s?۰۰۰۶/).first();
      await card.waitFor();
      expect(await card.evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');
      await page.getByText(text(lang, 'payment:card.countdown.left')).first().waitFor();
      await j.axe('card transfer');

      // The receipt: the tracking number (in Persian digits in Persian) and a photo.
      const tracking = `${seed}${String(Date.now()).slice(-6)}`;
      await page
        .getByLabel(text(lang, 'payment:card.receipt.tracking'))
        .fill(lang === 'fa' ? persianDigits(tracking) : tracking);
      await page.locator('input[type="file"]').setInputFiles({
        name: 'receipt.png',
        mimeType: 'image/png',
        buffer: pngWithMetadata(seed),
      });
      await page.getByRole('button', { name: text(lang, 'payment:card.receipt.send') }).click();
      await page.getByRole('heading', { name: text(lang, 'payment:card.states.awaiting_review.title') }).waitFor();
      await j.axe('card transfer awaiting review');

      // The sandbox's demo operator approves it in the admin, in another tab.
      const admin = await page.context().newPage();
      await admin.goto('/admin');
      await admin.getByLabel(text(lang, 'admin:login.username')).fill(DEMO_OPERATOR.username);
      await admin.getByLabel(text(lang, 'admin:login.password'), { exact: true }).fill(DEMO_OPERATOR.password);
      await admin.getByRole('button', { name: text(lang, 'admin:login.submit') }).click();
      await admin.getByRole('heading', { name: text(lang, 'admin:login.title') }).waitFor({ state: 'detached' });
      await admin.goto('/admin/receipts');
      await admin.getByRole('heading', { name: text(lang, 'admin:receipts.title') }).waitFor();
      await admin.getByRole('button', { name: text(lang, 'admin:receipts.approveLabel', { resNum }) }).click();
      await admin.getByRole('button', { name: text(lang, 'admin:receipts.approveConfirm') }).click();
      // Approved, it leaves the queue.
      await admin
        .getByRole('button', { name: text(lang, 'admin:receipts.approveLabel', { resNum }) })
        .waitFor({ state: 'detached' });
      await admin.close();

      // The buyer's page moves on by itself to the result, with the new account's credentials.
      await page.waitForURL(/\/paymentresult/, { timeout: 20_000 });
      await page.getByRole('heading', { name: text(lang, 'payment:result.success.title') }).waitFor();
      const username = (await field(page, lang, 'username').textContent())!.trim();
      const password = (await field(page, lang, 'password').textContent())!.trim();
      expect(username).toMatch(/^\w{4,}$/);
      expect(password.length).toBeGreaterThanOrEqual(8);
      // The pointer left where the receipt's button was (a control now under it would show its hover
      // colours), and the transitions finished: a colour caught halfway is not the page's.
      await page.mouse.move(0, 0);
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
      await j.axe('card transfer result');
    });
  });
}
