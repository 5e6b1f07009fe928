import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodePaymentResult } from '@separ/domain';
import { authApi, loginFailure } from './endpoints/auth.ts';
import { appInfoApi } from './endpoints/appInfo.ts';
import { isSubscriptionGone, panelApi } from './endpoints/panel.ts';
import { walletApi } from './endpoints/wallet.ts';
import { GATEWAYS_FAILED, paymentsApi, serverMessage } from './endpoints/payments.ts';
import { plansApi } from './endpoints/plans.ts';
import { errorCodeOf, isTransportError, isUnauthorized, type ApiError } from './errors.ts';
import { createMockBackend, failure, type MockEndpoint, type MockFailure } from './mocks/handlers.ts';
import { errorResponse } from './mocks/errors.ts';
import { MOCK_REFERRAL_CODE, mockUser } from './mocks/fixtures.ts';
import { createApiStore } from './testing.ts';

const API = 'http://backend.test:2087';
const PLANS = 'http://plans.test';
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

const store = () => createApiStore({ apiBase: API, plansBase: PLANS, timeoutMs: 150 });

async function fails(
  endpoint: MockEndpoint,
  kind: MockFailure,
  run: (s: ReturnType<typeof store>) => Promise<{ error?: unknown }>,
): Promise<ApiError> {
  backend({ loggedIn: true });
  server.use(failure(endpoint, kind));
  const result = await run(store());
  expect(result.error).toBeDefined();
  return result.error as ApiError;
}

describe('the base query (SPEC §7, §8)', () => {
  const account = (s: ReturnType<typeof store>) => s.dispatch(panelApi.endpoints.getAccount.initiate());

  it('sends JSON content type, no body, credentials, to the configured host', async () => {
    backend({ loggedIn: true });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const result = await account(store());
    expect(result.data?.username).toBe('demo');
    // Node's Request does not keep `credentials`; the init given to fetch does.
    expect(fetchSpy.mock.calls[0]![1]).toMatchObject({ credentials: 'include', method: 'POST', body: undefined });
    const request = seen[0]!;
    expect(request.url).toBe(`${API}/api/site/account`);
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.text()).toBe('');
  });

  it('turns an HTTP failure into "HTTP {status}: {statusText}" with the status and body text', async () => {
    const error = await fails('account', 'http500', account);
    expect(error).toEqual({
      kind: 'http',
      message: 'HTTP 500: Internal Server Error',
      code: 500,
      details: 'upstream exploded',
    });
  });

  it('reports an unreadable body as "Invalid JSON response"', async () => {
    expect(await fails('account', 'badJson', account)).toEqual({ kind: 'json', message: 'Invalid JSON response' });
  });

  it('gives up after the timeout with "Request timeout"', async () => {
    const error = await fails('account', 'timeout', account);
    expect(error).toEqual({ kind: 'timeout', message: 'Request timeout' });
    expect(isTransportError(error)).toBe(true);
  });

  it('reports a network failure with the underlying message, or "Network request failed"', async () => {
    const error = await fails('account', 'network', account);
    expect(error.kind).toBe('network');
    expect(error.message.length).toBeGreaterThan(0);
    expect(isTransportError(error)).toBe(true);
  });

  it('uses "Network request failed" when the failure has no message', async () => {
    backend();
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError(''));
    const result = await account(store());
    expect(result.error).toEqual({ kind: 'network', message: 'Network request failed' });
  });

  it('knows the end of the session by the answer’s code, not by its 401', async () => {
    backend({ loggedIn: false });
    const result = await account(store());
    expect(isUnauthorized(result.error)).toBe(true);
    expect((result.error as ApiError).code).toBe(401);
    server.use(http.post('*/api/site/account', () => errorResponse('sessionEnded')));
    expect(isUnauthorized((await account(store())).error)).toBe(true);
    server.use(http.post('*/api/site/account', () => errorResponse('bad_credentials')));
    expect(isUnauthorized((await account(store())).error)).toBe(false);
    server.use(http.post('*/api/site/account', () => new HttpResponse('no', { status: 401 })));
    expect(isUnauthorized((await account(store())).error)).toBe(false);
  });
});

