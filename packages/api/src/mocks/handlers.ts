/**
 * A mock of Separ's backend as MSW handlers: the calls of SPEC §7 and CONTRACTS §3 with an
 * in-memory account, so that Storybook, the api and web tests and the web app's mock mode all run
 * on one description of the network. Error variants come from {@link failure}.
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import {
  encodePaymentResult,
  isGateway,
  isPlanDisplayable,
  isValidEmail,
  maxPasswordLength,
  type RawPlan,
  USER_TOKEN_COOKIE,
  USERNAME_COOKIE,
  validatePasswordChange,
} from '@separ/domain';
import {
  MOCK_APP_LINKS,
  MOCK_COMMON_PASSWORDS,
  MOCK_COUNTRIES,
  MOCK_PLANS,
  MOCK_SERVERS,
  MOCK_SUB_TOKEN,
  mockUser,
  type MockUser,
} from './fixtures.ts';
import { PUBLIC_ROUTES, SUBSCRIPTION_ROUTES, type RouteContract } from '@separ/domain/contract';
import { checkResponse } from './contract.ts';
import { createAdminMockBackend, type AdminMockOptions, type AdminMockState } from './adminHandlers.ts';
import { errorResponse } from './errors.ts';

/** Where the mock's login cookies land. In a browser, the page's own cookies, as a real backend's would. */
export interface CookieJar {
  set(name: string, value: string): void;
  remove(name: string): void;
}

export const documentCookieJar: CookieJar = {
  set(name, value) {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  },
  remove(name) {
    document.cookie = `${name}=; path=/; max-age=0`;
  },
};

const noCookies: CookieJar = { set: () => undefined, remove: () => undefined };

export interface MockBackendOptions {
  user?: MockUser;
  plans?: RawPlan[];
  gateways?: { ird: 0 | 1; spay: 0 | 1 };
  /** Start with a session (the panel's stories and tests). */
  loggedIn?: boolean;
  /** Pause before each answer, in ms (mock mode feels like a network). */
  latencyMs?: number;
  /** Defaults to the document's cookies when there is a document. */
  cookies?: CookieJar;
  /**
   * The origin of the subscription links (default: the request's, as the backend without
   * SEPAR_PUBLIC_URL). Stories fix it, so that their screenshots do not depend on the test server's port.
   */
  origin?: string;
  /** The operators' admin API (`/api/admin/*`, adminHandlers.ts): its session and data. */
  admin?: AdminMockOptions;
}

export interface MockState {
  user: MockUser;
  plans: RawPlan[];
  gateways: { ird: 0 | 1; spay: 0 | 1 };
  loggedIn: boolean;
  /** Every purchase request the mock accepted (`renew`: the account it renews, when logged in). */
  purchases: Array<{ planId: number; email: string; gate: string; renew?: string }>;
  /** The bot link codes the mock made, last one live. */
  botCodes: string[];
  /** The token of the account's subscription link (CONTRACTS §7); replaced by a reset. */
  subToken: string;
  /** Counts of requests per endpoint, for tests that check what was (re)fetched. */
  calls: Record<MockEndpoint, number>;
  /** The admin API's state: its session, data and calls. */
  admin: AdminMockState;
}

export const MOCK_ENDPOINTS = {
  plans: ['get', '*/getTelPlans'],
  gateways: ['get', '*/site_gateways'],
  purchase: ['post', '*/requestAccount2'],
  login: ['post', '*/site_login'],
  appInfo: ['get', '*/appinfo'],
  account: ['post', '*/api/site/account'],
  changePassword: ['post', '*/api/site/changepassword'],
  servers: ['post', '*/api/site/servers'],
  unlinkDevice: ['post', '*/api/site/unlinkdevice'],
  logout: ['post', '*/api/site/logout'],
  subscription: ['get', '*/sub/:token'],
  resetSubscription: ['post', '*/api/site/sub/reset'],
  renewal: ['post', '*/api/site/renewal'],
  botCode: ['post', '*/api/site/botcode'],
} as const satisfies Record<string, readonly ['get' | 'post', string]>;

