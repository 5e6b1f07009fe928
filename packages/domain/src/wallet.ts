/**
 * The wallet (CONTRACTS §10): a balance in tomans that belongs to one account, kept as a ledger.
 * Entries are never changed; each carries the balance after it, so the balance is always the sum
 * of the entries and the last entry's `balance`. A plan paid from the wallet costs its credit price.
 */

/** What moved the balance. */
export const WALLET_ENTRY_KINDS = ['topup', 'purchase', 'refund', 'referral', 'gift', 'adjustment'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

export function isWalletEntryKind(value: unknown): value is WalletEntryKind {
  return (WALLET_ENTRY_KINDS as readonly unknown[]).includes(value);
}

/** One entry of the ledger as the panel and separ-admin show it. */
export interface WalletEntry {
  id: number;
  kind: WalletEntryKind;
  /** Signed tomans: a top-up is positive, a purchase negative. */
  amount: number;
  /** The balance after this entry, in tomans. */
  balance: number;
  createdAt: string;
  /** The order number or code the entry came from; null for an operator's adjustment. */
  ref: string | null;
}

/** The top-up bounds in tomans when the shop sets none (`walletMinTopup`, `walletMaxTopup`). */
export const WALLET_TOPUP_DEFAULTS = { min: 10_000, max: 50_000_000 } as const;

/**
 * The largest amount one entry may move, in tomans: ten times the largest top-up. A bound on every
 * number from outside (an operator's adjustment included), far above any real price.
 */
export const WALLET_MAX_ENTRY = 500_000_000;

/** The balance after adding `amount` to `balance`, or null when it would go below zero. */
export function balanceAfter(balance: number, amount: number): number | null {
  const after = balance + amount;
  return after < 0 ? null : after;
}

/** How many tomans a balance lacks for a price (0 when it is enough). */
export function walletShortfall(balance: number, price: number): number {
  return Math.max(0, price - balance);
}

/** What the account's invitations have paid into its wallet: the sum of its `referral` entries and their count. */
export function referralEarnings(entries: readonly Pick<WalletEntry, 'kind' | 'amount'>[]): {
  total: number;
  count: number;
} {
  let total = 0;
  let count = 0;
  for (const entry of entries)
    if (entry.kind === 'referral') {
      total += entry.amount;
      count += 1;
    }
  return { total, count };
}

/** An account's referral link (CONTRACTS §12): `{origin}/?ref={code}`, the origin without a trailing slash. */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/?ref=${encodeURIComponent(code)}`;
}
