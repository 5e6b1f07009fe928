import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { decodePaymentResult } from '@separ/domain';
import { PaymentResultScreen } from '@separ/ui';

/**
 * The payment's `data`: from the URL fragment (`#data=…`), where the gateway return puts it so that no
 * server or proxy log keeps the new account's credentials (CONTRACTS §15), or from the query of
 * older links (`?data=…`).
 */
export function paymentResultData(hash: string, search: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('data') ?? new URLSearchParams(search).get('data');
}

/** Takes `data` out of the address bar, from the fragment and the query, leaving the rest. */
function forgetData() {
  const url = new URL(window.location.href);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  if (!fragment.has('data') && !url.searchParams.has('data')) return;
  fragment.delete('data');
  url.searchParams.delete('data');
  const hash = fragment.toString();
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${hash ? `#${hash}` : ''}`);
}

/**
 * The payment result: `data` is read, then removed from the address bar, and while the page shows
 * the credentials it sends no referrer anywhere. A new `data` while the page is open (only the
 * fragment changed, which loads no page) is shown in place of the last.
 */
export function PaymentResultPage() {
  const location = useLocation();
  const [data, setData] = useState(() => paymentResultData(location.hash, location.search));
  // A change of the fragment the router saw (a link in the app, the browser's back and forward).
  const routed = paymentResultData(location.hash, location.search);
  if (routed !== null && routed !== data) setData(routed);
  const result = useMemo(() => decodePaymentResult(data), [data]);

  // A change of the fragment the router may not see (a link or address typed on the same page).
  useEffect(() => {
    const onHashChange = () => {
      const typed = paymentResultData(window.location.hash, window.location.search);
      if (typed !== null) setData(typed);
      forgetData();
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  useEffect(forgetData, [location, data]);

  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.append(meta);
    return () => {
      // Back to the site's policy: its own POSTs need their Origin header.
      meta.content = 'same-origin';
      meta.remove();
    };
  }, []);

  return <PaymentResultScreen result={result} />;
}
