import { describe, expect, it } from 'vitest';
import { checkTopupAmount } from './walletForm';

describe('the top-up amount', () => {
  it('reads whole tomans in Persian or Latin digits, separated or not', () => {
    expect(checkTopupAmount('۲۵۰٬۰۰۰', 10_000, 50_000_000)).toEqual({ ok: true, amount: 250_000 });
    expect(checkTopupAmount(' 1,000,000 ', 10_000, 50_000_000)).toEqual({ ok: true, amount: 1_000_000 });
    expect(checkTopupAmount('10000', 10_000, 10_000)).toEqual({ ok: true, amount: 10_000 });
  });

  it('names what is wrong: nothing typed, not a whole number, outside the bounds', () => {
    expect(checkTopupAmount('  ', 10_000, 50_000_000)).toEqual({ ok: false, error: 'required' });
    expect(checkTopupAmount('12.5', 10_000, 50_000_000)).toEqual({ ok: false, error: 'invalid' });
    expect(checkTopupAmount('-20000', 10_000, 50_000_000)).toEqual({ ok: false, error: 'invalid' });
    expect(checkTopupAmount('۹۹۹۹', 10_000, 50_000_000)).toEqual({ ok: false, error: 'range' });
    expect(checkTopupAmount('50000001', 10_000, 50_000_000)).toEqual({ ok: false, error: 'range' });
  });
});
