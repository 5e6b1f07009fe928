import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodePaymentResult, RECEIPT_IMAGE_MAX_BYTES } from '@separ/domain';
import { cardsApi } from './endpoints/cards.ts';
import { paymentsApi } from './endpoints/payments.ts';
import { walletApi } from './endpoints/wallet.ts';
import { errorCodeOf, type ApiError } from './errors.ts';
import { createMockBackend } from './mocks/handlers.ts';
import { MOCK_CARD, MOCK_CARD_RES_NUMS as IDS, MOCK_USED_TRACKING } from './mocks/fixtures.ts';
import { createApiStore } from './testing.ts';

const API = 'http://backend.test:2087';
const server = setupServer();
const seen: Request[] = [];
server.events.on('request:start', ({ request }) => void seen.push(request.clone()));

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function backend(options: Parameters<typeof createMockBackend>[0] = {}) {
  const mock = createMockBackend(options);
  server.use(...mock.handlers);
  return mock.state;
}

const store = () => createApiStore({ apiBase: API, timeoutMs: 2_000 });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const image = (bytes: Uint8Array<ArrayBuffer> = PNG, type = 'image/png') => new File([bytes], 'receipt.png', { type });
const transfer = (s: ReturnType<typeof store>, resNum: string) =>
  s.dispatch(cardsApi.endpoints.cardTransfer.initiate(resNum, { forceRefetch: true }));
const receipt = (s: ReturnType<typeof store>, resNum: string, tracking: string, file?: File) =>
  s.dispatch(cardsApi.endpoints.sendCardReceipt.initiate({ resNum, tracking, ...(file ? { image: file } : {}) }));

describe('the card transfer (CONTRACTS §11)', () => {
  it('reads the transfer: card, holder, bank, amount in rials and deadline', async () => {
    backend();
    const result = await transfer(store(), IDS.awaitingTransfer);
    expect(result.data).toMatchObject({ state: 'awaiting_transfer', ...MOCK_CARD, amount: 2_901_230 });
    expect(Date.parse(result.data!.expiresAt)).toBeGreaterThan(Date.now());
    expect(seen[0]!.url).toBe(`${API}/api/site/card/${IDS.awaitingTransfer}`);
    expect(seen[0]!.method).toBe('GET');
  });

  it('carries the result once paid and the reason once rejected', async () => {
    backend();
    const s = store();
    const paid = await transfer(s, IDS.paid);
    expect(paid.data?.state).toBe('paid');
    expect(decodePaymentResult(paid.data?.result ?? null)).toMatchObject({
      status: 'success',
      username: 'user1900000003',
    });
    const rejected = await transfer(s, IDS.rejected);
    expect(rejected.data).toMatchObject({ state: 'rejected', reason: expect.stringContaining('مبلغ') });
    expect((await transfer(s, IDS.expired)).data?.state).toBe('expired');
  });

  it('answers 404 unknownCardOrder for an order number that names nothing', async () => {
    backend();
    const result = await transfer(store(), '42');
    expect((result.error as ApiError).code).toBe(404);
    expect(errorCodeOf(result.error)).toBe('unknownCardOrder');
  });

  it('expires an order past its deadline', async () => {
    const state = backend();
    state.cardOrders[IDS.awaitingTransfer]!.expiresAt = new Date(Date.now() - 1_000).toISOString();
    expect((await transfer(store(), IDS.awaitingTransfer)).data?.state).toBe('expired');
  });
});

