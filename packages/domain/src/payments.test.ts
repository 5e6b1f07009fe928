import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decodePaymentResult,
  encodePaymentResult,
  canDisconnect,
  parseDeviceInfo,
  paymentState,
  type PaymentResultPayload,
} from './payments.ts';

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

const payload: PaymentResultPayload = {
  status: 'success',
  resnum: '1404-000123',
  refnum: 'REF98765',
  amount: 1200000,
  time: '2026-05-01 10:00:00',
  username: 'sepr4821',
  password: 'k3Jd9QwZ',
};

describe('parseDeviceInfo', () => {
  it('splits operating system and version at the semicolon', () => {
    expect(parseDeviceInfo('Android;13')).toEqual({ os: 'Android', version: '13' });
    expect(parseDeviceInfo('Windows; 11 Pro')).toEqual({ os: 'Windows', version: '11 Pro' });
    expect(parseDeviceInfo('iOS;17;beta')).toEqual({ os: 'iOS', version: '17;beta' });
  });

  it('has an empty version without a semicolon', () => {
    expect(parseDeviceInfo('Linux')).toEqual({ os: 'Linux', version: '' });
    expect(parseDeviceInfo('')).toEqual({ os: '', version: '' });
    expect(parseDeviceInfo(undefined as unknown as string)).toEqual({ os: '', version: '' });
  });
});

describe('paymentState (SPEC §4 payment list state)', () => {
  it('maps 2 to success, 1 to failed and anything else to pending', () => {
    expect(paymentState(2)).toBe('success');
    expect(paymentState('2')).toBe('success');
    expect(paymentState(1)).toBe('failed');
    expect(paymentState('1')).toBe('failed');
    expect(paymentState(0)).toBe('pending');
    expect(paymentState(3)).toBe('pending');
    expect(paymentState('')).toBe('pending');
    expect(paymentState('paid')).toBe('pending');
  });
});

