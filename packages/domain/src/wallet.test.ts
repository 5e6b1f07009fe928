import { describe, expect, it } from 'vitest';
import { balanceAfter, isWalletEntryKind, walletShortfall, WALLET_ENTRY_KINDS } from './wallet.ts';

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
});
