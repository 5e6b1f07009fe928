import { UNLIMITED_MB } from './format.ts';
import { asRecord, pick, toNumber, toText } from './records.ts';
import { DAY_MS } from './units.ts';

/**
 * One device of an account (an app's session, an OpenConnect connection, a subscription's hardware
 * id); deviceInfo is "operating system;version", model the device's model when its client said it.
 */
export interface Device {
  id: string;
  deviceInfo: string;
  loginAt: string;
  model?: string;
}

/** One payment of an account: resNum is our order number, refNum the bank's. */
export interface Payment {
  resNum: string;
  refNum: string;
  state: number;
  amount: number;
  createdAt: string;
  plan_id: number;
  /**
   * A payment in dollars (a crypto gateway, CONTRACTS §12): the US cents its order was invoiced.
   * Present only then; `amount` stays the rials.
   */
  amountUsdCents?: number;
}

/** A VPN account as the panel shows it. */
export interface Account {
  username: string;
  expireDate: string | null;
  usedMB: number;
  allowedMB: number;
  devices: Device[];
  allowedDevices: number;
  suspend: number;
  subsDays: number;
  ios: number;
  payments: Payment[];
}

/** The derived status of an account, in the order of the checks of {@link accountStatus}. */
export type AccountStatus =
  | { state: 'suspended' }
  | { state: 'pending'; days: number }
  | { state: 'expired' }
  | { state: 'dataExceeded' }
  | { state: 'active'; daysLeft: number };

function toDateText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value).toISOString();
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  return null;
}

function toList<T>(value: unknown, map: (item: unknown) => T): T[] {
  return Array.isArray(value) ? value.map(map) : [];
}

/** A device from camelCase or snake_case fields. */
export function normalizeDevice(raw: unknown): Device {
  const r = asRecord(raw);
  const device: Device = {
    id: toText(pick(r, 'id', 'sessionId', 'session_id')),
    deviceInfo: toText(pick(r, 'deviceInfo', 'device_info')),
    loginAt: toDateText(pick(r, 'loginAt', 'login_at')) ?? '',
  };
  const model = pick(r, 'model', 'deviceModel', 'device_model');
  return typeof model === 'string' && model.trim() !== '' ? { ...device, model } : device;
}

/** A payment from its current or earlier field names (number, trackingId, bankTrackingId, status). */
export function normalizePayment(raw: unknown): Payment {
  const r = asRecord(raw);
  const payment: Payment = {
    resNum: toText(pick(r, 'resNum', 'res_num', 'resnum', 'trackingId', 'number')),
    refNum: toText(pick(r, 'refNum', 'ref_num', 'refnum', 'bankTrackingId')),
    state: toNumber(pick(r, 'state', 'status')),
    amount: toNumber(pick(r, 'amount')),
    createdAt: toDateText(pick(r, 'createdAt', 'created_at')) ?? '',
    plan_id: toNumber(pick(r, 'plan_id', 'planId')),
  };
  // An order in dollars (CONTRACTS §12): its whole cents above 0, else none.
  const cents = pick(r, 'amountUsdCents', 'amount_usd_cents');
  if (typeof cents === 'number' && Number.isSafeInteger(cents) && cents > 0) payment.amountUsdCents = cents;
  return payment;
}

/** An account from camelCase or snake_case fields; missing numbers become 0 and missing lists []. */
export function normalizeAccount(raw: unknown): Account {
  const r = asRecord(raw);
  return {
    username: toText(pick(r, 'username', 'user_name')),
    expireDate: toDateText(pick(r, 'expireDate', 'expire_date')),
    usedMB: toNumber(pick(r, 'usedMB', 'used_mb')),
    allowedMB: toNumber(pick(r, 'allowedMB', 'allowed_mb')),
    devices: toList(pick(r, 'devices'), normalizeDevice),
    allowedDevices: toNumber(pick(r, 'allowedDevices', 'allowed_devices')),
    suspend: toNumber(pick(r, 'suspend')),
    subsDays: toNumber(pick(r, 'subsDays', 'subs_days')),
    ios: toNumber(pick(r, 'ios')),
    payments: toList(pick(r, 'payments'), normalizePayment),
  };
}

/**
 * Parses a date as a backend writes it: ISO 8601, or "YYYY-MM-DD HH:mm:ss" (read as ISO local time).
 * Returns the time in milliseconds, or null when it cannot be read.
 */
export function parseDateTime(text: string | null | undefined): number | null {
  if (!text) return null;
  const trimmed = text.trim();
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(trimmed) ? trimmed.replace(' ', 'T') : trimmed;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

/**
 * suspended if suspend is 1; pending (days = subsDays) if subsDays > 0; expired if expireDate is before now;
 * dataExceeded if allowedMB is not -1 and usedMB exceeds it; otherwise active with the whole days left.
 */
export function accountStatus(account: Account, now: Date): AccountStatus {
  if (account.suspend === 1) return { state: 'suspended' };
  if (account.subsDays > 0) return { state: 'pending', days: account.subsDays };
  const expires = parseDateTime(account.expireDate);
  const nowMs = now.getTime();
  if (expires !== null && expires < nowMs) return { state: 'expired' };
  if (account.allowedMB !== UNLIMITED_MB && account.usedMB > account.allowedMB) return { state: 'dataExceeded' };
  const daysLeft = expires === null ? 0 : Math.max(0, Math.ceil((expires - nowMs) / DAY_MS));
  return { state: 'active', daysLeft };
}

function clampPercent(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** 100 - round(usedMB / allowedMB * 100), clamped to 0..100; unlimited data -> 100; no allowance -> 0. */
export function dataRemainingPercent(account: Account): number {
  if (account.allowedMB === UNLIMITED_MB) return 100;
  if (!(account.allowedMB > 0)) return 0;
  return clampPercent(100 - Math.round((account.usedMB / account.allowedMB) * 100));
}

/** round(count / allowed * 100), clamped to 0..100; allowed <= 0 -> 0. */
export function devicePercent(count: number, allowed: number): number {
  if (!(allowed > 0)) return 0;
  return clampPercent(Math.round((count / allowed) * 100));
}

/** The remaining data in MB, or null when the allowance is unlimited; never below 0. */
export function dataRemainingMB(account: Account): number | null {
  if (account.allowedMB === UNLIMITED_MB) return null;
  return Math.max(0, account.allowedMB - account.usedMB);
}
