/**
 * The page's one script. A prerendered page is whole without script (its links work, its text and
 * fonts are there), so the app's code is asked for once the page has loaded: on a slow connection
 * the page and its fonts get the bandwidth first, and the app arrives to hydrate what is already on
 * the screen. Asked for earlier (after the first paint), it raced the fonts and the page's largest
 * paint waited for it in half of Lighthouse's runs (docs/BENCHMARKS.md). A visitor who acts before
 * then — a key, a touch, a click — starts it at once. The single-page app's shell (panel, payment
 * pages) starts at once.
 */
import '@separ/ui/fonts';
import { PRERENDER_DATA_ID } from '@separ/domain';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main.tsx');
};

if (document.getElementById(PRERENDER_DATA_ID)) {
  const soon = () => setTimeout(start, 0);
  if (document.readyState === 'complete') soon();
  else window.addEventListener('load', soon, { once: true });
  for (const type of ['pointerdown', 'keydown', 'touchstart'])
    window.addEventListener(type, start, { once: true, passive: true, capture: true });
} else {
  start();
}
