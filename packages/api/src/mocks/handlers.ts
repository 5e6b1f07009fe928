/**
 * A mock of Separ's backend as MSW handlers: the calls of SPEC §7 and CONTRACTS §3 with an
 * in-memory account, so that Storybook, the api and web tests and the web app's mock mode all run
 * on one description of the network. Error variants come from {@link failure}.
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import {
  applyCoupon,
  CARD_GATE,
  CARD_OFFSET,
  canDisconnect,
  freeCardAmounts,
  encodePaymentResult,
  normalizeTracking,
  parseServer,
  RECEIPT_IMAGE_MAX_BYTES,
  isCryptoGate,
  isGateway,
  isPlanDisplayable,
  isValidEmail,
  normalizeCouponCode,
  normalizeGiftCode,
  maxPasswordLength,
  parsePriceMap,
  PRICE_KEY,
  type RawPlan,
  USER_TOKEN_COOKIE,
  USERNAME_COOKIE,
  usdPrice,
  validatePasswordChange,
  type WalletEntry,
} from '@separ/domain';
import {
  MOCK_APP_LINKS,
  MOCK_CARD,
  MOCK_CARD_MINUTES,
  mockCardOrders,
  type MockCardOrder,
  MOCK_COUPONS,
  type MockCoupon,
  mockGifts,
  type MockGift,
  MOCK_COMMON_PASSWORDS,
  MOCK_COUNTRIES,
  MOCK_PLANS,
  MOCK_SERVERS,
  MOCK_SUB_TOKEN,
  mockUser,
  mockWallet,
  type MockUser,
} from './fixtures.ts';
import {
  CARD_ROUTES,
  GROWTH_ROUTES,
  LOGIN_LIMITS,
  PANEL_LIMITS,
  PANEL_ROUTES,
  PAYMENT_ROUTES,
  PUBLIC_ROUTES,
  PURCHASE_LIMITS,
  SITE_ROUTES,
  SUBSCRIPTION_ROUTES,
  WALLET_ROUTES,
  type RouteContract,
} from '@separ/domain/contract';
import { checkResponse, refusePlainRequest } from './contract.ts';
import { createAdminMockBackend, type AdminMockOptions, type AdminMockState } from './adminHandlers.ts';
import { errorResponse, errorResponseWithMessage } from './errors.ts';

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
  /** The gates on offer; `card` (CONTRACTS §11) and the crypto gates (§12) are off unless given. */
  gateways?: MockGateways;
  /**
   * The shop's toman-per-dollar rate (CONTRACTS §12; 0 or absent: none). With it the plans carry
   * `price_usd`, a discount code's quote its `price_usd`, and the crypto gates may be chosen.
   */
  tomanPerUsd?: number;
  /** The card orders (CONTRACTS §11), by order number; the fixed ones of MOCK_CARD_RES_NUMS when not given. */
  cardOrders?: Record<string, MockCardOrder>;
  /** The account's wallet (CONTRACTS §10); the demo's seven entries when not given. */
  wallet?: { balance: number; entries: WalletEntry[] };
  /** The discount codes (CONTRACTS §12) by their upper-case spelling; MOCK_COUPONS when not given. */
  coupons?: Record<string, MockCoupon>;
  /** The gift codes (CONTRACTS §12) by their one spelling; mockGifts() when not given. */
  gifts?: Record<string, MockGift>;
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

/** Which gates `/site_gateways` says are active. */
export interface MockGateways {
  ird: 0 | 1;
  spay: 0 | 1;
  wallet?: 0 | 1;
  card?: 0 | 1;
  /** CONTRACTS §12: the crypto gateways, and the sandbox crypto page (issue 31). */
  oxapay?: 0 | 1;
  nowpayments?: 0 | 1;
  sandboxcrypto?: 0 | 1;
}

