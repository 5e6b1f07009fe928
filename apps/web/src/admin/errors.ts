import { adminErrorCode, isTransportError, type AdminApiError } from '@separ/api';
import type { AdminErrorCode } from '@separ/domain';

/** A failed admin action as the screens show it: the server's own message, and its code. */
export class AdminActionError extends Error {
  readonly code: AdminErrorCode | undefined;
  constructor(message: string, code: AdminErrorCode | undefined) {
    super(message);
    this.name = 'AdminActionError';
    this.code = code;
  }
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
    throw new AdminActionError(adminErrorMessage(error), adminErrorCode(error));
  }
}

export { adminErrorCode, isTransportError };
