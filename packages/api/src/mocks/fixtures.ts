/**
 * What the mock backend serves: the raw shapes of SPEC §3 as the real backend sends them, including
 * the awkward cases (an inactive plan, unreadable prices, a server whose JSON is broken).
 */
import type { Account, RawPlan, RawServer } from '@separ/domain';

const price = (toman: number, credit = toman) => ({
  price_toman: JSON.stringify({ '100': toman }),
  price_credit: JSON.stringify({ '100': credit }),
});

export const MOCK_PLANS: RawPlan[] = [
  {
    id: 1,
    title: 'یک ماهه ۵۰ گیگ',
    active: 1,
    ios: 0,
    allowedMB: 51_200,
    subsDays: 30,
    allowedDevices: 1,
    ...price(120_000),
  },
  {
    id: 2,
    title: 'سه ماهه ۱۵۰ گیگ',
    active: 1,
    ios: 0,
    allowedMB: 153_600,
    subsDays: 90,
    allowedDevices: 2,
    ...price(320_000, 290_000),
  },
  {
    id: 3,
    title: 'یک ماهه نامحدود',
    active: 1,
    ios: 0,
    allowedMB: -1,
    subsDays: 30,
    allowedDevices: 5,
    ...price(250_000),
  },
  {
    id: 4,
    title: 'سالانه نامحدود',
    active: 1,
    ios: 0,
    allowedMB: -1,
    subsDays: 365,
    allowedDevices: 5,
    ...price(2_400_000, 1_900_000),
  },
  {
    id: 5,
    title: 'طرح قدیمی',
    active: 0,
    ios: 0,
    allowedMB: 10_240,
    subsDays: 30,
    allowedDevices: 1,
    ...price(50_000),
  },
  {
    id: 6,
    title: 'طرح با قیمت خراب',
    active: 1,
    ios: 0,
    allowedMB: 20_480,
    subsDays: 30,
    allowedDevices: 1,
    price_toman: '{"100":',
    price_credit: '{"100":90000}',
  },
  {
    id: 7,
    title: 'یک ماهه iOS ۵۰ گیگ',
    active: 1,
    ios: 1,
    allowedMB: 51_200,
    subsDays: 30,
    allowedDevices: 1,
    ...price(150_000),
  },
  {
    id: 8,
    title: 'سه ماهه iOS نامحدود',
    active: 1,
    ios: 1,
    allowedMB: -1,
    subsDays: 90,
    allowedDevices: 3,
    ...price(450_000, 390_000),
  },
  {
    id: 9,
    title: 'شش ماهه iOS ۳۰۰ گیگ',
    active: 1,
    ios: 1,
    allowedMB: 307_200,
    subsDays: 180,
    allowedDevices: 2,
    ...price(700_000),
  },
];

export const MOCK_COUNTRIES = [
  { id: 'DE', title: 'Germany', title_fa: 'آلمان' },
  { id: 'NL', title: 'Netherlands', title_fa: 'هلند' },
  { id: 'CA', title: 'Canada', title_fa: 'کانادا' },
  { id: 'SG', title: 'Singapore', title_fa: 'سنگاپور' },
  { id: 'JP', title: 'Japan', title_fa: 'ژاپن' },
  { id: 'FR', title: 'France', title_fa: 'فرانسه' },
  { id: 'TR', title: 'Turkey', title_fa: 'ترکیه' },
  { id: 'US', title: 'United States', title_fa: 'آمریکا' },
];

const v2ray = (host: string, name: string) =>
  JSON.stringify({
    s: [
      `vless://xxx@${host}:443?type=ws&security=tls&path=%2Fsepar#${name}-WS`,
      `vless://xxx@${host}:8443?type=grpc&security=reality#${name}-gRPC`,
    ],
  });
const openconnect = (host: string) => JSON.stringify({ s: [`https://xxx@${host}:4443/separ`] });

/** Templates with `xxx`, as stored; the mock backend fills them like the real one (CONTRACTS §3). */
export const MOCK_SERVERS: RawServer[] = [
  { id: 1, title: 'Germany 1 — xxx', type: 2, countryCode: 'DE', server: v2ray('de1.vpn.separ.example', 'DE1') },
  { id: 2, title: 'Germany 2 (OpenConnect)', type: 1, countryCode: 'DE', server: openconnect('de2.vpn.separ.example') },
  { id: 3, title: 'Netherlands 1', type: 2, countryCode: 'NL', server: v2ray('nl1.vpn.separ.example', 'NL1') },
  { id: 4, title: 'Canada 1', type: 2, countryCode: 'CA', server: v2ray('ca1.vpn.separ.example', 'CA1') },
  { id: 5, title: 'Singapore 1', type: 1, countryCode: 'SG', server: openconnect('sg1.vpn.separ.example') },
  { id: 6, title: 'Japan 1', type: 2, countryCode: 'JP', server: v2ray('jp1.vpn.separ.example', 'JP1') },
  { id: 7, title: 'Turkey (maintenance)', type: 2, countryCode: 'TR', server: '{"s": [broken' },
];

export const MOCK_APP_LINKS = {
  app_android_link: 'https://dl.separ.example/separ-android.apk',
  app_win_link: 'https://dl.separ.example/separ-windows-setup.exe',
};

/**
 * A few of the most common passwords, which the mock refuses as the backend refuses its whole list
 * (CONTRACTS §15: `Password is too common`, code `passwordTooCommon`).
 */
export const MOCK_COMMON_PASSWORDS: readonly string[] = [
  '123456',
  '12345678',
  '123456789',
  '1234567890',
  '111111',
  'password',
  'password1',
  'qwerty',
  'qwerty123',
  'abc123',
  '1q2w3e4r',
  'iloveyou',
];

/** The demo account's subscription token (22 URL-safe characters, as the backend's 128-bit tokens). */
export const MOCK_SUB_TOKEN = 'Dm0SubT0kenSepar000001';

/** An account of the mock backend, with the password it logs in with. */
export interface MockUser extends Account {
  password: string;
}

/** The demo account of mock mode: log in as demo / demo1234. */
export function mockUser(overrides: Partial<MockUser> = {}): MockUser {
  return {
    username: 'demo',
    password: 'demo1234',
    expireDate: '2027-01-15T12:00:00.000Z',
    usedMB: 12_800,
    allowedMB: 51_200,
    allowedDevices: 3,
    suspend: 0,
    subsDays: 0,
    ios: 1,
    devices: [
      { id: 'dev-android', deviceInfo: 'Android;14', loginAt: '2026-11-02T09:15:00.000Z' },
      { id: 'dev-windows', deviceInfo: 'Windows;11', loginAt: '2026-11-10T18:40:00.000Z' },
    ],
    payments: [
      {
        resNum: '1700000001',
        refNum: 'GW-88412093',
        state: 2,
        amount: 1_500_000,
        createdAt: '2026-10-16T12:00:00.000Z',
        plan_id: 7,
      },
      {
        resNum: '1700000002',
        refNum: '',
        state: 1,
        amount: 1_500_000,
        createdAt: '2026-10-16T11:52:00.000Z',
        plan_id: 7,
      },
      {
        resNum: '1700000003',
        refNum: '',
        state: 0,
        amount: 3_200_000,
        createdAt: '2026-09-01T08:00:00.000Z',
        plan_id: 2,
      },
    ],
    ...overrides,
  };
}
