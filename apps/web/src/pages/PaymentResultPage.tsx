import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { decodePaymentResult } from '@separ/domain';
import { PaymentResultScreen } from '@separ/ui';

/**
 * The payment result: `data` is read once, then removed from the address bar, and while the page
 * shows the credentials it sends no referrer anywhere.
 */
export function PaymentResultPage() {
  const location = useLocation();
  const [result] = useState(() => decodePaymentResult(new URLSearchParams(location.search).get('data')));

  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.has('data')) {
      url.searchParams.delete('data');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
  }, []);

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
