import { describe, expect, it } from 'vitest';
import {
  consentAnswer,
  directionOf,
  FALLBACK_PLANS,
  fallbackPlansFor,
  GATEWAYS,
  HOME_PLANS_PER_TAB,
  isGateway,
  isConsentAnswer,
  isLanguage,
  prerenderedFile,
  REQUEST_TIMEOUT_MS,
} from './index.ts';

describe('constants (SPEC §9)', () => {
  it('names the gateways and recognises them', () => {
    expect(GATEWAYS).toEqual(['ird', 'spay']);
    expect(isGateway('ird')).toBe(true);
    expect(isGateway('zarinpal')).toBe(false);
    expect(isGateway(1)).toBe(false);
  });

  it('knows the two languages and their directions', () => {
    expect(isLanguage('fa')).toBe(true);
    expect(isLanguage('de')).toBe(false);
    expect(directionOf('fa')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });

  it('times requests out after 10 s', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10000);
  });
});

describe('fallback plans (SPEC §9 static fallback prices)', () => {
  it('has at most 3 cards per tab, the second popular', () => {
    for (const tab of ['android-windows', 'other'] as const) {
      const cards = fallbackPlansFor(tab);
      expect(cards.length).toBeLessThanOrEqual(HOME_PLANS_PER_TAB);
      expect(cards.map((c) => c.popular)).toEqual([false, true, false]);
    }
  });

  it('carries the dollar and toman prices of the spec', () => {
    const prices = FALLBACK_PLANS.map((p) => [p.tier, p.priceUsd, p.priceToman]);
    expect(prices).toContainEqual(['premium', 4.99, 120000]);
    expect(prices).toContainEqual(['family', 7.99, 200000]);
    expect(prices).toContainEqual(['multiPlatform', 8.99, 220000]);
    expect(prices).toContainEqual(['ultimate', 12.99, 320000]);
    expect(prices).toContainEqual(['free', 0, 0]);
  });
});

describe('what the web build and the server share', () => {
  it('names the consent answers the cookie holds', () => {
    expect(consentAnswer(true)).toBe('accepted');
    expect(consentAnswer(false)).toBe('rejected');
    expect([consentAnswer(true), consentAnswer(false)].every(isConsentAnswer)).toBe(true);
    for (const other of ['', 'yes', 'ACCEPTED', null, undefined, true]) expect(isConsentAnswer(other)).toBe(false);
  });

  it('names the file of a prerendered page', () => {
    expect(prerenderedFile('/')).toBe('index.html');
    expect(prerenderedFile('/buy')).toBe('buy.html');
    expect(prerenderedFile('/privacy-policy')).toBe('privacy-policy.html');
  });
});
