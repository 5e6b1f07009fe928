import type { Db } from './index.ts';

/**
 * Demo data for a fresh shop (not in production): plans of both platforms, countries, servers and
 * app links — all of it well formed, as a real shop's would be (one retired plan is inactive). The
 * spec's broken cases (unreadable prices, a server whose JSON is broken) live in the MSW mocks and
 * in the tests that need them.
 */
const prices = (toman: number, credit = toman) => ({
  price_toman: JSON.stringify({ '100': toman }),
  price_credit: JSON.stringify({ '100': credit }),
});

export const DEMO_PLANS = [
  { title: 'یک ماهه ۵۰ گیگ', ios: 0, allowed_mb: 51_200, subs_days: 30, allowed_devices: 1, ...prices(120_000) },
  {
    title: 'سه ماهه ۱۵۰ گیگ',
    ios: 0,
    allowed_mb: 153_600,
    subs_days: 90,
    allowed_devices: 2,
    ...prices(320_000, 290_000),
  },
  { title: 'یک ماهه نامحدود', ios: 0, allowed_mb: -1, subs_days: 30, allowed_devices: 5, ...prices(250_000) },
  {
    title: 'سالانه نامحدود',
    ios: 0,
    allowed_mb: -1,
    subs_days: 365,
    allowed_devices: 5,
    ...prices(2_400_000, 1_900_000),
  },
  {
    title: 'طرح قدیمی (غیرفعال)',
    ios: 0,
    allowed_mb: 10_240,
    subs_days: 30,
    allowed_devices: 1,
    active: 0,
    ...prices(50_000),
  },
  { title: 'شش ماهه ۳۰۰ گیگ', ios: 0, allowed_mb: 307_200, subs_days: 180, allowed_devices: 2, ...prices(650_000) },
  { title: 'یک ماهه iOS ۵۰ گیگ', ios: 1, allowed_mb: 51_200, subs_days: 30, allowed_devices: 1, ...prices(150_000) },
  {
    title: 'سه ماهه iOS نامحدود',
    ios: 1,
    allowed_mb: -1,
    subs_days: 90,
    allowed_devices: 3,
    ...prices(450_000, 390_000),
  },
  { title: 'شش ماهه iOS ۳۰۰ گیگ', ios: 1, allowed_mb: 307_200, subs_days: 180, allowed_devices: 2, ...prices(700_000) },
];

export const DEMO_COUNTRIES = [
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

export const DEMO_SERVERS = [
  { title: 'Germany 1 — xxx', type: 2, country_code: 'DE', server: v2ray('de1.vpn.separ.example', 'DE1') },
  { title: 'Germany 2 (OpenConnect)', type: 1, country_code: 'DE', server: openconnect('de2.vpn.separ.example') },
  { title: 'Netherlands 1', type: 2, country_code: 'NL', server: v2ray('nl1.vpn.separ.example', 'NL1') },
  { title: 'Canada 1', type: 2, country_code: 'CA', server: v2ray('ca1.vpn.separ.example', 'CA1') },
  { title: 'Singapore 1', type: 1, country_code: 'SG', server: openconnect('sg1.vpn.separ.example') },
  { title: 'Japan 1', type: 2, country_code: 'JP', server: v2ray('jp1.vpn.separ.example', 'JP1') },
  { title: 'France 1', type: 2, country_code: 'FR', server: v2ray('fr1.vpn.separ.example', 'FR1') },
  { title: 'Turkey 1', type: 1, country_code: 'TR', server: openconnect('tr1.vpn.separ.example') },
  { title: 'United States 1', type: 2, country_code: 'US', server: v2ray('us1.vpn.separ.example', 'US1') },
  { title: 'United Kingdom 1', type: 2, country_code: 'GB', server: v2ray('uk1.vpn.separ.example', 'UK1') },
];

export const DEMO_APP_LINKS = {
  app_android_link: 'https://dl.separ.example/separ-android.apk',
  app_win_link: 'https://dl.separ.example/separ-windows-setup.exe',
};

/** Seeds the demo data once, on a database that has never been seeded. */
export async function seedDemoData(db: Db, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const createdAt = now.toISOString();
    // Claim the seeding first: of several processes starting together on a fresh database, the one
    // whose marker goes in seeds; the others wait for its transaction, find the marker, and skip.
    const claim = await trx
      .insertInto('settings')
      .values({ key: 'seeded', value: createdAt })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx
      .insertInto('plans')
      .values(
        DEMO_PLANS.map((plan, index) => ({
          active: 1,
          discount: null,
          ...plan,
          sort_order: index,
          created_at: createdAt,
        })),
      )
      .execute();
    await trx
      .insertInto('countries')
      .values(DEMO_COUNTRIES.map((country, index) => ({ ...country, sort_order: index })))
      .execute();
    await trx
      .insertInto('servers')
      .values(DEMO_SERVERS.map((server, index) => ({ ...server, active: 1, sort_order: index })))
      .execute();
    await trx
      .insertInto('settings')
      .values([...Object.entries(DEMO_APP_LINKS).map(([key, value]) => ({ key, value }))])
      .execute();
    return true;
  });
}
