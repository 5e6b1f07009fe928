import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { RECEIPT_IMAGE_MAX_BYTES } from '@separ/domain';
import { CARD_ROUTES } from '@separ/domain/contract';
import { AppError, invalid } from '../../platform/errors.ts';
import { serve } from '../../platform/http/contract.ts';
import type { PaymentsContext } from '../payments/index.ts';
import { checkReceiptImage } from './image.ts';
import { cardTransfer, countReceiptPost, receiptOrder, submitReceipt, type ReceiptInput } from './service.ts';

/** The longest tracking field a receipt form may carry (the number itself is 6–20 digits). */
const TRACKING_FIELD_MAX = 100;

/**
 * What @fastify/multipart (and busboy under it) throws while reading a form — over a limit, no
 * boundary, cut short — as a 4xx answer; our own refusals pass as they are.
 */
function formRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('receiptImageTooLarge');
  return invalid('The receipt form cannot be read: send multipart/form-data with tracking and at most one image.');
}

/**
 * The buyer's side of a card transfer (CONTRACTS §11): the transfer page's data and the receipt.
 * The receipt form is read by @fastify/multipart, registered for this route alone, with limits: one
 * file of at most 2,097,152 bytes, a few short fields.
 */
export async function cardRoutes(app: FastifyInstance, ctx: PaymentsContext) {
  serve(app, CARD_ROUTES.transfer, async (request, reply) => {
    const answer = await cardTransfer(ctx, request, request.params.resNum);
    // Once paid it carries the new account's credentials: no cache keeps it.
    reply.header('cache-control', 'no-store');
    return answer;
  });

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: RECEIPT_IMAGE_MAX_BYTES,
        files: 1,
        fields: 4,
        fieldSize: TRACKING_FIELD_MAX,
        parts: 5,
        headerPairs: 20,
        fieldNameSize: 50,
      },
    });
    serve(scope, CARD_ROUTES.receipt, async (request) => {
      // Counted before anything is read: a client posting receipts fast is held back like a login.
      await countReceiptPost(ctx, request);
      const found = await receiptOrder(ctx, request, request.params.resNum);
      if (!request.isMultipart())
        throw invalid('Send the receipt as multipart/form-data: the field tracking and an optional file image.');
      const input: ReceiptInput = { tracking: undefined, image: null };
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            if (part.fieldname !== 'image') throw invalid('The only file a receipt takes is image.');
            if (bytes.length === 0) continue;
            const checked = checkReceiptImage(bytes);
            if (!checked.ok) {
              request.log.info({ reason: checked.reason }, 'receipt image refused');
              throw new AppError('invalidReceiptImage');
            }
            input.image = { type: checked.type, bytes: checked.bytes };
          } else if (part.fieldname === 'tracking') {
            if (part.valueTruncated || typeof part.value !== 'string') throw new AppError('invalidTracking');
            input.tracking = part.value;
          }
        }
      } catch (error) {
        throw formRefusal(error);
      }
      await submitReceipt(ctx, found, input);
      return { ok: true as const, state: 'awaiting_review' as const };
    });
  });
}
