import {
  asRecord,
  CRYPTO_GATES,
  GATEWAYS,
  toNumber,
  toText,
  type CardGate,
  type CryptoGate,
  type Gateway,
} from '@separ/domain';
import type {
  AnswerOf,
  GatewaysAnswer,
  GROWTH_ROUTES,
  PAYMENT_ROUTES,
  QueryOf,
  RenewalRecord,
} from '@separ/domain/contract';
import { separApi } from '../api.ts';
import { apiError, type ApiError, errorCodeOfBody } from '../errors.ts';

type Payments = typeof PAYMENT_ROUTES;

/** The gateway status (`GET /site_gateways`, the contract's answer) as the payment page reads it. */
export interface GatewayStatus extends Pick<GatewaysAnswer, 'code' | 'message'> {
  ok: boolean;
  /** Which gates may be chosen (SPEC §4: selectable only when the status call reports it active). */
  active: Record<Gateway, boolean>;
  /** The shop takes payment from a signed-in buyer's wallet (`wallet_active`, CONTRACTS §10). */
  wallet: boolean;
  /** The shop takes card-to-card transfers (`card_active`, CONTRACTS §11): an enabled card exists. */
  card: boolean;
  /**
   * The gates that invoice in dollars (CONTRACTS §12): OxaPay and NOWPayments (`oxapay_active`,
   * `nowpayments_active`) and the sandbox crypto page (`crypto_sandbox_active`, a TEST).
   */
  crypto: Record<CryptoGate, boolean>;
}

/** Each crypto gate's flag in the gateway status. */
const CRYPTO_FLAGS: Record<CryptoGate, string> = {
  oxapay: 'oxapay_active',
  nowpayments: 'nowpayments_active',
  sandboxcrypto: 'crypto_sandbox_active',
};

/** SPEC §8: when the status call fails, both gateways are treated as inactive. */
export const GATEWAYS_FAILED: GatewayStatus = {
  ok: false,
  code: 500,
  message: 'Failed to load gateways',
  active: { ird: false, spay: false },
  wallet: false,
  card: false,
  crypto: { oxapay: false, nowpayments: false, sandboxcrypto: false },
};

export function gatewayStatusFromResponse(body: unknown): GatewayStatus {
  const record = asRecord(body);
  if (record.ok !== true && record.ok !== 1) return GATEWAYS_FAILED;
  const active = Object.fromEntries(
    GATEWAYS.map((gate) => [gate, toNumber(record[`${gate}_auto_active`]) === 1]),
  ) as Record<Gateway, boolean>;
  return {
    ok: true,
    code: toNumber(record.code) || 200,
    message: toText(record.message),
    active,
    wallet: toNumber(record.wallet_active) === 1,
    card: toNumber(record.card_active) === 1,
    crypto: Object.fromEntries(
      CRYPTO_GATES.map((gate) => [gate, toNumber(record[CRYPTO_FLAGS[gate]]) === 1]),
    ) as Record<CryptoGate, boolean>,
  };
}

/**
 * What a purchase is paid with: a bank gate, `wallet` (CONTRACTS §10: a signed-in buyer pays the
 * plan's credit price from the balance at once; refused `insufficientBalance`,
 * `signInToPayFromWallet`, `walletDisabled`), or `card` (CONTRACTS §11: the answer's URL is the
 * transfer page, `/payment/card/{resNum}`), or a crypto gate (CONTRACTS §12: the answer's URL is
 * the gateway's invoice, or the sandbox crypto page's).
 */
export type PurchaseGate = Gateway | 'wallet' | CardGate | CryptoGate;

export interface PurchaseArgs {
  planId: number;
  /** Optional when paying from the wallet (the account's own receipt). */
  email: string;
  gate: PurchaseGate;
  /**
   * false: a new account even when the buyer is logged in or followed a renew link (`renew=0`).
   * Otherwise the server decides: such a purchase renews that account (issue #24).
   */
  renew?: boolean;
  /** A discount code (CONTRACTS §12): the order is for the discounted price, or refused by the code's reason. */
  coupon?: string;
}

/** A discount code to check for a plan (`POST /api/site/coupon`), with the buyer's e-mail when typed. */
export interface CouponCheckArgs {
  code: string;
  planId: number;
  email?: string;
}

/**
 * A discount code that applies: the code, the plan's price after it and what it took off, in tomans;
 * with the shop's rate, the price after it in dollars too (`price_usd`, rounded to cents).
 */
export type CouponQuote = Omit<AnswerOf<typeof GROWTH_ROUTES.coupon>, 'ok'>;

