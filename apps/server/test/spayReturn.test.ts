import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResult } from '@separ/domain';
import { json, KINDS, resultData, startTestServer, type TestServer } from './harness.ts';
import { SPAY_PATHS, startFakeSpay } from './fakeSpay.ts';

/**
 * SPAY end to end (issue 30 §3) against a fake that keeps its payments as the SDK's protocol does:
 * the order rides in the callback URL, the return adds nothing, and 20 parallel returns of one paid
 * order cost at most one verification and make one account.
 */
describe.each(KINDS)('SPAY returns, on %s', (kind) => {
  let s: TestServer;
  let spay: Awaited<ReturnType<typeof startFakeSpay>>;
  beforeAll(async () => {
    spay = await startFakeSpay('SP-1');
    s = await startTestServer(kind, {
      SEPAR_SPAY_MERCHANT_ID: 'SP-1',
      SEPAR_SPAY_BASE_URL: spay.url,
      SEPAR_PUBLIC_URL: 'https://shop.separ.test',
    });
  });
  afterAll(async () => {
    await s?.close();
    await spay?.close();
  });

  const users = async () =>
    Number(
      (
        await s.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** The path of a callback URL, as the browser asks it of the shop. */
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    expect(parsed.origin).toBe('https://shop.separ.test');
    return `${parsed.pathname}${parsed.search}`;
  };

  it('finds the order by the number in its callback URL, and asks SPAY once for 20 parallel returns', async () => {
    const response = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=spay@example.com&gate=spay',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { url } = json<{ url: string }>(response);
    expect(url.startsWith(`${spay.url}/pay/`)).toBe(true);
    const token = url.slice(`${spay.url}/pay/`.length);
    const [tokenCall] = spay.calls;
    expect(tokenCall).toMatchObject({ method: 'POST', path: SPAY_PATHS.token, encoding: 'form' });
    expect(tokenCall!.body).not.toHaveProperty('order_id');

    // Back before paying (the payer closed the bank's page): not verified, the order stays open.
    const callback = pathOf(String(tokenCall!.body.callback_url));
    const early = await s.app.inject(callback);
    expect(early.statusCode).toBe(303);
    expect(decodePaymentResult(resultData(String(early.headers.location))).status).toBe('failed');
    const order = await s.database.db
      .selectFrom('orders')
      .selectAll()
      .where('authority', '=', token)
      .executeTakeFirstOrThrow();
    expect(order.state).toBe(0);
    expect(spay.verifications).toBe(1);

    const before = await users();
    const back = pathOf(spay.pay(token));
    const returns = await Promise.all(Array.from({ length: 20 }, () => s.app.inject(back)));
    const results = returns.map((r) => decodePaymentResult(resultData(String(r.headers.location))));
    expect(returns.every((r) => r.statusCode === 303)).toBe(true);
    expect(results.filter((r) => r.status === 'success')).toHaveLength(1);
    expect(results.filter((r) => r.status !== 'success').every((r) => r.status === 'duplicate')).toBe(true);
    expect(spay.verifications).toBe(2);
    expect(await users()).toBe(before + 1);
    const paid = await s.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ state: 2, ref_num: `SPREF-${token.slice(0, 8)}` });

    // A form post back (SPAY's other way home) of the paid order: a replay, no more verifications.
    const posted = await s.app.inject({
      method: 'POST',
      url: back,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(decodePaymentResult(resultData(String(posted.headers.location))).status).toBe('duplicate');
    expect(spay.verifications).toBe(2);
  });

  it('refuses a return that names no order, or an order of another gate', async () => {
    const none = await s.app.inject('/payment/callback/spay');
    expect(none.statusCode).toBe(400);
    expect(json(none)).toMatchObject({ code: 'noPaymentNamed' });
    const unknown = await s.app.inject('/payment/callback/spay?orderId=S20260101-0000000000');
    expect(json(unknown)).toMatchObject({ code: 'unknownPayment' });
    const sandboxOrder = json<{ url: string }>(
      await s.app.inject({ method: 'POST', url: '/requestAccount2?plan_id=1&email=ird@example.com&gate=ird' }),
    );
    const row = await s.database.db
      .selectFrom('orders')
      .select('res_num')
      .where('authority', '=', sandboxOrder.url.split('/').pop()!)
      .executeTakeFirstOrThrow();
    expect(json(await s.app.inject(`/payment/callback/spay?orderId=${row.res_num}`))).toMatchObject({
      code: 'unknownPayment',
    });
  });
});
