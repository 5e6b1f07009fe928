/** What a screen shows for one RTK Query query (SPEC §4's list states), the same rule on every page. */
export type ScreenStatus = 'loading' | 'error' | 'ready';

export function screenStatus(
  query: { data?: unknown; isError: boolean; isFetching: boolean },
  /** A retry is waiting its delay: the error stays on screen meanwhile. */
  retrying = false,
): ScreenStatus {
  if (query.data !== undefined) return 'ready';
  if ((query.isError && !query.isFetching) || retrying) return 'error';
  return 'loading';
}
