import { errorMessage, errorStatus, type ErrorCode, type ErrorParams } from '@separ/domain';

/** What an {@link AppError} may carry beside its code. */
export interface AppErrorOptions {
  /** Seconds until a retry may pass (429, 503): the HTTP layer sends it as Retry-After. */
  retryAfterSeconds?: number;
  /** More fields of the answer, beside `ok`, `message` and `code` (e.g. the node API's `error`). */
  details?: Record<string, unknown>;
  /** What a log line may name beside the code (never sent). */
  logDetails?: Record<string, unknown>;
}

/** The arguments after the code: the message's parameters (when it takes any), then the options. */
export type AppErrorArgs<C extends ErrorCode> =
  ErrorParams<C> extends []
    ? [params?: undefined, options?: AppErrorOptions]
    : [] extends ErrorParams<C>
      ? [params?: NonNullable<ErrorParams<C>[0]>, options?: AppErrorOptions]
      : [params: ErrorParams<C>[0], options?: AppErrorOptions];

/**
 * The one error the server's services throw: a code of the error table (`@separ/domain`
 * `ERRORS`), with the parameters of its message. Services never speak HTTP: the HTTP layer
 * answers the code's status and message (`http/errors.ts`), RADIUS and the bot their own reply,
 * the CLI prints the message.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly retryAfterSeconds: number | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly logDetails: Record<string, unknown> | undefined;

  constructor(code: C, ...[params, options = {}]: AppErrorArgs<C>) {
    super(errorMessage(code, ...((params === undefined ? [] : [params]) as ErrorParams<C>)));
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
    this.details = options.details;
    this.logDetails = options.logDetails;
  }

  /** The HTTP status of the code. */
  get status(): number {
    return errorStatus(this.code);
  }
}

/** Whether `error` is an AppError, of one of `codes` when they are given. */
export function isAppError<C extends ErrorCode>(error: unknown, ...codes: C[]): error is AppError<C> {
  return error instanceof AppError && (codes.length === 0 || (codes as ErrorCode[]).includes(error.code));
}

/** A refusal the admin's services word themselves (`invalid`, `not_found`, `conflict`). */
export const invalid = (text: string) => new AppError('invalid', { text });
export const notFound = (text?: string) => new AppError('not_found', { text });
export const conflict = (text: string) => new AppError('conflict', { text });

/** A throttle's refusal (429): `of` names what came too often ("login attempts"). */
export const tooManyAttempts = (retryAfterSeconds: number, of?: string) =>
  new AppError('tooManyAttempts', { of }, { retryAfterSeconds });
