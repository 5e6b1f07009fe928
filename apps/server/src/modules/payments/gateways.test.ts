import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResult } from '@separ/domain';
import { GatewayError, IRANDARGAH_VERIFY, irandargah, spay } from './gateways.ts';
import { startFakeGateway, type FakeAnswer } from '../../../test/fakeGateway.ts';
import { json, startTestServer, type TestServer, resultData } from '../../../test/harness.ts';

const request = {
  amount: 1_200_000,
  orderId: 'S1',
  callbackUrl: 'http://shop/payment/callback/ird',
  description: 'd',
  email: 'a@b.co',
  origin: 'http://shop',
};
const verifyInput = { authority: 'AUTH1', amount: 1_200_000, orderId: 'S1' };

describe('IranDargah adapter against a fake of its protocol', () => {
  let fake: Awaited<ReturnType<typeof startFakeGateway>>;
  let next: FakeAnswer = {};
  beforeAll(async () => {
    fake = await startFakeGateway(() => next);
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.requests.length = 0;
  });
  const adapter = (merchantId = 'M-1', timeoutMs = 500) => irandargah({ merchantId, baseUrl: fake.url, timeoutMs });

  it('requests a payment and sends the payer to startpay', async () => {
    next = { json: { status: 200, authority: 'AUTH1' } };
    const { authority, url } = await adapter().request(request);
    expect(authority).toBe('AUTH1');
    expect(url).toBe(`${fake.url}/ird/startpay/AUTH1`);
    expect(fake.requests[0]).toEqual({
      path: '/payment',
      body: { merchantID: 'M-1', amount: 1_200_000, callbackURL: request.callbackUrl, orderId: 'S1', description: 'd' },
    });
  });

  it('uses the /sandbox paths for merchant TEST', async () => {
    next = { json: { status: 200, authority: 'A2' } };
    const { url } = await adapter('TEST').request(request);
    expect(fake.requests[0]?.path).toBe('/sandbox/payment');
    expect(url).toBe(`${fake.url}/sandbox/ird/startpay/A2`);
  });

  it.each([
    ['a refusal', { json: { status: -10, message: 'bad merchant' } }],
    ['an HTTP error with HTML', { status: 502, raw: '<html>Bad gateway</html>' }],
    ['garbage', { raw: 'not json at all' }],
    ['a JSON array', { json: [1, 2] }],
    ['no authority', { json: { status: 200 } }],
  ])('throws GatewayError on %s', async (_, answer) => {
    next = answer;
    await expect(adapter().request(request)).rejects.toThrow(GatewayError);
  });

  it('throws GatewayError on a timeout', async () => {
    next = { hang: true };
    await expect(adapter('M-1', 150).request(request)).rejects.toThrow(/timeout/);
  });

  it('verifies through its table of codes: paid, not paid yet, refused, and unknown never failed', async () => {
    next = { json: { status: 100, refId: 'R-9' } };
    expect(await adapter().verify(verifyInput)).toMatchObject({ kind: 'paid', refNum: 'R-9' });
    expect(fake.requests[0]).toEqual({
      path: '/verification',
      body: { merchantID: 'M-1', authority: 'AUTH1', amount: 1_200_000, orderId: 'S1' },
    });
    const cases: Array<[unknown, string]> = [
      [101, 'paid'],
      ['100', 'paid'],
      [201, 'pending'],
      [-22, 'pending'],
      [-1, 'failed'],
      [-11, 'failed'],
      [-12, 'failed'],
      [-21, 'failed'],
      [-30, 'failed'],
      [-31, 'unknown'],
      [403, 'unknown'],
      [-13, 'unknown'],
      [777, 'unknown'],
      ['weird', 'unknown'],
    ];
    for (const [status, kind] of cases) {
      next = { json: { status, message: 'پیام درگاه', refId: 'R-9' } };
      const answer = await adapter().verify(verifyInput);
      expect(answer.kind, String(status)).toBe(kind);
      expect(answer.detail).toContain(`IranDargah ${String(status)}`);
    }
    for (const [code, entry] of Object.entries(IRANDARGAH_VERIFY)) expect(entry.meaning, code).not.toBe('');
    next = { json: { status: -1, message: 'انصراف' } };
    expect((await adapter().verify(verifyInput)).detail).toBe('IranDargah -1 (cancelled by the payer): انصراف');
    next = { json: { message: 'no status' } };
    await expect(adapter().verify(verifyInput)).rejects.toThrow(GatewayError);
    next = { hang: true };
    await expect(adapter('M-1', 150).inquiry(verifyInput)).rejects.toThrow(GatewayError);
  });

  it('reads the return fields', () => {
    expect(adapter().parseReturn({ code: '100', authority: 'A', amount: '1200000', orderId: 'S1' })).toEqual({
      authority: 'A',
      amount: 1_200_000,
      orderId: 'S1',
    });
    expect(adapter().parseReturn({})).toEqual({ authority: null, amount: null, orderId: null });
  });
});

