/**
 * What the mock backend serves: the demo catalogue (@separ/domain/demo, the one a fresh server
 * seeds) in the raw shapes of SPEC §3, with the awkward cases the error paths need added here: a
 * plan whose prices cannot be read and a server whose JSON is broken.
 */
import type { Account, RawPlan, RawServer, WalletEntry } from '@separ/domain';
import { DEMO_APP_LINKS, DEMO_COUNTRIES, DEMO_PLANS, DEMO_SERVERS, DEMO_WALLET_ENTRIES } from '@separ/domain/demo';

/** A plan whose toman price is unreadable JSON: never shown (SPEC §9). */
export const BROKEN_PRICE_PLAN: RawPlan = {
  id: 10,
  title: 'طرح با قیمت خراب',
  active: 1,
  ios: 0,
  allowedMB: 20_480,
  subsDays: 30,
  allowedDevices: 1,
  price_toman: '{"100":',
  price_credit: '{"100":90000}',
};

export const MOCK_PLANS: RawPlan[] = [...DEMO_PLANS, BROKEN_PRICE_PLAN];

export const MOCK_COUNTRIES = DEMO_COUNTRIES;

/** A server whose JSON is broken: listed, with no links. */
export const BROKEN_SERVER: RawServer = {
  id: 11,
  title: 'Turkey (maintenance)',
  type: 2,
  countryCode: 'TR',
  server: '{"s": [broken',
};

/** Templates with `xxx`, as stored; the mock backend fills them like the real one (CONTRACTS §3). */
export const MOCK_SERVERS: RawServer[] = [...DEMO_SERVERS, BROKEN_SERVER];

export const MOCK_APP_LINKS = DEMO_APP_LINKS;

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

/** The demo account's wallet as the mock starts it: the demo entries and their last balance. */
export function mockWallet(): { balance: number; entries: WalletEntry[] } {
  return { balance: DEMO_WALLET_ENTRIES[0]!.balance, entries: DEMO_WALLET_ENTRIES.map((entry) => ({ ...entry })) };
}
