import { randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/index.ts';

/**
 * What a gateway says of a payment when asked:
 * - paid, with the bank's reference;
 * - pending: not paid yet, or in progress (the payer may still be at the bank): the order stays open;
 * - failed: refused or cancelled for good (the order fails, though a later "paid" still completes it);
 * - unknown: an answer we cannot read as any of these (the order stays open, and is asked again).
 * Each adapter reads its gateway's answers through one table that names every code it knows.
 */
export type Verification =
  { kind: 'paid'; refNum: string; detail: string } | { kind: 'pending' | 'failed' | 'unknown'; detail: string };

/** One row of an adapter's answer table: what a code means for the order, and in words. */
export interface AnswerMeaning {
  kind: 'paid' | 'pending' | 'failed' | 'unknown';
  meaning: string;
}

/** The gateway did not answer usefully (timeout, error, garbage): nothing is known, nothing may change. */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}

export interface PaymentRequest {
  amount: number;
  orderId: string;
  callbackUrl: string;
  description: string;
  email: string;
  origin: string;
}

/** The payer's return as the gateway sends it, read from query and form fields. */
export interface GatewayReturn {
  authority: string | null;
  amount: number | null;
  orderId: string | null;
}

/** One interface for every gateway: request a payment, read the return, verify, and inquire later. */
export interface GatewayAdapter {
  readonly provider: 'ird' | 'spay' | 'sandbox';
  request(input: PaymentRequest): Promise<{ authority: string; url: string }>;
  parseReturn(fields: Record<string, unknown>): GatewayReturn;
  verify(input: { authority: string; amount: number; orderId: string }): Promise<Verification>;
  /** For reconciliation: the same question, asked without the payer. */
  inquiry(input: { authority: string; amount: number; orderId: string }): Promise<Verification>;
}

