import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from './shop.ts';
import { fragmentOf, fragmentProblem, isFragmentValue } from './delivery.ts';

describe('the delivery settings (CONTRACTS §14)', () => {
  it('start with no fragment, no mux and no Iran-direct', () => {
    expect(DEFAULT_SHOP_SETTINGS).toMatchObject({
      fragmentPackets: '',
      fragmentLength: '',
      fragmentInterval: '',
      muxEnabled: false,
      iranDirect: false,
    });
    expect(fragmentOf(DEFAULT_SHOP_SETTINGS)).toBeNull();
  });

  it('take Xray’s fragment syntax: tlshello for the packets, whole numbers or ranges within bounds', () => {
    expect(isFragmentValue('fragmentPackets', 'tlshello')).toBe(true);
    expect(isFragmentValue('fragmentPackets', '1-3')).toBe(true);
    expect(isFragmentValue('fragmentPackets', '101')).toBe(false);
    expect(isFragmentValue('fragmentLength', '100-200')).toBe(true);
    expect(isFragmentValue('fragmentLength', 'tlshello')).toBe(false);
    expect(isFragmentValue('fragmentLength', '0-10')).toBe(false);
    expect(isFragmentValue('fragmentLength', '')).toBe(false);
    expect(isFragmentValue('fragmentInterval', '0')).toBe(true);
    expect(isFragmentValue('fragmentInterval', '20-10')).toBe(false);
    expect(isFragmentValue('fragmentInterval', '1.5')).toBe(false);
  });

  it('set the three together, and name the value that is wrong', () => {
    const fragment = { fragmentPackets: 'tlshello', fragmentLength: '100-200', fragmentInterval: '10-20' };
    expect(fragmentProblem(fragment)).toBeNull();
    expect(fragmentOf(fragment)).toEqual({ packets: 'tlshello', length: '100-200', interval: '10-20' });
    expect(fragmentProblem({ ...fragment, fragmentInterval: '' })).toMatch(/together/);
    expect(fragmentOf({ ...fragment, fragmentInterval: '' })).toBeNull();
    expect(fragmentProblem({ ...fragment, fragmentLength: '100-99999' })).toBe(
      'The fragment length must be a whole number or a range from 1 to 16384, such as 100-200.',
    );
    expect(fragmentProblem({ ...fragment, fragmentPackets: 'all' })).toBe(
      'The fragment packets must be "tlshello" or a whole number or a range from 1 to 100, such as 1-3.',
    );
  });
});