export type MockEndpoint = keyof typeof MOCK_ENDPOINTS;

/** The contract's routes the mock's answers are checked against (the others are not in it yet). */
const MOCK_CONTRACT: Partial<Record<MockEndpoint, RouteContract>> = {
  plans: PUBLIC_ROUTES.plans,
  subscription: SUBSCRIPTION_ROUTES.subscription,
};

const unauthorized = () => errorResponse('loginRequired');

function fill(text: string, user: MockUser): string {
  return text.replaceAll('xxx', `${user.username}-${user.password}`);
}

/**
 * A request's fields: those of its body (form-urlencoded or JSON, as the web app sends credentials,
 * CONTRACTS §15), over those of its query string (the spec's clients, still accepted).
 */
async function fieldsOf(request: Request): Promise<URLSearchParams> {
  const fields = new URLSearchParams(new URL(request.url).searchParams);
  const text = await request.clone().text();
  if (!text) return fields;
  let body: Record<string, unknown> = {};
  if ((request.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded')) {
    body = Object.fromEntries(new URLSearchParams(text));
  } else {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      return fields;
    }
  }
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string' || typeof value === 'number') fields.set(key, String(value));
  }
  return fields;
}

function languageOf(request: Request): 'fa' | 'en' {
  const url = new URL(request.url);
  const query = url.searchParams.get('lng');
  if (query === 'en' || query === 'fa') return query;
  const cookie = request.headers.get('cookie') ?? (typeof document === 'undefined' ? '' : document.cookie);
  return /(?:^|;\s*)i18next=en\b/.test(cookie) ? 'en' : 'fa';
}