function field(fields: Record<string, unknown>, ...names: string[]): string | null {
  for (const name of names) {
    const value = fields[name];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return null;
}

function amountField(fields: Record<string, unknown>): number | null {
  const text = field(fields, 'amount', 'Amount');
  if (text === null) return null;
  const amount = Number(text);
  return Number.isFinite(amount) ? amount : null;
}

/** POSTs JSON and reads a JSON object back, or throws GatewayError. */
export async function postJson(url: string, body: unknown, timeoutMs: number): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    throw new GatewayError(
      name === 'TimeoutError' || name === 'AbortError'
        ? 'gateway timeout'
        : `gateway unreachable: ${(error as Error).message}`,
    );
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new GatewayError(`gateway answered HTTP ${response.status} with no JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new GatewayError(`gateway answered HTTP ${response.status} with an unexpected shape`);
  }
  return parsed as Record<string, unknown>;
}

/**
 * IranDargah's status codes as its verification answers them (v1 REST; the same table serves the
 * request and the return). From IranDargah's own client code (irandargah/PHP-Sample,
 * CSharp-Sample, its WooCommerce and Give plugins) and shetabit/multipay's driver, which carry the
 * same list; IranDargah has no separate inquiry call, so reconciliation asks /verification again
 * (a verified payment then answers 101).
 */
export const IRANDARGAH_VERIFY: Record<string, AnswerMeaning> = {
  '100': { kind: 'paid', meaning: 'paid, verified now' },
  '101': { kind: 'paid', meaning: 'paid, verified before' },
  '200': { kind: 'pending', meaning: 'sent to the bank gateway' },
  '201': { kind: 'pending', meaning: 'the payer is paying at the bank' },
  '-22': { kind: 'pending', meaning: 'sent to the bank, no result yet' },
  '-1': { kind: 'failed', meaning: 'cancelled by the payer' },
  '-11': { kind: 'failed', meaning: 'the amount differs from the paid one; refunded' },
  '-12': { kind: 'failed', meaning: 'paid with another card than the one named; refunded' },
  '-21': { kind: 'failed', meaning: 'the time to go to the bank ran out' },
  '-23': { kind: 'failed', meaning: 'the bank gateway could not be reached' },
  '-30': { kind: 'failed', meaning: 'the payment failed at the bank; refunded' },
  '403': { kind: 'unknown', meaning: 'wrong merchant id (our configuration)' },
  '404': { kind: 'unknown', meaning: 'transaction not found' },
  '-2': { kind: 'unknown', meaning: 'the data sent is not valid' },
  '-3': { kind: 'unknown', meaning: 'the URL does not match' },
  '-4': { kind: 'unknown', meaning: 'no return address' },
  '-5': { kind: 'unknown', meaning: 'the return address is not valid' },
  '-6': { kind: 'unknown', meaning: 'no such transaction' },
  '-7': { kind: 'unknown', meaning: 'the return address is not the registered site' },
  '-10': { kind: 'unknown', meaning: 'the amount is below the minimum' },
  '-13': { kind: 'unknown', meaning: 'duplicate transaction' },
  '-20': { kind: 'unknown', meaning: 'transaction id not found' },
  '-31': { kind: 'unknown', meaning: 'unknown error' },
};

/** Reads a gateway's answer through its table: codes not in it are unknown, never failed. */
export function readAnswer(
  table: Record<string, AnswerMeaning>,
  gateway: string,
  code: unknown,
  message: string | null,
): AnswerMeaning & { detail: string } {
  const key = String(code).trim().toLowerCase();
  const meaning = Object.hasOwn(table, key) ? table[key]! : { kind: 'unknown' as const, meaning: 'an unknown code' };
  const said = message ? `: ${message.slice(0, 200)}` : '';
  return { ...meaning, detail: `${gateway} ${String(code).slice(0, 40)} (${meaning.meaning})${said}` };
}

/**
 * IranDargah: POST /payment {merchantID, amount, callbackURL, orderId, description} -> status 200 and
 * authority; the payer goes to /ird/startpay/{authority}; the return carries code, message, authority,
 * amount and orderId; POST /verification {merchantID, authority, amount, orderId} -> status (see
 * IRANDARGAH_VERIFY), refId. Merchant "TEST" uses the /sandbox/… paths.
 */
export function irandargah(options: { merchantId: string; baseUrl: string; timeoutMs: number }): GatewayAdapter {
  const root = options.baseUrl.replace(/\/+$/, '') + (options.merchantId === 'TEST' ? '/sandbox' : '');
  const verify = async (input: { authority: string; amount: number; orderId: string }): Promise<Verification> => {
    const answer = await postJson(
      `${root}/verification`,
      { merchantID: options.merchantId, authority: input.authority, amount: input.amount, orderId: input.orderId },
      options.timeoutMs,
    );
    if (answer.status === undefined || answer.status === null)
      throw new GatewayError('verification answer without a status');
    const read = readAnswer(IRANDARGAH_VERIFY, 'IranDargah', answer.status, field(answer, 'message'));
    if (read.kind === 'paid') {
      const ref = field(answer, 'refId', 'refID', 'ref_id', 'trackingCode');
      return { kind: 'paid', refNum: ref ?? input.authority, detail: read.detail };
    }
    return { kind: read.kind, detail: read.detail };
  };
  return {
    provider: 'ird',
    async request(input) {
      const answer = await postJson(
        `${root}/payment`,
        {
          merchantID: options.merchantId,
          amount: input.amount,
          callbackURL: input.callbackUrl,
          orderId: input.orderId,
          description: input.description,
        },
        options.timeoutMs,
      );
      const authority = field(answer, 'authority');
      if (Number(answer.status) !== 200 || !authority) {
        throw new GatewayError(`IranDargah refused the payment request: ${field(answer, 'message') ?? answer.status}`);
      }
      return { authority, url: `${root}/ird/startpay/${encodeURIComponent(authority)}` };
    },
    parseReturn(fields) {
      return { authority: field(fields, 'authority'), amount: amountField(fields), orderId: field(fields, 'orderId') };
    },
    verify,
    inquiry: verify,
  };
}

/**
 * SPAY's verification statuses. Its protocol is not public here (README, "Payments"): these are the
 * assumed words; any other status, numeric codes included, is unknown and keeps the order open.
 */
export const SPAY_VERIFY: Record<string, AnswerMeaning> = {
  true: { kind: 'paid', meaning: 'paid' },
  '1': { kind: 'paid', meaning: 'paid' },
  '100': { kind: 'paid', meaning: 'paid' },
  success: { kind: 'paid', meaning: 'paid' },
  ok: { kind: 'paid', meaning: 'paid' },
  paid: { kind: 'paid', meaning: 'paid' },
  pending: { kind: 'pending', meaning: 'not paid yet' },
  in_progress: { kind: 'pending', meaning: 'in progress' },
  processing: { kind: 'pending', meaning: 'in progress' },
  failed: { kind: 'failed', meaning: 'failed' },
  cancelled: { kind: 'failed', meaning: 'cancelled by the payer' },
  canceled: { kind: 'failed', meaning: 'cancelled by the payer' },
};

/**
 * SPAY (spay.ir). Its paths are not public here, so they come from configuration; the assumed protocol:
 * POST {token path} {merchant_id, amount, callback_url, order_id} -> {token}; POST {request path} {token}
 * -> {url}; the payer returns with token (and status); POST {verify path} {merchant_id, amount, token}
 * -> status success/1/100 with ref_id. See README, "Payments".
 */
export function spay(options: {
  merchantId: string;
  baseUrl: string;
  timeoutMs: number;
  paths: { token: string; request: string; verify: string };
}): GatewayAdapter {
  const root = options.baseUrl.replace(/\/+$/, '');
  const verify = async (input: { authority: string; amount: number; orderId: string }): Promise<Verification> => {
    const answer = await postJson(
      `${root}${options.paths.verify}`,
      { merchant_id: options.merchantId, amount: input.amount, token: input.authority },
      options.timeoutMs,
    );
    if (answer.status === undefined || answer.status === null)
      throw new GatewayError('SPAY verify answer without a status');
    const read = readAnswer(SPAY_VERIFY, 'SPAY', answer.status, field(answer, 'message'));
    if (read.kind === 'paid')
      return {
        kind: 'paid',
        refNum: field(answer, 'ref_id', 'refId', 'reference') ?? input.authority,
        detail: read.detail,
      };
    return { kind: read.kind, detail: read.detail };
  };
  return {
    provider: 'spay',
    async request(input) {
      const tokenAnswer = await postJson(
        `${root}${options.paths.token}`,
        {
          merchant_id: options.merchantId,
          amount: input.amount,
          callback_url: input.callbackUrl,
          order_id: input.orderId,
        },
        options.timeoutMs,
      );
      const token = field(tokenAnswer, 'token');
      if (!token) throw new GatewayError('SPAY gave no token');
      const requestAnswer = await postJson(`${root}${options.paths.request}`, { token }, options.timeoutMs);
      const url = field(requestAnswer, 'url', 'redirect_url', 'payment_url');
      if (!url || !/^https?:\/\//.test(url)) throw new GatewayError('SPAY gave no payment URL');
      return { authority: token, url };
    },
    parseReturn(fields) {
      return {
        authority: field(fields, 'token', 'authority'),
        amount: amountField(fields),
        orderId: field(fields, 'order_id', 'orderId'),
      };
    },
    verify,
    inquiry: verify,
  };
}

/** The built-in test bank (CONTRACTS §3): a page on our own origin with Pay and Cancel. */
export function sandbox(db: Db, now: () => Date): GatewayAdapter {
  const check = async (input: { authority: string; amount: number }): Promise<Verification> => {
    const row = await db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('authority', '=', input.authority)
      .executeTakeFirst();
    if (!row) return { kind: 'failed', detail: 'sandbox: unknown payment' };
    if (Number(row.amount) !== input.amount)
      return { kind: 'failed', detail: 'sandbox: the amount differs from the sandbox payment' };
    if (row.state === 'paid')
      return { kind: 'paid', refNum: row.ref_num ?? input.authority, detail: 'sandbox: paid (a TEST payment)' };
    if (row.state === 'cancelled') return { kind: 'failed', detail: 'sandbox: cancelled by the payer' };
    return { kind: 'pending', detail: 'sandbox: not paid yet' };
  };
  return {
    provider: 'sandbox',
    async request(input) {
      const authority = `SBX${randomBytes(12).toString('hex').toUpperCase()}`;
      await db
        .insertInto('sandbox_payments')
        .values({
          authority,
          order_id: input.orderId,
          amount: input.amount,
          callback_url: input.callbackUrl,
          state: 'new',
          ref_num: null,
          created_at: now().toISOString(),
        })
        .execute();
      return { authority, url: `${input.origin}/sandbox/pay/${authority}` };
    },
    parseReturn(fields) {
      return { authority: field(fields, 'authority'), amount: amountField(fields), orderId: field(fields, 'orderId') };
    },
    verify: check,
    inquiry: check,
  };
}
