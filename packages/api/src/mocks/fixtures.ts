/**
 * What the mock backend serves: the demo catalogue (@separ/domain/demo, the one a fresh server
 * seeds) in the raw shapes of SPEC §3, with the awkward cases the error paths need added here: a
 * plan whose prices cannot be read and a server whose JSON is broken.
 */
import {
  encodePaymentResult,
  type Account,
  type CardOrderState,
  type RawPlan,
  type RawServer,
  type WalletEntry,
} from '@separ/domain';
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
  /** The account's referral code (CONTRACTS §12): the panel's invitation link is `{origin}/?ref={code}`. */
  referralCode?: string;
}

/** The demo account's referral code: ten of the server's letters (no l, o, 0 or 1). */
export const MOCK_REFERRAL_CODE = 'dem4k7m2qx';

/** The demo account of mock mode: log in as demo / demo1234. */
export function mockUser(overrides: Partial<MockUser> = {}): MockUser {
  return {
    username: 'demo',
    password: 'demo1234',
    referralCode: MOCK_REFERRAL_CODE,
    expireDate: '2027-01-15T12:00:00.000Z',
    usedMB: 12_800,
    allowedMB: 51_200,
    allowedDevices: 3,
    suspend: 0,
    subsDays: 0,
    ios: 1,
    devices: [
      // A subscription's device by hardware id (CONTRACTS §14) names its model.
      { id: 'dev-android', deviceInfo: 'Android;14', loginAt: '2026-11-02T09:15:00.000Z', model: 'Galaxy A54' },
      { id: 'dev-windows', deviceInfo: 'Windows;11', loginAt: '2026-11-10T18:40:00.000Z' },
    ],
    payments: [
      // Paid in dollars through a crypto gateway (CONTRACTS §12): its order's cents, $2.50.
      {
        resNum: '1700000004',
        refNum: 'OXA-51840272',
        state: 2,
        amount: 1_500_000,
        amountUsdCents: 250,
        createdAt: '2026-11-12T09:00:00.000Z',
        plan_id: 7,
      },
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

/** The shop's card in the mock (CONTRACTS §11): 16 digits that pass the Luhn check, its holder and bank. */
export const MOCK_CARD = { cardNumber: '6037997512345670', holder: 'علی رضایی', bank: 'بانک ملی' } as const;

/** A card order as the mock keeps it: the transfer page's fields, and its receipt once sent. */
export interface MockCardOrder {
  state: CardOrderState;
  /** Rials: the price × 10 plus the order's offset. */
  amount: number;
  expiresAt: string;
  /** Once paid: the payment result's payload. */
  result?: string;
  /** Once rejected: the operator's reason. */
  reason?: string;
  /** The receipt's tracking number (Latin digits), once sent. */
  tracking?: string;
  /** The receipt image's bytes as text, once sent with one. */
  image?: string;
}

/** The order numbers of the mock's fixed card orders, one in each state, for stories and tests. */
export const MOCK_CARD_RES_NUMS = {
  awaitingTransfer: '1900000001',
  awaitingReview: '1900000002',
  paid: '1900000003',
  rejected: '1900000004',
  expired: '1900000005',
} as const;

/** The tracking number the mock's order awaiting review already took: another order sending it is refused. */
export const MOCK_USED_TRACKING = '740012345678';

/** The mock's transfer deadline: an hour after the order (SEPAR_CARD_TRANSFER_MINUTES' default). */
export const MOCK_CARD_MINUTES = 60;

/** The fixed card orders, the open ones due an hour from `now` (ms). */
export function mockCardOrders(now = Date.now()): Record<string, MockCardOrder> {
  const due = new Date(now + MOCK_CARD_MINUTES * 60_000).toISOString();
  const past = new Date(now - 30 * 60_000).toISOString();
  const amount = 2_900_000 + 1_230;
  const ids = MOCK_CARD_RES_NUMS;
  const result = encodePaymentResult({
    status: 'success',
    resnum: ids.paid,
    refnum: MOCK_USED_TRACKING,
    amount,
    time: '2026-11-22 10:30:00',
    username: 'user1900000003',
    password: 'Mock0003',
  });
  return {
    [ids.awaitingTransfer]: { state: 'awaiting_transfer', amount, expiresAt: due },
    [ids.awaitingReview]: {
      state: 'awaiting_review',
      amount: amount + 10,
      expiresAt: due,
      tracking: MOCK_USED_TRACKING,
    },
    [ids.paid]: { state: 'paid', amount: amount + 20, expiresAt: due, tracking: '740012345679', result },
    [ids.rejected]: {
      state: 'rejected',
      amount: amount + 30,
      expiresAt: due,
      tracking: '740012345680',
      reason: 'مبلغ واریزی با مبلغ سفارش برابر نبود.',
    },
    [ids.expired]: { state: 'expired', amount: amount + 40, expiresAt: past },
  };
}

/**
 * The mock's discount codes (CONTRACTS §12), by their upper-case spelling: a code that applies, or
 * the reason it never does (`refusal`). `plans`: the plans it is for (null: every plan).
 */
export interface MockCoupon {
  percent?: number;
  amount?: number;
  plans?: number[] | null;
  refusal?: 'couponExpired' | 'couponNotYetValid' | 'couponUsedUp' | 'couponFirstPurchaseOnly' | 'couponPerUserLimit';
}

export const MOCK_COUPONS: Record<string, MockCoupon> = {
  /** 20% off every plan. */
  SEPAR20: { percent: 20 },
  /** 50,000 tomans off the one-month 50 GB plans only (1 and 7). */
  MONTH50: { amount: 50_000, plans: [1, 7] },
  OLD10: { percent: 10, refusal: 'couponExpired' },
  SOON15: { percent: 15, refusal: 'couponNotYetValid' },
  GONE30: { percent: 30, refusal: 'couponUsedUp' },
  FIRST25: { percent: 25, refusal: 'couponFirstPurchaseOnly' },
  ONCE10: { percent: 10, refusal: 'couponPerUserLimit' },
};

/** The mock's gift codes (CONTRACTS §12), in their one spelling: the tomans each adds, or why it is refused. */
export interface MockGift {
  amount: number;
  state: 'new' | 'used' | 'expired';
}

export const MOCK_GIFT_CODES = {
  fresh: 'G-7K3M-9QXR-2D4F-8HJP',
  used: 'G-4T2N-6WBC-3R8S-5YZA',
  expired: 'G-8P5E-1MKD-7VQT-2XHC',
} as const;

export function mockGifts(): Record<string, MockGift> {
  return {
    G7K3M9QXR2D4F8HJP: { amount: 50_000, state: 'new' },
    G4T2N6WBC3R8S5YZA: { amount: 100_000, state: 'used' },
    G8P5E1MKD7VQT2XHC: { amount: 75_000, state: 'expired' },
  };
}