describe('plans', () => {
  const plans = (s: ReturnType<typeof store>, platform?: 'ios' | 'android') =>
    s.dispatch(plansApi.endpoints.getPlans.initiate(platform ? { platform } : undefined));

  it('reads the plans service on its own base URL and keeps only displayable plans', async () => {
    backend();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = await plans(store());
    expect(seen[0]!.url).toBe(`${PLANS}/getTelPlans`);
    const ids = result.data!.map((p) => p.id);
    expect(ids).toEqual([1, 2, 3, 4, 6, 7, 8, 9]); // 5 is inactive, 10 has unreadable prices
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('plan 10: unreadable price_toman'));
    expect(result.data![1]!.discountPercent).toBe(9);
  });

  it('filters by platform', async () => {
    backend();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect((await plans(store(), 'ios')).data!.map((p) => p.id)).toEqual([7, 8, 9]);
    expect((await plans(store(), 'android')).data!.every((p) => p.ios === 0)).toBe(true);
  });

  it('raises "API returned error: {code}" when code is not 200', async () => {
    const error = await fails('plans', 'apiCode', (s) => plans(s));
    expect(error).toEqual({ kind: 'api', message: 'API returned error: 500', code: 500 });
  });

  it.each<MockFailure>(['http500', 'badJson', 'network'])('fails on %s', async (kind) => {
    expect((await fails('plans', kind, (s) => plans(s))).kind).not.toBe('api');
  });

  it('answers an empty list as an empty list', async () => {
    backend();
    server.use(failure('plans', 'empty'));
    expect((await plans(store())).data).toEqual([]);
  });
});

describe('the bot link code', () => {
  it('makes a one-time code for the logged-in user, a new one each time', async () => {
    const state = backend({ loggedIn: true });
    const s = store();
    const first = await s.dispatch(panelApi.endpoints.createBotCode.initiate());
    expect(first.data).toMatchObject({ code: expect.stringMatching(/^\d{8}$/), minutes: 10 });
    const second = await s.dispatch(panelApi.endpoints.createBotCode.initiate());
    expect(second.data?.code).not.toBe(first.data?.code);
    expect(state.botCodes).toHaveLength(2);
  });

  it('fails for a logged-out user', async () => {
    backend();
    const result = await store().dispatch(panelApi.endpoints.createBotCode.initiate());
    expect(isUnauthorized(result.error as ApiError)).toBe(true);
  });
});

