/**
 * Card-to-card transfers (CONTRACTS §11): the buyer's transfer page and its receipt, and the
 * operators' card pool and review queue. Amounts are rials on the buyer's side (what the bank app
 * takes), as the contract fixes; the admin's order rows keep tomans like every admin amount.
 */
import { CARD_ORDER_STATES, REJECT_REASON_MAX, type CardOrderState } from '../cards.ts';
import { IdParams, MESSAGE_KEYWORD as M, NoJson, Nullable, OkAnswer, route, Type, type Static } from './common.ts';

/** One of the card order's states. */
export const CardOrderStateSchema = Type.Unsafe<CardOrderState>({ type: 'string', enum: [...CARD_ORDER_STATES] });

const ResNumParams = Type.Object({ resNum: Type.String({ maxLength: 64 }) });

/** `GET /api/site/card/{resNum}`: where to transfer, how much, until when, and how far the order is. */
export const CardTransferAnswer = Type.Object({
  ok: Type.Literal(true),
  state: CardOrderStateSchema,
  /** 16 digits, no spaces. */
  cardNumber: Type.String(),
  holder: Type.String(),
  bank: Nullable(Type.String()),
  /** Rials: the price × 10 plus the order's own offset. */
  amount: Type.Integer(),
  expiresAt: Type.String(),
  /** Once paid: the payment result's payload (base64 JSON), as `/paymentresult#data=`. */
  result: Type.Optional(Type.String()),
  /** Once rejected: the operator's reason. */
  reason: Type.Optional(Type.String()),
});
export type CardTransferAnswer = Static<typeof CardTransferAnswer>;

/** The receipt form (multipart/form-data). */
export const CardReceiptForm = Type.Object({
  tracking: Type.String({
    maxLength: 100,
    description: 'The bank’s tracking or reference number: 6–20 digits, Persian digits accepted.',
  }),
  image: Type.Optional(
    Type.String({
      format: 'binary',
      description: 'A photo of the receipt: PNG, JPEG or WebP, at most 2,097,152 bytes.',
    }),
  ),
});

export const MULTIPART = 'multipart/form-data';

export const CARD_ROUTES = {
  transfer: route({
    method: 'GET',
    url: '/api/site/card/:resNum',
    summary:
      'A card order’s transfer: the card, holder, bank, amount in rials and deadline, and its state; once paid the result payload. Unknown order numbers are throttled per client.',
    tags: ['payments'],
    params: ResNumParams,
    answer: CardTransferAnswer,
    errors: ['unknownCardOrder', 'tooManyAttempts'],
  }),
  receipt: route({
    method: 'POST',
    url: '/api/site/card/:resNum/receipt',
    summary:
      'The buyer’s receipt for a card order awaiting its transfer: the tracking number and an optional image (PNG, JPEG or WebP, its metadata stripped). Throttled per client.',
    tags: ['payments'],
    params: ResNumParams,
    body: CardReceiptForm,
    bodyMedia: [MULTIPART],
    lenientBody: true,
    answer: Type.Object({ ok: Type.Literal(true), state: Type.Literal('awaiting_review') }),
    errors: [
      'unknownCardOrder',
      'tooManyAttempts',
      'invalidTracking',
      'invalidReceiptImage',
      'receiptImageTooLarge',
      'trackingUsed',
      'receiptImageUsed',
      'receiptAlreadySent',
      'notAwaitingTransfer',
    ],
  }),
};

// --- The operators' side ----------------------------------------------------------------------------

/** One card of the shop's pool. */
export const AdminCard = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  holder: Type.String(),
  bank: Nullable(Type.String()),
  enabled: Type.Boolean(),
  /** Card orders on it still open (awaiting the transfer or the review). */
  openOrders: Type.Integer(),
  createdAt: Type.String(),
});
export type AdminCard = Static<typeof AdminCard>;

