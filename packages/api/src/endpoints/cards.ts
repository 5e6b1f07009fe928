import { asRecord, isCardOrderState, toText } from '@separ/domain';
import type { AnswerOf, CARD_ROUTES, ParamsOf } from '@separ/domain/contract';
import { separApi } from '../api.ts';
import { apiError, errorCodeOfBody } from '../errors.ts';

type Cards = typeof CARD_ROUTES;

/** A card order's transfer (CONTRACTS §11): the card, the amount in rials, the deadline and the state. */
export type CardTransfer = Omit<AnswerOf<Cards['transfer']>, 'ok'>;

/** The buyer's receipt: the bank's tracking number as typed, and an optional photo of the receipt. */
export interface CardReceiptArgs {
  resNum: string;
  tracking: string;
  image?: Blob | null;
}

/** What a receipt's acceptance answers: the order now awaits the operator. */
export type CardReceiptSent = Omit<AnswerOf<Cards['receipt']>, 'ok'>;

/** The transfer's path, its order number encoded (`ParamsOf` of the contract's route). */
function transferPath({ resNum }: ParamsOf<Cards['transfer']>): string {
  return `/api/site/card/${encodeURIComponent(resNum)}`;
}

/** GET /api/site/card/{resNum}'s body as the page reads it; null when it is not a transfer. */
export function cardTransferFromResponse(body: unknown): CardTransfer | null {
  const record = asRecord(body);
  const { amount, cardNumber, holder, expiresAt } = record;
  if (record.ok !== true || !isCardOrderState(record.state)) return null;
  if (typeof amount !== 'number' || typeof cardNumber !== 'string' || typeof holder !== 'string') return null;
  if (typeof expiresAt !== 'string') return null;
  const result = toText(record.result);
  const reason = toText(record.reason);
  return {
    state: record.state,
    cardNumber,
    holder,
    bank: typeof record.bank === 'string' && record.bank !== '' ? record.bank : null,
    amount,
    expiresAt,
    ...(result ? { result } : {}),
    ...(reason ? { reason } : {}),
  };
}

export const cardsApi = separApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/site/card/{resNum} → the transfer and its state (once paid, the result payload; once
     * rejected, the operator's reason). An unknown order answers 404 `unknownCardOrder`.
     */
    cardTransfer: build.query<CardTransfer, string>({
      async queryFn(resNum, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: transferPath({ resNum }) });
        if (result.error) return { error: result.error };
        const data = cardTransferFromResponse(result.data);
        if (!data) {
          const body = asRecord(result.data);
          return {
            error: apiError(toText(body.message) || 'Card transfer unavailable', undefined, errorCodeOfBody(body)),
          };
        }
        return { data };
      },
    }),
    /**
     * POST /api/site/card/{resNum}/receipt, multipart: `tracking` and the optional file `image`. Its
     * refusals carry their code (`trackingUsed`, `receiptImageUsed`, `receiptAlreadySent`,
     * `invalidReceiptImage`, `receiptImageTooLarge`, `invalidTracking`, `notAwaitingTransfer`, …).
     */
    sendCardReceipt: build.mutation<CardReceiptSent, CardReceiptArgs>({
      async queryFn({ resNum, tracking, image }, _api, _extra, baseQuery) {
        const form = new FormData();
        form.append('tracking', tracking);
        if (image) form.append('image', image, image instanceof File ? image.name : 'receipt');
        const result = await baseQuery({ url: `${transferPath({ resNum })}/receipt`, method: 'POST', body: form });
        if (result.error) return { error: result.error };
        const body = asRecord(result.data);
        if (body.ok !== true || body.state !== 'awaiting_review')
          return { error: apiError(toText(body.message) || 'Receipt refused', undefined, errorCodeOfBody(body)) };
        return { data: { state: 'awaiting_review' } };
      },
      // The page shows the new state at once: the transfer is read again.
      async onQueryStarted({ resNum }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            cardsApi.util.updateQueryData('cardTransfer', resNum, (draft) => {
              draft.state = 'awaiting_review';
            }),
          );
        } catch {
          // Refused: the page says why, the transfer stays as it was.
        }
      },
    }),
  }),
});

export const { useCardTransferQuery, useSendCardReceiptMutation } = cardsApi;
