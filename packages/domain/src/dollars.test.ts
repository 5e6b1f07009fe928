import { describe, expect, it } from 'vitest';
import { centsOf, centsText, isTomanPerUsd, TOMAN_PER_USD_BOUNDS, usdCents, usdPrice } from './dollars.ts';
import { CRYPTO_GATES, CRYPTO_GATEWAYS, isCryptoGate, isCryptoGateway, SANDBOX_CRYPTO_GATE } from './constants.ts';

describe('dollars (CONTRACTS §12)', () => {
  it('takes a rate of whole tomans within the bounds, or 0 for none', () => {
    expect(isTomanPerUsd(0)).toBe(true);
    expect(isTomanPerUsd(TOMAN_PER_USD_BOUNDS.min)).toBe(true);
    expect(isTomanPerUsd(TOMAN_PER_USD_BOUNDS.max)).toBe(true);
    expect(isTomanPerUsd(TOMAN_PER_USD_BOUNDS.max + 1)).toBe(false);
    expect(isTomanPerUsd(-1)).toBe(false);
    expect(isTomanPerUsd(60_000.5)).toBe(false);
    expect(isTomanPerUsd('60000')).toBe(false);
    expect(isTomanPerUsd(Number.NaN)).toBe(false);
  });

  it('prices tomans in dollars rounded to cents, and nothing without a rate', () => {
    expect(usdCents(150_000, 60_000)).toBe(250);
    expect(usdPrice(150_000, 60_000)).toBe(2.5);
    expect(usdPrice(100_000, 60_000)).toBe(1.67);
    expect(usdPrice(99_999, 60_000)).toBe(1.67);
    expect(usdPrice(1_000, 300_000)).toBe(0);
    expect(usdCents(150_000, 0)).toBeNull();
    expect(usdPrice(0, 60_000)).toBeNull();
    expect(usdCents(Number.NaN, 60_000)).toBeNull();
    expect(usdCents(150_000, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('writes cents as dollars and reads a gateway’s dollars as whole cents', () => {
    expect(centsText(250)).toBe('2.50');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(123_456)).toBe('1234.56');
    expect(centsOf(2.5)).toBe(250);
    expect(centsOf('12.34')).toBe(1234);
    expect(centsOf(' 15 ')).toBe(1500);
    expect(centsOf(0.1 + 0.2)).toBe(30);
    expect(centsOf(0.301)).toBeNull();
    expect(centsOf('12.345')).toBeNull();
    expect(centsOf('-1')).toBeNull();
    expect(centsOf('1e3')).toBeNull();
    expect(centsOf(null)).toBeNull();
    expect(centsOf({ amount: 1 })).toBeNull();
  });

  it('names the crypto gates apart from the rial ones', () => {
    expect(CRYPTO_GATEWAYS).toEqual(['oxapay', 'nowpayments']);
    expect(isCryptoGateway('oxapay')).toBe(true);
    expect(isCryptoGateway('nowpayments')).toBe(true);
    expect(isCryptoGateway('ird')).toBe(false);
    expect(isCryptoGateway(7)).toBe(false);
    // The sandbox crypto page invoices in dollars too, but is no gateway of its own.
    expect(isCryptoGateway(SANDBOX_CRYPTO_GATE)).toBe(false);
    expect(CRYPTO_GATES).toEqual(['oxapay', 'nowpayments', 'sandboxcrypto']);
    expect(isCryptoGate('sandboxcrypto')).toBe(true);
    expect(isCryptoGate('oxapay')).toBe(true);
    expect(isCryptoGate('spay')).toBe(false);
    expect(isCryptoGate(null)).toBe(false);
  });
});