export interface MockState {
  user: MockUser;
  plans: RawPlan[];
  gateways: MockGateways;
  /** The shop's toman-per-dollar rate (0: none). */
  tomanPerUsd: number;
  /**
   * The card orders by order number: the fixed ones (MOCK_CARD_RES_NUMS) and those a purchase or a
   * top-up with `gate=card` placed. A test moves one on (paid, rejected) as an operator would.
   */
  cardOrders: Record<string, MockCardOrder>;
  loggedIn: boolean;
  /**
   * Every purchase request the mock accepted (`renew`: the account it renews, when logged in;
   * `coupon`: the discount code it took, with the price after it).
   */
  purchases: Array<{ planId: number; email: string; gate: string; renew?: string; coupon?: string; price?: number }>;
  /** The discount codes by their upper-case spelling (a test may use one up meanwhile). */
  coupons: Record<string, MockCoupon>;
  /** The gift codes by their one spelling; a redeemed one turns `used`. */
  gifts: Record<string, MockGift>;
  /** The account's wallet: its balance in tomans and its entries, newest first. */
  wallet: { balance: number; entries: WalletEntry[] };
  /** Every top-up the mock started (pending: the sandbox bank would settle it). */
  topups: Array<{ amount: number; gate: string }>;
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
  wallet: ['post', '*/api/site/wallet'],
  walletTopup: ['post', '*/api/site/wallet/topup'],
  coupon: ['post', '*/api/site/coupon'],
  giftRedeem: ['post', '*/api/site/wallet/redeem'],
  cardTransfer: ['get', '*/api/site/card/:resNum'],
  cardReceipt: ['post', '*/api/site/card/:resNum/receipt'],
} as const satisfies Record<string, readonly ['get' | 'post', string]>;

export type MockEndpoint = keyof typeof MOCK_ENDPOINTS;

/**
 * The contract's routes of the mock's endpoints: what each receives is refused as the server's
 * schemas refuse it, and what it sends is checked against the route's answers.
 */
const MOCK_CONTRACT: Partial<Record<MockEndpoint, RouteContract>> = {
  plans: PUBLIC_ROUTES.plans,
  appInfo: PUBLIC_ROUTES.appInfo,
  gateways: PAYMENT_ROUTES.gateways,
  purchase: PAYMENT_ROUTES.purchase,
  renewal: PAYMENT_ROUTES.renewal,
  login: SITE_ROUTES.login,
  logout: SITE_ROUTES.logout,
  account: PANEL_ROUTES.account,
  changePassword: PANEL_ROUTES.changePassword,
  servers: PANEL_ROUTES.servers,
  unlinkDevice: PANEL_ROUTES.unlinkDevice,
  resetSubscription: PANEL_ROUTES.resetSubscription,
  botCode: PANEL_ROUTES.botCode,
  subscription: SUBSCRIPTION_ROUTES.subscription,
  wallet: WALLET_ROUTES.wallet,
  walletTopup: WALLET_ROUTES.topup,
  coupon: GROWTH_ROUTES.coupon,
  giftRedeem: GROWTH_ROUTES.redeem,
  cardTransfer: CARD_ROUTES.transfer,
  cardReceipt: CARD_ROUTES.receipt,
};

