import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsText, decodePaymentResult, parsePriceMap, usdPrice } from '@separ/domain';
import { runAdmin } from '../src/cli/admin.ts';
import { json, KINDS, resultData, startTestServer, type TestServer } from './harness.ts';

const ORIGIN = 'https://shop.separ.test';
const RATE = 60_000;

/**
 * The sandbox crypto page (issue 31 §2): outside production, with the shop's rate set and no crypto
 * gateway's keys, `gate=sandboxcrypto` makes a dollar order paid on a TEST invoice page of our own,
 * whose Pay and Cancel come back through the crypto return to the result page.
 */
describe.each(KINDS)('the sandbox crypto page, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_PUBLIC_URL: ORIGIN });
  });
  afterAll(async () => {
    await s?.close();
  });

  const admin = (...argv: string[]) => runAdmin(argv, s.ctx, () => undefined);
  const count = async (table: 'users' | 'payments') =>
    Number(
      (
        await s.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const orderBy = (resNum: string) =>
    s.database.db.selectFrom('orders').selectAll().where('res_num', '=', resNum).executeTakeFirstOrThrow();
  const plan1Toman = async () => {
    const plan = await s.database.db.selectFrom('plans').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    return parsePriceMap(plan.price_toman)['100']!;
  };
  /** The path and query of a URL of ours, as the browser asks it. */
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    expect(parsed.origin).toBe(ORIGIN);
    return `${parsed.pathname}${parsed.search}`;
  };
  const buy = async (email: string, lng: 'en' | 'fa' = 'en', extra = '') => {
    const response = await s.app.inject({
      method: 'POST',
      url: `/requestAccount2?plan_id=1&email=${encodeURIComponent(email)}&gate=sandboxcrypto&renew=0&lng=${lng}${extra}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { url } = json<{ url: string }>(response);
    const authority = url.slice(`${ORIGIN}/sandbox/crypto/`.length);
    expect(url).toBe(`${ORIGIN}/sandbox/crypto/${authority}`);
    const order = await s.database.db
      .selectFrom('orders')
      .selectAll()
      .where('authority', '=', authority)
      .executeTakeFirstOrThrow();
    return { url, authority, order };
  };
  const answer = (authority: string, action: string) =>
    s.app.inject({
      method: 'POST',
      url: `/sandbox/crypto/${authority}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=${action}`,
    });
  /** The page's answer, then the return it sends the payer to: the result page's payload. */
  const answerAndReturn = async (authority: string, action: string) => {
    const answered = await answer(authority, action);
    expect(answered.statusCode, answered.body).toBe(303);
    const back = String(answered.headers.location);
    expect(back.startsWith(`${ORIGIN}/payment/callback/sandboxcrypto?orderId=`)).toBe(true);
    const returned = await s.app.inject(pathOf(back));
    expect(returned.statusCode, returned.body).toBe(303);
    return decodePaymentResult(resultData(String(returned.headers.location)));
  };

  it('is inactive without the rate, and the coupon check says no dollars', async () => {
    expect(json(await s.app.inject('/site_gateways'))).toMatchObject({
      crypto_sandbox_active: 0,
      oxapay_active: 0,
      nowpayments_active: 0,
    });
    const refused = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=a@example.com&gate=sandboxcrypto',
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ code: 'gatewayUnavailable' });

    await admin('coupons', 'add', '--code', 'QUARTER', '--percent', '25');
    const quote = json(await s.app.inject({ method: 'POST', url: '/api/site/coupon?code=quarter&plan_id=1' }));
    expect(quote).toMatchObject({ ok: true, code: 'QUARTER' });
    expect(quote).not.toHaveProperty('price_usd');
  });

  it('turns on with the rate (the real crypto gates stay off without keys); the coupon check adds price_usd', async () => {
    await admin('settings', 'set', '--toman-per-usd', String(RATE));
    expect(json(await s.app.inject('/site_gateways'))).toMatchObject({
      crypto_sandbox_active: 1,
      oxapay_active: 0,
      nowpayments_active: 0,
    });
    const quote = json<{ price: number; discount: number; price_usd: number }>(
      await s.app.inject({ method: 'POST', url: '/api/site/coupon?code=quarter&plan_id=1' }),
    );
    const toman = await plan1Toman();
    expect(quote.price).toBe(toman - Math.floor((toman * 25) / 100));
    expect(quote.price_usd).toBe(Math.round((quote.price * 100) / RATE) / 100);
    expect(quote.price_usd).toBe(usdPrice(quote.price, RATE));
  });

  it('invoices the dollars at the rate on a TEST page; Pay comes back with the credentials, once', async () => {
    const cents = Math.round(((await plan1Toman()) * 100) / RATE);
    const { authority, order } = await buy('crypto@example.com');
    expect(order).toMatchObject({
      state: 0,
      gate: 'sandboxcrypto',
      provider: 'sandboxcrypto',
      amount_usd_cents: cents,
      toman_per_usd: RATE,
      lang: 'en',
    });
    expect(Number(order.amount)).toBe((await plan1Toman()) * 10);

    const page = await s.app.inject(`/sandbox/crypto/${authority}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('lang="en"');
    expect(page.body).toContain('TEST');
    expect(page.body).toContain('No money moves');
    expect(page.body).toContain(`${centsText(cents)} USD (USDT)`);
    expect(page.body).toContain(order.res_num);
    expect(page.body).toContain('value="pay"');
    expect(page.body).toContain('value="cancel"');
    // Not the sandbox bank's page, nor its form.
    expect((await s.app.inject(`/sandbox/pay/${authority}`)).statusCode).toBe(404);
    const bankForm = await s.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${authority}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(bankForm.statusCode).toBe(404);
    expect((await orderBy(order.res_num)).state).toBe(0);

    // Before Pay, the return finds nothing paid: failed shown, the order still open.
    const early = await s.app.inject(
      `/payment/callback/sandboxcrypto?orderId=${order.res_num}&key=${s.ctx.secrets.box.mac('crypto-return', order.res_num)}`,
    );
    expect(decodePaymentResult(resultData(String(early.headers.location))).status).toBe('failed');
    expect((await orderBy(order.res_num)).state).toBe(0);

    const users = await count('users');
    const result = await answerAndReturn(authority, 'pay');
    expect(result).toMatchObject({ status: 'success', orderId: order.res_num });
    expect(result.username).not.toBe('');
    expect(result.password).not.toBe('');
    expect(await count('users')).toBe(users + 1);
    const paid = await orderBy(order.res_num);
    expect(paid.state).toBe(2);
    const payments = await count('payments');

    // Replays: the form again (Pay or Cancel), and the return again, change nothing.
    const again = await answerAndReturn(authority, 'pay');
    expect(again).toMatchObject({ status: 'duplicate', password: '' });
    const cancelLate = await answerAndReturn(authority, 'cancel');
    expect(cancelLate).toMatchObject({ status: 'duplicate', password: '' });
    expect(await count('users')).toBe(users + 1);
    expect(await count('payments')).toBe(payments);
    expect(await orderBy(order.res_num)).toMatchObject({ state: 2, paid_at: paid.paid_at });
    const finished = await s.app.inject(`/sandbox/crypto/${authority}`);
    expect(finished.statusCode).toBe(200);
    expect(finished.body).toContain('This invoice is finished.');
    expect(finished.body).not.toContain('value="pay"');
  });

  it('speaks the order’s language: Persian digits and the dollars in Persian', async () => {
    const cents = Math.round(((await plan1Toman()) * 100) / RATE);
    const { authority } = await buy('farsi@example.com', 'fa');
    const page = await s.app.inject(`/sandbox/crypto/${authority}`);
    expect(page.body).toContain('lang="fa" dir="rtl"');
    expect(page.body).toContain('آزمایشی');
    const persian = centsText(cents)
      .replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)
      .replace('.', '\u066B');
    expect(page.body).toContain(`${persian} دلار (USDT)`);
  });

  it('Cancel fails the order: no account, and a later Pay on the page changes nothing', async () => {
    const { authority, order } = await buy('cancel@example.com');
    const users = await count('users');
    const result = await answerAndReturn(authority, 'cancel');
    expect(result).toMatchObject({ status: 'failed', orderId: order.res_num, password: '' });
    expect((await orderBy(order.res_num)).state).toBe(1);
    const later = await answerAndReturn(authority, 'pay');
    expect(later.status).toBe('failed');
    expect((await orderBy(order.res_num)).state).toBe(1);
    expect(await count('users')).toBe(users);
  });

  it('a discount code: the invoice is for the discounted dollars', async () => {
    const { order } = await buy('coupon@example.com', 'en', '&coupon=QUARTER');
    const toman = await plan1Toman();
    const discounted = toman - Math.floor((toman * 25) / 100);
    expect(order).toMatchObject({ coupon_code: 'QUARTER', amount_usd_cents: Math.round((discounted * 100) / RATE) });
  });

  it('answers junk 4xx, never 5xx', async () => {
    const { authority, order } = await buy('junk@example.com');
    const form = (payload: string, type = 'application/x-www-form-urlencoded') =>
      s.app.inject({
        method: 'POST',
        url: `/sandbox/crypto/${authority}`,
        headers: { 'content-type': type },
        payload,
      });
    const junk = [
      await s.app.inject('/sandbox/crypto/nope'),
      await s.app.inject(`/sandbox/crypto/${'S'.repeat(300)}`),
      await s.app.inject('/sandbox/crypto/SBX0123'),
      await answer('SBC0000', 'pay'),
      await answer('nope', 'pay'),
      await form('action=steal'),
      await form(''),
      await form('{"action":"steal"}', 'application/json'),
      await form('action=pay&action=cancel'),
      await s.app.inject('/payment/callback/sandboxcrypto'),
      await s.app.inject('/payment/callback/sandboxcrypto?orderId=S20260601-0000000000'),
      await s.app.inject(`/payment/callback/sandboxcrypto?orderId=${'9'.repeat(100)}`),
      await s.app.inject({ method: 'POST', url: '/payment/callback/sandboxcrypto', payload: 'x=1' }),
      await s.app.inject({
        method: 'POST',
        url: '/requestAccount2?plan_id=1&email=junk@example.com&gate=sandboxcrypto2',
      }),
    ];
    for (const response of junk) {
      expect(response.statusCode, `${junk.indexOf(response)} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
    }
    expect(junk[0]!.statusCode).toBe(404);
    expect(junk[0]!.body).toContain('چنین صورتحسابی وجود ندارد.');
    expect(json(junk[3]!)).toMatchObject({ code: 'unknownPayment' });
    expect(json(junk[9]!)).toMatchObject({ code: 'noPaymentNamed' });
    expect(json(junk[10]!)).toMatchObject({ code: 'unknownPayment' });
    // Nothing of it touched the order.
    expect((await orderBy(order.res_num)).state).toBe(0);
  });
});

describe.each(KINDS)('the sandbox crypto page when it may not be offered, on %s', (kind) => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('is off while a crypto gateway has a key, whatever the rate', async () => {
    const s = await startTestServer(kind, { SEPAR_OXAPAY_MERCHANT_KEY: 'OXA-KEY' });
    servers.push(s);
    await runAdmin(['settings', 'set', '--toman-per-usd', String(RATE)], s.ctx, () => undefined);
    expect(json(await s.app.inject('/site_gateways'))).toMatchObject({ crypto_sandbox_active: 0, oxapay_active: 1 });
    const refused = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=a@example.com&gate=sandboxcrypto',
    });
    expect(json(refused)).toMatchObject({ code: 'gatewayUnavailable' });
  });

  it('is not routed in production, and its gate is inactive', async () => {
    const s = await startTestServer(kind, {
      NODE_ENV: 'production',
      SEPAR_SECRET_KEY: 'a'.repeat(64),
      SEPAR_PUBLIC_URL: ORIGIN,
    });
    servers.push(s);
    await runAdmin(['settings', 'set', '--toman-per-usd', String(RATE)], s.ctx, () => undefined);
    expect(json(await s.app.inject('/site_gateways'))).toMatchObject({ crypto_sandbox_active: 0 });
    const refused = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=a@example.com&gate=sandboxcrypto',
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ code: 'gatewayUnavailable' });
    const page = await s.app.inject('/sandbox/crypto/SBC0123');
    expect(page.statusCode).toBe(404);
    expect(json(page)).toMatchObject({ code: 'not_found' });
    const form = await s.app.inject({
      method: 'POST',
      url: '/sandbox/crypto/SBC0123',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(form.statusCode).toBe(404);
  });
});