export const AdminCardInput = Type.Object({
  number: Type.String({ maxLength: 64, [M]: 'number is required: the 16 digits of the card.' }),
  holder: Type.String({ minLength: 1, maxLength: 100, [M]: 'holder is required (1 to 100 characters).' }),
  bank: Type.Optional(Nullable(Type.String({ maxLength: 100, [M]: 'bank must be at most 100 characters.' }))),
});
export type AdminCardInput = Static<typeof AdminCardInput>;

/** What an order row of the card gate says of its transfer and receipt. */
export const AdminCardOrderInfo = Type.Object({
  state: CardOrderStateSchema,
  cardId: Type.Integer(),
  /** Rials expected at the bank. */
  amountRials: Type.Integer(),
  tracking: Nullable(Type.String()),
  hasImage: Type.Boolean(),
  receiptAt: Nullable(Type.String()),
  reason: Nullable(Type.String()),
});
export type AdminCardOrderInfo = Static<typeof AdminCardOrderInfo>;

/** What an approval or a rejection answers. */
export const AdminCardDecision = Type.Object({
  ok: Type.Literal(true),
  resNum: Type.String(),
  state: CardOrderStateSchema,
  username: Type.Optional(Type.String()),
  renewed: Type.Optional(Type.Boolean()),
});
export type AdminCardDecision = Static<typeof AdminCardDecision>;

const TAGS = ['admin'] as const;

export const CARD_ADMIN_ROUTES = {
  cards: route({
    method: 'GET',
    url: '/api/admin/cards',
    summary: 'The shop’s cards for card-to-card transfers, with their open orders.',
    tags: TAGS,
    answer: Type.Object({ items: Type.Array(AdminCard) }),
  }),
  addCard: route({
    method: 'POST',
    url: '/api/admin/cards',
    summary: 'Add a card (16 digits, Luhn-checked; Persian digits and spaces accepted). Audited card.add.',
    tags: TAGS,
    body: AdminCardInput,
    bodyRequired: true,
    answer: AdminCard,
  }),
  enableCard: route({
    method: 'POST',
    url: '/api/admin/cards/:id/enable',
    summary: 'Offer a card to new card orders again. Audited card.enable.',
    tags: TAGS,
    params: IdParams,
    answer: AdminCard,
  }),
  disableCard: route({
    method: 'POST',
    url: '/api/admin/cards/:id/disable',
    summary: 'Offer a card to no new card order (the open ones keep it). Audited card.disable.',
    tags: TAGS,
    params: IdParams,
    answer: AdminCard,
  }),
  removeCard: route({
    method: 'DELETE',
    url: '/api/admin/cards/:id',
    summary: 'Remove a card (kept for the orders that used it, offered to none). Audited card.remove.',
    tags: TAGS,
    params: IdParams,
    answer: OkAnswer,
  }),
  orderReceipt: route({
    method: 'GET',
    url: '/api/admin/orders/:resNum/receipt',
    summary: 'The receipt image a buyer sent for a card order (its metadata stripped); 404 when none.',
    tags: TAGS,
    params: ResNumParams,
    answer: NoJson,
    media: {
      'image/png': Type.String({ format: 'binary' }),
      'image/jpeg': Type.String({ format: 'binary' }),
      'image/webp': Type.String({ format: 'binary' }),
    },
  }),
  approveOrder: route({
    method: 'POST',
    url: '/api/admin/orders/:resNum/approve',
    summary:
      'Approve a card order awaiting review: completes it exactly once (account, renewal, receipt e-mail). Audited order.approve.',
    tags: TAGS,
    params: ResNumParams,
    answer: AdminCardDecision,
  }),
  rejectOrder: route({
    method: 'POST',
    url: '/api/admin/orders/:resNum/reject',
    summary: 'Reject a card order awaiting review, with the reason the buyer sees. Audited order.reject.',
    tags: TAGS,
    params: ResNumParams,
    body: Type.Object({
      reason: Type.String({
        minLength: 1,
        maxLength: REJECT_REASON_MAX,
        [M]: `reason is required (1 to ${REJECT_REASON_MAX} characters).`,
      }),
    }),
    bodyRequired: true,
    answer: AdminCardDecision,
  }),
};
