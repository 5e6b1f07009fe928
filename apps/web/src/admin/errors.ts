import { adminErrorCode, isTransportError, type AdminApiError } from '@separ/api';
import type { AdminErrorCode } from '@separ/domain';
import type { AdminActionError } from '@separ/ui';

/** A failed admin action as the screens show it: the server's own message, and its code. */
export class AdminCallError extends Error {
  readonly code: AdminErrorCode | undefined;
  constructor(message: string, code: AdminErrorCode | undefined) {
    super(message);
    this.name = 'AdminCallError';
    this.code = code;
  }
}

/** A failed action in the screens' own words: no answer, or the admin API's code; anything else `failed`. */
export function actionError(error: unknown): AdminActionError {
  if (isTransportError(error)) return 'network';
  const code = error instanceof AdminCallError ? error.code : adminErrorCode(error);
  if (code === 'invalid' || code === 'conflict' || code === 'not_found') return code;
  return 'failed';
}

/** What a rejected admin call says: the server's message (its `{ ok: false, message }`), else the transport's. */
export function adminErrorMessage(error: unknown): string {
  const known = error as Partial<AdminApiError> | undefined;
  return known?.serverMessage ?? known?.message ?? 'Something went wrong';
}

/** Runs a mutation's `unwrap()`; its rejection becomes an Error the screens read (`message`, `code`). */
export async function adminAction<T>(run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (error) {
    throw new AdminCallError(adminErrorMessage(error), adminErrorCode(error));
  }
}

export { adminErrorCode, isTransportError };
