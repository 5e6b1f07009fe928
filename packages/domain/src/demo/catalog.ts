/**
 * The demo shop's catalogue, written once: what a fresh server seeds (so what `npm start` serves),
 * what the mock backend serves and what the stories show. All of it well formed, as a real shop's
 * would be (one retired plan is inactive); the deliberately broken cases (unreadable prices, a
 * server whose JSON is broken) live beside the mocks and tests whose error paths need them.
 */
import type { AdminPlan } from '../admin.ts';
import { parsePriceMap, PRICE_KEY, type RawPlan } from '../plans.ts';
import type { RawServer } from '../servers.ts';

const prices = (toman: number, credit = toman) => ({
  price_toman: JSON.stringify({ [PRICE_KEY]: toman }),
  price_credit: JSON.stringify({ [PRICE_KEY]: credit }),
});

const plan = (
  id: number,
  title: string,
  ios: number,
  allowedMB: number,
  subsDays: number,
  allowedDevices: number,
  toman: number,
  credit = toman,
): RawPlan => ({ id, title, active: 1, ios, allowedMB, subsDays, allowedDevices, ...prices(toman, credit) });

/** The plans, in the shop's order; a fresh database gives them the ids 1 to 9. */
export const DEMO_PLANS: readonly RawPlan[] = [
  plan(1, 'یک ماهه ۵۰ گیگ', 0, 51_200, 30, 1, 120_000),
  plan(2, 'سه ماهه ۱۵۰ گیگ', 0, 153_600, 90, 2, 320_000, 290_000),
  plan(3, 'یک ماهه نامحدود', 0, -1, 30, 5, 250_000),
  plan(4, 'سالانه نامحدود', 0, -1, 365, 5, 2_400_000, 1_900_000),
  { ...plan(5, 'طرح قدیمی (غیرفعال)', 0, 10_240, 30, 1, 50_000), active: 0 },
  plan(6, 'شش ماهه ۳۰۰ گیگ', 0, 307_200, 180, 2, 650_000),
  plan(7, 'یک ماهه iOS ۵۰ گیگ', 1, 51_200, 30, 1, 150_000),
  plan(8, 'سه ماهه iOS نامحدود', 1, -1, 90, 3, 450_000, 390_000),
  plan(9, 'شش ماهه iOS ۳۰۰ گیگ', 1, 307_200, 180, 2, 700_000),
];

/** The demo plans as the operators' console lists them. */
export function demoAdminPlans(): AdminPlan[] {
  return DEMO_PLANS.map((raw, index) => {
    const toman = parsePriceMap(raw.price_toman)[PRICE_KEY] ?? 0;
    return {
      id: raw.id,
      title: raw.title,
      active: raw.active === 1,
      ios: raw.ios === 1,
      allowedMB: raw.allowedMB,
      days: raw.subsDays,
      devices: raw.allowedDevices,
      toman,
      credit: parsePriceMap(raw.price_credit)[PRICE_KEY] ?? toman,
      sortOrder: index,
    };
  });
}

/** A country of the servers list: its code, English and Persian names. */
export interface DemoCountry {
  id: string;
  title: string;
  title_fa: string;
}

export const DEMO_COUNTRIES: readonly DemoCountry[] = [
  { id: 'DE', title: 'Germany', title_fa: 'آلمان' },
  { id: 'NL', title: 'Netherlands', title_fa: 'هلند' },
  { id: 'CA', title: 'Canada', title_fa: 'کانادا' },
  { id: 'SG', title: 'Singapore', title_fa: 'سنگاپور' },
  { id: 'JP', title: 'Japan', title_fa: 'ژاپن' },
  { id: 'FR', title: 'France', title_fa: 'فرانسه' },
  { id: 'TR', title: 'Turkey', title_fa: 'ترکیه' },
  { id: 'US', title: 'United States', title_fa: 'آمریکا' },
  { id: 'GB', title: 'United Kingdom', title_fa: 'انگلستان' },
  { id: 'FI', title: 'Finland', title_fa: 'فنلاند' },
];

const v2ray = (host: string, name: string) =>
  JSON.stringify({
    s: [
      `vless://xxx@${host}:443?type=ws&security=tls&path=%2Fsepar#${name}-WS`,
      `vless://xxx@${host}:8443?type=grpc&security=reality#${name}-gRPC`,
    ],
  });
const openconnect = (host: string) => JSON.stringify({ s: [`https://xxx@${host}:4443/separ`] });

/** The servers, as stored: templates with `xxx` where each account's credentials go (CONTRACTS §3). */
export const DEMO_SERVERS: readonly RawServer[] = [
  { id: 1, title: 'Germany 1 — xxx', type: 2, countryCode: 'DE', server: v2ray('de1.vpn.separ.example', 'DE1') },
  { id: 2, title: 'Germany 2 (OpenConnect)', type: 1, countryCode: 'DE', server: openconnect('de2.vpn.separ.example') },
  { id: 3, title: 'Netherlands 1', type: 2, countryCode: 'NL', server: v2ray('nl1.vpn.separ.example', 'NL1') },
  { id: 4, title: 'Canada 1', type: 2, countryCode: 'CA', server: v2ray('ca1.vpn.separ.example', 'CA1') },
  { id: 5, title: 'Singapore 1', type: 1, countryCode: 'SG', server: openconnect('sg1.vpn.separ.example') },
  { id: 6, title: 'Japan 1', type: 2, countryCode: 'JP', server: v2ray('jp1.vpn.separ.example', 'JP1') },
  { id: 7, title: 'France 1', type: 2, countryCode: 'FR', server: v2ray('fr1.vpn.separ.example', 'FR1') },
  { id: 8, title: 'Turkey 1', type: 1, countryCode: 'TR', server: openconnect('tr1.vpn.separ.example') },
  { id: 9, title: 'United States 1', type: 2, countryCode: 'US', server: v2ray('us1.vpn.separ.example', 'US1') },
  { id: 10, title: 'United Kingdom 1', type: 2, countryCode: 'GB', server: v2ray('uk1.vpn.separ.example', 'UK1') },
];

/** The download links of the apps (the settings `app_android_link` and `app_win_link`). */
export const DEMO_APP_LINKS = {
  app_android_link: 'https://dl.separ.example/separ-android.apk',
  app_win_link: 'https://dl.separ.example/separ-windows-setup.exe',
} as const;
