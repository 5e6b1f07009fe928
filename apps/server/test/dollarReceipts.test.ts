import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResult, type PaymentResult } from '@separ/domain';
import type { AccountAnswer } from '@separ/domain/contract';
import { runAdmin } from '../src/cli/admin.ts';
import { json, KINDS, resultData, startTestServer, type TestServer } from './harness.ts';
import { startFakeOxapay } from './fakeOxapay.ts';

const ORIGIN = 'https://shop.separ.test';
/** 120,000 tomans (the demo's first plan) at 60,000 a dollar: $2.00. */
const RATE = 60_000;

/**
 * The receipts of an order paid in dollars (issue 31 §1): the result page's payload carries the
 * order's cents (`usd_cents`), the panel's payments list says them (`amountUsdCents`), and the
 * receipt e-mail gives the dollars, in English first, in Persian beside the tomans. An order in
 * tomans carries no dollars anywhere.
 */
describe.each(KINDS)('receipts of orders paid in dollars, on %s', (kind) => {
  let s: TestServer;
  let oxa: Awaited<ReturnType<typeof startFakeOxapay>>;
  beforeAll(async () => {
    oxa = await startFakeOxapay('OXA-MERCHANT-KEY');
    s = await startTestServer(kind, {
      SEPAR_OXAPAY_MERCHANT_KEY: 'OXA-MERCHANT-KEY',
      SEPAR_OXAPAY_BASE_URL: oxa.url,
      SEPAR_PUBLIC_URL: ORIGIN,
    });
    await runAdmin(['settings', 'set', '--toman-per-usd', String(RATE)], s.ctx, () => undefined);
  });
  afterAll(async () => {
    await s?.close();
    await oxa?.close();
  });

  /** A purchase of plan 1 through OxaPay in a language, paid, and the payer's return. */
  async function buyInDollars(email: string, lng: 'fa' | 'en'): Promise<PaymentResult> {
    const response = await s.app.inject({
      method: 'POST',
      url: `/requestAccount2?plan_id=1&email=${encodeURIComponent(email)}&gate=oxapay&renew=0&lng=${lng}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const resNum = String(oxa.calls.at(-1)!.body.order_id);
    const { trackId, returnUrl } = [...oxa.invoices.values()].find((invoice) => invoice.orderId === resNum)!;
    oxa.pay(trackId);
    const back = new URL(returnUrl);
    const returned = await s.app.inject(`${back.pathname}${back.search}`);
    expect(returned.statusCode).toBe(303);
    return decodePaymentResult(resultData(String(returned.headers.location)));
  }

  /** A purchase of plan 1 through the sandbox bank, in tomans. */
  async function buyInTomans(email: string): Promise<PaymentResult> {
    const response = await s.app.inject({
      method: 'POST',
      url: `/requestAccount2?plan_id=1&email=${encodeURIComponent(email)}&gate=ird&renew=0&lng=en`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const authority = /\/sandbox\/pay\/(\w+)$/.exec(json<{ url: string }>(response).url)![1]!;
    const paid = await s.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${authority}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    const location = new URL(String(paid.headers.location));
    const returned = await s.app.inject(`${location.pathname}${location.search}`);
    expect(returned.statusCode).toBe(303);
    return decodePaymentResult(resultData(String(returned.headers.location)));
  }

  const receiptOf = async (orderId: string) => {
    const order = await s.database.db
      .selectFrom('orders')
      .select('id')
      .where('res_num', '=', orderId)
      .executeTakeFirstOrThrow();
    const mail = await s.database.db
      .selectFrom('outbox')
      .select('body_sealed')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'receipt')
      .executeTakeFirstOrThrow();
    return s.box.open(mail.body_sealed);
  };

  const paymentsOf = async (result: PaymentResult) => {
    const cookie = await s.login(result.username, result.password);
    const account = await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } });
    expect(account.statusCode, account.body).toBe(200);
    return json<AccountAnswer>(account).payments;
  };

  it('an English buyer’s: the result page, the panel’s payments and the receipt say $2.00', async () => {
    const result = await buyInDollars('usd-en@example.com', 'en');
    expect(result).toMatchObject({ status: 'success', amountToman: 120_000, amountUsd: 2 });
    const payments = await paymentsOf(result);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ resNum: result.orderId, amount: 1_200_000, amountUsdCents: 200 });
    expect(await receiptOf(result.orderId)).toContain('Amount: $2.00 (120,000 Toman)');
  });

  it('a Persian buyer’s: the same dollars, and the receipt leads with the tomans', async () => {
    const result = await buyInDollars('usd-fa@example.com', 'fa');
    expect(result).toMatchObject({ status: 'success', amountUsd: 2 });
    expect((await paymentsOf(result))[0]).toMatchObject({ amountUsdCents: 200 });
    expect(await receiptOf(result.orderId)).toContain('۱۲۰,۰۰۰ تومان (معادل ۲.۰۰ دلار)');
  });

  it('an order in tomans says no dollars, with the rate set or not', async () => {
    const result = await buyInTomans('toman@example.com');
    expect(result).toMatchObject({ status: 'success', amountToman: 120_000 });
    expect(result).not.toHaveProperty('amountUsd');
    const [payment] = await paymentsOf(result);
    expect(payment).toMatchObject({ resNum: result.orderId, amount: 1_200_000 });
    expect(payment).not.toHaveProperty('amountUsdCents');
    const receipt = await receiptOf(result.orderId);
    expect(receipt).toContain('Amount: 120,000 Toman');
    expect(receipt).not.toContain('$');
  });
});