/** A fresh mock backend: its handlers and the state they share. */
export function createMockBackend(options: MockBackendOptions = {}): { handlers: HttpHandler[]; state: MockState } {
  const cookies = options.cookies ?? (typeof document === 'undefined' ? noCookies : documentCookieJar);
  const admin = createAdminMockBackend({
    cookies,
    ...(options.latencyMs ? { latencyMs: options.latencyMs } : {}),
    ...(options.origin ? { origin: options.origin } : {}),
    ...options.admin,
  });
  const state: MockState = {
    user: options.user ?? mockUser(),
    plans: options.plans ?? MOCK_PLANS,
    gateways: options.gateways ?? { ird: 1, spay: 1 },
    loggedIn: options.loggedIn ?? false,
    purchases: [],
    botCodes: [],
    subToken: MOCK_SUB_TOKEN,
    calls: Object.fromEntries(Object.keys(MOCK_ENDPOINTS).map((key) => [key, 0])) as MockState['calls'],
    admin: admin.state,
  };
  const wait = async () => {
    if (options.latencyMs) await delay(options.latencyMs);
  };
  const route = (
    endpoint: MockEndpoint,
    resolve: (request: Request, query: URLSearchParams) => Response | Promise<Response>,
  ): HttpHandler => {
    const [method, path] = MOCK_ENDPOINTS[endpoint];
    const contract = MOCK_CONTRACT[endpoint];
    return http[method](path, async ({ request }) => {
      state.calls[endpoint] += 1;
      await wait();
      const response = await resolve(request, new URL(request.url).searchParams);
      return contract ? checkResponse(endpoint, contract, response) : response;
    });
  };
  /** A new subscription token: the old link answers 404 from now on. */
  const replaceSubToken = () => {
    const count = Number(state.subToken.slice(-6)) + 1;
    state.subToken = `${MOCK_SUB_TOKEN.slice(0, -6)}${String(count).padStart(6, '0')}`;
  };
  const subUrl = (request: Request) => `${options.origin ?? new URL(request.url).origin}/sub/${state.subToken}`;
  const signedIn = (resolve: (request: Request, query: URLSearchParams) => Response) => {
    return (request: Request, query: URLSearchParams) => (state.loggedIn ? resolve(request, query) : unauthorized());
  };

  const handlers: HttpHandler[] = [
    route('plans', () => HttpResponse.json({ ok: true, code: 200, data: state.plans })),
    route('gateways', () =>
      HttpResponse.json({
        ok: true,
        code: 200,
        message: 'OK',
        ird_auto_active: state.gateways.ird,
        spay_auto_active: state.gateways.spay,
      }),
    ),
    route('purchase', (_request, query) => {
      const planId = Number(query.get('plan_id'));
      const email = query.get('email') ?? '';
      const gate = query.get('gate') ?? '';
      const plan = state.plans.find((p) => p.id === planId);
      if (!plan || !isPlanDisplayable(plan)) return errorResponse('planNotFound');
      if (!isValidEmail(email)) return errorResponse('invalidEmail');
      if (!isGateway(gate)) return errorResponse('unknownGateway');
      if (state.gateways[gate] !== 1) return errorResponse('gatewayUnavailable');
      // Logged in: the purchase renews the account (issue #24), unless renew=0 asks for a new one.
      const renews = state.loggedIn && query.get('renew') !== '0' ? state.user.username : null;
      state.purchases.push({ planId, email, gate, ...(renews ? { renew: renews } : {}) });
      const number = 1_800_000_000 + state.purchases.length;
      const paid = {
        status: 'success' as const,
        resnum: String(number),
        refnum: `MOCK-${number}`,
        amount: (JSON.parse(plan.price_toman) as Record<string, number>)['100']! * 10,
        time: '2026-11-22 10:30:00',
      };
      const data = encodePaymentResult(
        renews
          ? { ...paid, username: renews, password: '', renewed: 1 }
          : { ...paid, username: `user${number}`, password: 'Mock' + String(number).slice(-4) },
      );
      // The mock "gateway" answers at once: straight to the result page, as the gateway return would,
      // with the new account's credentials in the fragment, which no server or proxy log sees.
      return HttpResponse.json({
        ok: true,
        url: `/paymentresult#data=${data}`,
        message: 'OK',
        ...(renews ? { renew: { username: renews } } : {}),
      });
    }),
    route('renewal', () =>
      HttpResponse.json({
        ok: true,
        renewal: state.loggedIn
          ? {
              username: state.user.username,
              via: 'session',
              expireDate: state.user.expireDate,
              subsDays: state.user.subsDays,
            }
          : null,
      }),
    ),
    route(
      'botCode',
      signedIn(() => {
        const code = String(48_213_907 + state.botCodes.length * 1_111_111).padStart(8, '0');
        state.botCodes.push(code);
        return HttpResponse.json({ ok: true, code, expiresAt: '2026-06-01T12:10:00.000Z', minutes: 10 });
      }),
    ),
    route('login', async (request) => {
      const fields = await fieldsOf(request);
      const username = fields.get('username') ?? '';
      const password = fields.get('password') ?? '';
      if (username !== state.user.username || password !== state.user.password) return errorResponse('bad_credentials');
      state.loggedIn = true;
      cookies.set(USERNAME_COOKIE, username);
      return HttpResponse.json({ ok: true, username });
    }),
    route('logout', () => {
      state.loggedIn = false;
      cookies.remove(USERNAME_COOKIE);
      cookies.remove(USER_TOKEN_COOKIE);
      return HttpResponse.json({ ok: true });
    }),
    route('appInfo', () => HttpResponse.json({ ok: true, data: [MOCK_APP_LINKS] })),
    route(
      'account',
      signedIn((request) => {
        const { password: _password, ...account } = state.user;
        return HttpResponse.json({ ok: true, ...account, subUrl: subUrl(request) });
      }),
    ),
    route('subscription', (request) => {
      const url = new URL(request.url);
      const token = url.pathname.split('/').pop();
      if (token !== state.subToken) return errorResponse('subscriptionNotFound');
      const { password: _password, devices: _devices, payments: _payments, ...account } = state.user;
      return HttpResponse.json({
        ok: true,
        ...account,
        devices: [],
        payments: [],
        subUrl: subUrl(request),
        links: MOCK_SERVERS.length,
      });
    }),
    route(
      'resetSubscription',
      signedIn((request) => {
        replaceSubToken();
        return HttpResponse.json({ ok: true, subUrl: subUrl(request) });
      }),
    ),
    route('changePassword', async (request) => {
      if (!state.loggedIn) return unauthorized();
      const fields = await fieldsOf(request);
      const current = fields.get('currentpassword') ?? '';
      const next = fields.get('newpassword') ?? '';
      // As the server: the refusals answer 200 `{ ok: false, message, code }` (the table's status).
      const rule = validatePasswordChange({ current, next, confirm: next });
      if (rule) return errorResponse(rule);
      if (next.length > maxPasswordLength()) return errorResponse('tooLong', { max: maxPasswordLength() });
      if (MOCK_COMMON_PASSWORDS.includes(next.toLowerCase())) return errorResponse('passwordTooCommon');
      if (current !== state.user.password) return errorResponse('currentIncorrect');
      // As the backend (CONTRACTS §15): a new subscription link, and every app device signed out.
      replaceSubToken();
      state.user = { ...state.user, password: next, devices: [] };
      return HttpResponse.json({ ok: true, message: 'Password changed successfully.' });
    }),
    route(
      'servers',
      signedIn((request) => {
        const lng = languageOf(request);
        return HttpResponse.json({
          ok: true,
          servers: MOCK_SERVERS.map((s) => ({
            ...s,
            title: fill(s.title, state.user),
            server: fill(s.server, state.user),
          })),
          countries: MOCK_COUNTRIES.map((c) => ({ id: c.id, title: lng === 'fa' ? c.title_fa : c.title })),
        });
      }),
    ),
    route(
      'unlinkDevice',
      signedIn((_request, query) => {
        const id = query.get('sessionId');
        const before = state.user.devices.length;
        state.user = { ...state.user, devices: state.user.devices.filter((d) => d.id !== id) };
        if (state.user.devices.length === before) return errorResponse('deviceNotFound');
        return HttpResponse.json({ ok: true });
      }),
    ),
    ...admin.handlers,
  ];
  return { handlers, state };
}

