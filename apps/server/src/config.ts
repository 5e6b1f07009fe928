import { resolve } from 'node:path';

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
  trustProxy: boolean;
  sessionDays: number;
  scrypt: { N: number; r: number; p: number };
  loginLimits: { perUserPerHour: number; perIpPerMinute: number };
  gateways: { ird: GatewayConfig; spay: GatewayConfig };
  gatewayTimeoutMs: number;
  spayPaths: { token: string; request: string; verify: string };
  publicUrl: string | null;
  orderExpiryMinutes: number;
  reconcileIntervalSeconds: number;
  /** How often a process looks whether separ-admin changed the plans (ms); 0 = on every request. */
  plansCacheCheckMs: number;
  reconcileAfterMinutes: number;
  smtpUrl: string | null;
  mailFrom: string;
  appLinks: { android: string; windows: string };
  /** Fault injection for the reliability tests; ignored in production. */
  fault: string | null;
}

/** A payment gateway's merchant settings; without a merchant id the sandbox stands in for it. */
export interface GatewayConfig {
  merchantId: string | null;
  baseUrl: string | null;
  enabled: boolean;
}

const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

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
    trustProxy: env.SEPAR_TRUST_PROXY === '1' || env.SEPAR_TRUST_PROXY === 'true',
    sessionDays: int(env.SEPAR_SESSION_DAYS, 30),
    // OWASP's scrypt equivalents: N=2^17,r=8,p=1 ≡ N=2^15,r=8,p=3 (32 MiB a hash, same work).
    scrypt: {
      N: int(env.SEPAR_SCRYPT_N, 2 ** 15),
      r: int(env.SEPAR_SCRYPT_R, 8),
      p: int(env.SEPAR_SCRYPT_P, 3),
    },
    loginLimits: {
      perUserPerHour: int(env.SEPAR_LOGIN_LIMIT_USER_HOUR, 100),
      perIpPerMinute: int(env.SEPAR_LOGIN_LIMIT_IP_MINUTE, 30),
    },
    gateways: {
      ird: {
        merchantId: env.SEPAR_IRD_MERCHANT_ID?.trim() || null,
        baseUrl: env.SEPAR_IRD_BASE_URL?.trim() || 'https://dargaah.com',
        enabled: env.SEPAR_IRD_ENABLED !== '0',
      },
      spay: {
        merchantId: env.SEPAR_SPAY_MERCHANT_ID?.trim() || null,
        baseUrl: env.SEPAR_SPAY_BASE_URL?.trim() || null,
        enabled: env.SEPAR_SPAY_ENABLED !== '0',
      },
    },
    gatewayTimeoutMs: int(env.SEPAR_GATEWAY_TIMEOUT_MS, 10_000),
    spayPaths: {
      token: env.SEPAR_SPAY_TOKEN_PATH ?? '/api/v1/token',
      request: env.SEPAR_SPAY_REQUEST_PATH ?? '/api/v1/request',
      verify: env.SEPAR_SPAY_VERIFY_PATH ?? '/api/v1/verify',
    },
    publicUrl: env.SEPAR_PUBLIC_URL?.trim().replace(/\/+$/, '') || null,
    orderExpiryMinutes: int(env.SEPAR_ORDER_EXPIRY_MINUTES, 30),
    reconcileIntervalSeconds: int(env.SEPAR_RECONCILE_INTERVAL_SECONDS, 300),
    plansCacheCheckMs: int(env.SEPAR_PLANS_CACHE_CHECK_MS, 1000),
    reconcileAfterMinutes: int(env.SEPAR_RECONCILE_AFTER_MINUTES, 5),
    smtpUrl: env.SEPAR_SMTP_URL?.trim() || null,
    mailFrom: env.SEPAR_MAIL_FROM ?? 'Separ <no-reply@localhost>',
    appLinks: {
      android: env.SEPAR_APP_ANDROID_LINK ?? '',
      windows: env.SEPAR_APP_WINDOWS_LINK ?? '',
    },
    fault: env.NODE_ENV === 'production' ? null : env.SEPAR_FAULT?.trim() || null,
  };
}
