/**
 * The page's one script. A prerendered page is whole without script, so the app's code is asked
 * for after the first paint: on a slow connection the page and its fonts get the bandwidth first,
 * and the app arrives to hydrate what is already on the screen. The single-page app's shell (panel,
 * payment pages) starts at once.
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
  requestAnimationFrame(() => setTimeout(start, 0));
  // A page opened in a background tab gets no animation frame until it is shown.
  setTimeout(start, 200);
} else {
  start();
}