describe('gateways and purchase', () => {
  it('reads which gateways are active', async () => {
    backend({ gateways: { ird: 1, spay: 0 } });
    const result = await store().dispatch(paymentsApi.endpoints.getGateways.initiate());
    expect(result.data).toEqual({
      ok: true,
      code: 200,
      message: 'OK',
      active: { ird: true, spay: false },
      wallet: true,
      card: false,
      crypto: { oxapay: false, nowpayments: false, sandboxcrypto: false },
    });
    backend({ gateways: { ird: 1, spay: 1, wallet: 0 } });
    const off = await store().dispatch(paymentsApi.endpoints.getGateways.initiate());
    expect(off.data?.wallet).toBe(false);
  });

  it('reads the crypto gates (CONTRACTS §12), on offer only with the shop’s rate', async () => {
    const gateways = { ird: 1, spay: 1, oxapay: 1, nowpayments: 0, sandboxcrypto: 1 } as const;
    backend({ gateways });
    const noRate = await store().dispatch(paymentsApi.endpoints.getGateways.initiate());
    expect(noRate.data?.crypto).toEqual({ oxapay: false, nowpayments: false, sandboxcrypto: false });
    backend({ gateways, tomanPerUsd: 60_000 });
    const rated = await store().dispatch(paymentsApi.endpoints.getGateways.initiate());
    expect(rated.data?.crypto).toEqual({ oxapay: true, nowpayments: false, sandboxcrypto: true });
  });

  it('buys through the sandbox crypto gate, and quotes a discount code in dollars with the rate', async () => {
    const state = backend({ gateways: { ird: 1, spay: 1, sandboxcrypto: 1 }, tomanPerUsd: 64_000 });
    const s = store();
    const plan = state.plans.find((p) => p.active === 1)!;
    const quote = await s.dispatch(paymentsApi.endpoints.checkCoupon.initiate({ code: 'SEPAR20', planId: plan.id }));
    expect(quote.data).toMatchObject({ code: 'SEPAR20' });
    expect(quote.data?.price_usd).toBe(Math.round((quote.data!.price * 100) / 64_000) / 100);
    const bought = await s.dispatch(
      paymentsApi.endpoints.requestPayment.initiate({
        planId: plan.id,
        email: 'usd@example.com',
        gate: 'sandboxcrypto',
      }),
    );
    expect(bought.data?.url).toMatch(/^\/paymentresult#data=/);
    expect(state.purchases.at(-1)).toMatchObject({ gate: 'sandboxcrypto' });
    const refused = await s.dispatch(
      paymentsApi.endpoints.requestPayment.initiate({ planId: plan.id, email: 'usd@example.com', gate: 'oxapay' }),
    );
    expect(errorCodeOf(refused.error as ApiError)).toBe('gatewayUnavailable');
  });

  it.each<MockFailure>(['http500', 'badJson', 'network', 'notOk'])(
    'treats both gateways as inactive when the status call fails (%s)',
    async (kind) => {
      backend();
      server.use(failure('gateways', kind));
      const result = await store().dispatch(paymentsApi.endpoints.getGateways.initiate());
      expect(result.data).toEqual(GATEWAYS_FAILED);
      expect(result.data).toMatchObject({ code: 500, message: 'Failed to load gateways' });
    },
  );

  it('requests a payment with plan_id, email and gate in the query and returns the gateway URL', async () => {
    const state = backend();
    const result = await store().dispatch(
      paymentsApi.endpoints.requestPayment.initiate({ planId: 2, email: 'a@b.co', gate: 'spay' }),
    );
    // The new account's credentials travel in the fragment, which no server or proxy log sees (CONTRACTS §15).
    expect(result.data?.url).toMatch(/^\/paymentresult#data=[\w-]+$/);
    const url = new URL(seen[0]!.url);
    expect(url.pathname).toBe('/requestAccount2');
    expect(Object.fromEntries(url.searchParams)).toEqual({ plan_id: '2', email: 'a@b.co', gate: 'spay' });
    expect(state.purchases).toEqual([{ planId: 2, email: 'a@b.co', gate: 'spay' }]);
  });

  it('renews the logged-in account (issue #24): says which, and renew=0 asks for a new account', async () => {
    const state = backend({ loggedIn: true });
    const s = store();
    expect((await s.dispatch(paymentsApi.endpoints.getRenewal.initiate())).data).toMatchObject({
      username: 'demo',
      via: 'session',
    });
    const renewed = await s.dispatch(
      paymentsApi.endpoints.requestPayment.initiate({ planId: 2, email: 'a@b.co', gate: 'ird' }),
    );
    expect(renewed.data?.renews).toBe('demo');
    const result = decodePaymentResult(new URLSearchParams(new URL(renewed.data!.url, API).hash.slice(1)).get('data'));
    expect(result).toMatchObject({ status: 'success', renewed: true, username: 'demo', password: '' });
    const fresh = await s.dispatch(
      paymentsApi.endpoints.requestPayment.initiate({ planId: 2, email: 'a@b.co', gate: 'ird', renew: false }),
    );
    expect(fresh.data).not.toHaveProperty('renews');
    expect(new URL(seen.at(-1)!.url).searchParams.get('renew')).toBe('0');
    expect(state.purchases.map((p) => p.renew)).toEqual(['demo', undefined]);
  });

  it('knows no renewal when logged out, or when the call fails', async () => {
    backend();
    expect((await store().dispatch(paymentsApi.endpoints.getRenewal.initiate())).data).toBeNull();
    server.use(failure('renewal', 'http500'));
    expect((await store().dispatch(paymentsApi.endpoints.getRenewal.initiate())).data).toBeNull();
  });

  it('carries the server message of a refused purchase', async () => {
    backend({ gateways: { ird: 0, spay: 1 } });
    const result = await store().dispatch(
      paymentsApi.endpoints.requestPayment.initiate({ planId: 2, email: 'a@b.co', gate: 'ird' }),
    );
    expect(serverMessage(result.error as ApiError)).toBe('This payment gateway is not available right now.');
    // The server's code, as the server answers it (400 `gatewayUnavailable`).
    expect(result.error).toMatchObject({ kind: 'http', code: 400, errorCode: 'gatewayUnavailable' });
    expect(errorCodeOf(result.error)).toBe('gatewayUnavailable');
  });

  it('finds the message inside an HTTP error body, and none in a bare failure', async () => {
    backend();
    server.use(
      http.post('*/requestAccount2', () =>
        HttpResponse.json({ ok: false, message: 'Plan not found' }, { status: 404, statusText: 'Not Found' }),
      ),
    );
    const refused = await store().dispatch(
      paymentsApi.endpoints.requestPayment.initiate({ planId: 99, email: 'a@b.co', gate: 'ird' }),
    );
    expect(serverMessage(refused.error as ApiError)).toBe('Plan not found');
    const error = await fails('purchase', 'http500', (s) =>
      s.dispatch(paymentsApi.endpoints.requestPayment.initiate({ planId: 1, email: 'a@b.co', gate: 'ird' })),
    );
    expect(serverMessage(error)).toBeUndefined();
  });
});

describe('login and logout', () => {
  const login = (s: ReturnType<typeof store>, password = 'demo1234') =>
    s.dispatch(authApi.endpoints.login.initiate({ username: 'demo', password }));

  it('sends username and password as form fields in the body, never in the URL (CONTRACTS §15)', async () => {
    const state = backend();
    const result = await login(store());
    expect(result.data).toEqual({ username: 'demo' });
    expect(state.loggedIn).toBe(true);
    const request = seen[0]!;
    expect(request.url).toBe(`${API}/site_login`);
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(await request.text()))).toEqual({
      username: 'demo',
      password: 'demo1234',
    });
  });

  it('tells invalid credentials, throttling and network failures apart', async () => {
    backend();
    expect(loginFailure((await login(store(), 'wrong')).error)).toBe('invalid');
    server.use(failure('login', 'notOk'));
    expect(loginFailure((await login(store())).error)).toBe('invalid');
    server.use(http.post('*/site_login', () => errorResponse('tooManyAttempts', { of: 'login attempts' })));
    expect(loginFailure((await login(store())).error)).toBe('throttled');
    server.use(http.post('*/site_login', () => errorResponse('overloaded')));
    expect(loginFailure((await login(store())).error)).toBe('busy');
    server.use(http.post('*/site_login', () => errorResponse('unavailable')));
    expect(loginFailure((await login(store())).error)).toBe('busy');
    // By the code, never the status alone: an answer without one is SPEC §8's invalid credentials.
    server.use(
      http.post('*/site_login', () =>
        HttpResponse.json({ ok: false }, { status: 429, statusText: 'Too Many Requests' }),
      ),
    );
    expect(loginFailure((await login(store())).error)).toBe('invalid');
    server.use(failure('login', 'network'));
    expect(loginFailure((await login(store())).error)).toBe('network');
    server.use(failure('login', 'timeout'));
    expect(loginFailure((await login(store())).error)).toBe('network');
  });

  it('logs out on the server', async () => {
    const state = backend({ loggedIn: true });
    const result = await store().dispatch(authApi.endpoints.logout.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(state.loggedIn).toBe(false);
  });
});

describe('app info', () => {
  it('reads the Android and Windows links', async () => {
    backend();
    const result = await store().dispatch(appInfoApi.endpoints.getAppInfo.initiate());
    expect(result.data).toEqual({
      android: 'https://dl.separ.example/separ-android.apk',
      windows: 'https://dl.separ.example/separ-windows-setup.exe',
    });
  });

  it.each<MockFailure>(['http500', 'notOk', 'network'])('fails on %s (the page ignores it)', async (kind) => {
    await fails('appInfo', kind, (s) => s.dispatch(appInfoApi.endpoints.getAppInfo.initiate()));
  });
});

describe('the panel', () => {
  it('normalises the account, snake_case included', async () => {
    backend({ loggedIn: true });
    server.use(
      http.post('*/api/site/account', () =>
        HttpResponse.json({
          ok: true,
          username: 'x',
          expire_date: '2027-01-01',
          used_mb: 5,
          allowed_mb: 10,
          allowed_devices: 2,
          subs_days: 0,
        }),
      ),
    );
    const result = await store().dispatch(panelApi.endpoints.getAccount.initiate());
    expect(result.data).toMatchObject({ username: 'x', usedMB: 5, allowedMB: 10, allowedDevices: 2, devices: [] });
  });

  it('carries the account’s referral code when the server names one (CONTRACTS §12)', async () => {
    backend({ loggedIn: true });
    const mocked = await store().dispatch(panelApi.endpoints.getAccount.initiate());
    expect(mocked.data?.referralCode).toBe(MOCK_REFERRAL_CODE);
    server.use(http.post('*/api/site/account', () => HttpResponse.json({ ok: true, username: 'x' })));
    const without = await store().dispatch(panelApi.endpoints.getAccount.initiate());
    expect(without.data?.username).toBe('x');
    expect(without.data && 'referralCode' in without.data).toBe(false);
  });

  it.each<MockFailure>(['http500', 'badJson', 'timeout', 'notOk', 'unauthorized'])(
    'fails to load the account on %s',
    async (kind) => {
      await fails('account', kind, (s) => s.dispatch(panelApi.endpoints.getAccount.initiate()));
    },
  );

  it('loads servers and countries with the links already filled', async () => {
    backend({ loggedIn: true });
    const result = await store().dispatch(panelApi.endpoints.getServers.initiate());
    expect(result.data!.countries[0]).toEqual({ id: 'DE', title: 'آلمان' });
    expect(result.data!.servers[0]!.title).toBe('Germany 1 — demo-demo1234');
  });

  it.each<MockFailure>(['http500', 'notOk', 'badJson', 'timeout'])('fails to load servers on %s', async (kind) => {
    await fails('servers', kind, (s) => s.dispatch(panelApi.endpoints.getServers.initiate()));
  });

  it('treats a body without servers or countries as an error', async () => {
    backend({ loggedIn: true });
    server.use(http.post('*/api/site/servers', () => HttpResponse.json({ ok: true, servers: [] })));
    const result = await store().dispatch(panelApi.endpoints.getServers.initiate());
    expect(result.error).toMatchObject({ kind: 'api', message: 'Error loading server information' });
  });

  it('changes the password: the server message and code on ok false, success otherwise, and the servers and account reload', async () => {
    const state = backend({ loggedIn: true });
    const s = store();
    await s.dispatch(panelApi.endpoints.getServers.initiate());
    const before = (await s.dispatch(panelApi.endpoints.getAccount.initiate())).data?.subUrl;
    const wrong = await s.dispatch(panelApi.endpoints.changePassword.initiate({ current: 'nope12', next: 'abcdef1' }));
    expect(wrong.data).toEqual({ ok: false, message: 'Current password is incorrect', code: 'currentIncorrect' });
    // In the JSON body, never in the URL (CONTRACTS §15).
    const request = seen.find((r) => r.url.includes('changepassword'))!;
    expect(request.url).toBe(`${API}/api/site/changepassword`);
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(await request.text())).toEqual({ currentpassword: 'nope12', newpassword: 'abcdef1' });
    const common = await s.dispatch(
      panelApi.endpoints.changePassword.initiate({ current: 'demo1234', next: '123456' }),
    );
    expect(common.data).toEqual({ ok: false, message: 'Password is too common', code: 'passwordTooCommon' });
    const right = await s.dispatch(
      panelApi.endpoints.changePassword.initiate({ current: 'demo1234', next: 'abcdef1' }),
    );
    expect(right.data).toEqual({ ok: true, message: 'Password changed successfully.' });
    await vi.waitFor(() => expect(state.calls.servers).toBe(2));
    // The change replaced the subscription link: the account is fetched again with the new one.
    await vi.waitFor(() => expect(state.calls.account).toBe(2));
    const after = panelApi.endpoints.getAccount.select()(s.getState()).data?.subUrl;
    expect(after).toMatch(/\/sub\/\w+$/);
    expect(after).not.toBe(before);
    await vi.waitFor(() =>
      expect(panelApi.endpoints.getServers.select()(s.getState()).data?.servers[0]?.title).toBe(
        'Germany 1 — demo-abcdef1',
      ),
    );
  });

  it('unlinks a device: removed from the cached account at once, and the account reloads', async () => {
    const state = backend({ loggedIn: true, user: mockUser() });
    const s = store();
    await s.dispatch(panelApi.endpoints.getAccount.initiate());
    const result = await s.dispatch(panelApi.endpoints.unlinkDevice.initiate({ id: 'dev-android' }));
    expect(result.data).toEqual({ ok: true });
    expect(new URL(seen.find((r) => r.url.includes('unlink'))!.url).searchParams.get('sessionId')).toBe('dev-android');
    const cached = panelApi.endpoints.getAccount.select()(s.getState()).data!;
    expect(cached.devices.map((d) => d.id)).toEqual(['dev-windows']);
    await vi.waitFor(() => expect(state.calls.account).toBe(2));
  });

  it('keeps the device when the server refuses', async () => {
    backend({ loggedIn: true });
    const s = store();
    await s.dispatch(panelApi.endpoints.getAccount.initiate());
    const result = await s.dispatch(panelApi.endpoints.unlinkDevice.initiate({ id: 'nope' }));
    expect(result.error).toMatchObject({ kind: 'http', code: 404 });
    expect(panelApi.endpoints.getAccount.select()(s.getState()).data!.devices).toHaveLength(2);
  });
});

