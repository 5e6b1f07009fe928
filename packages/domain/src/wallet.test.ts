import { describe, expect, it } from 'vitest';
import {
  balanceAfter,
  isWalletEntryKind,
  referralEarnings,
  referralLink,
  walletShortfall,
  WALLET_ENTRY_KINDS,
} from './wallet.ts';

describe('the wallet’s rules', () => {
  it('never lets a balance go below zero', () => {
    expect(balanceAfter(1000, -1000)).toBe(0);
    expect(balanceAfter(1000, -1001)).toBeNull();
    expect(balanceAfter(0, 500)).toBe(500);
  });

  it('says what a balance lacks for a price', () => {
    expect(walletShortfall(30_000, 45_000)).toBe(15_000);
    expect(walletShortfall(45_000, 45_000)).toBe(0);
    expect(walletShortfall(90_000, 45_000)).toBe(0);
  });

  it('knows the kinds of entry CONTRACTS §10 names, and no other', () => {
    expect(WALLET_ENTRY_KINDS).toEqual(['topup', 'purchase', 'refund', 'referral', 'gift', 'adjustment']);
    expect(isWalletEntryKind('gift')).toBe(true);
    expect(isWalletEntryKind('bonus')).toBe(false);
  });

  it('sums the referral entries only, with their count (CONTRACTS §12)', () => {
    const entries = [
      { kind: 'topup', amount: 500_000 },
      { kind: 'referral', amount: 50_000 },
      { kind: 'purchase', amount: -180_000 },
      { kind: 'referral', amount: 12_500 },
    ] as const;
    expect(referralEarnings(entries)).toEqual({ total: 62_500, count: 2 });
    expect(referralEarnings([{ kind: 'gift', amount: 100_000 }])).toEqual({ total: 0, count: 0 });
  });

  it('makes the referral link from the origin and the code', () => {
    expect(referralLink('https://separ.example', 'dem4k7m2qx')).toBe('https://separ.example/?ref=dem4k7m2qx');
    expect(referralLink('https://separ.example/', 'a b')).toBe('https://separ.example/?ref=a%20b');
  });
});
