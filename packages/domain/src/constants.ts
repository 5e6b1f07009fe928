/** Business constants of the product (SPEC §9), shared by the site, the api client and the server. */

/** Every backend call gives up after this many milliseconds. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** The header turns opaque once the page has scrolled more than this many pixels. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;

/** At most this many plan cards per tab in the home page's pricing section. */
export const HOME_PLANS_PER_TAB = 3;

/** After a successful payment request, the page waits this long before going to the gateway. */
export const PAYMENT_REDIRECT_DELAY_MS = 1_500;

/** How long the "copied" toast stays. */
export const COPIED_TOAST_MS = 2_000;

/** The simulated connection takes this long to become connected. */
export const SIMULATED_CONNECT_DELAY_MS = 2_000;

/** The servers and payments screens wait this long before a retry. */
export const LIST_RETRY_DELAY_MS = 1_000;

/** The payment gateways, by the code the purchase call takes. */
export const GATEWAYS = ['ird', 'spay'] as const;
export type Gateway = (typeof GATEWAYS)[number];

/** True when the text names a known gateway. */
export function isGateway(value: unknown): value is Gateway {
  return typeof value === 'string' && (GATEWAYS as readonly string[]).includes(value);
}

/**
 * The crypto gateways (CONTRACTS §12): invoices in dollars, signed callbacks. Apart from GATEWAYS,
 * whose every gate the site's payment page offers in rials.
 */
export const CRYPTO_GATEWAYS = ['oxapay', 'nowpayments'] as const;
export type CryptoGateway = (typeof CRYPTO_GATEWAYS)[number];

/** True when the text names a crypto gateway. */
export function isCryptoGateway(value: unknown): value is CryptoGateway {
  return typeof value === 'string' && (CRYPTO_GATEWAYS as readonly string[]).includes(value);
}

/**
 * The sandbox crypto gate (issue 31): outside production, with the shop's rate set and no crypto
 * gateway's keys, a TEST invoice page on the shop's own origin shows the crypto flow offline, as the
 * sandbox bank does for the rial gates. No money moves.
 */
export const SANDBOX_CRYPTO_GATE = 'sandboxcrypto';
export type SandboxCryptoGate = typeof SANDBOX_CRYPTO_GATE;

/** Every gate that invoices in dollars: the crypto gateways and the sandbox crypto page. */
export const CRYPTO_GATES = [...CRYPTO_GATEWAYS, SANDBOX_CRYPTO_GATE] as const;
export type CryptoGate = (typeof CRYPTO_GATES)[number];

/** True when the text names a gate that invoices in dollars (a crypto gateway or the sandbox crypto page). */
export function isCryptoGate(value: unknown): value is CryptoGate {
  return typeof value === 'string' && (CRYPTO_GATES as readonly string[]).includes(value);
}

/** The translation loader's retry policy: attempts, first delay (doubling), parallel reads. */
export const LOCALE_LOAD_RETRIES = 5;
export const LOCALE_LOAD_FIRST_DELAY_MS = 350;
export const LOCALE_LOAD_MAX_PARALLEL = 10;
/** Where a translation file is served (SPEC §7), in i18next's placeholder form. */
export const LOCALE_FILE_PATH = '/locales/{{lng}}/{{ns}}.json';

/** The spec's breakpoints in pixels and the container's maximum width. */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;
export const CONTAINER_MAX_WIDTH = 1280;

/** The languages of the product; Persian is the default and is written right to left. */
export const LANGUAGES = ['fa', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fa';

/** True when the text names a supported language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The writing direction of a language. */
export function directionOf(language: Language): 'rtl' | 'ltr' {
  return language === 'fa' ? 'rtl' : 'ltr';
}

/** The local-storage key of the persisted client state. */
export const APP_STATE_STORAGE_KEY = 'separ-app-state';

/** Cookie and storage names of the login state and language. */
export const USER_TOKEN_COOKIE = 'jwtUserToken';
export const USERNAME_COOKIE = 'jwtUserUsername';
export const LANGUAGE_STORAGE_KEY = 'userLanguage';

/**
 * A copy of the visitor's cookie answer (the app state keeps the answer itself) for the server: a
 * page served to someone who has answered carries {@link CONSENT_RECORDED_ATTRIBUTE} on `<html>`,
 * and the prerendered banner stays hidden before any script runs.
 */
export const CONSENT_COOKIE = 'separConsent';
export const CONSENT_RECORDED_ATTRIBUTE = 'data-consent-recorded';

/** The visitor's cookie answer, as {@link CONSENT_COOKIE} holds it. */
export type ConsentAnswer = 'accepted' | 'rejected';

export function consentAnswer(accepted: boolean): ConsentAnswer {
  return accepted ? 'accepted' : 'rejected';
}

export function isConsentAnswer(value: unknown): value is ConsentAnswer {
  return value === 'accepted' || value === 'rejected';
}

/** The id of the JSON block a prerendered page carries: what the prerender assumed, for the browser. */
export const PRERENDER_DATA_ID = 'separ-prerender';

/**
 * The id of the JSON block a served page carries with the API's answers it was drawn with (issue 28
 * §1): the plans on the home page and the catalogue, the app links on /download. The app starts from
 * them instead of asking again, so that hydration finds what the server drew.
 */
export const PAGE_DATA_ID = 'separ-data';

/** What {@link PAGE_DATA_ID} holds: the answer of `GET /getTelPlans` as it is, and the app links of `/appinfo`. */
export interface PageData {
  plans?: unknown;
  appLinks?: { android: string; windows: string };
}

/**
 * The id of the JSON block a prerendered page carries with the names of its app's code (the files
 * under `/assets/`, without `.js`): fetched once the page has loaded and is idle, run only when the
 * visitor acts (issue 28 §3).
 */
export const APP_CODE_ID = 'separ-app';

/** The event the app sends on `window` once it has started hydrating a prerendered page (src/boot.ts listens). */
export const HYDRATING_EVENT = 'separ:hydrating';

/** The return parameter of /login: the panel page a visitor without a session was sent from. */
export const LOGIN_RETURN_PARAM = 'from';

/** A panel page that /login may send a visitor back to (anything else returns to `/panel`). */
export function isPanelReturnPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/panel(\/[a-z]+)?\/?$/.test(value);
}

/**
 * The file the web build writes a prerendered page to, under `prerendered/{lng}/`, and where the
 * server looks for it: `/` is `index.html`, `/buy` is `buy.html`.
 */
export function prerenderedFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/** The support chat on the messaging app: the site's support links and the bot's /support. */
export const SUPPORT_CHAT_URL = 'https://t.me/separ_support';