describe('SPAY adapter against a fake of its SDK’s protocol', () => {
  let fake: Awaited<ReturnType<typeof startFakeGateway>>;
  let answers: Record<string, FakeAnswer> = {};
  beforeAll(async () => {
    fake = await startFakeGateway((path) => answers[path.split('?')[0]!] ?? { status: 404, json: {} });
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.calls.length = 0;
  });
  const paths = {
    token: '/api/ipg/get-ipg-token/',
    request: '/api/ipg/reqeust-payment/',
    verify: '/api/ipg/verify-payment/',
  };
  const adapter = () => spay({ merchantId: 'SP-1', baseUrl: fake.url, timeoutMs: 300, paths });

  it('asks for a token with a form, then the payment URL with the token as Authorization', async () => {
    answers = {
      [paths.token]: { json: { code: 0, data: { token: 'TK1' } } },
      [paths.request]: { json: { code: 0, data: { ipg_url: 'https://pay.example/TK1' } } },
    };
    expect(await adapter().request(request)).toEqual({ authority: 'TK1', url: 'https://pay.example/TK1' });
    const [token, url] = fake.calls;
    expect(token).toMatchObject({ method: 'POST', path: paths.token, encoding: 'form' });
    // No order_id field: the order rides in the callback URL, the one thing SPAY hands back for sure.
    expect(token!.body).toEqual({
      amount: '1200000',
      merchant_id: 'SP-1',
      callback_url: 'http://shop/payment/callback/ird?orderId=S1',
      email: 'a@b.co',
      description: 'd',
    });
    expect(url).toMatchObject({ method: 'GET', path: paths.request, encoding: 'none' });
    expect(url!.headers.authorization).toBe('TK1');
  });

  it('throws GatewayError without a token or a URL, and on any other code', async () => {
    answers = { [paths.token]: { json: { code: 0, data: {} } } };
    await expect(adapter().request(request)).rejects.toThrow(/no token/);
    answers = { [paths.token]: { json: { code: 12, data: { token: 'T' } } } };
    await expect(adapter().request(request)).rejects.toThrow(/no token \(code 12\)/);
    answers = {
      [paths.token]: { json: { code: 0, data: { token: 'T' } } },
      [paths.request]: { json: { code: 0, data: { ipg_url: 'javascript:alert(1)' } } },
    };
    await expect(adapter().request(request)).rejects.toThrow(/no payment URL/);
  });

  it('verifies with a form of merchant id, amount and token: paid when the code is 0', async () => {
    answers = { [paths.verify]: { json: { code: 0, data: { ref_id: 'RR' } } } };
    expect(await adapter().verify(verifyInput)).toMatchObject({ kind: 'paid', refNum: 'RR' });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: paths.verify,
      encoding: 'form',
      body: { merchant_id: 'SP-1', amount: '1200000', token: 'AUTH1' },
    });
    // Paid with nothing more said: the token is the reference.
    answers = { [paths.verify]: { json: { code: 0 } } };
    expect(await adapter().verify(verifyInput)).toMatchObject({ kind: 'paid', refNum: 'AUTH1' });
    // SPAY publishes no other codes: any other answer keeps the order open, never fails it.
    for (const code of [1, -1, '12', 'error', null]) {
      answers = { [paths.verify]: { json: { code, data: { message: 'no' } } } };
      expect(await adapter().verify(verifyInput)).toMatchObject({ kind: 'unknown' });
    }
    // A verified amount that is not the order's is not believed.
    answers = { [paths.verify]: { json: { code: 0, data: { amount: 1000 } } } };
    expect(await adapter().verify(verifyInput)).toMatchObject({ kind: 'unknown' });
    answers = { [paths.verify]: { raw: '<<garbage' } };
    await expect(adapter().verify(verifyInput)).rejects.toThrow(GatewayError);
  });

  it('reads the order from the callback URL when the return adds nothing', () => {
    expect(adapter().parseReturn({ orderId: 'S1' })).toEqual({ authority: null, amount: null, orderId: 'S1' });
    expect(adapter().parseReturn({ orderId: 'S1', token: 'TK1' })).toMatchObject({ authority: 'TK1', orderId: 'S1' });
  });
});