/** The ways a call can fail, for stories and tests of every error path (SPEC §8). */
export type MockFailure =
  | 'http500'
  | 'unauthorized'
  | 'badJson'
  | 'timeout'
  | 'network'
  | 'notOk'
  /** The plans service answers `code: 500` (`API returned error: 500`). */
  | 'apiCode'
  /** An empty list (plans) or empty servers and countries. */
  | 'empty';

/** A handler that makes one endpoint fail in one way; put it before the others (`server.use(...)`). */
export function failure(endpoint: MockEndpoint, kind: MockFailure, message = 'Something went wrong'): HttpHandler {
  const [method, path] = MOCK_ENDPOINTS[endpoint];
  return http[method](path, async () => {
    switch (kind) {
      case 'http500':
        return new HttpResponse('upstream exploded', { status: 500, statusText: 'Internal Server Error' });
      case 'unauthorized':
        return unauthorized();
      case 'badJson':
        return new HttpResponse('<html>not json</html>', {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      case 'timeout':
        await delay('infinite');
        return HttpResponse.json({ ok: true });
      case 'network':
        return HttpResponse.error();
      case 'notOk':
        return HttpResponse.json({ ok: false, code: 400, message });
      case 'apiCode':
        return HttpResponse.json({ ok: true, code: 500, data: [] });
      case 'empty':
        return HttpResponse.json({ ok: true, code: 200, data: [], servers: [], countries: [] });
    }
  });
}

/** Never answers (the loading states of stories). */
export function pending(endpoint: MockEndpoint): HttpHandler {
  const [method, path] = MOCK_ENDPOINTS[endpoint];
  return http[method](path, async () => {
    await delay('infinite');
    return HttpResponse.json({ ok: true });
  });
}
