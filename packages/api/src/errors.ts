import { isErrorCode, type ErrorCode } from '@separ/domain';

/**
 * The normalised errors of SPEC §8. Every failed call of the api package carries one of these,
 * so that screens can tell a timeout from a refusal without reading transport details.
 */
export type ApiErrorKind = 'http' | 'json' | 'timeout' | 'network' | 'api';

export interface ApiError {
  kind: ApiErrorKind;
  /** The English text of SPEC §8: `HTTP 500: Internal Server Error`, `Request timeout`, … */
  message: string;
  /** The HTTP status for 'http' errors, the service's `code` for 'api' errors. */
  code?: number;
  /** The body text of a failed HTTP response. */
  details?: string;
  /**
   * The server's error code (`@separ/domain` ERRORS), from its `{ ok: false, message, code }`
   * answer, when it sent one: what screens switch on, never the message's text.
   */
  errorCode?: ErrorCode;
}

export const INVALID_JSON = 'Invalid JSON response';
export const REQUEST_TIMEOUT = 'Request timeout';
export const NETWORK_FAILED = 'Network request failed';

/** The error code of an answer's body (parsed JSON, or its text), when it carries a known one. */
export function errorCodeOfBody(body: unknown): ErrorCode | undefined {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  const code = typeof value === 'object' && value !== null ? (value as { code?: unknown }).code : undefined;
  return isErrorCode(code) ? code : undefined;
}

export function httpError(status: number, statusText: string, details: string): ApiError {
  const errorCode = errorCodeOfBody(details);
  return {
    kind: 'http',
    message: `HTTP ${status}: ${statusText}`,
    code: status,
    details,
    ...(errorCode ? { errorCode } : {}),
  };
}

/** A `{ ok: false }` answer (or an unusable one): its message, and the server's error code when it sent one. */
export function apiError(message: string, code?: number, errorCode?: ErrorCode): ApiError {
  return {
    kind: 'api',
    message,
    ...(code === undefined ? {} : { code }),
    ...(errorCode === undefined ? {} : { errorCode }),
  };
}

/** The server's error code of a failed call (an RTK Query hook's `error`, a mutation's rejection). */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  return isApiError(error) ? error.errorCode : undefined;
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).message === 'string' &&
    typeof (value as ApiError).kind === 'string'
  );
}

/** The call failed on the way (no answer, or no answer in time): the "check your connection" case. */
export function isTransportError(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
}

/** The codes that say a session is gone: none was sent, it ended, or (the admin's) the operator's. */
const SESSION_GONE: readonly ErrorCode[] = ['loginRequired', 'sessionEnded', 'unauthenticated'];

/**
 * The session has ended: the answer's code says so (`loginRequired`, `sessionEnded`; the admin's
 * `unauthenticated`). Not a 401 alone: a wrong password is a 401 too (`bad_credentials`).
 */
export function isUnauthorized(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code !== undefined && SESSION_GONE.includes(code);
}

/**
 * Whether an endpoint is the operators' admin's (every one is named `admin…`): its 401s end no
 * customer's session. Here, not beside the admin's endpoints, so that the site's store can ask
 * without loading them.
 */
export function isAdminEndpoint(name: string | undefined): boolean {
  return typeof name === 'string' && name.startsWith('admin');
}
