import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accountStatus,
  dataRemainingMB,
  dataRemainingPercent,
  devicePercent,
  normalizeAccount,
  normalizeDevice,
  parseDateTime,
  type Account,
} from './account.ts';

const NOW = new Date('2026-06-01T12:00:00Z');

function account(overrides: Partial<Account> = {}): Account {
  return {
    username: 'sepr1234',
    expireDate: '2026-07-01T12:00:00Z',
    usedMB: 100,
    allowedMB: 1000,
    devices: [],
    allowedDevices: 5,
    suspend: 0,
    subsDays: 0,
    ios: 0,
    payments: [],
    ...overrides,
  };
}

describe('normalizeAccount', () => {
  it('reads camelCase fields', () => {
    const raw = {
      username: 'ali',
      expireDate: '2026-07-01',
      usedMB: 10,
      allowedMB: -1,
      allowedDevices: 5,
      suspend: 0,
      subsDays: 0,
      ios: 1,
      devices: [{ id: 7, deviceInfo: 'Android;13', loginAt: '2026-05-01T10:00:00Z' }],
      payments: [{ resNum: 'R1', refNum: 'B1', state: 2, amount: 1200000, createdAt: '2026-05-01', plan_id: 3 }],
    };
    expect(normalizeAccount(raw)).toEqual({
      username: 'ali',
      expireDate: '2026-07-01',
      usedMB: 10,
      allowedMB: -1,
      allowedDevices: 5,
      suspend: 0,
      subsDays: 0,
      ios: 1,
      devices: [{ id: '7', deviceInfo: 'Android;13', loginAt: '2026-05-01T10:00:00Z' }],
      payments: [{ resNum: 'R1', refNum: 'B1', state: 2, amount: 1200000, createdAt: '2026-05-01', plan_id: 3 }],
    });
  });

  it('reads snake_case fields', () => {
    const raw = {
      username: 'ali',
      expire_date: '2026-07-01 10:00:00',
      used_mb: '20',
      allowed_mb: 2048,
      allowed_devices: 2,
      subs_days: 30,
      suspend: '1',
      ios: 0,
      devices: [{ id: 'a', device_info: 'Windows;11', login_at: '2026-05-02' }],
      payments: [{ res_num: 'R2', ref_num: 'B2', state: '1', amount: '50', created_at: '2026-05-02', plan_id: '4' }],
    };
    expect(normalizeAccount(raw)).toEqual({
      username: 'ali',
      expireDate: '2026-07-01 10:00:00',
      usedMB: 20,
      allowedMB: 2048,
      allowedDevices: 2,
      subsDays: 30,
      suspend: 1,
      ios: 0,
      devices: [{ id: 'a', deviceInfo: 'Windows;11', loginAt: '2026-05-02' }],
      payments: [{ resNum: 'R2', refNum: 'B2', state: 1, amount: 50, createdAt: '2026-05-02', plan_id: 4 }],
    });
  });

  it('reads the earlier payment names (trackingId, bankTrackingId, status)', () => {
    const { payments } = normalizeAccount({ payments: [{ trackingId: 'T', bankTrackingId: 'BT', status: 2 }] });
    expect(payments[0]).toMatchObject({ resNum: 'T', refNum: 'BT', state: 2 });
  });

  it('reads a payment in dollars (amountUsdCents: whole cents above 0) as its cents, and nothing else', () => {
    const { payments } = normalizeAccount({
      payments: [
        { resNum: 'R3', amount: 1_500_000, amountUsdCents: 250 },
        { res_num: 'R4', amount: 10, amount_usd_cents: 1999 },
        ...[0, -1, 2.5, '250', null].map((junk) => ({ resNum: 'J', amountUsdCents: junk })),
      ],
    });
    expect(payments[0]).toMatchObject({ resNum: 'R3', amount: 1_500_000, amountUsdCents: 250 });
    expect(payments[1]).toMatchObject({ resNum: 'R4', amountUsdCents: 1999 });
    for (const junk of payments.slice(2)) expect(junk).not.toHaveProperty('amountUsdCents');
  });

  it('turns missing numbers into 0, missing lists into [] and a missing expiry into null', () => {
    expect(normalizeAccount({})).toEqual({
      username: '',
      expireDate: null,
      usedMB: 0,
      allowedMB: 0,
      devices: [],
      allowedDevices: 0,
      suspend: 0,
      subsDays: 0,
      ios: 0,
      payments: [],
    });
    expect(normalizeAccount(null).devices).toEqual([]);
    expect(normalizeAccount('junk').payments).toEqual([]);
    expect(normalizeAccount({ devices: 'x', usedMB: 'lots', expireDate: '  ' })).toMatchObject({
      devices: [],
      usedMB: 0,
      expireDate: null,
    });
  });

  it('writes timestamps and dates as ISO text', () => {
    const ms = Date.UTC(2026, 0, 2);
    expect(normalizeAccount({ expireDate: ms }).expireDate).toBe('2026-01-02T00:00:00.000Z');
    expect(normalizeAccount({ expireDate: new Date(ms) }).expireDate).toBe('2026-01-02T00:00:00.000Z');
    expect(normalizeAccount({ usedMB: true }).usedMB).toBe(1);
  });

  it('never throws on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        const result = normalizeAccount(raw);
        expect(Array.isArray(result.devices)).toBe(true);
        expect(Number.isFinite(result.usedMB)).toBe(true);
      }),
    );
  });
});

