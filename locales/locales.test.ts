/**
 * Every text of the product lives in locales/{fa,en}/*.json. These tests keep the two languages
 * in step: the same namespaces and keys, no empty value, the same interpolation variables, Persian
 * digits in Persian, and the English texts the spec quotes, verbatim.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const here = import.meta.dirname;
const languages = ['fa', 'en'] as const;

function load(lng: string): Record<string, Tree> {
  const dir = join(here, lng);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree]),
  );
}

function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof tree === 'object' && tree !== null && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree)) {
      for (const [k, v] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, tree);
  }
  return out;
}

const bundles = Object.fromEntries(languages.map((lng) => [lng, load(lng)])) as Record<
  (typeof languages)[number],
  Record<string, Tree>
>;
const flat = Object.fromEntries(
  languages.map((lng) => [
    lng,
    new Map(
      Object.entries(bundles[lng]).flatMap(([ns, tree]) => [...flatten(tree, ns)].map(([k, v]) => [k, v] as const)),
    ),
  ]),
) as Record<(typeof languages)[number], Map<string, unknown>>;

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[0].replace(/\s+/g, '')).sort();

describe('locales', () => {
  it('have the same namespaces in both languages', () => {
    expect(Object.keys(bundles.fa).sort()).toEqual(Object.keys(bundles.en).sort());
    expect(Object.keys(bundles.en).length).toBeGreaterThanOrEqual(12);
  });

  it('have the same keys in both languages', () => {
    const faKeys = [...flat.fa.keys()].sort();
    const enKeys = [...flat.en.keys()].sort();
    expect(
      faKeys.filter((k) => !flat.en.has(k)),
      'keys only in fa',
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !flat.fa.has(k)),
      'keys only in en',
    ).toEqual([]);
  });

  it.each(languages)('have no empty or non-text value in %s', (lng) => {
    const bad = [...flat[lng]].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it('use the same interpolation variables in both languages', () => {
    const differ = [...flat.en]
      .filter(
        ([key, en]) =>
          JSON.stringify(placeholders(String(en))) !== JSON.stringify(placeholders(String(flat.fa.get(key)))),
      )
      .map(([key]) => key);
    expect(differ).toEqual([]);
  });

  it('write Persian with Persian digits (technical names aside)', () => {
    const technical = /AES-256|IPv6|HTTP|WebRTC|you@example\.com|sepr\d+|v2ray\w*|V2Box|\(September 23, 2025\)/gi;
    const offenders = [...flat.fa]
      .filter(([key]) => !key.startsWith('legal.'))
      .filter(([, value]) =>
        /[0-9]/.test(
          String(value)
            .replace(/\{\{[^}]*\}\}/g, '')
            .replace(technical, ''),
        ),
      )
      .map(([key, value]) => `${key}: ${String(value)}`);
    expect(offenders).toEqual([]);
  });

  it('translate every Persian text outside the English legal pages and technical names', () => {
    const sameInBoth = new Set([
      'common.language.fa',
      'common.language.en',
      'home.devices.platforms.ios',
      'plans.card.popularIos',
      'payment.email.placeholder',
      'panel.servers.types.v2ray',
      'panel.servers.types.openconnect',
      'panel.devices.table.index',
      'install.platforms.ios.name',
      'download.modal.clients.ios.name',
    ]);
    const untranslated = [...flat.fa]
      .filter(([key, value]) => value === flat.en.get(key) && !key.startsWith('legal.') && !sameInBoth.has(key))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('give Persian text in Persian script', () => {
    const persian = /[\u0600-\u06FF]/;
    const latinOnly = [...flat.fa]
      .filter(([key, value]) => !key.startsWith('legal.') && value !== flat.en.get(key) && !persian.test(String(value)))
      .map(([key]) => key);
    expect(latinOnly).toEqual(['common.language.switchTo']);
  });

  it('use the English texts of the spec verbatim', () => {
    const quoted: Record<string, string> = {
      'errors.request.invalidJson': 'Invalid JSON response',
      'errors.request.timeout': 'Request timeout',
      'errors.request.network': 'Network request failed',
      'errors.request.http': 'HTTP {{status}}: {{statusText}}',
      'errors.request.apiError': 'API returned error: {{code}}',
      'errors.plans.loadTitle': 'Error Loading Plans',
      'errors.plans.loadMessage': "We couldn't load the plans. Please try again.",
      'errors.plans.emptyTitle': 'No Plans Found',
      'errors.payment.noPlan': 'No plan selected. Please go back and select a plan.',
      'errors.payment.planNotFound': 'The selected plan could not be found.',
      'errors.payment.gatewaysFailed': 'Failed to load gateways',
      'errors.payment.purchaseFailed': 'Payment failed. Please try again.',
      'errors.payment.duplicate': 'This payment has already been processed.',
      'errors.login.invalid': 'Invalid username or password',
      'errors.login.network': 'Please check your internet connection',
      'errors.validation.missingCredentials': 'Please enter username and password',
      'errors.validation.invalidEmail': 'Please enter a valid email address',
      'errors.validation.allFieldsRequired': 'Please fill in all fields',
      'errors.validation.mismatch': 'New password and confirmation do not match',
      'errors.validation.sameAsCurrent': 'New password cannot be the same as current password',
      'errors.validation.tooShort': 'New password must be at least 6 characters',
      'errors.validation.invalidCharacters': 'Invalid characters in password',
      'errors.password.failed': 'Failed to change password.',
      'errors.password.network': 'An error occurred while changing the password.',
      'errors.password.success': 'Password changed successfully.',
      'errors.password.error': 'Error changing password',
      'errors.password.currentIncorrect': 'Current password is incorrect',
      'errors.panel.account': 'Failed to load account information',
      'errors.panel.devices': 'Failed to load device information',
      'errors.panel.payments': 'Error loading payment data',
      'errors.panel.servers': 'Error loading server information',
      'errors.actions.tryAgain': 'Try Again',
      'errors.actions.retry': 'Retry',
      'common.header.login': 'Login',
      'common.header.myAccount': 'My Account',
      'common.cookies.accept': 'Accept',
      'common.cookies.reject': 'Reject',
      'home.pricing.mostPopular': 'Most Popular',
      'home.pricing.viewAll': 'View all plans',
      'home.devices.download': 'Download',
      'home.devices.viewAll': 'View all',
      'plans.card.select': 'Select',
      'plans.card.popularIos': 'iOS',
      'plans.card.popularAndroid': 'Android / Windows',
      'payment.result.success.goDashboard': 'Go to dashboard',
      'payment.result.success.copyCredentials': 'Copy credentials',
      'payment.result.failed.tryAgain': 'Try again',
      'payment.result.failed.contactSupport': 'Contact support',
      'panel.upgrade.ok': 'OK',
      'download.modal.close': 'Close',
      'legal.lastUpdated': 'Last updated: September 23, 2025',
    };
    const wrong = Object.entries(quoted).filter(([key, text]) => flat.en.get(key) !== text);
    expect(wrong).toEqual([]);
  });

  it('state the marketing claims with the location counts of each language', () => {
    expect(flat.en.get('home.stats.locations.value')).toBe('225+');
    expect(flat.en.get('home.stats.locations.label')).toContain('65 countries');
    expect(flat.fa.get('home.stats.locations.value')).toBe('+۶۸');
    expect(flat.fa.get('home.stats.locations.label')).toContain('۲۰ کشور');
    expect(flat.en.get('home.stats.servers.value')).toBe('8,000+');
    expect(flat.en.get('home.stats.uptime.value')).toBe('99.9%');
  });

  it('hold the seven FAQ questions, six feature tiles, three benefits and eight platforms', () => {
    for (const lng of languages) {
      const home = bundles[lng].home as Tree;
      const pick = (path: string) => path.split('.').reduce<unknown>((t, k) => (t as Tree)[k], home) as Tree;
      expect(Object.keys(pick('faq.items'))).toHaveLength(7);
      expect(Object.keys(pick('features.tiles'))).toHaveLength(6);
      expect(Object.keys(pick('features.benefits'))).toHaveLength(3);
      expect(Object.keys(pick('devices.platforms'))).toHaveLength(8);
    }
  });
});
