import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResult, parsePriceMap } from '@separ/domain';
import { runAdmin } from '../src/cli/admin.ts';
import { loadConfig } from '../src/platform/config.ts';
import { reconcile } from '../src/modules/payments/index.ts';
import { json, KINDS, resultData, startTestServer, type TestServer } from './harness.ts';
import { startFakeOxapay } from './fakeOxapay.ts';
import { startFakeNowpayments } from './fakeNowpayments.ts';

const ORIGIN = 'https://shop.separ.test';
const RATE = 60_000;

/**
 * The crypto gateways end to end (CONTRACTS §12), against fakes of OxaPay and NOWPayments on
 * 127.0.0.1: dollars at the shop's rate, invoices as each documents them, callbacks believed only
 * with a valid signature and then only as far as the gateway's own status call agrees, exactly one
 * completion for 20 parallel callbacks, replays that change nothing, and junk answered 4xx JSON.
 */
describe.each(KINDS)('crypto gateways, on %s', (kind) => {
  let s: TestServer;
  let oxa: Awaited<ReturnType<typeof startFakeOxapay>>;
  let now: Awaited<ReturnType<typeof startFakeNowpayments>>;
  beforeAll(async () => {
    oxa = await startFakeOxapay('OXA-MERCHANT-KEY');
    now = await startFakeNowpayments('NP-API-KEY', 'np-ipn-secret');
    s = await startTestServer(kind, {
      SEPAR_OXAPAY_MERCHANT_KEY: 'OXA-MERCHANT-KEY',
      SEPAR_OXAPAY_BASE_URL: oxa.url,
      SEPAR_NOWPAYMENTS_API_KEY: 'NP-API-KEY',
      SEPAR_NOWPAYMENTS_IPN_SECRET: 'np-ipn-secret',
      SEPAR_NOWPAYMENTS_BASE_URL: now.url,
      SEPAR_PUBLIC_URL: ORIGIN,
    });
  });
  afterAll(async () => {
    await s?.close();
    await oxa?.close();
    await now?.close();
  });

  const admin = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines;
  };
  const count = async (table: 'users' | 'payments' | 'order_events') =>
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
  const postOxa = (raw: string, signature: string | null, type = 'application/json') =>
    s.app.inject({
      method: 'POST',
      url: '/payment/callback/oxapay',
      headers: { 'content-type': type, ...(signature === null ? {} : { hmac: signature }) },
      payload: raw,
    });
  const postNow = (raw: string, signature: string | null) =>
    s.app.inject({
      method: 'POST',
      url: '/payment/callback/nowpayments',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-nowpayments-sig': signature }),
      },
      payload: raw,
    });
  const buy = async (gate: 'oxapay' | 'nowpayments', email: string) => {
    const response = await s.app.inject({
      method: 'POST',
      url: `/requestAccount2?plan_id=1&email=${encodeURIComponent(email)}&gate=${gate}&renew=0`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const call = (gate === 'oxapay' ? oxa : now).calls.at(-1)!;
    const resNum = String(call.body.order_id);
    return { url: json<{ url: string }>(response).url, call, resNum };
  };
  const trackOf = (resNum: string) => [...oxa.invoices.values()].find((i) => i.orderId === resNum)!.trackId;
  const invoiceOf = (resNum: string) => [...now.invoices.values()].find((i) => i.orderId === resNum)!;

  it('turns on with the rate: price_usd on every plan, the crypto gates active, the rate bounded and audited', async () => {
    const gates = json(await s.app.inject('/site_gateways'));
    expect(gates).toMatchObject({ oxapay_active: 0, nowpayments_active: 0 });
    const plans = json<{ data: Array<Record<string, unknown>> }>(await s.app.inject('/getTelPlans'));
    expect(plans.data.every((plan) => !('price_usd' in plan))).toBe(true);
    const refused = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=a@example.com&gate=oxapay',
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ code: 'gatewayUnavailable' });

    for (const bad of ['-5', 'abc', '1.5', '100000001'])
      await expect(admin('settings', 'set', '--toman-per-usd', bad)).rejects.toThrow();
    const lines = await admin('settings', 'set', '--toman-per-usd', String(RATE));
    expect(lines.join('\n')).toContain(`0 -> ${RATE}`);
    const audit = await s.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.after_json))).toEqual({ tomanPerUsd: RATE });

    const priced = json<{ data: Array<{ price_toman: string; price_usd: number }> }>(
      await s.app.inject('/getTelPlans'),
    );
    expect(priced.data.length).toBeGreaterThan(0);
    for (const plan of priced.data) {
      const toman = parsePriceMap(plan.price_toman)['100']!;
      expect(plan.price_usd).toBe(Math.round((toman * 100) / RATE) / 100);
    }
    expect(json(await s.app.inject('/site_gateways'))).toMatchObject({ oxapay_active: 1, nowpayments_active: 1 });
  });

  it('OxaPay: invoices in dollars, believes a signed callback only when OxaPay says paid, completes once for 20 parallel callbacks', async () => {
    const cents = Math.round(((await plan1Toman()) * 100) / RATE);
    const { url, call, resNum } = await buy('oxapay', 'oxa@example.com');
    expect(call).toMatchObject({ method: 'POST', path: '/v1/payment/invoice', encoding: 'json' });
    expect(call.headers.merchant_api_key).toBe('OXA-MERCHANT-KEY');
    expect(call.body).toMatchObject({
      amount: cents / 100,
      currency: 'USD',
      order_id: resNum,
      callback_url: `${ORIGIN}/payment/callback/oxapay`,
      email: 'oxa@example.com',
    });
    expect(String(call.body.return_url).startsWith(`${ORIGIN}/payment/callback/oxapay?orderId=${resNum}&key=`)).toBe(
      true,
    );
    const trackId = trackOf(resNum);
    expect(url).toBe(`https://pay.oxapay.test/${trackId}`);
    expect(await orderBy(resNum)).toMatchObject({
      state: 0,
      authority: trackId,
      amount_usd_cents: cents,
      toman_per_usd: RATE,
    });

    // Forged: no signature, another key's, and a body altered after signing.
    const raw = oxa.callback(trackId);
    const events = await count('order_events');
    for (const forged of [
      await postOxa(raw, null),
      await postOxa(raw, oxa.sign(raw, 'another-key')),
      await postOxa(raw.replace('"Paid"', '"paid" '), oxa.sign(raw)),
    ]) {
      expect(forged.statusCode).toBe(401);
      expect(json(forged)).toMatchObject({ ok: false, code: 'invalidSignature' });
    }
    expect(oxa.infoCalls).toBe(0);
    expect(await count('order_events')).toBe(events);

    // Signed, claiming paid, while OxaPay says waiting: asked, not believed.
    const early = await postOxa(raw, oxa.sign(raw));
    expect(early.statusCode).toBe(200);
    expect(early.body).toBe('ok');
    expect(early.headers['content-type']).toMatch(/^text\/plain/);
    expect(oxa.infoCalls).toBe(1);
    expect((await orderBy(resNum)).state).toBe(0);

    // Paid: 20 parallel callbacks make one account.
    oxa.pay(trackId);
    const users = await count('users');
    const answers = await Promise.all(Array.from({ length: 20 }, () => postOxa(raw, oxa.sign(raw))));
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual(Array.from({ length: 20 }, () => [200, 'ok']));
    expect(await count('users')).toBe(users + 1);
    const paid = await orderBy(resNum);
    expect(paid).toMatchObject({ state: 2, ref_num: trackId });
    const payments = await count('payments');

    // A replay changes nothing and asks nothing.
    const asked = oxa.infoCalls;
    const replay = await postOxa(raw, oxa.sign(raw));
    expect([replay.statusCode, replay.body]).toEqual([200, 'ok']);
    expect(oxa.infoCalls).toBe(asked);
    expect(await count('payments')).toBe(payments);
    expect(await orderBy(resNum)).toMatchObject({ state: 2, paid_at: paid.paid_at });

    // The payer comes back: success with the credentials once, then the order as paid.
    const back = pathOf(oxa.invoices.get(trackId)!.returnUrl);
    const first = await s.app.inject(back);
    expect(first.statusCode).toBe(303);
    const result = decodePaymentResult(resultData(String(first.headers.location)));
    expect(result).toMatchObject({ status: 'success', orderId: resNum, refId: trackId });
    expect(result.username).not.toBe('');
    expect(result.password).not.toBe('');
    const again = decodePaymentResult(resultData(String((await s.app.inject(back)).headers.location)));
    expect(again).toMatchObject({ status: 'duplicate', password: '' });
    // Without the key: never the credentials.
    const keyless = await s.app.inject(`/payment/callback/oxapay?orderId=${resNum}`);
    expect(decodePaymentResult(resultData(String(keyless.headers.location))).password).toBe('');
  });

  it('OxaPay: paid for another amount is not paid; the return of an unpaid order shows failed and keeps it open', async () => {
    const { resNum } = await buy('oxapay', 'under@example.com');
    const trackId = trackOf(resNum);
    const back = pathOf(oxa.invoices.get(trackId)!.returnUrl);
    const early = decodePaymentResult(resultData(String((await s.app.inject(back)).headers.location)));
    expect(early.status).toBe('failed');
    expect((await orderBy(resNum)).state).toBe(0);

    expect((await admin('payments', 'show', resNum)).join('\n')).toMatch(
      new RegExp(`invoiced \\d+\\.\\d\\d USD at ${RATE} tomans a dollar`),
    );
    oxa.pay(trackId, { reportedAmount: 0.5 });
    const raw = oxa.callback(trackId);
    const users = await count('users');
    expect((await postOxa(raw, oxa.sign(raw))).body).toBe('ok');
    const order = await orderBy(resNum);
    expect(order.state).toBe(0);
    expect(order.last_answer).toContain('not completed');
    expect(await count('users')).toBe(users);

    // Underpaid: still open, and its history says so for the operator.
    oxa.pay(trackId, { status: 'underpaid', reportedAmount: oxa.invoices.get(trackId)!.amount });
    expect((await postOxa(raw, oxa.sign(raw))).body).toBe('ok');
    expect(await orderBy(resNum)).toMatchObject({ state: 0 });
    expect((await orderBy(resNum)).last_answer).toContain('underpaid');

    // Paid in full with no callback: reconciliation completes it.
    oxa.pay(trackId, { status: 'paid' });
    await s.later(10, () => reconcile(s.ctx, { olderThanMinutes: 0 }));
    expect((await orderBy(resNum)).state).toBe(2);
    expect(await count('users')).toBe(users + 1);
  });

  it('OxaPay: a payer back before the callback completes the order there, and the late callback changes nothing', async () => {
    const { resNum } = await buy('oxapay', 'first@example.com');
    const trackId = trackOf(resNum);
    oxa.pay(trackId);
    const users = await count('users');
    const back = await s.app.inject(pathOf(oxa.invoices.get(trackId)!.returnUrl));
    const result = decodePaymentResult(resultData(String(back.headers.location)));
    expect(result).toMatchObject({ status: 'success', orderId: resNum });
    expect(result.password).not.toBe('');
    expect(await count('users')).toBe(users + 1);
    const raw = oxa.callback(trackId);
    expect((await postOxa(raw, oxa.sign(raw))).body).toBe('ok');
    expect(await count('users')).toBe(users + 1);
    expect((await orderBy(resNum)).result_sealed).toBeNull();
  });

  it('OxaPay: a wallet top-up in dollars fills the wallet once', async () => {
    const user = await s.createUser({ email: 'wallet@example.com' });
    const cookie = await s.login(user.username, user.password);
    const response = await s.app.inject({
      method: 'POST',
      url: '/api/site/wallet/topup?amount=90000&gate=oxapay',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const call = oxa.calls.at(-1)!;
    expect(call.body).toMatchObject({ amount: 1.5, currency: 'USD' });
    const resNum = String(call.body.order_id);
    expect(await orderBy(resNum)).toMatchObject({ topup_toman: 90_000, amount_usd_cents: 150, toman_per_usd: RATE });
    const trackId = trackOf(resNum);
    oxa.pay(trackId);
    const raw = oxa.callback(trackId);
    await Promise.all(Array.from({ length: 5 }, () => postOxa(raw, oxa.sign(raw))));
    const entries = await s.database.db
      .selectFrom('wallet_entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(entries).toMatchObject([{ kind: 'topup', amount: 90_000, ref: resNum }]);
    const result = decodePaymentResult(
      resultData(String((await s.app.inject(pathOf(oxa.invoices.get(trackId)!.returnUrl))).headers.location)),
    );
    expect(result).toMatchObject({ status: 'success', topupToman: 90_000, password: '' });
  });

  it('OxaPay: junk is refused 4xx JSON, never 5xx', async () => {
    const junk = [
      await postOxa('', null),
      await postOxa('not json', oxa.sign('not json')),
      await postOxa('[1,2]', oxa.sign('[1,2]')),
      await postOxa('null', oxa.sign('null')),
      await postOxa('{"track_id":"999"}', oxa.sign('{"track_id":"999"}')),
      await postOxa('{}', oxa.sign('{}')),
      await postOxa('{"a":1}', 'zz'.repeat(64)),
      await postOxa('{"a":1}', oxa.sign('{"a":1}'), 'text/plain'),
      await postOxa(`{"pad":"${'x'.repeat(70_000)}"}`, 'ab'),
      await s.app.inject({ method: 'POST', url: '/payment/callback/oxapay', payload: 'x=1' }),
    ];
    for (const answer of junk) {
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect(json(answer)).toMatchObject({ ok: false, code: expect.any(String) });
    }
    expect(json(junk[1]!)).toMatchObject({ code: 'invalidJson' });
    expect(json(junk[4]!)).toMatchObject({ code: 'unknownPayment' });
    // The signature is over the body's bytes as sent: Persian text and odd spacing included.
    const persian = '{ "track_id" : "1",  "description": "خرید سپر" }';
    expect(json(await postOxa(persian, oxa.sign(persian)))).toMatchObject({ code: 'unknownPayment' });
  });

  it('NOWPayments: invoices in dollars, believes a sorted-key signed IPN only when the payment is finished for the order', async () => {
    const cents = Math.round(((await plan1Toman()) * 100) / RATE);
    const { url, call, resNum } = await buy('nowpayments', 'now@example.com');
    expect(call).toMatchObject({ method: 'POST', path: '/v1/invoice', encoding: 'json' });
    expect(call.headers['x-api-key']).toBe('NP-API-KEY');
    expect(call.body).toMatchObject({
      price_amount: cents / 100,
      price_currency: 'usd',
      order_id: resNum,
      ipn_callback_url: `${ORIGIN}/payment/callback/nowpayments`,
    });
    expect(
      String(call.body.success_url).startsWith(`${ORIGIN}/payment/callback/nowpayments?orderId=${resNum}&key=`),
    ).toBe(true);
    expect(call.body.cancel_url).toBeTypeOf('string');
    const invoice = invoiceOf(resNum);
    expect(url).toBe(`https://nowpayments.test/payment/?iid=${invoice.id}`);

    // A payment for another amount, finished: signed, asked, not believed.
    const short = now.pay(invoice.id, { priceAmount: 1 });
    const shortRaw = JSON.stringify(short.ipn);
    expect((await postNow(shortRaw, now.sign(short.ipn))).statusCode).toBe(200);
    expect((await orderBy(resNum)).state).toBe(0);

    // An IPN claiming finished while NOWPayments says confirming: asked, not believed.
    const pending = now.pay(invoice.id, { status: 'confirming' });
    const claimed = { ...pending.ipn, payment_status: 'finished' };
    const statusCalls = now.statusCalls;
    expect((await postNow(JSON.stringify(claimed), now.sign(claimed))).statusCode).toBe(200);
    expect(now.statusCalls).toBe(statusCalls + 1);
    expect(await orderBy(resNum)).toMatchObject({ state: 0, authority: String(pending.payment.paymentId) });

    const { payment, ipn } = now.pay(invoice.id);
    // The keys in another order, nested ones too: the signature is over the sorted JSON.
    const reordered = Object.fromEntries(Object.entries(ipn).reverse());
    const raw = JSON.stringify(reordered);
    const forged = [
      await postNow(raw, null),
      await postNow(raw, now.sign(ipn, 'another-secret')),
      await postNow(JSON.stringify({ ...ipn, price_amount: 1 }), now.sign(ipn)),
      await postNow(JSON.stringify({ ...ipn, fee: { ...(ipn.fee as object), serviceFee: 9 } }), now.sign(ipn)),
    ];
    for (const answer of forged) {
      expect(answer.statusCode).toBe(401);
      expect(json(answer)).toMatchObject({ ok: false, code: 'invalidSignature' });
    }
    expect((await orderBy(resNum)).state).toBe(0);

    const users = await count('users');
    const answers = await Promise.all(Array.from({ length: 20 }, () => postNow(raw, now.sign(ipn))));
    expect(answers.every((a) => a.statusCode === 200 && json(a).ok === true)).toBe(true);
    expect(await count('users')).toBe(users + 1);
    expect(await orderBy(resNum)).toMatchObject({ state: 2, ref_num: String(payment.paymentId) });

    const asked = now.statusCalls;
    const payments = await count('payments');
    expect((await postNow(raw, now.sign(ipn))).statusCode).toBe(200);
    expect(now.statusCalls).toBe(asked);
    expect(await count('payments')).toBe(payments);

    const back = pathOf(invoice.successUrl);
    const returned = await s.app.inject(back);
    const result = decodePaymentResult(resultData(String(returned.headers.location)));
    expect(result, `${returned.statusCode} ${returned.body} ${back}`).toMatchObject({
      status: 'success',
      orderId: resNum,
    });
    expect(result.password).not.toBe('');
  });

  it('NOWPayments: junk is refused 4xx JSON, never 5xx', async () => {
    const junk = [
      await postNow('', null),
      await postNow('{{', null),
      await postNow('[]', now.sign([])),
      await postNow('{"order_id":"S1"}', now.sign({ order_id: 'S1' })),
      await postNow('{"payment_id":1}', now.sign({ payment_id: 1 })),
      await postNow('{"a":1}', 'not hex'),
    ];
    for (const answer of junk) {
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect(json(answer)).toMatchObject({ ok: false, code: expect.any(String) });
    }
    expect(json(junk[3]!)).toMatchObject({ code: 'unknownPayment' });
  });
});

describe('crypto gateways without keys', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('are inactive whatever the rate, and their callbacks answer 404 JSON', async () => {
    await runAdmin(['settings', 'set', '--toman-per-usd', String(RATE)], s.ctx, () => undefined);
    expect(json(await s.app.inject('/site_gateways'))).toMatchObject({ oxapay_active: 0, nowpayments_active: 0 });
    for (const gate of ['oxapay', 'nowpayments']) {
      const answer = await s.app.inject({ method: 'POST', url: `/payment/callback/${gate}`, payload: '{}' });
      expect(answer.statusCode).toBe(404);
      expect(json(answer)).toMatchObject({ code: 'noSuchGateway' });
      const order = await s.app.inject({
        method: 'POST',
        url: `/requestAccount2?plan_id=1&email=a@example.com&gate=${gate}`,
      });
      expect(json(order)).toMatchObject({ code: 'gatewayUnavailable' });
    }
  });

  it('reads the keys and base URLs, and refuses nonsense', () => {
    const config = loadConfig({ SEPAR_OXAPAY_MERCHANT_KEY: ' K1 ', SEPAR_NOWPAYMENTS_BASE_URL: 'https://np.example/' });
    expect(config.crypto).toEqual({
      oxapay: { merchantKey: 'K1', baseUrl: 'https://api.oxapay.com' },
      nowpayments: { apiKey: null, ipnSecret: null, baseUrl: 'https://np.example' },
    });
    expect(() => loadConfig({ SEPAR_OXAPAY_BASE_URL: 'ftp://oxapay.example' })).toThrow(/SEPAR_OXAPAY_BASE_URL/);
    expect(() => loadConfig({ SEPAR_NOWPAYMENTS_BASE_URL: 'not a url' })).toThrow(/SEPAR_NOWPAYMENTS_BASE_URL/);
    expect(() => loadConfig({ SEPAR_NOWPAYMENTS_API_KEY: 'two words' })).toThrow(/SEPAR_NOWPAYMENTS_API_KEY/);
  });
});
