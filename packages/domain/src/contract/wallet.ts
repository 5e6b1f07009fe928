/** The wallet's calls (CONTRACTS §10): the panel's balance and ledger. */
import type { WalletEntryKind } from '../wallet.ts';
import { route, Type, Nullable, QueryText, type Static } from './common.ts';

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
  topup: route({
    method: 'POST',
    url: '/api/site/wallet/topup',
    summary:
      'Top the signed-in account’s wallet up through a gate (any active one but wallet): a pending order and its payment URL, settled exactly once like a purchase; the result carries topup (tomans), no credentials.',
    tags: ['panel'],
    querystring: Type.Object({
      amount: Type.Optional(
        QueryText('Tomans, a whole number within the shop’s walletMinTopup…walletMaxTopup (10,000…50,000,000).'),
      ),
      gate: Type.Optional(QueryText('The gate to pay through: ird, spay or sandbox (card when cards are on).')),
      lng: Type.Optional(QueryText('fa or en: the language of the receipt and the bank page.')),
      coupon: Type.Optional(QueryText('Refused: a discount code is not for a top-up (couponNotForTopup).')),
    }),
    answer: Type.Object({ ok: Type.Literal(true), url: Type.String(), message: Type.String() }),
    errors: [
      // Without a live session, as every panel call (the site's 401s).
      'loginRequired',
      'sessionEnded',
      'missingParameter',
      'parameterTooLong',
      'invalidTopupAmount',
      'unknownGateway',
      'gatewayUnavailable',
      'walletDisabled',
      'tooManyAttempts',
      'paymentFailed',
      'couponNotForTopup',
    ],
  }),
};