describe('parseDateTime', () => {
  it('reads ISO and "YYYY-MM-DD HH:mm:ss" dates, and gives null otherwise', () => {
    expect(parseDateTime('2026-01-02T00:00:00Z')).toBe(Date.UTC(2026, 0, 2));
    expect(parseDateTime('2026-01-02 03:04:05')).toBe(new Date(2026, 0, 2, 3, 4, 5).getTime());
    expect(parseDateTime('soon')).toBeNull();
    expect(parseDateTime('')).toBeNull();
    expect(parseDateTime(null)).toBeNull();
  });
});

describe('accountStatus (SPEC §4 account status, in order)', () => {
  it('is suspended first, whatever else holds', () => {
    expect(accountStatus(account({ suspend: 1, subsDays: 30, expireDate: '2020-01-01' }), NOW)).toEqual({
      state: 'suspended',
    });
  });

  it('is pending activation while subsDays is above 0, with the days', () => {
    expect(accountStatus(account({ subsDays: 30, expireDate: null }), NOW)).toEqual({ state: 'pending', days: 30 });
    expect(accountStatus(account({ subsDays: 30, expireDate: '2020-01-01', usedMB: 5000 }), NOW)).toEqual({
      state: 'pending',
      days: 30,
    });
  });

  it('is expired once the expiry date has passed, before the data check', () => {
    expect(accountStatus(account({ expireDate: '2026-06-01T11:59:59Z', usedMB: 5000 }), NOW)).toEqual({
      state: 'expired',
    });
  });

  it('is data limit exceeded when used data passes a limited allowance', () => {
    expect(accountStatus(account({ usedMB: 1001 }), NOW)).toEqual({ state: 'dataExceeded' });
    expect(accountStatus(account({ usedMB: 1000 }), NOW)).toEqual({ state: 'active', daysLeft: 30 });
    expect(accountStatus(account({ allowedMB: -1, usedMB: 999999 }), NOW)).toEqual({ state: 'active', daysLeft: 30 });
  });

  it('is active with whole days left, rounded up, never below 0', () => {
    expect(accountStatus(account({ expireDate: '2026-06-02T13:00:00Z' }), NOW)).toEqual({
      state: 'active',
      daysLeft: 2,
    });
    expect(accountStatus(account({ expireDate: '2026-06-01T12:00:00Z' }), NOW)).toEqual({
      state: 'active',
      daysLeft: 0,
    });
    expect(accountStatus(account({ expireDate: null }), NOW)).toEqual({ state: 'active', daysLeft: 0 });
    expect(accountStatus(account({ expireDate: 'not a date' }), NOW)).toEqual({ state: 'active', daysLeft: 0 });
  });

  it('reads the clock only from `now`', () => {
    const a = account({ expireDate: '2026-06-11T12:00:00Z' });
    expect(accountStatus(a, new Date('2026-06-10T12:00:00Z'))).toEqual({ state: 'active', daysLeft: 1 });
    expect(accountStatus(a, new Date('2026-06-12T12:00:00Z'))).toEqual({ state: 'expired' });
  });
});