/** What a receipt image is, by its first bytes, as the server tells it (PNG, JPEG or WebP); null: none of them. */
function imageKind(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | null {
  const starts = (at: number, ...expected: number[]) => expected.every((byte, i) => bytes[at + i] === byte);
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

/** A receipt image's bytes as one text, to tell one image sent twice. */
function imageKey(bytes: Uint8Array): string {
  let key = '';
  for (const byte of bytes) key += byte.toString(16).padStart(2, '0');
  return key;
}

const unauthorized = () => errorResponse('loginRequired');

function fill(text: string, user: MockUser): string {
  return text.replaceAll('xxx', `${user.username}-${user.password}`);
}

/** A request's body as the server reads it: JSON or form fields; undefined when empty or of another type. */
async function bodyOf(request: Request): Promise<{ body: unknown } | 'invalidJson'> {
  const text = await request.clone().text();
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    const form: Record<string, string | string[]> = {};
    for (const [name, value] of new URLSearchParams(text)) {
      const before = form[name];
      form[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
    return { body: form };
  }
  if (!type.includes('application/json') || text.trim() === '') return { body: undefined };
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return 'invalidJson';
  }
}

/**
 * A request parameter as the server reads it (`param()`): from the query string (as the spec's
 * clients send it), else from the body (form-urlencoded or JSON, as the web app sends credentials,
 * CONTRACTS §15); a number is its text, a repeated field its first value.
 */
type Param = (name: string) => string | undefined;

async function paramsOf(request: Request): Promise<Param> {
  const query = new URL(request.url).searchParams;
  const read = await bodyOf(request);
  const body = read !== 'invalidJson' && read.body && typeof read.body === 'object' ? read.body : {};
  return (name) => {
    const value = query.get(name) ?? (body as Record<string, unknown>)[name];
    const first = Array.isArray(value) ? (value[0] as unknown) : value;
    if (typeof first === 'number') return Array.isArray(value) ? undefined : String(first);
    return typeof first === 'string' ? first : undefined;
  };
}

/** A required, non-blank parameter of at most `max` characters, else the server's refusal. */
function required(param: Param, name: string, max: number): string | Response {
  const value = param(name);
  if (value === undefined || value.trim() === '') return errorResponse('missingParameter', { name });
  if (value.length > max) return errorResponse('parameterTooLong', { name });
  return value;
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
    tomanPerUsd: options.tomanPerUsd ?? 0,
    cardOrders: options.cardOrders ?? mockCardOrders(),
    loggedIn: options.loggedIn ?? false,
    purchases: [],
    coupons: structuredClone(options.coupons ?? MOCK_COUPONS),
    gifts: options.gifts ?? mockGifts(),
    wallet: options.wallet ?? mockWallet(),
    topups: [],
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
    resolve: (
      request: Request,
      query: URLSearchParams,
      params: Record<string, string | undefined>,
    ) => Response | Promise<Response>,
  ): HttpHandler => {
    const [method, path] = MOCK_ENDPOINTS[endpoint];
    const contract = MOCK_CONTRACT[endpoint];
    return http[method](path, async ({ request, params }) => {
      state.calls[endpoint] += 1;
      await wait();
      const query = new URL(request.url).searchParams;
      const given = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
      if (contract) {
        // As the server: a body that is not JSON, then what the route's schemas refuse.
        const read = await bodyOf(request);
        if (read === 'invalidJson') return checkResponse(endpoint, contract, errorResponse('invalidJson'));
        const refused = refusePlainRequest(contract, { params: given, query, body: read.body });
        if (refused) return checkResponse(endpoint, contract, errorResponseWithMessage('invalid', refused.message));
      }
      const response = await resolve(request, query, given);
      return contract ? checkResponse(endpoint, contract, response) : response;
    });
  };
  /** A new subscription token: the old link answers 404 from now on. */
  const replaceSubToken = () => {
    const count = Number(state.subToken.slice(-6)) + 1;
    state.subToken = `${MOCK_SUB_TOKEN.slice(0, -6)}${String(count).padStart(6, '0')}`;
  };
  const subUrl = (request: Request) => `${options.origin ?? new URL(request.url).origin}/sub/${state.subToken}`;
  const walletOn = () => (state.gateways.wallet ?? 1) === 1;
  /** A crypto gate (CONTRACTS §12) may be chosen: on, and the shop has a rate. */
  const cryptoOn = (gate: 'oxapay' | 'nowpayments' | 'sandboxcrypto') =>
    state.gateways[gate] === 1 && state.tomanPerUsd > 0;
  /** A plan with its dollar price at the shop's rate, as /getTelPlans sends it. */
  const withUsd = (plan: RawPlan): RawPlan => {
    const usd = usdPrice(parsePriceMap(plan.price_toman)[PRICE_KEY] ?? 0, state.tomanPerUsd);
    return usd === null ? plan : { ...plan, price_usd: usd };
  };
  /** A new entry on top of the ledger, the balance after it kept (CONTRACTS §10). */
  const addEntry = (kind: WalletEntry['kind'], amount: number, ref: string | null) => {
    state.wallet.balance += amount;
    const id = Math.max(0, ...state.wallet.entries.map((entry) => entry.id)) + 1;
    const createdAt = '2026-11-22T10:30:00.000Z';
    state.wallet.entries.unshift({ id, kind, amount, balance: state.wallet.balance, createdAt, ref });
  };
  /**
   * A new card order for `tomans`: the price in rials plus the smallest offset (whole tomans) no
   * open card order has, due in an hour; its transfer page's address.
   */
  const placeCardOrder = (request: Request, resNum: string, tomans: number): string => {
    const taken = new Set(
      Object.values(state.cardOrders)
        .filter((order) => order.state === 'awaiting_transfer' || order.state === 'awaiting_review')
        .map((order) => order.amount),
    );
    const amount = freeCardAmounts(tomans, taken, 1)[0] ?? tomans * 10 + CARD_OFFSET.min;
    const expiresAt = new Date(Date.now() + MOCK_CARD_MINUTES * 60_000).toISOString();
    state.cardOrders[resNum] = { state: 'awaiting_transfer', amount, expiresAt };
    return `${options.origin ?? new URL(request.url).origin}/payment/card/${resNum}`;
  };
  /** The card order a path names, moved to expired once its deadline passed without a receipt. */
  const cardOrderOf = (resNum: string): MockCardOrder | undefined => {
    const order = Object.hasOwn(state.cardOrders, resNum) ? state.cardOrders[resNum] : undefined;
    if (order?.state === 'awaiting_transfer' && Date.parse(order.expiresAt) <= Date.now()) order.state = 'expired';
    return order;
  };
  /**
   * A discount code for a plan, as the server quotes it: the price after it and the discount off
   * `price` (tomans), or the reason it does not apply.
   */
  const couponQuote = (given: string, planId: number, price: number) => {
    const code = normalizeCouponCode(given);
    const coupon = code && Object.hasOwn(state.coupons, code) ? state.coupons[code] : undefined;
    if (!code || !coupon) return 'couponUnknown' as const;
    if (coupon.refusal) return coupon.refusal;
    if (coupon.plans && !coupon.plans.includes(planId)) return 'couponNotForPlan' as const;
    const value = coupon.percent !== undefined ? { percent: coupon.percent } : { amount: coupon.amount ?? 0 };
    return { code, ...applyCoupon(price, value) };
  };
  const signedIn = (resolve: (request: Request, query: URLSearchParams) => Response) => {
    return (request: Request, query: URLSearchParams) => (state.loggedIn ? resolve(request, query) : unauthorized());
  };

  const handlers: HttpHandler[] = [
    route('plans', () =>
      HttpResponse.json({
        ok: true,
        code: 200,
        // With the shop's rate, each plan's dollar price, as the server adds it (CONTRACTS §12).
        data: state.tomanPerUsd > 0 ? state.plans.map((plan) => withUsd(plan)) : state.plans,
      }),
    ),
    route('gateways', () =>
      HttpResponse.json({
        ok: true,
        code: 200,
        message: 'OK',
        ird_auto_active: state.gateways.ird,
        spay_auto_active: state.gateways.spay,
        wallet_active: state.gateways.wallet ?? 1,
        card_active: state.gateways.card ?? 0,
        // The crypto gates invoice in dollars: on offer only with the shop's rate.
        oxapay_active: cryptoOn('oxapay') ? 1 : 0,
        nowpayments_active: cryptoOn('nowpayments') ? 1 : 0,
        crypto_sandbox_active: cryptoOn('sandboxcrypto') ? 1 : 0,
      }),
    ),
    route('purchase', async (request) => {
      // As the server: each field present and short enough, then the plan, the e-mail and the gate.
      const param = await paramsOf(request);
      const planField = required(param, 'plan_id', PURCHASE_LIMITS.plan_id);
      if (planField instanceof Response) return planField;
      // From the wallet the e-mail may be left out (CONTRACTS §10): the receipt is the account's.
      const fromWallet = param('gate') === 'wallet';
      const emailField = fromWallet && !param('email')?.trim() ? '' : required(param, 'email', PURCHASE_LIMITS.email);
      if (emailField instanceof Response) return emailField;
      const gate = required(param, 'gate', PURCHASE_LIMITS.gate);
      if (gate instanceof Response) return gate;
      const planId = Number(planField);
      const email = emailField.trim();
      const plan = state.plans.find((p) => p.id === planId);
      if (!plan || !isPlanDisplayable(plan)) return errorResponse('planNotFound');
      if (email !== '' && !isValidEmail(email)) return errorResponse('invalidEmail');
      // A discount code (CONTRACTS §12): refused by its reason before the gate, else the order's price.
      const couponField = param('coupon')?.trim();
      const listed = (fromWallet ? parsePriceMap(plan.price_credit) : parsePriceMap(plan.price_toman))[PRICE_KEY] ?? 0;
      const quote = couponField ? couponQuote(couponField, planId, listed) : null;
      if (typeof quote === 'string') return errorResponse(quote);
      let credit: number | null = null;
      if (fromWallet) {
        // As the server: a session, the wallet on, then a balance that covers the credit price.
        if (!state.loggedIn) return errorResponse('signInToPayFromWallet');
        if (!walletOn()) return errorResponse('walletDisabled');
        credit = quote?.price ?? listed;
        if (state.wallet.balance < credit) return errorResponse('insufficientBalance');
      } else if (gate === CARD_GATE) {
        if (state.gateways.card !== 1) return errorResponse('gatewayUnavailable');
      } else if (isCryptoGate(gate)) {
        if (!cryptoOn(gate)) return errorResponse('gatewayUnavailable');
      } else {
        if (!isGateway(gate)) return errorResponse('unknownGateway');
        if (state.gateways[gate] !== 1) return errorResponse('gatewayUnavailable');
      }
      // Logged in: the purchase renews the account (issue #24), unless renew=0 asks for a new one.
      const renews = state.loggedIn && param('renew') !== '0' ? state.user.username : null;
      state.purchases.push({
        planId,
        email,
        gate,
        ...(renews ? { renew: renews } : {}),
        ...(quote ? { coupon: quote.code, price: quote.price } : {}),
      });
      const price = quote?.price ?? parsePriceMap(plan.price_toman)[PRICE_KEY] ?? 0;
      const number = 1_800_000_000 + state.purchases.length;
      // A card order (CONTRACTS §11): the transfer page, where the buyer sends the receipt.
      if (gate === CARD_GATE) {
        const url = placeCardOrder(request, String(number), price);
        return HttpResponse.json({ ok: true, url, message: 'OK', ...(renews ? { renew: { username: renews } } : {}) });
      }
      if (credit !== null) addEntry('purchase', -credit, String(number));
      const paid = {
        status: 'success' as const,
        resnum: String(number),
        refnum: `MOCK-${number}`,
        amount: (credit ?? price) * 10,
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
    route(
      'wallet',
      signedIn(() => HttpResponse.json({ ok: true, balance: state.wallet.balance, entries: state.wallet.entries })),
    ),
    route('walletTopup', async (request) => {
      if (!state.loggedIn) return unauthorized();
      if (!walletOn()) return errorResponse('walletDisabled');
      // As the server: the amount a whole number of tomans within the shop's bounds, then the gate.
      const param = await paramsOf(request);
      const amountField = required(param, 'amount', 20);
      if (amountField instanceof Response) return amountField;
      const gate = required(param, 'gate', PURCHASE_LIMITS.gate);
      if (gate instanceof Response) return gate;
      const { walletMinTopup, walletMaxTopup } = state.admin.data.settings;
      const amount = /^\d+$/.test(amountField.trim()) ? Number(amountField.trim()) : NaN;
      if (!(amount >= walletMinTopup && amount <= walletMaxTopup))
        return errorResponse('invalidTopupAmount', { min: walletMinTopup, max: walletMaxTopup });
      if (gate === CARD_GATE) {
        if (state.gateways.card !== 1) return errorResponse('gatewayUnavailable');
        state.topups.push({ amount, gate });
        const url = placeCardOrder(request, `MOCKTOPUP${String(state.topups.length).padStart(6, '0')}`, amount);
        return HttpResponse.json({ ok: true, url, message: 'OK' });
      }
      if (!isGateway(gate)) return errorResponse('unknownGateway');
      if (state.gateways[gate] !== 1) return errorResponse('gatewayUnavailable');
      state.topups.push({ amount, gate });
      // The sandbox bank's page, which settles the order and adds the amount once it is paid.
      const authority = `MOCKTOPUP${String(state.topups.length).padStart(6, '0')}`;
      return HttpResponse.json({ ok: true, url: `${options.origin ?? ''}/sandbox/pay/${authority}`, message: 'OK' });
    }),
    route('coupon', async (request) => {
      // As the server: the code and the plan, then the code's reasons, from the plan's toman price.
      const param = await paramsOf(request);
      const given = required(param, 'code', 64);
      if (given instanceof Response) return given;
      const planField = required(param, 'plan_id', PURCHASE_LIMITS.plan_id);
      if (planField instanceof Response) return planField;
      const plan = state.plans.find((p) => p.id === Number(planField));
      if (!plan || !isPlanDisplayable(plan)) return errorResponse('planNotFound');
      const quote = couponQuote(given, plan.id, parsePriceMap(plan.price_toman)[PRICE_KEY] ?? 0);
      if (typeof quote === 'string') return errorResponse(quote);
      const usd = usdPrice(quote.price, state.tomanPerUsd);
      return HttpResponse.json({ ok: true, ...quote, ...(usd === null ? {} : { price_usd: usd }) });
    }),
    route('giftRedeem', async (request) => {
      if (!state.loggedIn) return unauthorized();
      const param = await paramsOf(request);
      const given = required(param, 'code', 64);
      if (given instanceof Response) return given;
      if (!walletOn()) return errorResponse('walletDisabled');
      const code = normalizeGiftCode(given);
      const gift = code && Object.hasOwn(state.gifts, code) ? state.gifts[code] : undefined;
      if (!code || !gift) return errorResponse('giftUnknown');
      if (gift.state === 'used') return errorResponse('giftUsed');
      if (gift.state === 'expired') return errorResponse('giftExpired');
      gift.state = 'used';
      addEntry('gift', gift.amount, null);
      return HttpResponse.json({ ok: true, amount: gift.amount, balance: state.wallet.balance });
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
      const param = await paramsOf(request);
      const username = param('username') ?? '';
      const password = param('password') ?? '';
      if (username.trim() === '' || password === '') return errorResponse('missingCredentials');
      if (username.length > LOGIN_LIMITS.username || password.length > LOGIN_LIMITS.password)
        return errorResponse('bad_credentials');
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
      // As the backend: the profiles carry the V2Ray servers' links (the broken one carries none),
      // each under the name the apps show, its remark (a link's #fragment).
      const linkNames = MOCK_SERVERS.map((raw) => parseServer(raw))
        .filter((server) => server.type === 'v2ray')
        .flatMap((server) =>
          server.links.map((link) => {
            const remark = link.includes('#') ? link.slice(link.indexOf('#') + 1) : '';
            try {
              return decodeURIComponent(remark) || server.title;
            } catch {
              return remark;
            }
          }),
        );
      const {
        password: _password,
        devices: _devices,
        payments: _payments,
        referralCode: _referralCode,
        ...account
      } = state.user;
      return HttpResponse.json({
        ok: true,
        ...account,
        devices: [],
        payments: [],
        subUrl: subUrl(request),
        links: linkNames.length,
        linkNames,
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
      const param = await paramsOf(request);
      const current = required(param, 'currentpassword', PANEL_LIMITS.password);
      if (current instanceof Response) return current;
      const next = required(param, 'newpassword', PANEL_LIMITS.password);
      if (next instanceof Response) return next;
      // As the server: the refusals answer 200 `{ ok: false, message, code }` (the table's status).
      const rule = validatePasswordChange({ current, next, confirm: next });
      if (rule) return errorResponse(rule);
      if (next.length > maxPasswordLength()) return errorResponse('tooLong', { max: maxPasswordLength() });
      if (MOCK_COMMON_PASSWORDS.includes(next.toLowerCase())) return errorResponse('passwordTooCommon');
      if (current !== state.user.password) return errorResponse('currentIncorrect');
      // As the backend (CONTRACTS §15): a new subscription link, and every app device signed out.
      replaceSubToken();
      const devicesEnded = state.user.devices.length;
      state.user = { ...state.user, password: next, devices: [] };
      return HttpResponse.json({
        ok: true,
        message: 'Password changed successfully.',
        sessionsEnded: 0,
        devicesEnded,
        chatsUnlinked: 0,
      });
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
          countries: MOCK_COUNTRIES.map((c) => ({
            id: c.id,
            title: lng === 'fa' ? c.title_fa : c.title,
            title_en: c.title,
            title_fa: c.title_fa,
          })),
        });
      }),
    ),
    route('unlinkDevice', async (request) => {
      if (!state.loggedIn) return unauthorized();
      const id = required(await paramsOf(request), 'sessionId', PANEL_LIMITS.sessionId);
      if (id instanceof Response) return id;
      if (!canDisconnect({ id })) return errorResponse('deviceNotDisconnectable');
      const before = state.user.devices.length;
      state.user = { ...state.user, devices: state.user.devices.filter((d) => d.id !== id) };
      if (state.user.devices.length === before) return errorResponse('deviceNotFound');
      return HttpResponse.json({ ok: true });
    }),
    route('cardTransfer', (_request, _query, { resNum }) => {
      const order = cardOrderOf(resNum ?? '');
      if (!order) return errorResponse('unknownCardOrder');
      return HttpResponse.json({
        ok: true,
        state: order.state,
        ...MOCK_CARD,
        amount: order.amount,
        expiresAt: order.expiresAt,
        ...(order.state === 'paid' && order.result ? { result: order.result } : {}),
        ...(order.state === 'rejected' && order.reason ? { reason: order.reason } : {}),
      });
    }),
    route('cardReceipt', async (request, _query, { resNum }) => {
      // As the server: the order, a multipart form, the image by its bytes, the tracking number, then
      // the order's state and what other receipts already took.
      const order = cardOrderOf(resNum ?? '');
      if (!order) return errorResponse('unknownCardOrder');
      if (!(request.headers.get('content-type') ?? '').includes('multipart/form-data'))
        return errorResponseWithMessage(
          'invalid',
          'Send the receipt as multipart/form-data: the field tracking and an optional file image.',
        );
      const form = await request.formData();
      const file = form.get('image');
      let image: string | null = null;
      if (file !== null && typeof file !== 'string' && file.size > 0) {
        if (file.size > RECEIPT_IMAGE_MAX_BYTES) return errorResponse('receiptImageTooLarge');
        const bytes = new Uint8Array(await file.arrayBuffer());
        if (!imageKind(bytes)) return errorResponse('invalidReceiptImage');
        image = imageKey(bytes);
      }
      const field = form.get('tracking');
      const tracking = normalizeTracking(typeof field === 'string' ? field : undefined);
      if (!tracking) return errorResponse('invalidTracking');
      if (order.tracking !== undefined) return errorResponse('receiptAlreadySent');
      if (order.state !== 'awaiting_transfer') return errorResponse('notAwaitingTransfer');
      const others = Object.values(state.cardOrders).filter((other) => other !== order);
      if (others.some((other) => other.tracking === tracking)) return errorResponse('trackingUsed');
      if (image !== null && others.some((other) => other.image === image)) return errorResponse('receiptImageUsed');
      Object.assign(order, { state: 'awaiting_review', tracking, ...(image !== null ? { image } : {}) });
      return HttpResponse.json({ ok: true, state: 'awaiting_review' });
    }),
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
