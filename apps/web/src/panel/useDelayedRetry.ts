import { useCallback, useEffect, useRef, useState } from 'react';
import { LIST_RETRY_DELAY_MS } from '@separ/domain';

/** SPEC §4: the payments and servers screens wait 1 s before they load again. */
export function useDelayedRetry(refetch: () => unknown, delayMs = LIST_RETRY_DELAY_MS) {
  const [retrying, setRetrying] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const retry = useCallback(() => {
    setRetrying(true);
    timer.current = setTimeout(() => {
      setRetrying(false);
      refetch();
    }, delayMs);
  }, [refetch, delayMs]);
  return { retrying, retry };
}