describe('decodePaymentResult (SPEC §3 payment result payload)', () => {
  it('decodes a standard base64 success payload, amount in tomans', () => {
    expect(decodePaymentResult(base64(JSON.stringify(payload)))).toEqual({
      status: 'success',
      orderId: '1404-000123',
      refId: 'REF98765',
      amountToman: 120000,
      time: '2026-05-01 10:00:00',
      username: 'sepr4821',
      password: 'k3Jd9QwZ',
    });
  });

  it('decodes URL-safe base64 with or without padding', () => {
    const json = JSON.stringify({ ...payload, username: '>>>??' });
    const urlSafe = Buffer.from(json).toString('base64url');
    expect(urlSafe).toMatch(/[-_]/);
    expect(decodePaymentResult(urlSafe).username).toBe('>>>??');
    const padded = urlSafe + '='.repeat((4 - (urlSafe.length % 4)) % 4);
    expect(decodePaymentResult(padded).username).toBe('>>>??');
  });

  it('survives a "+" turned into a space by query-string decoding', () => {
    const json = JSON.stringify({ ...payload, username: '>>>' });
    const standard = base64(json);
    expect(standard).toContain('+');
    expect(decodePaymentResult(standard.replace(/\+/g, ' ')).username).toBe('>>>');
  });

  it('decodes UTF-8 text such as Persian', () => {
    expect(decodePaymentResult(base64(JSON.stringify({ ...payload, time: '۱۴۰۵/۰۲/۱۱' }))).time).toBe('۱۴۰۵/۰۲/۱۱');
  });

  it('keeps failed and duplicate, and treats an unknown status as failed', () => {
    expect(decodePaymentResult(base64(JSON.stringify({ ...payload, status: 'failed' }))).status).toBe('failed');
    expect(decodePaymentResult(base64(JSON.stringify({ ...payload, status: 'duplicate' }))).status).toBe('duplicate');
    expect(decodePaymentResult(base64(JSON.stringify({ ...payload, status: 'weird' }))).status).toBe('failed');
    expect(decodePaymentResult(base64(JSON.stringify({ ...payload, status: undefined }))).status).toBe('failed');
  });

  it('reads an order in dollars (usd_cents: whole cents above 0) as amountUsd, and nothing else as dollars', () => {
    const paid = decodePaymentResult(encodePaymentResult({ ...payload, status: 'success', usd_cents: 250 }));
    expect(paid).toMatchObject({ amountToman: 120000, amountUsd: 2.5 });
    const topup = decodePaymentResult(
      encodePaymentResult({ ...payload, status: 'success', topup: 150_000, usd_cents: 199 }),
    );
    expect(topup).toMatchObject({ topupToman: 150_000, amountUsd: 1.99 });
    for (const junk of [0, -5, 1.5, '250', null])
      expect(decodePaymentResult(base64(JSON.stringify({ ...payload, usd_cents: junk })))).not.toHaveProperty(
        'amountUsd',
      );
  });

  it('reads a wallet top-up (topup: tomans) with no credentials, and only a positive whole number', () => {
    const topup = decodePaymentResult(
      base64(JSON.stringify({ ...payload, topup: 250_000, username: 'leak', password: 'leak' })),
    );
    expect(topup).toMatchObject({ status: 'success', topupToman: 250_000, username: '', password: '' });
    for (const junk of [0, -5, 1.5, '250000', null])
      expect(decodePaymentResult(base64(JSON.stringify({ ...payload, topup: junk })))).not.toHaveProperty('topupToman');
  });

  it('marks a renewal (renewed: 1) of a success only, and never shows its password', () => {
    const renewed = decodePaymentResult(base64(JSON.stringify({ ...payload, renewed: 1, password: 'leak' })));
    expect(renewed).toMatchObject({ status: 'success', renewed: true, username: 'sepr4821', password: '' });
    expect(decodePaymentResult(base64(JSON.stringify(payload)))).not.toHaveProperty('renewed');
    const duplicate = decodePaymentResult(base64(JSON.stringify({ ...payload, status: 'duplicate', renewed: 1 })));
    expect(duplicate).not.toHaveProperty('renewed');
  });

  it('reads numeric text amounts and ids, and leaves a missing amount null', () => {
    const result = decodePaymentResult(base64(JSON.stringify({ status: 'success', resnum: 77, amount: '55000' })));
    expect(result).toMatchObject({ orderId: '77', amountToman: 5500, refId: '', username: '', password: '' });
    expect(decodePaymentResult(base64(JSON.stringify({ status: 'success' }))).amountToman).toBeNull();
    expect(decodePaymentResult(base64(JSON.stringify({ status: 'success', amount: 'x' }))).amountToman).toBeNull();
  });

  const failed = {
    status: 'failed',
    orderId: 'N/A',
    refId: '',
    amountToman: null,
    time: '',
    username: '',
    password: '',
  };

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['not base64', '%%%not-base64%%%'],
    ['an impossible length', 'abcde'],
    ['not JSON', base64('hello world')],
    ['a JSON array', base64('[1,2]')],
    ['a JSON number', base64('5')],
    ['not UTF-8', Buffer.from([0xff, 0xfe, 0xfd]).toString('base64')],
  ])('treats %s data as failed with order id N/A', (_, data) => {
    expect(decodePaymentResult(data)).toEqual(failed);
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (data) => {
        const result = decodePaymentResult(data);
        expect(['success', 'failed', 'duplicate']).toContain(result.status);
      }),
    );
  });

  it('round-trips with encodePaymentResult', () => {
    fc.assert(
      fc.property(
        fc.record({
          status: fc.constantFrom('success' as const, 'failed' as const, 'duplicate' as const),
          resnum: fc.string({ minLength: 1 }),
          refnum: fc.string(),
          amount: fc.integer({ min: 0, max: 1e10 }),
          time: fc.string(),
          username: fc.string(),
          password: fc.string(),
        }),
        (p) => {
          const result = decodePaymentResult(encodePaymentResult(p));
          expect(result).toEqual({
            status: p.status,
            orderId: p.resnum,
            refId: p.refnum,
            amountToman: p.amount / 10,
            time: p.time,
            username: p.username,
            password: p.password,
          });
        },
      ),
    );
  });
});

describe('canDisconnect', () => {
  it('lets the panel end app sessions, not OpenConnect connections', () => {
    expect(canDisconnect({ id: '3f2b8c1e-1d2a-4c5b-9e8f-0a1b2c3d4e5f' })).toBe(true);
    expect(canDisconnect({ id: 'openconnect-12' })).toBe(false);
  });
});
