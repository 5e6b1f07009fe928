import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { SUPPORT_CHAT_URL } from '@separ/domain';

/** The server's configuration, read once from the environment (see README, "Operators"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  secretKey: string | null;
  allowedOrigins: string[];
  production: boolean;
  webDist: string;
  localesDir: string;
  /** Fastify's trustProxy: false, or the addresses and CIDRs of the proxies to trust. */
  trustProxy: false | string[];
  sessionDays: number;
  /** A web admin session ends after this many minutes without a request (SEPAR_ADMIN_IDLE_MINUTES). */
  adminIdleMinutes: number;
  scrypt: { N: number; r: number; p: number };
  /**
   * Login attempts: an hour per account, a minute per client, and failed ones a minute across the
   * whole shop (CONTRACTS §15: no client address escapes that one).
   */
  loginLimits: { perUserPerHour: number; perIpPerMinute: number; globalPerMinute: number };
  /** Payment requests (POST /requestAccount2) an hour, per client address and per e-mail. */
  orderLimits: { perIpPerHour: number; perEmailPerHour: number };
  /** The password-hashing queue: parallel hashes, and how long a request may wait before a 503. */
  hashing: { concurrency: number; maxWaitMs: number };
  gateways: { ird: GatewayConfig; spay: GatewayConfig };
  gatewayTimeoutMs: number;
  spayPaths: { token: string; request: string; verify: string };
  /**
   * The crypto gateways (CONTRACTS §12), each active when its keys and the shop's tomanPerUsd are
   * set: OxaPay's merchant key (it signs the callbacks too), NOWPayments' API key and IPN secret.
   */
  crypto: {
    oxapay: { merchantKey: string | null; baseUrl: string };
    nowpayments: { apiKey: string | null; ipnSecret: string | null; baseUrl: string };
  };
  publicUrl: string | null;
  /**
   * SEPAR_SUB_ORIGINS (CONTRACTS §14): more origins that answer /sub/{token}; the first one is the
   * subscription link's origin (over publicUrl). Each a bare http(s) origin, without a trailing slash.
   */
  subOrigins: string[];
  orderExpiryMinutes: number;
  /** A card order waits this long for its transfer's receipt, then expires (SEPAR_CARD_TRANSFER_MINUTES). */
  cardTransferMinutes: number;
  reconcileIntervalSeconds: number;
  /** How often the webhooks' deliveries are looked at (SEPAR_WEBHOOK_INTERVAL_SECONDS; 0 = never). */
  webhookIntervalSeconds: number;
  /** How often a process looks whether separ-admin changed the plans (ms); 0 = on every request. */
  plansCacheCheckMs: number;
  reconcileAfterMinutes: number;
  /** How often a process reads the nodes and the user list's version again (ms); 0 = every request. */
  nodeCacheCheckMs: number;
  /** What the V2Ray nodes are told: push their traffic and pull their config every so many seconds. */
  nodeIntervals: { push: number; pull: number };
  /** The RADIUS server for OpenConnect (ocserv): where it listens (a port of 0 turns it off), and the interim interval it asks for. */
  radius: { host: string; authPort: number; acctPort: number; interimSeconds: number };
  smtpUrl: string | null;
  mailFrom: string;
  appLinks: { android: string; windows: string };
  /** The messaging bot (CONTRACTS §9): nothing of it runs without a token. */
  /**
   * The bot: its token, its Bot API, and the operators' chats (SEPAR_BOT_OPERATOR_CHATS: chat ids,
   * comma-separated) that hear of orders and receipts and may approve them (CONTRACTS §13).
   */
  bot: { token: string | null; apiRoot: string; operatorChats: string[] };
  /**
   * Scheduled backups (CONTRACTS §13): every `intervalHours` (0 = off, SEPAR_BACKUP_INTERVAL_HOURS)
   * into the data directory's `backups/`, keeping the last `keep` (SEPAR_BACKUP_KEEP); sent to the
   * operators' chats in parts of at most `partBytes` (SEPAR_BACKUP_PART_BYTES, under the Bot API's
   * 50 MB upload limit).
   */
  backup: { intervalHours: number; keep: number; partBytes: number };
  /** A V2Ray node that made no UniProxy request for this many minutes is reported silent (CONTRACTS §13). */
  nodeSilentMinutes: number;
  /**
   * `GET /metrics` (CONTRACTS §13) answers only `Authorization: Bearer {this}` (SEPAR_METRICS_TOKEN);
   * null: the route answers 404.
   */
  metricsToken: string | null;
  /**
   * The hour (0–23, Tehran time) the operators' chat gets the daily report (SEPAR_DAILY_REPORT_HOUR,
   * default 9; `off` for none).
   */
  dailyReportHour: number | null;
  /** The free account the bot gives, one per messaging user (CONTRACTS §9). */
  free: { enabled: boolean; dailyLimit: number; mb: number; days: number; devices: number; speedMbps: number };
  /** The support chat the bot points to. */
  supportChatUrl: string;
  /** Fault injection for the reliability tests; ignored in production. */
  fault: string | null;
}

