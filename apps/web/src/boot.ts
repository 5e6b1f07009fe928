/**
 * The page's one script. A prerendered page is whole without script (its links work, its text and
 * fonts are there), so the app's code is asked for once the page has loaded and been painted: on a
 * slow connection the page and its fonts get the bandwidth first, and the app arrives to hydrate
 * what is already on the screen. Asked for after the first paint alone, it raced the fonts; after
 * the load event alone, it came before the first paint whenever the first layout was long. Either
 * way the page's first and largest paints waited for it in Lighthouse's runs (docs/BENCHMARKS.md).
 * A visitor who acts before then — a key, a touch, a click — starts it at once, and a button they
 * press is pressed again for them once the app is live. The single-page app's shell (panel,
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

/** Calls back once the page has painted its content (the First Contentful Paint is reported). */
function afterFirstPaint(callback: () => void) {
  if (performance.getEntriesByName('first-contentful-paint').length > 0) return callback();
  // A browser without paint timing would accept the observer and never call it: it waits for the
  // frame after this one to be drawn instead.
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(callback, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * A press of one of the page's buttons before the app has taken the page over would be lost (links
 * and forms work without it): the last one is kept, and pressed again once the page is live if it
 * is still the same element (hydration keeps the page's elements; a page drawn afresh does not).
 * From the moment the app starts hydrating (`html[data-render]`), React replays such presses itself.
 */
function keepEarlyPresses() {
  const root = document.documentElement;
  let pressed: HTMLButtonElement | null = null;
  const keep = (event: Event) => {
    if (root.dataset.render) return;
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // A form's own button does what it does without the app.
    if (button && !button.form && !button.disabled) pressed = button;
  };
  window.addEventListener('click', keep, { capture: true });
  const whenLive = new MutationObserver(() => {
    if (root.dataset.live !== 'true') return;
    whenLive.disconnect();
    window.removeEventListener('click', keep, { capture: true });
    if (pressed?.isConnected) pressed.click();
    pressed = null;
  });
  whenLive.observe(root, { attributes: true, attributeFilter: ['data-live'] });
}

if (document.getElementById(PRERENDER_DATA_ID)) {
  keepEarlyPresses();
  // The load event can come before the first paint (a long first layout on a slow phone): the app
  // waits for both, so that its code is neither fetched nor run before the visitor sees the page.
  const soon = () => afterFirstPaint(() => setTimeout(start, 0));
  if (document.readyState === 'complete') soon();
  else window.addEventListener('load', soon, { once: true });
  for (const type of ['pointerdown', 'keydown', 'touchstart'])
    window.addEventListener(type, start, { once: true, passive: true, capture: true });
} else {
  start();
}
