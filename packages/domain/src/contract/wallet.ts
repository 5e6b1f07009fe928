/** The wallet's calls (CONTRACTS §10): the panel's balance and ledger. */
import type { WalletEntryKind } from '../wallet.ts';
import { route, Type, Nullable, type Static } from './common.ts';

/** One ledger entry: signed tomans, the balance after it, and the order or code it came from. */
export const WalletEntryRecord = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([
    Type.Literal('topup'),
    Type.Literal('purchase'),
    Type.Literal('refund'),
    Type.Literal('referral'),
    Type.Literal('gift'),
    Type.Literal('adjustment'),
  ]),
  amount: Type.Integer(),
  balance: Type.Integer({ minimum: 0 }),
  createdAt: Type.String(),
  ref: Nullable(Type.String()),
});
export type WalletEntryRecord = Static<typeof WalletEntryRecord>;
/** The schema's kinds are the domain's (WALLET_ENTRY_KINDS), no more and no fewer. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const WALLET_KINDS_AGREE: Same<WalletEntryRecord['kind'], WalletEntryKind> = true;

/** The balance and the entries, newest first. */
export const WalletAnswer = Type.Object({
  ok: Type.Literal(true),
  balance: Type.Integer({ minimum: 0 }),
  entries: Type.Array(WalletEntryRecord),
});
export type WalletAnswer = Static<typeof WalletAnswer>;

export const WALLET_ROUTES = {
  wallet: route({
    method: 'POST',
    url: '/api/site/wallet',
    summary: 'The signed-in account’s wallet: balance in tomans and its entries, newest first (401 without a session).',
    tags: ['panel'],
    querystring: Type.Object({}, { additionalProperties: true }),
    answer: WalletAnswer,
  }),
};