/** A payment gateway's merchant settings; without a merchant id the sandbox stands in for it. */
export interface GatewayConfig {
  merchantId: string | null;
  baseUrl: string | null;
  enabled: boolean;
}

const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');

/**
 * The shop's address in what leaves a request behind (e-mails, the bot's messages): the public URL,
 * else this machine's own. Answers to a request use the request's origin instead.
 */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/**
 * The subscription link's origin (CONTRACTS §14): the first of SEPAR_SUB_ORIGINS, else the public
 * URL, else `seen` (the request's origin; without one, this machine's own).
 */
export function subscriptionOrigin(config: Pick<Config, 'subOrigins' | 'publicUrl' | 'port'>, seen?: string): string {
  return config.subOrigins[0] ?? config.publicUrl ?? seen ?? publicOrigin(config);
}

/** `host` as a URL writes it (lower case, no default port), or null when it is no host. */
function hostOf(protocol: string, host: string): string | null {
  try {
    const url = new URL(`${protocol}://${host}`);
    return url.pathname === '/' && !url.username && !url.search ? url.host : null;
  } catch {
    return null;
  }
}

/**
 * The `new-domain` header of a subscription answer (CONTRACTS §14): the first subscription origin's
 * host (with its port when it has one) when the request came to another origin the shop lists (a
 * later SEPAR_SUB_ORIGINS entry, or SEPAR_PUBLIC_URL); null on the first one, or on a host the shop
 * does not list. `host` is the request's (Fastify's request.host: X-Forwarded-Host only from a
 * trusted proxy, SEPAR_TRUST_PROXY).
 */
export function newDomainFor(
  config: Pick<Config, 'subOrigins' | 'publicUrl'>,
  protocol: string,
  host: string | undefined,
): string | null {
  const [first, ...others] = config.subOrigins;
  if (!first || !host) return null;
  const target = new URL(first).host;
  const seen = hostOf(protocol, host.replace(/\.$/, ''));
  if (!seen || seen === target) return null;
  const listed = [...others, ...(config.publicUrl ? [config.publicUrl] : [])].map((origin) => {
    try {
      return new URL(origin).host;
    } catch {
      return null;
    }
  });
  return listed.includes(seen) ? target : null;
}

/**
 * SEPAR_SUB_ORIGINS: comma-separated http(s) origins (scheme, host and an optional port; no path,
 * query, fragment or credentials). Anything else is refused: the server does not start on it.
 */
export function subOrigins(value: string | undefined): string[] {
  const origins: string[] = [];
  for (const entry of list(value)) {
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      url = null;
    }
    if (
      !url ||
      !['http:', 'https:'].includes(url.protocol) ||
      url.pathname !== '/' ||
      url.search ||
      url.hash ||
      url.username ||
      url.password ||
      !url.hostname ||
      /[#?]/.test(entry)
    )
      throw new Error(`SEPAR_SUB_ORIGINS: "${entry}" is not an http(s) origin (such as https://sub.example.com).`);
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

/** The largest part of a backup sent to a chat: under the Bot API's 50 MB, with room for the form around it. */
const BOT_UPLOAD_LIMIT = 49 * 1024 * 1024;

function int(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * SEPAR_TRUST_PROXY: unset or 0 trusts no proxy; 1 (or true) trusts a proxy on this machine (a
 * loopback peer, CONTRACTS §15), so the client is the address that proxy saw (the rightmost
 * X-Forwarded-For entry that is not itself loopback, never the leftmost one, which the client
 * writes); otherwise a comma-separated list of proxy addresses or CIDRs (or proxy-addr's names
 * loopback, linklocal, uniquelocal). A request from any peer not on the list is judged by its own
 * address, whatever X-Forwarded-* headers it carries (finding 7: `1` used to trust any peer).
 */
export function trustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return ['loopback'];
  const entries = list(text);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    const family = isIP(address ?? '');
    const prefixOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!named && (family === 0 || !prefixOk || extra !== undefined))
      throw new Error(`SEPAR_TRUST_PROXY: "${entry}" is not an IP address, a CIDR or 0/1.`);
  }
  return entries;
}