describe('the card receipt (CONTRACTS §11)', () => {
  it('posts multipart tracking and image; the order then awaits review, in the cache too', async () => {
    const state = backend();
    const s = store();
    await transfer(s, IDS.awaitingTransfer);
    const sent = await receipt(s, IDS.awaitingTransfer, '۱۲۳۴۵۶۷۸', image());
    expect(sent.data).toEqual({ state: 'awaiting_review' });
    const post = seen.find((request) => request.method === 'POST')!;
    expect(post.url).toBe(`${API}/api/site/card/${IDS.awaitingTransfer}/receipt`);
    expect(post.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await post.formData();
    expect(form.get('tracking')).toBe('۱۲۳۴۵۶۷۸');
    expect(form.get('image')).toBeInstanceOf(File);
    expect(state.cardOrders[IDS.awaitingTransfer]).toMatchObject({ state: 'awaiting_review', tracking: '12345678' });
    expect(cardsApi.endpoints.cardTransfer.select(IDS.awaitingTransfer)(s.getState()).data?.state).toBe(
      'awaiting_review',
    );
  });

  it('takes a receipt without an image', async () => {
    backend();
    expect((await receipt(store(), IDS.awaitingTransfer, '87654321')).data).toEqual({ state: 'awaiting_review' });
  });

  it('refuses a tracking number another order took, in Persian digits too: 409 trackingUsed', async () => {
    backend();
    const persian = MOCK_USED_TRACKING.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const result = await receipt(store(), IDS.awaitingTransfer, persian);
    expect((result.error as ApiError).code).toBe(409);
    expect(errorCodeOf(result.error)).toBe('trackingUsed');
  });

  it('refuses an image another receipt had: 409 receiptImageUsed', async () => {
    backend({ gateways: { ird: 1, spay: 1, card: 1 } });
    const s = store();
    const placed = await s.dispatch(
      paymentsApi.endpoints.requestPayment.initiate({ planId: 2, email: 'a@example.com', gate: 'card' }),
    );
    const resNum = placed.data!.url.split('/').pop()!;
    expect((await receipt(s, IDS.awaitingTransfer, '11112222', image())).data).toBeDefined();
    const again = await receipt(s, resNum, '11113333', image());
    expect((again.error as ApiError).code).toBe(409);
    expect(errorCodeOf(again.error)).toBe('receiptImageUsed');
  });

  it('refuses a second receipt (409 receiptAlreadySent) and one for a closed order (409 notAwaitingTransfer)', async () => {
    backend();
    const s = store();
    expect(errorCodeOf((await receipt(s, IDS.awaitingReview, '99990000')).error)).toBe('receiptAlreadySent');
    expect(errorCodeOf((await receipt(s, IDS.expired, '99990001')).error)).toBe('notAwaitingTransfer');
  });

  it('refuses a bad file (400), one over 2 MB (413) and a bad tracking number (400)', async () => {
    backend();
    const s = store();
    const text = await receipt(
      s,
      IDS.awaitingTransfer,
      '12345678',
      image(new TextEncoder().encode('hello'), 'image/png'),
    );
    expect([(text.error as ApiError).code, errorCodeOf(text.error)]).toEqual([400, 'invalidReceiptImage']);
    const big = new Uint8Array(RECEIPT_IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    const large = await receipt(s, IDS.awaitingTransfer, '12345678', image(big));
    expect([(large.error as ApiError).code, errorCodeOf(large.error)]).toEqual([413, 'receiptImageTooLarge']);
    const short = await receipt(s, IDS.awaitingTransfer, '12345');
    expect([(short.error as ApiError).code, errorCodeOf(short.error)]).toEqual([400, 'invalidTracking']);
  });
});

describe('the card gate (CONTRACTS §11)', () => {
  it('says card_active, and a purchase with gate=card answers the transfer page', async () => {
    const state = backend({ gateways: { ird: 1, spay: 1, card: 1 } });
    const s = store();
    const gateways = await s.dispatch(paymentsApi.endpoints.getGateways.initiate());
    expect(gateways.data?.card).toBe(true);
    const placed = await s.dispatch(
      paymentsApi.endpoints.requestPayment.initiate({ planId: 2, email: 'a@example.com', gate: 'card' }),
    );
    expect(placed.data?.url).toMatch(new RegExp(`^${API}/payment/card/\\d+$`));
    const resNum = placed.data!.url.split('/').pop()!;
    const page = await transfer(s, resNum);
    expect(page.data).toMatchObject({ state: 'awaiting_transfer', cardNumber: MOCK_CARD.cardNumber });
    // The price in rials plus an offset no open order has (the fixed orders hold the first ones).
    expect(page.data!.amount % 10).toBe(0);
    expect(state.purchases.at(-1)?.gate).toBe('card');
  });

  it('refuses gate=card while the shop takes no transfers', async () => {
    backend();
    const s = store();
    expect((await s.dispatch(paymentsApi.endpoints.getGateways.initiate())).data?.card).toBe(false);
    const refused = await s.dispatch(
      paymentsApi.endpoints.requestPayment.initiate({ planId: 2, email: 'a@example.com', gate: 'card' }),
    );
    expect(errorCodeOf(refused.error)).toBe('gatewayUnavailable');
  });

  it('tops the wallet up through a card transfer', async () => {
    const state = backend({ loggedIn: true, gateways: { ird: 1, spay: 1, card: 1 } });
    const s = store();
    const started = await s.dispatch(walletApi.endpoints.walletTopup.initiate({ amount: 200_000, gate: 'card' }));
    expect(started.data?.url).toMatch(new RegExp(`^${API}/payment/card/MOCKTOPUP\\d+$`));
    const resNum = started.data!.url.split('/').pop()!;
    expect(state.cardOrders[resNum]).toMatchObject({ state: 'awaiting_transfer', amount: 2_000_010 });
  });
});