describe('the subscription link (CONTRACTS §7)', () => {
  it('reads subUrl with the account and the page data by its token', async () => {
    backend({ loggedIn: true });
    const s = store();
    const account = (await s.dispatch(panelApi.endpoints.getAccount.initiate())).data!;
    expect(account.subUrl).toMatch(/^http:\/\/backend\.test:2087\/sub\/[A-Za-z0-9_-]{16,}$/);
    const token = account.subUrl!.split('/').pop()!;
    const page = await s.dispatch(panelApi.endpoints.getSubscription.initiate(token));
    expect(page.data).toMatchObject({ subUrl: account.subUrl, account: { username: 'demo', devices: [] } });
    expect(page.data!.links).toBeGreaterThan(0);
    // Each link named, as the backend names them.
    expect(page.data!.linkNames).toHaveLength(page.data!.links);
    const asked = seen.find((request) => request.url.includes('/sub/'))!;
    expect(new URL(asked.url).searchParams.get('format')).toBe('json');
  });

  it('reads the data reset a subscription page carries (CONTRACTS §14), and none when its plan does not reset', async () => {
    const body = (extra: Record<string, unknown>) => ({
      ok: true,
      username: 'sp100200',
      expireDate: '2026-07-01T12:00:00.000Z',
      usedMB: 0,
      allowedMB: 1024,
      allowedDevices: 1,
      suspend: 0,
      subsDays: 0,
      ios: 0,
      devices: [],
      payments: [],
      subUrl: 'https://shop.separ.test/sub/Dm0SubT0kenSepar000001',
      links: 1,
      ...extra,
    });
    const read = async (extra: Record<string, unknown>) => {
      backend();
      server.use(http.get('*/sub/:token', () => HttpResponse.json(body(extra))));
      return (await store().dispatch(panelApi.endpoints.getSubscription.initiate('Dm0SubT0kenSepar000001'))).data!;
    };
    expect((await read({ reset: 'month', nextResetAt: '2026-06-22T08:30:00.000Z' })).dataReset).toEqual({
      period: 'month',
      nextAt: '2026-06-22T08:30:00.000Z',
    });
    expect((await read({ reset: 'day', nextResetAt: null })).dataReset).toEqual({ period: 'day', nextAt: null });
    expect((await read({})).dataReset).toBeUndefined();
    expect((await read({ reset: 'yearly' })).dataReset).toBeUndefined();
  });

  it('replaces the link: the cached account shows the new one and the old one is gone', async () => {
    backend({ loggedIn: true });
    const s = store();
    const before = (await s.dispatch(panelApi.endpoints.getAccount.initiate())).data!.subUrl!;
    const reset = await s.dispatch(panelApi.endpoints.resetSubscription.initiate());
    expect(reset.data!.subUrl).not.toBe(before);
    expect(panelApi.endpoints.getAccount.select()(s.getState()).data!.subUrl).toBe(reset.data!.subUrl);
    const old = await s.dispatch(panelApi.endpoints.getSubscription.initiate(before.split('/').pop()!));
    expect(isSubscriptionGone(old.error)).toBe(true);
    const fresh = await s.dispatch(panelApi.endpoints.getSubscription.initiate(reset.data!.subUrl.split('/').pop()!));
    expect(fresh.data!.subUrl).toBe(reset.data!.subUrl);
  });

  it('tells a failed page load from a replaced link', async () => {
    backend();
    server.use(failure('subscription', 'http500'));
    const result = await store().dispatch(panelApi.endpoints.getSubscription.initiate('Dm0SubT0kenSepar000001'));
    expect(result.error).toMatchObject({ kind: 'http', code: 500 });
    expect(isSubscriptionGone(result.error)).toBe(false);
    // A 404 that is not the subscription's (a proxy's page) says nothing of the link.
    server.use(http.get('*/sub/:token', () => new HttpResponse('gone', { status: 404 })));
    const other = await store().dispatch(panelApi.endpoints.getSubscription.initiate('Dm0SubT0kenSepar000001'));
    expect(isSubscriptionGone(other.error)).toBe(false);
  });

  it('fails a reset without a session', async () => {
    backend();
    const result = await store().dispatch(panelApi.endpoints.resetSubscription.initiate());
    expect(isUnauthorized(result.error)).toBe(true);
  });
});