/**
 * What production mode (NODE_ENV=production, CONTRACTS §4) needs and is missing: one line for the
 * operator, or null when the server may start.
 */
export function productionProblem(config: Config): string | null {
  if (!config.production) return null;
  const missing: string[] = [];
  if (!config.secretKey) missing.push('SEPAR_SECRET_KEY (64 hex digits: openssl rand -hex 32)');
  let url: URL | null = null;
  try {
    url = config.publicUrl ? new URL(config.publicUrl) : null;
  } catch {
    url = null;
  }
  if (!url || url.protocol !== 'https:' || url.pathname !== '/' || url.search || url.hash)
    missing.push("SEPAR_PUBLIC_URL (the shop's https:// origin, e.g. https://shop.example.com)");
  // The crypto gateways' keys and callbacks travel only over https, and NOWPayments needs both keys.
  const { oxapay, nowpayments } = config.crypto;
  if (oxapay.merchantKey && !oxapay.baseUrl.startsWith('https://'))
    missing.push("an https:// SEPAR_OXAPAY_BASE_URL (or none, for OxaPay's own)");
  if ((nowpayments.apiKey || nowpayments.ipnSecret) && !(nowpayments.apiKey && nowpayments.ipnSecret))
    missing.push('both SEPAR_NOWPAYMENTS_API_KEY and SEPAR_NOWPAYMENTS_IPN_SECRET, or neither');
  if (nowpayments.apiKey && !nowpayments.baseUrl.startsWith('https://'))
    missing.push("an https:// SEPAR_NOWPAYMENTS_BASE_URL (or none, for NOWPayments' own)");
  if (missing.length === 0) return null;
  return `NODE_ENV=production needs ${missing.join(' and ')}; see README, "Going live".`;
}

/** A key as given (trimmed), or null when unset; one with spaces or control characters inside is nonsense. */
function secretValue(name: string, value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (!/^[\x21-\x7e]{1,256}$/.test(text)) throw new Error(`${name}: one word of printable characters, at most 256.`);
  return text;
}

/** A gateway's base URL (http or https, no query), without its trailing slash. */
function baseUrlValue(name: string, value: string | undefined, fallback: string): string {
  const text = value?.trim() || fallback;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username)
    throw new Error(`${name}: "${text}" is not an http(s) base URL.`);
  return text.replace(/\/+$/, '');
}

