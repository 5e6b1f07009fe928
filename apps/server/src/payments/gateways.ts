import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';

/** What a gateway says of a payment when asked: paid (with the bank's reference), failed for good, or not yet. */
export type Verification = { kind: 'paid'; refNum: string } | { kind: 'failed'; reason: string } | { kind: 'pending' };

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
 * IranDargah: POST /payment {merchantID, amount, callbackURL, orderId, description} -> status 200 and
 * authority; the payer goes to /ird/startpay/{authority}; the return carries code, message, authority,
 * amount and orderId; POST /verification {merchantID, authority, amount, orderId} -> status 100 paid,
 * 101 already verified (paid). Merchant "TEST" uses the /sandbox/… paths.
 */
export function irandargah(options: { merchantId: string; baseUrl: string; timeoutMs: number }): GatewayAdapter {
  const root = options.baseUrl.replace(/\/+$/, '') + (options.merchantId === 'TEST' ? '/sandbox' : '');
  const verify = async (input: { authority: string; amount: number; orderId: string }): Promise<Verification> => {
    const answer = await postJson(
      `${root}/verification`,
      { merchantID: options.merchantId, authority: input.authority, amount: input.amount, orderId: input.orderId },
      options.timeoutMs,
    );
    const status = Number(answer.status);
    if (status === 100 || status === 101) {
      const ref = field(answer, 'refId', 'refID', 'ref_id', 'trackingCode');
      return { kind: 'paid', refNum: ref ?? input.authority };
    }
    if (!Number.isFinite(status)) throw new GatewayError('verification answer without a status');
    return { kind: 'failed', reason: `IranDargah status ${status}: ${field(answer, 'message') ?? ''}`.trim() };
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
  const okStatus = (value: unknown) =>
    value === true || ['1', '100', '200', 'success', 'ok'].includes(String(value).toLowerCase());
  const verify = async (input: { authority: string; amount: number; orderId: string }): Promise<Verification> => {
    const answer = await postJson(
      `${root}${options.paths.verify}`,
      { merchant_id: options.merchantId, amount: input.amount, token: input.authority },
      options.timeoutMs,
    );
    if (answer.status === undefined) throw new GatewayError('SPAY verify answer without a status');
    if (okStatus(answer.status))
      return { kind: 'paid', refNum: field(answer, 'ref_id', 'refId', 'reference') ?? input.authority };
    return { kind: 'failed', reason: `SPAY status ${String(answer.status)}` };
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
    if (!row) return { kind: 'failed', reason: 'unknown sandbox payment' };
    if (Number(row.amount) !== input.amount)
      return { kind: 'failed', reason: 'amount differs from the sandbox payment' };
    if (row.state === 'paid') return { kind: 'paid', refNum: row.ref_num ?? input.authority };
    if (row.state === 'cancelled') return { kind: 'failed', reason: 'cancelled by the payer' };
    return { kind: 'pending' };
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
