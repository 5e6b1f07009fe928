import type { WalletEntry } from '../wallet.ts';

/**
 * A demo account's wallet (CONTRACTS §10), for the mock backend and the stories: one entry of each
 * kind, newest first, each with the balance after it (the first one's is the balance).
 */
export const DEMO_WALLET_ENTRIES: readonly WalletEntry[] = [
  { id: 7, kind: 'topup', amount: 500_000, balance: 830_000, createdAt: '2026-11-20T09:30:00.000Z', ref: '1800000107' },
  { id: 6, kind: 'adjustment', amount: -20_000, balance: 330_000, createdAt: '2026-11-01T12:00:00.000Z', ref: null },
  { id: 5, kind: 'gift', amount: 100_000, balance: 350_000, createdAt: '2026-10-20T17:45:00.000Z', ref: 'GIFT-NOWRUZ' },
  {
    id: 4,
    kind: 'refund',
    amount: 180_000,
    balance: 250_000,
    createdAt: '2026-10-02T08:10:00.000Z',
    ref: '1800000021',
  },
  {
    id: 3,
    kind: 'purchase',
    amount: -180_000,
    balance: 70_000,
    createdAt: '2026-10-01T20:05:00.000Z',
    ref: '1800000021',
  },
  { id: 2, kind: 'referral', amount: 50_000, balance: 250_000, createdAt: '2026-09-15T11:00:00.000Z', ref: 'REF-8K2Q' },
  { id: 1, kind: 'topup', amount: 200_000, balance: 200_000, createdAt: '2026-09-01T07:20:00.000Z', ref: '1800000010' },
];
