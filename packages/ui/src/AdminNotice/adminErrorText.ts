/**
 * Why an action failed, as a container can tell it: no answer (`network`), the server's codes
 * `invalid`, `conflict` and `not_found`, anything else (`failed`), or the server's own words.
 */
export type AdminActionError = 'network' | 'invalid' | 'conflict' | 'not_found' | 'failed' | { message: string };

const CODES: ReadonlySet<string> = new Set(['network', 'invalid', 'conflict', 'not_found', 'failed']);

/** The server's words in a rejection: an Error, `{ message }`, or RTK Query's `{ data: { message } }`. */
function messageOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const data = (error as { data?: unknown }).data;
  if (typeof data === 'object' && data !== null) {
    const message = (data as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && message ? message : null;
}

/**
 * The words for a failed console action, the one helper every screen uses: a code of
 * `AdminActionError` in the console's words (`admin:errors.*`), the server's message from an
 * Error, `{ message }` or RTK Query's `{ data: { message } }`, else the `fallback` key
 * (`admin:common.failed` unless given).
 */
export function adminErrorText(error: unknown, t: (key: string) => string, fallback = 'admin:common.failed'): string {
  if (typeof error === 'string') return CODES.has(error) ? t(`admin:errors.${error}`) : error || t(fallback);
  return messageOf(error) ?? t(fallback);
}
