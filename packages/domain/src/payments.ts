import { asRecord, toText } from './records.ts';

/** 'Android;13' -> { os: 'Android', version: '13' }; without ';' the version is ''. */
export function parseDeviceInfo(info: string): { os: string; version: string } {
  const text = typeof info === 'string' ? info : '';
  const at = text.indexOf(';');
  if (at === -1) return { os: text.trim(), version: '' };
  return { os: text.slice(0, at).trim(), version: text.slice(at + 1).trim() };
}

/**
 * An OpenConnect connection, as the account's devices list it (its id starts with this): it is
 * counted against the device limit, but the panel cannot end it — it ends when its device
 * disconnects (or when the server's operator ends it).
 */
export const OPENCONNECT_DEVICE_PREFIX = 'openconnect-';

/** Whether the panel can disconnect this device (app sessions yes, OpenConnect connections no). */
export function canDisconnect(device: { id: string }): boolean {
  return !device.id.startsWith(OPENCONNECT_DEVICE_PREFIX);
}

/** The display state of a payment: 2 -> success, 1 -> failed, anything else pending. */
export function paymentState(state: number | string): 'success' | 'failed' | 'pending' {
  const value = typeof state === 'string' ? Number(state.trim() === '' ? NaN : state) : state;
  if (value === 2) return 'success';
  if (value === 1) return 'failed';
  return 'pending';
}

/** The outcome of a payment as the result page shows it. */
export interface PaymentResult {
  status: 'success' | 'failed' | 'duplicate';
  orderId: string;
  refId: string;
  amountToman: number | null;
  time: string;
  username: string;
  password: string;
  /**
   * A success that renewed the buyer's own account (issue #24): the username is that account's, and
   * there is no password to show. Present (true) only then.
   */
  renewed?: true;
  /**
   * A success that topped the buyer's wallet up (CONTRACTS §10): the tomans added. No account and no
   * credentials come with it. Present only then.
   */
  topupToman?: number;
  /**
   * An order paid in dollars (a crypto gateway, CONTRACTS §12): the dollars it was invoiced, at the
   * rate stored on the order. Present only then; English receipts show it instead of the tomans.
   */
  amountUsd?: number;
}

/** The raw payload carried, base64-encoded, in the result page's data query parameter. */
export interface PaymentResultPayload {
  status: 'success' | 'failed' | 'duplicate';
  resnum: string;
  refnum: string;
  amount: number;
  time: string;
  username: string;
  password: string;
  /** 1 when the payment renewed an existing account (absent otherwise). */
  renewed?: 1;
  /** A wallet top-up: the tomans added (no username, no password). */
  topup?: number;
  /** An order paid in dollars (CONTRACTS §12): its amount in US cents (absent otherwise). */
  usd_cents?: number;
}

const NOT_AVAILABLE = 'N/A';

const FAILED_RESULT: PaymentResult = {
  status: 'failed',
  orderId: NOT_AVAILABLE,
  refId: '',
  amountToman: null,
  time: '',
  username: '',
  password: '',
};

function decodeBase64Utf8(data: string): string | null {
  let text = data.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
  text = text.replace(/=+$/, '');
  if (text === '' || text.length % 4 === 1 || !/^[A-Za-z0-9+/]*$/.test(text)) return null;
  text += '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function encodeBase64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function toAmountToman(value: unknown): number | null {
  const amount =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(amount) ? amount / 10 : null;
}

/**
 * Decodes the result page's data parameter: base64 (standard or URL-safe, padding optional) of JSON
 * {status, resnum, refnum, amount, time, username, password}, with `usd_cents` for an order in dollars
 * (it becomes `amountUsd`). The amount is in rials and becomes tomans (/10);
 * an unknown status is 'failed'; missing or unparseable data is 'failed' with order id 'N/A'.
 */
export function decodePaymentResult(data: string | null | undefined): PaymentResult {
  if (typeof data !== 'string') return { ...FAILED_RESULT };
  const json = decodeBase64Utf8(data);
  if (json === null) return { ...FAILED_RESULT };
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { ...FAILED_RESULT };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ...FAILED_RESULT };
  const r = asRecord(parsed);
  const status = toText(r.status).trim().toLowerCase();
  const orderId = toText(r.resnum);
  const result: PaymentResult = {
    status: status === 'success' || status === 'duplicate' ? status : 'failed',
    orderId: orderId === '' ? NOT_AVAILABLE : orderId,
    refId: toText(r.refnum),
    amountToman: toAmountToman(r.amount),
    time: toText(r.time),
    username: toText(r.username),
    password: toText(r.password),
  };
  // An order in dollars: whole cents above 0, or nothing.
  const cents = r.usd_cents;
  if (typeof cents === 'number' && Number.isSafeInteger(cents) && cents > 0) result.amountUsd = cents / 100;
  // A top-up shows the tomans added and no credentials, whatever the payload says.
  const topup = r.topup;
  if (typeof topup === 'number' && Number.isSafeInteger(topup) && topup > 0)
    return { ...result, username: '', password: '', topupToman: topup };
  // A renewal shows no password, whatever the payload says.
  if (result.status === 'success' && (r.renewed === 1 || r.renewed === true))
    return { ...result, renewed: true, password: '' };
  return result;
}

/** Encodes a result payload as URL-safe base64 without padding, the inverse of {@link decodePaymentResult}. */
export function encodePaymentResult(payload: PaymentResultPayload): string {
  return encodeBase64Utf8(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