describe('the shop with IranDargah configured', () => {
  let fake: Awaited<ReturnType<typeof startFakeGateway>>;
  let s: TestServer;
  let mode: 'ok' | 'garbage' | 'hang' | 'verifyHang' = 'ok';
  beforeAll(async () => {
    fake = await startFakeGateway((path, body) => {
      if (path === '/payment') {
        if (mode === 'garbage') return { raw: 'oops' };
        if (mode === 'hang') return { hang: true };
        return { json: { status: 200, authority: `IRD-${String(body.orderId)}` } };
      }
      if (mode === 'verifyHang') return { hang: true };
      return { json: { status: 100, refId: 'IRDREF1' } };
    });
    s = await startTestServer('sqlite', {
      SEPAR_IRD_MERCHANT_ID: 'M-1',
      SEPAR_IRD_BASE_URL: fake.url,
      SEPAR_GATEWAY_TIMEOUT_MS: '300',
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  const buy = () =>
    s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=a@b.co&gate=ird',
      headers: { 'content-type': 'application/json' },
    });

  it('sells end to end through the gateway', async () => {
    mode = 'ok';
    const response = await buy();
    expect(response.statusCode).toBe(200);
    const { url } = json<{ url: string }>(response);
    const authority = url.split('/').pop() ?? '';
    expect(url).toBe(`${fake.url}/ird/startpay/${authority}`);
    const back = await s.app.inject(`/payment/callback/ird?code=100&message=ok&authority=${authority}&amount=1200000`);
    expect(back.statusCode).toBe(303);
    const result = decodePaymentResult(resultData(back.headers.location as string));
    expect(result).toMatchObject({ status: 'success', refId: 'IRDREF1', amountToman: 120_000 });
  });

  it.each(['garbage', 'hang'] as const)(
    'answers "Payment failed. Please try again." when the gateway gives %s, and fails the order (nobody could pay it)',
    async (m) => {
      mode = m;
      const response = await buy();
      expect(response.statusCode).toBe(502);
      expect(json(response)).toEqual({
        ok: false,
        message: 'Payment failed. Please try again.',
        code: 'paymentFailed',
      });
      const order = await s.database.db
        .selectFrom('orders')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(order.state).toBe(1);
      expect(order.failure).toMatch(/^the payment request failed at the gateway: /);
    },
  );

  it('shows failed when verification times out, and keeps the order pending for reconciliation', async () => {
    mode = 'ok';
    const { url } = json<{ url: string }>(await buy());
    const authority = url.split('/').pop() ?? '';
    mode = 'verifyHang';
    const back = await s.app.inject(`/payment/callback/ird?authority=${authority}`);
    const result = decodePaymentResult(resultData(back.headers.location as string));
    expect(result.status).toBe('failed');
    const order = await s.database.db
      .selectFrom('orders')
      .selectAll()
      .where('authority', '=', authority)
      .executeTakeFirstOrThrow();
    expect(order.state).toBe(0);
  });
});
