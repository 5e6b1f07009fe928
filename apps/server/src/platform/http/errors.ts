import type { FastifyError, FastifyReply } from 'fastify';
import { adminCodeOf, type ErrorCode } from '@separ/domain';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError } from '../errors.ts';

/** Fastify's own refusals (its `code`) as codes of the error table; their text stays Fastify's. */
const FASTIFY_CODES: Record<string, 'bodyTooLarge' | 'unsupportedMediaType' | 'uriTooLong' | 'not_found'> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_MAX_PARAM_LENGTH: 'uriTooLong',
  FST_ERR_NOT_FOUND: 'not_found',
};

/** What an error answer is: its status, body and headers. */
export interface ErrorAnswer {
  status: number;
  body: { ok: false; message: string; code: ErrorCode } & Record<string, unknown>;
  headers: Record<string, string>;
  /** Set for a failure of ours (5xx that is no refusal): the log names it. */
  failure?: 'database' | 'internal';
}

/**
 * The one place an error becomes an HTTP answer: an {@link AppError} answers its code's status
 * and message; Fastify's own refusals (validation, body parsing, sizes) answer as the code of
 * their kind; an unreachable database 503 `unavailable`; anything else 500 `internal`.
 */
export function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof AppError) return appErrorAnswer(error);
  const fastify = error as Partial<FastifyError>;
  if (fastify.validation)
    return appErrorAnswer(new AppError('invalid', { text: `Invalid request: ${fastify.message}` }));
  const status = fastify.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const text = fastify.message || 'Bad request';
    const known = fastify.code === undefined ? undefined : FASTIFY_CODES[fastify.code];
    if (known) return appErrorAnswer(new AppError(known, { text }));
    // A refusal of Fastify's or a plugin's that the table does not name: its status, code `badRequest`.
    return { status, body: { ok: false, message: text, code: 'badRequest' }, headers: {} };
  }
  if (isDatabaseUnavailable(error))
    return { ...appErrorAnswer(new AppError('unavailable', undefined, { retryAfterSeconds: 5 })), failure: 'database' };
  return { ...appErrorAnswer(new AppError('internal')), failure: 'internal' };
}

function appErrorAnswer(error: AppError): ErrorAnswer {
  return {
    status: error.status,
    body: { ...error.details, ok: false, message: error.message, code: error.code },
    headers: error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) },
  };
}

/**
 * The admin API's answer (docs/ADMIN.md): the same, with the admin's code of the error
 * (`adminCodeOf`: a throttle is `throttled`, a refusal of the request `invalid`, …). Fastify's
 * validation message goes without the public API's `Invalid request:` prefix, as it always has.
 * Null for a failure of ours, which the admin answers as the rest of the API does.
 */
export function adminErrorAnswer(error: unknown): ErrorAnswer | null {
  const fastify = error as Partial<FastifyError>;
  const answer = fastify.validation
    ? appErrorAnswer(new AppError('invalid', { text: fastify.message ?? '' }))
    : errorAnswer(error);
  if (answer.failure) return null;
  const code = adminCodeOf(answer.body.code);
  if (code === null) return null;
  return { ...answer, body: { ...answer.body, code } };
}

/** Sends an error answer. */
export function sendError(reply: FastifyReply, answer: ErrorAnswer) {
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}
