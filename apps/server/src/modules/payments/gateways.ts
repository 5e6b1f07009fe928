import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { centsOf, centsText } from '@separ/domain';
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
  /** An order in dollars (the crypto gateways): its amount in cents. */
  usdCents?: number | null;
  /** Where the payer comes back (the crypto gateways): the return, with the order and its key. */
  returnUrl?: string;
}

/** What a gateway is asked about a payment: its authority, the amount (rials; and cents, in dollars) and the order. */
export interface PaymentQuestion {
  authority: string;
  amount: number;
  orderId: string;
  usdCents?: number | null;
}

/** The payer's return as the gateway sends it, read from query and form fields. */
export interface GatewayReturn {
  authority: string | null;
  amount: number | null;
  orderId: string | null;
}

/** One interface for every gateway: request a payment, read the return, verify, and inquire later. */
export interface GatewayAdapter {
  readonly provider: 'ird' | 'spay' | 'sandbox' | 'oxapay' | 'nowpayments' | 'sandboxcrypto';
  request(input: PaymentRequest): Promise<{ authority: string; url: string }>;
  parseReturn(fields: Record<string, unknown>): GatewayReturn;
  verify(input: PaymentQuestion): Promise<Verification>;
  /** For reconciliation: the same question, asked without the payer. */
  inquiry(input: PaymentQuestion): Promise<Verification>;
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

/** Calls a gateway and reads a JSON object back, or throws GatewayError (timeout, error, no JSON). */
async function fetchJson(url: string, init: RequestInit, timeoutMs: number): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
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

/** POSTs JSON (with the gateway's own headers) and reads a JSON object back, or throws GatewayError. */
export function postJson(
  url: string,
  body: unknown,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  return fetchJson(
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    },
    timeoutMs,
  );
}

/** GETs a JSON object (with the gateway's own headers), or throws GatewayError. */
function getJson(url: string, timeoutMs: number, headers: Record<string, string>): Promise<Record<string, unknown>> {
  return fetchJson(url, { method: 'GET', headers: { accept: 'application/json', ...headers } }, timeoutMs);
}

/** POSTs a form (application/x-www-form-urlencoded) and reads a JSON object back, or throws GatewayError. */
function postForm(url: string, fields: Record<string, string | number>, timeoutMs: number) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) body.set(key, String(value));
  return fetchJson(url, { method: 'POST', headers: { accept: 'application/json' }, body }, timeoutMs);
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

/** SPAY's `{ code, data }` envelope: `code` 0 is success, and `data` the answer's object. */
function spayEnvelope(answer: Record<string, unknown>): { ok: boolean; code: string; data: Record<string, unknown> } {
  const data = answer.data;
  return {
    ok: answer.code === 0 || answer.code === '0',
    code: String(answer.code ?? 'none').slice(0, 40),
    data: typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
  };
}

/** The order number SPAY's return carries: the shop puts it in the callback URL (SPAY adds nothing documented). */
export const SPAY_ORDER_FIELD = 'orderId';

/**
 * SPAY (سباپی, Saba Pardazesh's gateway at spay.ir), as its own SDK (admin-spay/spay-python-sdk,
 * PyPI `spay`) speaks it; README, "Payments", says what to confirm with SPAY before going live:
 * - token: POST {token path} form `amount` (rials), `merchant_id`, `callback_url` (plus the optional
 *   `email`, `description`) → `{ code: 0, data: { token } }`;
 * - payment URL: GET {request path} with `Authorization: <token>` → `{ code: 0, data: { ipg_url } }`;
 * - verify: POST {verify path} form `merchant_id`, `amount`, `token` → paid when `code` is 0.
 * SPAY does not document what it adds to the return, so the order number rides in `callback_url`
 * and a return with nothing added still names its order. No inquiry call is documented: the
 * reconciliation asks verify again. An answer that is not `code` 0 is not read as a refusal (SPAY
 * publishes no codes): the order stays open and is asked again, as for any answer we cannot read.
 */