describe('the wallet (CONTRACTS §10)', () => {
  const wallet = (s: ReturnType<typeof store>) => s.dispatch(walletApi.endpoints.wallet.initiate());
  const topup = (s: ReturnType<typeof store>, amount: number, gate: 'ird' | 'spay' = 'ird') =>
    s.dispatch(walletApi.endpoints.walletTopup.initiate({ amount, gate, lng: 'en' }));
  const fromWallet = (s: ReturnType<typeof store>, planId: number) =>
    s.dispatch(paymentsApi.endpoints.requestPayment.initiate({ planId, email: '', gate: 'wallet' }));

  it('reads the balance and the entries, newest first, each with the balance after it', async () => {
    backend({ loggedIn: true });
    const result = await wallet(store());
    expect(result.data?.balance).toBe(830_000);
    expect(result.data?.entries).toHaveLength(7);
    expect(result.data?.entries[0]).toEqual({
      id: 7,
      kind: 'topup',
      amount: 500_000,
      balance: 830_000,
      createdAt: '2026-11-20T09:30:00.000Z',
      ref: '1800000107',
    });
    expect(result.data?.entries.find((entry) => entry.kind === 'adjustment')?.ref).toBeNull();
    expect(new URL(seen[0]!.url).pathname).toBe('/api/site/wallet');
    expect(seen[0]!.method).toBe('POST');
  });

  it('ends the session without one (401 loginRequired), and reports a broken answer', async () => {
    backend();
    const result = await wallet(store());
    expect(result.error).toMatchObject({ kind: 'http', code: 401, errorCode: 'loginRequired' });
    expect(isUnauthorized(result.error)).toBe(true);
    expect(await fails('wallet', 'notOk', wallet)).toMatchObject({ kind: 'api', message: 'Something went wrong' });
  });

  it('starts a top-up with amount, gate and lng in the query: the sandbox bank’s page, nothing added yet', async () => {
    const state = backend({ loggedIn: true });
    const s = store();
    const result = await topup(s, 250_000, 'spay');
    expect(result.data?.url).toMatch(/\/sandbox\/pay\/MOCKTOPUP000001$/);
    const url = new URL(seen[0]!.url);
    expect(url.pathname).toBe('/api/site/wallet/topup');
    expect(Object.fromEntries(url.searchParams)).toEqual({ amount: '250000', gate: 'spay', lng: 'en' });
    expect(state.topups).toEqual([{ amount: 250_000, gate: 'spay' }]);
    expect(state.wallet.balance).toBe(830_000);
  });

  it('refuses a top-up by its code: out of bounds, an inactive gate, the wallet off, no session', async () => {
    backend({ loggedIn: true, gateways: { ird: 0, spay: 1 } });
    const s = store();
    expect(errorCodeOf((await topup(s, 9_999, 'spay')).error)).toBe('invalidTopupAmount');
    expect(errorCodeOf((await topup(s, 50_000_001, 'spay')).error)).toBe('invalidTopupAmount');
    expect((await topup(s, 10_000, 'spay')).data?.url).toContain('/sandbox/pay/');
    expect((await topup(s, 10_000, 'ird')).error).toMatchObject({ code: 400, errorCode: 'gatewayUnavailable' });
    backend({ loggedIn: true, gateways: { ird: 1, spay: 1, wallet: 0 } });
    expect((await topup(store(), 10_000)).error).toMatchObject({ code: 403, errorCode: 'walletDisabled' });
    backend();
    expect(errorCodeOf((await topup(store(), 10_000)).error)).toBe('loginRequired');
  });

  it('pays a plan’s credit price from the balance (gate=wallet, no e-mail) and the wallet reloads', async () => {
    const state = backend({ loggedIn: true });
    const s = store();
    await wallet(s);
    // Plan 4: 2,400,000 through a gate, 1,900,000 from the wallet; plan 2: 290,000 from the wallet.
    const refused = await fromWallet(s, 4);
    expect(refused.error).toMatchObject({ kind: 'http', code: 402, errorCode: 'insufficientBalance' });
    expect(serverMessage(refused.error as ApiError)).toBe('Insufficient balance');
    expect(state.wallet.balance).toBe(830_000);
    const paid = await fromWallet(s, 2);
    expect(paid.data?.url).toMatch(/^\/paymentresult#data=/);
    expect(paid.data?.renews).toBe('demo');
    expect(Object.fromEntries(new URL(seen.at(-1)!.url).searchParams)).toEqual({ plan_id: '2', gate: 'wallet' });
    expect(state.wallet.balance).toBe(540_000);
    expect(state.wallet.entries[0]).toMatchObject({ kind: 'purchase', amount: -290_000, balance: 540_000 });
    // The cached wallet was invalidated: it loads again with the new balance.
    await vi.waitFor(() => expect(walletApi.endpoints.wallet.select()(s.getState()).data?.balance).toBe(540_000));
  });

  it('refuses gate=wallet without a session and with the wallet off', async () => {
    backend();
    const signedOut = await fromWallet(store(), 2);
    expect(signedOut.error).toMatchObject({ code: 401, errorCode: 'signInToPayFromWallet' });
    // Not the end of a session: nothing to sign out of.
    expect(isUnauthorized(signedOut.error)).toBe(false);
    backend({ loggedIn: true, gateways: { ird: 1, spay: 1, wallet: 0 } });
    expect(errorCodeOf((await fromWallet(store(), 2)).error)).toBe('walletDisabled');
  });
});
