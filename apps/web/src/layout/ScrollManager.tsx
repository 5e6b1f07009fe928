import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Every route change scrolls to the top (SPEC §2); a link to an anchor (#pricing) scrolls to it instead. */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    // A fragment of fields (the payment result's `#data=…`) names no element.
    if (!hash || hash.includes('=')) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let frame = 0;
    let tries = 0;
    // The target may render a moment later (translations, lazy content).
    const seek = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ block: 'start' });
      else if (tries++ < 60) frame = requestAnimationFrame(seek);
    };
    seek();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, key]);
  return null;
}