/** POST /api/site/coupon's body as the page reads it; null when it is not a quote. */
export function couponQuoteFromResponse(body: unknown): CouponQuote | null {
  const record = asRecord(body);
  const { price, discount, price_usd: usd } = record;
  if (record.ok !== true || typeof price !== 'number' || typeof discount !== 'number') return null;
  const quote = { code: toText(record.code), price, discount };
  return typeof usd === 'number' && Number.isFinite(usd) && usd > 0 ? { ...quote, price_usd: usd } : quote;
}

/**
 * What a purchase from this browser would renew (POST /api/site/renewal; null: it makes a new
 * account): the account, and whether the logged-in session or a reminder's renew link names it.
 */
export type Renewal = RenewalRecord;

/** A payment request's outcome: where to send the buyer, and the account it renews when it renews one. */
export type PaymentRequested = Pick<AnswerOf<Payments['purchase']>, 'url'> & { renews?: string };

export function renewalFromResponse(body: unknown): Renewal | null {
  const record = asRecord(body);
  if (record.ok !== true) return null;
  const renewal = asRecord(record.renewal);
  const username = toText(renewal.username);
  if (!username) return null;
  return {
    username,
    via: renewal.via === 'link' ? 'link' : 'session',
    expireDate: toText(renewal.expireDate) || null,
    subsDays: toNumber(renewal.subsDays),
  };
}

/** The server's own words when it gave them (a JSON `message`, also inside an HTTP error's body). */
export function serverMessage(error: ApiError): string | undefined {
  if (error.kind === 'api') return error.message || undefined;
  if (error.kind !== 'http' || !error.details) return undefined;
  try {
    const message = asRecord(JSON.parse(error.details)).message;
    return typeof message === 'string' && message ? message : undefined;
  } catch {
    return undefined;
  }
}

export const paymentsApi = separApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /site_gateways; never fails: a failure answers both gates inactive (code 500). */
    getGateways: build.query<GatewayStatus, void>({
      async queryFn(_args, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/site_gateways' });
        return { data: result.error ? GATEWAYS_FAILED : gatewayStatusFromResponse(result.data) };
      },
    }),
    /**
     * POST /requestAccount2?plan_id&email&gate[&renew=0] → the gateway URL to send the buyer to, and
     * the account the payment will renew, when it renews one.
     */
    requestPayment: build.mutation<PaymentRequested, PurchaseArgs>({
      async queryFn({ planId, email, gate, renew, coupon }, _api, _extra, baseQuery) {
        const params = {
          plan_id: String(planId),
          ...(email !== '' || gate !== 'wallet' ? { email } : {}),
          gate,
          ...(renew === false ? { renew: '0' } : {}),
          ...(coupon ? { coupon } : {}),
        } satisfies QueryOf<Payments['purchase']>;
        const result = await baseQuery({ url: '/requestAccount2', method: 'POST', params });
        if (result.error) return { error: result.error };
        const body = asRecord(result.data);
        const url = toText(body.url);
        if (body.ok !== true || !url)
          return { error: apiError(toText(body.message), undefined, errorCodeOfBody(body)) };
        const renews = toText(asRecord(body.renew).username);
        return { data: renews ? { url, renews } : { url } };
      },
      // Paid from the wallet: the balance has changed.
      invalidatesTags: (result, _error, { gate }) => (result && gate === 'wallet' ? ['Wallet'] : []),
    }),
    /**
     * POST /api/site/coupon?code&plan_id[&email] → the plan's price after the code and the discount;
     * its refusals carry their code (`couponUnknown`, `couponExpired`, … `tooManyAttempts`).
     */
    checkCoupon: build.mutation<CouponQuote, CouponCheckArgs>({
      async queryFn({ code, planId, email }, _api, _extra, baseQuery) {
        const params = {
          code,
          plan_id: String(planId),
          ...(email ? { email } : {}),
        } satisfies QueryOf<typeof GROWTH_ROUTES.coupon>;
        const result = await baseQuery({ url: '/api/site/coupon', method: 'POST', params });
        if (result.error) return { error: result.error };
        const quote = couponQuoteFromResponse(result.data);
        if (!quote) {
          const body = asRecord(result.data);
          return { error: apiError(toText(body.message) || 'Coupon refused', undefined, errorCodeOfBody(body)) };
        }
        return { data: quote };
      },
    }),
    /** POST /api/site/renewal → the account a purchase would renew, or null; a failure counts as null. */
    getRenewal: build.query<Renewal | null, void>({
      async queryFn(_args, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/api/site/renewal', method: 'POST' });
        return { data: result.error ? null : renewalFromResponse(result.data) };
      },
      providesTags: ['Account'],
    }),
  }),
});

export const { useGetGatewaysQuery, useRequestPaymentMutation, useGetRenewalQuery, useCheckCouponMutation } =
  paymentsApi;
