import {
  asRecord,
  isWalletEntryKind,
  toText,
  type CardGate,
  type Gateway,
  type Language,
  type WalletEntry,
} from '@separ/domain';
import type { AnswerOf, GROWTH_ROUTES, QueryOf, WALLET_ROUTES } from '@separ/domain/contract';
import { separApi } from '../api.ts';
import { apiError, errorCodeOfBody } from '../errors.ts';

type Wallet = typeof WALLET_ROUTES;

/** The signed-in account's wallet (CONTRACTS §10): the balance in tomans and the entries, newest first. */
export type WalletData = Omit<AnswerOf<Wallet['wallet']>, 'ok'>;

/** What a top-up is paid through: a bank gate, or a card-to-card transfer (CONTRACTS §11); never `wallet`. */
export type TopupGate = Gateway | CardGate;

/** A top-up: how many tomans, through which gate (never `wallet`), and the bank page's language. */
export interface WalletTopupArgs {
  amount: number;
  gate: TopupGate;
  lng?: Language;
}

/** Where to send the browser to pay for a top-up. */
export type WalletTopupStarted = Pick<AnswerOf<Wallet['topup']>, 'url'>;

/** A redeemed gift code (CONTRACTS §12): the tomans added and the balance after them. */
export type GiftRedeemed = Omit<AnswerOf<typeof GROWTH_ROUTES.redeem>, 'ok'>;

function entryOf(value: unknown): WalletEntry | null {
  const record = asRecord(value);
  if (!isWalletEntryKind(record.kind)) return null;
  const { id, amount, balance } = record;
  if (typeof id !== 'number' || typeof amount !== 'number' || typeof balance !== 'number') return null;
  return {
    id,
    kind: record.kind,
    amount,
    balance,
    createdAt: toText(record.createdAt),
    ref: typeof record.ref === 'string' && record.ref !== '' ? record.ref : null,
  };
}

/** POST /api/site/wallet → the balance and its entries; null when the body is not that. */
export function walletFromResponse(body: unknown): WalletData | null {
  const record = asRecord(body);
  if (record.ok !== true || typeof record.balance !== 'number' || !Array.isArray(record.entries)) return null;
  const entries = record.entries.map(entryOf).filter((entry): entry is WalletEntry => entry !== null);
  return { balance: record.balance, entries };
}

export const walletApi = separApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/site/wallet (a session; 401 `loginRequired` without one) → the balance and entries. */
    wallet: build.query<WalletData, void>({
      async queryFn(_args, _api, _extra, baseQuery) {
        const params = {} satisfies QueryOf<Wallet['wallet']>;
        const result = await baseQuery({ url: '/api/site/wallet', method: 'POST', params });
        if (result.error) return { error: result.error };
        const data = walletFromResponse(result.data);
        if (!data) {
          const body = asRecord(result.data);
          return { error: apiError(toText(body.message) || 'Wallet unavailable', undefined, errorCodeOfBody(body)) };
        }
        return { data };
      },
      providesTags: ['Wallet'],
    }),
    /**
     * POST /api/site/wallet/topup?amount&gate&lng → the payment URL to send the browser to. The balance
     * grows once the order settles (after the bank), so nothing in the cache changes here; its
     * refusals carry their code (`invalidTopupAmount`, `gatewayUnavailable`, `walletDisabled`, …).
     */
    walletTopup: build.mutation<WalletTopupStarted, WalletTopupArgs>({
      async queryFn({ amount, gate, lng }, _api, _extra, baseQuery) {
        const params = {
          amount: String(amount),
          gate,
          ...(lng ? { lng } : {}),
        } satisfies QueryOf<Wallet['topup']>;
        const result = await baseQuery({ url: '/api/site/wallet/topup', method: 'POST', params });
        if (result.error) return { error: result.error };
        const body = asRecord(result.data);
        const url = toText(body.url);
        if (body.ok !== true || !url)
          return { error: apiError(toText(body.message) || 'Top-up failed', undefined, errorCodeOfBody(body)) };
        return { data: { url } };
      },
    }),
    /**
     * POST /api/site/wallet/redeem?code → the tomans added and the balance; the wallet loads again.
     * Its refusals carry their code (`giftUnknown`, `giftUsed`, `giftExpired`, `walletDisabled`, …).
     */
    redeemGift: build.mutation<GiftRedeemed, string>({
      async queryFn(code, _api, _extra, baseQuery) {
        const params = { code } satisfies QueryOf<typeof GROWTH_ROUTES.redeem>;
        const result = await baseQuery({ url: '/api/site/wallet/redeem', method: 'POST', params });
        if (result.error) return { error: result.error };
        const body = asRecord(result.data);
        const { amount, balance } = body;
        if (body.ok !== true || typeof amount !== 'number' || typeof balance !== 'number')
          return { error: apiError(toText(body.message) || 'Gift refused', undefined, errorCodeOfBody(body)) };
        return { data: { amount, balance } };
      },
      invalidatesTags: (result) => (result ? ['Wallet'] : []),
    }),
  }),
});

export const { useWalletQuery, useWalletTopupMutation, useRedeemGiftMutation } = walletApi;
