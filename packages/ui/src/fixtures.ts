/**
 * Realistic data for stories: the same shapes the API package's handlers serve, the plans from the
 * demo catalogue (@separ/domain/demo). Stories only; the screens take whatever data the app hands them.
 */
import {
  isPlanDisplayable,
  normalizeAccount,
  normalizePlan,
  parsePriceMap,
  parseServer,
  PRICE_KEY,
  usdPrice,
  type Account,
  type Plan,
} from '@separ/domain';
import { DEMO_PLANS } from '@separ/domain/demo';

/** The demo catalogue's plans that a shop shows (the inactive one is left out). */
export const PLANS: Plan[] = DEMO_PLANS.filter(isPlanDisplayable).map(normalizePlan);

/** The shop's toman-per-dollar rate in the stories of dollar prices (CONTRACTS §12). */
export const STORY_TOMAN_PER_USD = 60_000;

/**
 * The same plans as GET /getTelPlans sends them with the shop's rate set: each with `price_usd`, its
 * toman price in dollars (English pages show it).
 */
export const PLANS_USD: Plan[] = DEMO_PLANS.filter(isPlanDisplayable).map((raw) =>
  normalizePlan({
    ...raw,
    price_usd: usdPrice(parsePriceMap(raw.price_toman)[PRICE_KEY] ?? 0, STORY_TOMAN_PER_USD) ?? 0,
  }),
);

export const ACCOUNT: Account = normalizeAccount({
  username: 'sp482913',
  expireDate: '2026-07-01T12:00:00.000Z',
  usedMB: 12800,
  allowedMB: 51200,
  allowedDevices: 5,
  suspend: 0,
  subsDays: 0,
  ios: 1,
  devices: [
    { id: 'd1', deviceInfo: 'Android;14', loginAt: '2026-05-02T08:15:00.000Z' },
    { id: 'd2', deviceInfo: 'Windows;11', loginAt: '2026-05-20T19:40:00.000Z' },
  ],
  payments: [
    {
      resNum: 'S20260501-482913',
      refNum: 'SBXREF0012345678',
      state: 2,
      amount: 1200000,
      createdAt: '2026-05-01T10:00:00.000Z',
      plan_id: 1,
    },
    {
      resNum: 'S20260420-113377',
      refNum: '',
      state: 1,
      amount: 1200000,
      createdAt: '2026-04-20T09:00:00.000Z',
      plan_id: 1,
    },
    {
      resNum: 'S20260419-550021',
      refNum: '',
      state: 0,
      amount: 3200000,
      createdAt: '2026-04-19T09:00:00.000Z',
      plan_id: 2,
    },
  ],
});

/**
 * The account's payments with one paid in dollars first (a crypto gateway, CONTRACTS §12): 150,000
 * tomans invoiced as $2.50 at the rate of its day.
 */
export const PAYMENTS_WITH_USD: Account['payments'] = [
  normalizeAccount({
    payments: [
      {
        resNum: 'S20260525-730114',
        refNum: 'OXA-51840272',
        state: 2,
        amount: 1_500_000,
        amountUsdCents: 250,
        createdAt: '2026-05-25T08:30:00.000Z',
        plan_id: 7,
      },
    ],
  }).payments[0]!,
  ...ACCOUNT.payments,
];

/** A fixed "now" for stories, so that statuses and days left never drift. */
export const STORY_NOW = new Date('2026-06-01T12:00:00.000Z');

const template = (host: string) =>
  JSON.stringify({
    s: [
      `vless://sp482913-k3Jd9QwZ@${host}:443?type=ws&security=tls#${host}`,
      `vless://sp482913-k3Jd9QwZ@${host}:8443?type=grpc#${host}-grpc`,
    ],
  });

export const SERVERS = [
  parseServer({ id: 1, title: 'Germany 1', type: 2, countryCode: 'DE', server: template('de1.vpn.separ.example') }),
  parseServer({
    id: 2,
    title: 'Germany 2 (OpenConnect)',
    type: 1,
    countryCode: 'DE',
    server: JSON.stringify({ s: ['https://sp482913-k3Jd9QwZ@de2.vpn.separ.example:4443/separ'] }),
  }),
  parseServer({ id: 3, title: 'Netherlands 1', type: 2, countryCode: 'NL', server: template('nl1.vpn.separ.example') }),
  parseServer({ id: 4, title: 'United Kingdom (maintenance)', type: 2, countryCode: 'GB', server: '{"s": [broken' }),
];

export const COUNTRIES = {
  fa: [
    { id: 'DE', title: 'آلمان' },
    { id: 'NL', title: 'هلند' },
    { id: 'GB', title: 'انگلستان' },
    { id: 'JP', title: 'ژاپن' },
  ],
  en: [
    { id: 'DE', title: 'Germany' },
    { id: 'NL', title: 'Netherlands' },
    { id: 'GB', title: 'United Kingdom' },
    { id: 'JP', title: 'Japan' },
  ],
};

/** An account's subscription link (CONTRACTS §7). */
export const SUBSCRIPTION_URL = 'https://shop.separ.example/sub/Xk3pQ9vRtY2mWb7nLs4dHf8cJq1eZa5u';

/** An account's referral link (CONTRACTS §12): `{origin}/?ref={code}`. */
export const REFERRAL_LINK = 'https://shop.separ.example/?ref=dem4k7m2qx';
