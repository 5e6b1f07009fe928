import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResult } from '@separ/domain';
import { GatewayError, irandargah, spay } from '../src/payments/gateways.ts';
import { startFakeGateway, type FakeAnswer } from './fakeGateway.ts';
import { json, startTestServer, type TestServer } from './harness.ts';

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

  it('verifies: 100 paid, 101 already verified (paid), anything else failed', async () => {
    next = { json: { status: 100, refId: 'R-9' } };
    expect(await adapter().verify(verifyInput)).toEqual({ kind: 'paid', refNum: 'R-9' });
    expect(fake.requests[0]).toEqual({
      path: '/verification',
      body: { merchantID: 'M-1', authority: 'AUTH1', amount: 1_200_000, orderId: 'S1' },
    });
    next = { json: { status: 101, refId: 'R-9' } };
    expect(await adapter().verify(verifyInput)).toEqual({ kind: 'paid', refNum: 'R-9' });
    next = { json: { status: -3, message: 'not paid' } };
    expect(await adapter().verify(verifyInput)).toMatchObject({ kind: 'failed' });
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

describe('SPAY adapter against a fake of its assumed protocol', () => {
  let fake: Awaited<ReturnType<typeof startFakeGateway>>;
  let answers: Record<string, FakeAnswer> = {};
  beforeAll(async () => {
    fake = await startFakeGateway((path) => answers[path] ?? { status: 404, json: {} });
  });
  afterAll(() => fake.close());
  const paths = { token: '/api/v1/token', request: '/api/v1/request', verify: '/api/v1/verify' };
  const adapter = () => spay({ merchantId: 'SP-1', baseUrl: fake.url, timeoutMs: 300, paths });

  it('asks for a token, then a payment URL', async () => {
    answers = {
      '/api/v1/token': { json: { token: 'TK1' } },
      '/api/v1/request': { json: { url: 'https://pay.example/TK1' } },
    };
    expect(await adapter().request(request)).toEqual({ authority: 'TK1', url: 'https://pay.example/TK1' });
  });

  it('throws GatewayError without a token or a URL', async () => {
    answers = { '/api/v1/token': { json: {} } };
    await expect(adapter().request(request)).rejects.toThrow(/no token/);
    answers = {
      '/api/v1/token': { json: { token: 'T' } },
      '/api/v1/request': { json: { url: 'javascript:alert(1)' } },
    };
    await expect(adapter().request(request)).rejects.toThrow(/no payment URL/);
  });

  it('verifies with merchant id, amount and token', async () => {
    answers = { '/api/v1/verify': { json: { status: 'success', ref_id: 'RR' } } };
    expect(await adapter().verify(verifyInput)).toEqual({ kind: 'paid', refNum: 'RR' });
    answers = { '/api/v1/verify': { json: { status: 0 } } };
    expect(await adapter().verify(verifyInput)).toMatchObject({ kind: 'failed' });
    answers = { '/api/v1/verify': { raw: '<<garbage' } };
    await expect(adapter().verify(verifyInput)).rejects.toThrow(GatewayError);
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
    const result = decodePaymentResult(new URL(back.headers.location as string, 'http://x').searchParams.get('data'));
    expect(result).toMatchObject({ status: 'success', refId: 'IRDREF1', amountToman: 120_000 });
  });

  it.each(['garbage', 'hang'] as const)(
    'answers "Payment failed. Please try again." when the gateway gives %s, leaving the order pending',
    async (m) => {
      mode = m;
      const response = await buy();
      expect(response.statusCode).toBe(502);
      expect(json(response)).toEqual({ ok: false, message: 'Payment failed. Please try again.' });
      const order = await s.database.db
        .selectFrom('orders')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(order.state).toBe(0);
      expect(order.failure).toBeTruthy();
    },
  );

  it('shows failed when verification times out, and keeps the order pending for reconciliation', async () => {
    mode = 'ok';
    const { url } = json<{ url: string }>(await buy());
    const authority = url.split('/').pop() ?? '';
    mode = 'verifyHang';
    const back = await s.app.inject(`/payment/callback/ird?authority=${authority}`);
    const result = decodePaymentResult(new URL(back.headers.location as string, 'http://x').searchParams.get('data'));
    expect(result.status).toBe('failed');
    const order = await s.database.db
      .selectFrom('orders')
      .selectAll()
      .where('authority', '=', authority)
      .executeTakeFirstOrThrow();
    expect(order.state).toBe(0);
  });
});
