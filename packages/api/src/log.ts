/**
 * The few things SPEC §8 says are "only logged" (an unreadable price, a failed device disconnect).
 * Messages never carry credentials: callers pass ids and error texts only.
 */
export function logWarning(message: string, detail?: unknown): void {
  // The browser console is the log SPEC §8 names.
  console.warn(`[separ] ${message}`, ...(detail === undefined ? [] : [detail]));
}
