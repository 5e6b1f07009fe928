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
}

export const INVALID_JSON = 'Invalid JSON response';
export const REQUEST_TIMEOUT = 'Request timeout';
export const NETWORK_FAILED = 'Network request failed';

export function httpError(status: number, statusText: string, details: string): ApiError {
  return { kind: 'http', message: `HTTP ${status}: ${statusText}`, code: status, details };
}

export function apiError(message: string, code?: number): ApiError {
  return code === undefined ? { kind: 'api', message } : { kind: 'api', message, code };
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

/** The backend said 401: the session has ended. */
export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.code === 401;
}

/**
 * Whether an endpoint is the operators' admin's (every one is named `admin…`): its 401s end no
 * customer's session. Here, not beside the admin's endpoints, so that the site's store can ask
 * without loading them.
 */
export function isAdminEndpoint(name: string | undefined): boolean {
  return typeof name === 'string' && name.startsWith('admin');
}