/** Reads the configuration from `env` (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 2087),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.SEPAR_DATA_DIR ?? resolve(process.cwd(), 'data')),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    secretKey: env.SEPAR_SECRET_KEY?.trim() || null,
    allowedOrigins: list(env.SEPAR_ALLOWED_ORIGINS),
    production: env.NODE_ENV === 'production',
    webDist: resolve(env.SEPAR_WEB_DIST ?? resolve(repoRoot, 'apps', 'web', 'dist')),
    localesDir: resolve(env.SEPAR_LOCALES_DIR ?? resolve(repoRoot, 'locales')),
    trustProxy: trustProxy(env.SEPAR_TRUST_PROXY),
    sessionDays: int(env.SEPAR_SESSION_DAYS, 30),
    adminIdleMinutes: int(env.SEPAR_ADMIN_IDLE_MINUTES, 30),
    // OWASP's scrypt equivalents: N=2^17,r=8,p=1 ≡ N=2^15,r=8,p=3 (32 MiB a hash, same work).
    scrypt: {
      N: int(env.SEPAR_SCRYPT_N, 2 ** 15),
      r: int(env.SEPAR_SCRYPT_R, 8),
      p: int(env.SEPAR_SCRYPT_P, 3),
    },
    loginLimits: {
      perUserPerHour: int(env.SEPAR_LOGIN_LIMIT_USER_HOUR, 100),
      perIpPerMinute: int(env.SEPAR_LOGIN_LIMIT_IP_MINUTE, 30),
      // Failed logins a minute from everywhere together. Right passwords are taken back from it, so
      // busy hours of real buyers stay far below (npm run test:load: 200 buyers logging in at once);
      // a spray from many addresses is held to 10 guesses a second for the whole shop.
      globalPerMinute: Math.max(1, int(env.SEPAR_LOGIN_LIMIT_GLOBAL_MINUTE, 600)),
    },
    // Outside production the shop sells through the sandbox bank, to developers and test suites
    // that buy a lot from one address: ten times the limits.
    orderLimits: {
      perIpPerHour: int(env.SEPAR_ORDER_LIMIT_IP_HOUR, env.NODE_ENV === 'production' ? 60 : 600),
      perEmailPerHour: int(env.SEPAR_ORDER_LIMIT_EMAIL_HOUR, env.NODE_ENV === 'production' ? 30 : 300),
    },
    hashing: {
      // One core stays with the event loop, which serves everything else while a flood is hashed.
      concurrency: Math.max(1, int(env.SEPAR_HASH_CONCURRENCY, availableParallelism() - 1)),
      maxWaitMs: Math.max(0, int(env.SEPAR_HASH_MAX_WAIT_MS, 1500)),
    },
    gateways: {
      ird: {
        merchantId: env.SEPAR_IRD_MERCHANT_ID?.trim() || null,
        baseUrl: env.SEPAR_IRD_BASE_URL?.trim() || 'https://dargaah.com',
        enabled: env.SEPAR_IRD_ENABLED !== '0',
      },
      spay: {
        merchantId: env.SEPAR_SPAY_MERCHANT_ID?.trim() || null,
        // SPAY's own base (its SDK, admin-spay/spay-python-sdk): a merchant id is all it takes.
        baseUrl: env.SEPAR_SPAY_BASE_URL?.trim() || 'https://spay.ir',
        enabled: env.SEPAR_SPAY_ENABLED !== '0',
      },
    },
    gatewayTimeoutMs: int(env.SEPAR_GATEWAY_TIMEOUT_MS, 10_000),
    crypto: {
      oxapay: {
        merchantKey: secretValue('SEPAR_OXAPAY_MERCHANT_KEY', env.SEPAR_OXAPAY_MERCHANT_KEY),
        baseUrl: baseUrlValue('SEPAR_OXAPAY_BASE_URL', env.SEPAR_OXAPAY_BASE_URL, 'https://api.oxapay.com'),
      },
      nowpayments: {
        apiKey: secretValue('SEPAR_NOWPAYMENTS_API_KEY', env.SEPAR_NOWPAYMENTS_API_KEY),
        ipnSecret: secretValue('SEPAR_NOWPAYMENTS_IPN_SECRET', env.SEPAR_NOWPAYMENTS_IPN_SECRET),
        baseUrl: baseUrlValue(
          'SEPAR_NOWPAYMENTS_BASE_URL',
          env.SEPAR_NOWPAYMENTS_BASE_URL,
          'https://api.nowpayments.io',
        ),
      },
    },
    spayPaths: {
      // The SDK's paths, trailing slashes and the vendor's spelling `reqeust` included.
      token: env.SEPAR_SPAY_TOKEN_PATH ?? '/api/ipg/get-ipg-token/',
      request: env.SEPAR_SPAY_REQUEST_PATH ?? '/api/ipg/reqeust-payment/',
      verify: env.SEPAR_SPAY_VERIFY_PATH ?? '/api/ipg/verify-payment/',
    },
    publicUrl: env.SEPAR_PUBLIC_URL?.trim().replace(/\/+$/, '') || null,
    subOrigins: subOrigins(env.SEPAR_SUB_ORIGINS),
    orderExpiryMinutes: int(env.SEPAR_ORDER_EXPIRY_MINUTES, 30),
    cardTransferMinutes: Math.max(1, int(env.SEPAR_CARD_TRANSFER_MINUTES, 60)),
    reconcileIntervalSeconds: int(env.SEPAR_RECONCILE_INTERVAL_SECONDS, 300),
    webhookIntervalSeconds: Math.max(0, int(env.SEPAR_WEBHOOK_INTERVAL_SECONDS, 5)),
    plansCacheCheckMs: int(env.SEPAR_PLANS_CACHE_CHECK_MS, 1000),
    reconcileAfterMinutes: int(env.SEPAR_RECONCILE_AFTER_MINUTES, 5),
    nodeCacheCheckMs: Math.max(0, int(env.SEPAR_NODE_CACHE_CHECK_MS, 1000)),
    radius: {
      host: env.SEPAR_RADIUS_HOST?.trim() || '127.0.0.1',
      authPort: int(env.SEPAR_RADIUS_AUTH_PORT, 1812),
      acctPort: int(env.SEPAR_RADIUS_ACCT_PORT, 1813),
      // ocserv checks its timers about every 30 s: an interval below that is not kept.
      interimSeconds: Math.max(30, int(env.SEPAR_RADIUS_INTERIM_INTERVAL, 60)),
    },
    nodeIntervals: {
      push: Math.max(10, int(env.SEPAR_NODE_PUSH_INTERVAL, 60)),
      pull: Math.max(10, int(env.SEPAR_NODE_PULL_INTERVAL, 60)),
    },
    smtpUrl: env.SEPAR_SMTP_URL?.trim() || null,
    mailFrom: env.SEPAR_MAIL_FROM ?? 'Separ <no-reply@localhost>',
    appLinks: {
      android: env.SEPAR_APP_ANDROID_LINK ?? '',
      windows: env.SEPAR_APP_WINDOWS_LINK ?? '',
    },
    bot: {
      token: env.SEPAR_BOT_TOKEN?.trim() || null,
      // A bare origin: grammY calls {root}/bot{token}/{method}. Bale's Bot API speaks the same.
      apiRoot: (env.SEPAR_BOT_API_ROOT?.trim() || 'https://api.telegram.org').replace(/\/+$/, ''),
      operatorChats: [
        ...new Set(
          (env.SEPAR_BOT_OPERATOR_CHATS ?? '')
            .split(',')
            .map((id) => id.trim())
            .filter((id) => /^-?\d{1,20}$/.test(id)),
        ),
      ].slice(0, 50),
    },
    backup: {
      intervalHours: Math.min(24 * 365, Math.max(0, int(env.SEPAR_BACKUP_INTERVAL_HOURS, 0))),
      keep: Math.max(1, int(env.SEPAR_BACKUP_KEEP, 7)),
      partBytes: Math.min(BOT_UPLOAD_LIMIT, Math.max(1024, int(env.SEPAR_BACKUP_PART_BYTES, BOT_UPLOAD_LIMIT))),
    },
    nodeSilentMinutes: Math.min(7 * 24 * 60, Math.max(1, int(env.SEPAR_NODE_SILENT_MINUTES, 10))),
    metricsToken: env.SEPAR_METRICS_TOKEN?.trim() || null,
    dailyReportHour: /^(off|none|-1)$/i.test(env.SEPAR_DAILY_REPORT_HOUR?.trim() ?? '')
      ? null
      : Math.min(23, Math.max(0, int(env.SEPAR_DAILY_REPORT_HOUR, 9))),
    free: {
      enabled: (env.SEPAR_FREE_ENABLED?.trim() ?? '1') !== '0',
      dailyLimit: Math.max(0, int(env.SEPAR_FREE_DAILY_LIMIT, 100)),
      mb: Math.max(1, int(env.SEPAR_FREE_MB, 1024)),
      days: Math.max(1, int(env.SEPAR_FREE_DAYS, 3)),
      devices: Math.max(1, int(env.SEPAR_FREE_DEVICES, 1)),
      // Limited speed (SPEC: the free plan), enforced by the V2Ray nodes; 0 for none.
      speedMbps: Math.max(0, int(env.SEPAR_FREE_SPEED_MBPS, 10)),
    },
    supportChatUrl: env.SEPAR_SUPPORT_CHAT_URL?.trim() || SUPPORT_CHAT_URL,
    fault: env.NODE_ENV === 'production' ? null : env.SEPAR_FAULT?.trim() || null,
  };
}