describe('dataRemainingPercent (SPEC §2 dashboard ring)', () => {
  it('is 100 minus the rounded percent used', () => {
    expect(dataRemainingPercent(account({ usedMB: 250, allowedMB: 1000 }))).toBe(75);
    expect(dataRemainingPercent(account({ usedMB: 1, allowedMB: 3 }))).toBe(67);
    expect(dataRemainingPercent(account({ usedMB: 0 }))).toBe(100);
  });

  it('is clamped to 0..100', () => {
    expect(dataRemainingPercent(account({ usedMB: 5000, allowedMB: 1000 }))).toBe(0);
    expect(dataRemainingPercent(account({ usedMB: -50, allowedMB: 1000 }))).toBe(100);
  });

  it('is 100 for unlimited data and 0 without an allowance', () => {
    expect(dataRemainingPercent(account({ allowedMB: -1, usedMB: 123 }))).toBe(100);
    expect(dataRemainingPercent(account({ allowedMB: 0, usedMB: 0 }))).toBe(0);
  });

  it('always lies within 0..100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 1e7 }), fc.integer({ min: -1, max: 1e7 }), (usedMB, allowedMB) => {
        const percent = dataRemainingPercent(account({ usedMB, allowedMB }));
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('dataRemainingMB', () => {
  it('is what is left of the allowance, or null when unlimited', () => {
    expect(dataRemainingMB(account({ usedMB: 100, allowedMB: 1000 }))).toBe(900);
    expect(dataRemainingMB(account({ usedMB: 2000, allowedMB: 1000 }))).toBe(0);
    expect(dataRemainingMB(account({ allowedMB: -1 }))).toBeNull();
  });
});

describe('devicePercent (SPEC §2 devices ring)', () => {
  it('is count over allowed, rounded and clamped', () => {
    expect(devicePercent(2, 5)).toBe(40);
    expect(devicePercent(1, 3)).toBe(33);
    expect(devicePercent(7, 5)).toBe(100);
    expect(devicePercent(0, 5)).toBe(0);
    expect(devicePercent(-1, 5)).toBe(0);
  });

  it('is 0 when nothing is allowed', () => {
    expect(devicePercent(3, 0)).toBe(0);
    expect(devicePercent(3, -1)).toBe(0);
    expect(devicePercent(3, Number.NaN)).toBe(0);
  });
});

describe('normalizeDevice', () => {
  it('keeps the model a subscription’s device names, and says none when it is blank or absent', () => {
    expect(
      normalizeDevice({
        id: 'd1',
        device_info: 'Android;14',
        login_at: '2026-05-02T08:15:00Z',
        device_model: 'Pixel 8',
      }),
    ).toEqual({ id: 'd1', deviceInfo: 'Android;14', loginAt: '2026-05-02T08:15:00Z', model: 'Pixel 8' });
    expect(normalizeDevice({ id: 'd2', deviceInfo: 'iOS;18', loginAt: '2026-05-02T08:15:00Z', model: ' ' })).toEqual({
      id: 'd2',
      deviceInfo: 'iOS;18',
      loginAt: '2026-05-02T08:15:00Z',
    });
    expect(normalizeDevice({ id: 'd3', deviceInfo: 'Linux', model: null })).not.toHaveProperty('model');
  });
});
