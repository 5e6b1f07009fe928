/**
 * The mock backend's error answers, from the same table the server answers from (`@separ/domain`
 * ERRORS): `{ ok: false, message, code }` with the code's status, so that a screen tested on the
 * mock switches on the codes the server sends.
 */
import { HttpResponse } from 'msw';
import { errorMessage, errorStatus, type ErrorCode, type ErrorParams } from '@separ/domain';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  423: 'Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** An error answer with a message of its own (the admin API's `invalid`, `not_found`, `conflict` name what was wrong). */
export function errorResponseWithMessage(code: ErrorCode, message: string): Response {
  const status = errorStatus(code);
  return HttpResponse.json({ ok: false, message, code }, { status, statusText: STATUS_TEXT[status] ?? '' });
}

/** The error answer of a code: its status and its message, as the server answers it. */
export function errorResponse<C extends ErrorCode>(code: C, ...params: ErrorParams<C>): Response {
  return errorResponseWithMessage(code, errorMessage(code, ...params));
}
