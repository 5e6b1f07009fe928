/**
 * An answer of a status other than 2xx: `{ ok: false, message, code? }`. `code` is the machine's
 * name of the error (clients match it, never the message's text); `headers` go with the answer.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly code: string | undefined;

  constructor(statusCode: number, message: string, code?: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code = 'tooManyAttempts') =>
  new HttpError(429, message, code, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