export function spay(options: {
  merchantId: string;
  baseUrl: string;
  timeoutMs: number;
  paths: { token: string; request: string; verify: string };
}): GatewayAdapter {
  const root = options.baseUrl.replace(/\/+$/, '');
  const verify = async (input: { authority: string; amount: number; orderId: string }): Promise<Verification> => {
    const answer = spayEnvelope(
      await postForm(
        `${root}${options.paths.verify}`,
        { merchant_id: options.merchantId, amount: input.amount, token: input.authority },
        options.timeoutMs,
      ),
    );
    const said = field(answer.data, 'message') ?? field(answer.data, 'detail');
    const detail = `SPAY code ${answer.code}${said ? `: ${said.slice(0, 200)}` : ''}`;
    if (!answer.ok) return { kind: 'unknown', detail: `${detail} (not paid as far as SPAY says; asked again later)` };
    // The verified amount, when SPAY says it, must be the order's.
    const paidAmount = amountField(answer.data);
    if (paidAmount !== null && paidAmount !== input.amount)
      return { kind: 'unknown', detail: `${detail} (SPAY verified ${paidAmount} rials, the order is ${input.amount})` };
    const refNum =
      field(answer.data, 'ref_id', 'refId', 'reference_id', 'reference', 'tracking_code', 'rrn') ?? input.authority;
    return { kind: 'paid', refNum, detail: `${detail} (paid)` };
  };
  return {
    provider: 'spay',
    async request(input) {
      const callback = new URL(input.callbackUrl);
      callback.searchParams.set(SPAY_ORDER_FIELD, input.orderId);
      const tokenAnswer = spayEnvelope(
        await postForm(
          `${root}${options.paths.token}`,
          {
            amount: input.amount,
            merchant_id: options.merchantId,
            callback_url: callback.toString(),
            email: input.email,
            description: input.description,
          },
          options.timeoutMs,
        ),
      );
      const token = tokenAnswer.ok ? field(tokenAnswer.data, 'token') : null;
      if (!token) throw new GatewayError(`SPAY gave no token (code ${tokenAnswer.code})`);
      const urlAnswer = spayEnvelope(
        await fetchJson(
          `${root}${options.paths.request}`,
          {
            method: 'GET',
            headers: { authorization: token, 'content-type': 'application/json', accept: 'application/json' },
          },
          options.timeoutMs,
        ),
      );
      const url = urlAnswer.ok ? field(urlAnswer.data, 'ipg_url') : null;
      if (!url || !/^https?:\/\//.test(url))
        throw new GatewayError(`SPAY gave no payment URL (code ${urlAnswer.code})`);
      return { authority: token, url };
    },
    parseReturn(fields) {
      return {
        authority: field(fields, 'token'),
        amount: amountField(fields),
        orderId: field(fields, SPAY_ORDER_FIELD, 'order_id'),
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

/** The authorities of the sandbox crypto page's invoices, apart from the sandbox bank's (`SBX…`). */
export const SANDBOX_CRYPTO_PREFIX = 'SBC';

/** True when a sandbox payment's authority is a sandbox crypto invoice's. */
export const isSandboxCryptoAuthority = (authority: string) => authority.startsWith(SANDBOX_CRYPTO_PREFIX);

/**
 * The sandbox crypto page (issue 31): the crypto flow offline, on our own origin, as the sandbox bank
 * shows the rial one. Its invoice is a `sandbox_payments` row whose amount is the order's dollars in
 * cents and whose return is the crypto return URL (the order and its key); the page's Pay or Cancel
 * marks it, and the return asks it here, as a crypto gateway's status call is asked. No money moves.
 */
export function sandboxCrypto(db: Db, now: () => Date): GatewayAdapter {
  const check = async (input: PaymentQuestion): Promise<Verification> => {
    const row = await db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('authority', '=', input.authority)
      .executeTakeFirst();
    if (!row || !isSandboxCryptoAuthority(row.authority) || row.order_id !== input.orderId)
      return { kind: 'failed', detail: 'sandbox crypto: unknown invoice' };
    if (input.usdCents === null || input.usdCents === undefined || Number(row.amount) !== input.usdCents)
      return { kind: 'unknown', detail: 'sandbox crypto: the invoice is not for the order’s dollars: not completed' };
    if (row.state === 'paid')
      return {
        kind: 'paid',
        refNum: row.ref_num ?? input.authority,
        detail: `sandbox crypto: paid ${centsText(input.usdCents)} USD (a TEST payment)`,
      };
    if (row.state === 'cancelled') return { kind: 'failed', detail: 'sandbox crypto: cancelled by the payer' };
    return { kind: 'pending', detail: 'sandbox crypto: not paid yet' };
  };
  return {
    provider: 'sandboxcrypto',
    async request(input) {
      if (!input.usdCents) throw new GatewayError('a sandbox crypto invoice needs an amount in dollars');
      const authority = `${SANDBOX_CRYPTO_PREFIX}${randomBytes(12).toString('hex').toUpperCase()}`;
      await db
        .insertInto('sandbox_payments')
        .values({
          authority,
          order_id: input.orderId,
          amount: input.usdCents,
          callback_url: input.returnUrl ?? input.callbackUrl,
          state: 'new',
          ref_num: null,
          created_at: now().toISOString(),
        })
        .execute();
      return { authority, url: `${input.origin}/sandbox/crypto/${authority}` };
    },
    parseReturn: (fields) => cryptoReturn(fields),
    verify: check,
    inquiry: check,
  };
}

// --- The crypto gateways (CONTRACTS §12) -----------------------------------------------------------

/** An object field of an answer (`data`), or an empty object. */
function objectField(answer: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = answer[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Compares a hex signature with the one we compute, in constant time; a header that is no hex is wrong. */
function sameHex(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{1,256}$/.test(given.trim())) return false;
  const a = Buffer.from(given.trim().toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** OxaPay's callback signature: header `HMAC`, the hex HMAC-SHA512 of the raw body under the merchant key. */
export function oxapaySignatureValid(rawBody: Buffer, header: unknown, merchantKey: string): boolean {
  return sameHex(header, createHmac('sha512', merchantKey).update(rawBody).digest('hex'));
}

/** A JSON value with its object keys sorted at every depth (arrays keep their order). */
export function sortedDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .map((key) => [key, sortedDeep((value as Record<string, unknown>)[key])] as const);
    return Object.fromEntries(entries);
  }
  return value;
}

/**
 * NOWPayments' IPN signature: header `x-nowpayments-sig`, the hex HMAC-SHA512 under the IPN secret
 * of the body as JSON with its keys sorted at every depth (NOWPayments' own recipe: parse, sort, stringify).
 */
export function nowpaymentsSignature(body: unknown, ipnSecret: string): string {
  return createHmac('sha512', ipnSecret)
    .update(JSON.stringify(sortedDeep(body)), 'utf8')
    .digest('hex');
}

export function nowpaymentsSignatureValid(body: unknown, header: unknown, ipnSecret: string): boolean {
  return sameHex(header, nowpaymentsSignature(body, ipnSecret));
}

/** The return of a crypto gateway: the order number (and its key) ride in the URL we gave. */
function cryptoReturn(fields: Record<string, unknown>): GatewayReturn {
  return { authority: null, amount: null, orderId: field(fields, 'orderId') };
}

/**
 * OxaPay's invoice statuses (v1 "Payment Status Table"; the legacy API's capitalised names read the
 * same once lower-cased). Only `paid` completes an order, and only for its own dollars.
 */
export const OXAPAY_STATUS: Record<string, AnswerMeaning> = {
  paid: { kind: 'paid', meaning: 'paid' },
  new: { kind: 'pending', meaning: 'the invoice is open, nothing sent yet' },
  waiting: { kind: 'pending', meaning: 'waiting for the payer to send' },
  paying: { kind: 'pending', meaning: 'a payment is on its way (unconfirmed)' },
  confirming: { kind: 'pending', meaning: 'a payment is being confirmed' },
  underpaid: {
    kind: 'pending',
    meaning: 'underpaid: less than the invoice arrived; the order stays open for the operator to settle by hand',
  },
  manual_accept: {
    kind: 'pending',
    meaning: 'accepted by hand in OxaPay: the operator completes the order by hand once the money is seen',
  },
  expired: { kind: 'failed', meaning: 'the invoice expired unpaid' },
  refunding: { kind: 'failed', meaning: 'being refunded' },
  refunded: { kind: 'failed', meaning: 'refunded' },
};

/**
 * OxaPay (v1 merchant API, docs.oxapay.com):
 * - invoice: POST {base}/v1/payment/invoice, header `merchant_api_key`, JSON `amount` (dollars),
 *   `currency: "USD"`, `order_id`, `callback_url`, `return_url`, `email` →
 *   `{ data: { track_id, payment_url, expired_at }, status: 200 }`;
 * - payment information: GET {base}/v1/payment/{track_id}, the same header →
 *   `{ data: { track_id, amount, currency, status, order_id, txs } }`.
 * The callback (POST, signed with the merchant key) is checked by the route; the order completes
 * only when the payment information says `paid` for the order's own dollars.
 */
export function oxapay(options: { merchantKey: string; baseUrl: string; timeoutMs: number }): GatewayAdapter {
  const root = options.baseUrl.replace(/\/+$/, '');
  const headers = { merchant_api_key: options.merchantKey };
  const verify = async (input: PaymentQuestion): Promise<Verification> => {
    const answer = await getJson(
      `${root}/v1/payment/${encodeURIComponent(input.authority)}`,
      options.timeoutMs,
      headers,
    );
    const data = objectField(answer, 'data');
    if (data.status === undefined || data.status === null)
      throw new GatewayError(
        `OxaPay answered no payment status (HTTP status field ${String(answer.status).slice(0, 10)})`,
      );
    const read = readAnswer(OXAPAY_STATUS, 'OxaPay', data.status, field(answer, 'message'));
    if (read.kind !== 'paid') return { kind: read.kind, detail: read.detail };
    const cents = centsOf(data.amount);
    const currency = field(data, 'currency');
    const orderId = field(data, 'order_id');
    if (input.usdCents === null || input.usdCents === undefined || cents !== input.usdCents)
      return {
        kind: 'unknown',
        detail: `${read.detail} (OxaPay says paid for ${String(data.amount).slice(0, 20)} ${currency ?? ''}, the order is ${centsText(input.usdCents ?? 0)} USD: not completed)`,
      };
    if ((currency && currency.toUpperCase() !== 'USD') || (orderId && orderId !== input.orderId))
      return {
        kind: 'unknown',
        detail: `${read.detail} (OxaPay's payment is for ${currency ?? '?'}, order ${orderId ?? '?'}: not this order's)`,
      };
    return { kind: 'paid', refNum: field(data, 'track_id') ?? input.authority, detail: read.detail };
  };
  return {
    provider: 'oxapay',
    async request(input) {
      if (!input.usdCents) throw new GatewayError('an OxaPay invoice needs an amount in dollars');
      const answer = await postJson(
        `${root}/v1/payment/invoice`,
        {
          amount: Number(centsText(input.usdCents)),
          currency: 'USD',
          order_id: input.orderId,
          callback_url: input.callbackUrl,
          return_url: input.returnUrl ?? input.callbackUrl,
          ...(input.email ? { email: input.email } : {}),
          description: input.description,
        },
        options.timeoutMs,
        headers,
      );
      const data = objectField(answer, 'data');
      const trackId = field(data, 'track_id');
      const url = field(data, 'payment_url');
      if (!trackId || !url || !/^https?:\/\//.test(url))
        throw new GatewayError(
          `OxaPay gave no invoice: ${field(answer, 'message') ?? String(answer.status ?? 'no status').slice(0, 40)}`,
        );
      return { authority: trackId, url };
    },
    parseReturn: cryptoReturn,
    verify,
    inquiry: verify,
  };
}

/** The authority of a NOWPayments order before its IPN names a payment: its invoice. */
export const NOWPAYMENTS_INVOICE_PREFIX = 'invoice:';

/** NOWPayments' payment statuses (its API's "payment_status"). Only `finished` completes an order. */
export const NOWPAYMENTS_STATUS: Record<string, AnswerMeaning> = {
  finished: { kind: 'paid', meaning: 'finished' },
  waiting: { kind: 'pending', meaning: 'waiting for the payer to send' },
  confirming: { kind: 'pending', meaning: 'the payment is being confirmed on the chain' },
  confirmed: { kind: 'pending', meaning: 'confirmed on the chain, not yet settled' },
  sending: { kind: 'pending', meaning: 'being sent to the shop’s wallet' },
  partially_paid: {
    kind: 'pending',
    meaning: 'partially paid: less than the invoice arrived; the order stays open for the operator to settle by hand',
  },
  failed: { kind: 'failed', meaning: 'the payment failed' },
  refunded: { kind: 'failed', meaning: 'refunded' },
  expired: { kind: 'failed', meaning: 'expired unpaid' },
};

/**
 * NOWPayments (api.nowpayments.io, its sandbox at api-sandbox.nowpayments.io):
 * - invoice: POST {base}/v1/invoice, header `x-api-key`, JSON `price_amount`, `price_currency: "usd"`,
 *   `order_id`, `ipn_callback_url`, `success_url`, `cancel_url` → `{ id, invoice_url }`;
 * - payment status: GET {base}/v1/payment/{payment_id}, the same header →
 *   `{ payment_id, payment_status, price_amount, price_currency, order_id, … }`.
 * A payment exists only once the payer picks a coin: until an IPN names it, the order's authority
 * is its invoice and the answer is pending. It completes on `finished` for the order's own dollars.
 */
export function nowpayments(options: { apiKey: string; baseUrl: string; timeoutMs: number }): GatewayAdapter {
  const root = options.baseUrl.replace(/\/+$/, '');
  const headers = { 'x-api-key': options.apiKey };
  const verify = async (input: PaymentQuestion): Promise<Verification> => {
    if (input.authority.startsWith(NOWPAYMENTS_INVOICE_PREFIX))
      return { kind: 'pending', detail: 'NOWPayments: no payment of the invoice has been announced yet' };
    const answer = await getJson(
      `${root}/v1/payment/${encodeURIComponent(input.authority)}`,
      options.timeoutMs,
      headers,
    );
    if (answer.payment_status === undefined || answer.payment_status === null)
      throw new GatewayError(`NOWPayments answered no payment status: ${field(answer, 'message') ?? 'no message'}`);
    const read = readAnswer(NOWPAYMENTS_STATUS, 'NOWPayments', answer.payment_status, null);
    if (read.kind !== 'paid') return { kind: read.kind, detail: read.detail };
    const cents = centsOf(answer.price_amount);
    const currency = field(answer, 'price_currency');
    const orderId = field(answer, 'order_id');
    if (input.usdCents === null || input.usdCents === undefined || cents !== input.usdCents)
      return {
        kind: 'unknown',
        detail: `${read.detail} (NOWPayments says finished for ${String(answer.price_amount).slice(0, 20)} ${currency ?? ''}, the order is ${centsText(input.usdCents ?? 0)} USD: not completed)`,
      };
    if ((currency && currency.toLowerCase() !== 'usd') || (orderId && orderId !== input.orderId))
      return {
        kind: 'unknown',
        detail: `${read.detail} (NOWPayments' payment is for ${currency ?? '?'}, order ${orderId ?? '?'}: not this order's)`,
      };
    return { kind: 'paid', refNum: field(answer, 'payment_id') ?? input.authority, detail: read.detail };
  };
  return {
    provider: 'nowpayments',
    async request(input) {
      if (!input.usdCents) throw new GatewayError('a NOWPayments invoice needs an amount in dollars');
      const back = input.returnUrl ?? input.callbackUrl;
      const answer = await postJson(
        `${root}/v1/invoice`,
        {
          price_amount: Number(centsText(input.usdCents)),
          price_currency: 'usd',
          order_id: input.orderId,
          order_description: input.description,
          ipn_callback_url: input.callbackUrl,
          success_url: back,
          cancel_url: back,
        },
        options.timeoutMs,
        headers,
      );
      const id = field(answer, 'id');
      const url = field(answer, 'invoice_url');
      if (!id || !url || !/^https?:\/\//.test(url))
        throw new GatewayError(`NOWPayments gave no invoice: ${field(answer, 'message') ?? 'no message'}`);
      return { authority: `${NOWPAYMENTS_INVOICE_PREFIX}${id}`, url };
    },
    parseReturn: cryptoReturn,
    verify,
    inquiry: verify,
  };
}
