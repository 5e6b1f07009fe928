/**
 * The page's one script. A prerendered page is whole without script (its links work, its text and
 * fonts are there), so the app's code is asked for once the page has loaded and been painted: on a
 * slow connection the page and its fonts get the bandwidth first, and the app arrives to hydrate
 * what is already on the screen. Asked for after the first paint alone, it raced the fonts; after
 * the load event alone, it came before the first paint whenever the first layout was long. Either
 * way the page's first and largest paints waited for it in Lighthouse's runs (docs/BENCHMARKS.md).
 * A visitor who acts before then — a key, a touch, a click — starts it at once, and what they did
 * is done again for them once the app is live (keepEarlyActions). The single-page app's shell (panel,
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

/** Inputs whose value is not typed text. */
const NOT_TYPED = new Set(['checkbox', 'radio', 'file', 'range', 'color', 'button', 'submit', 'reset', 'image']);

/**
 * What a visitor does on a prerendered page before its app has taken it over would be lost (links
 * work without the app; nothing else does). Kept here, and done again once the page is live, on the
 * same elements (hydration keeps the page's elements; a page drawn afresh does not):
 * - the last button pressed outside a form before the app starts hydrating (`html[data-render]`);
 *   from then on React replays presses itself;
 * - what was typed into a field: hydration leaves the text on the screen but not in the app's
 *   state, so it is typed again for the app;
 * - a form sent that the app did not handle: sent without the app it would reload the page and lose
 *   what was typed, so it is held and sent by the app.
 */
function keepEarlyActions() {
  const root = document.documentElement;
  let pressed: HTMLButtonElement | null = null;
  let sent: HTMLFormElement | null = null;
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  const press = (event: Event) => {
    if (root.dataset.render) return;
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // A form's own button sends its form (held below).
    if (button && !button.form && !button.disabled) pressed = button;
  };
  const type = (event: Event) => {
    const field = event.target;
    // Text only: a box ticked or a file chosen is not typed again.
    const text =
      field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && !NOT_TYPED.has(field.type));
    if (text) typed.set(field, field.value);
  };
  // Listened to last, as the event leaves the page: a form the app handled is already prevented.
  const send = (event: Event) => {
    if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    sent = event.target;
    pressed = null;
  };
  window.addEventListener('click', press, { capture: true });
  window.addEventListener('input', type, { capture: true });
  window.addEventListener('submit', send);
  const whenLive = new MutationObserver(() => {
    if (root.dataset.live !== 'true') return;
    whenLive.disconnect();
    window.removeEventListener('click', press, { capture: true });
    window.removeEventListener('input', type, { capture: true });
    window.removeEventListener('submit', send);
    for (const [field, text] of typed) {
      if (!field.isConnected) continue;
      // The text is still on the screen, but not in the app's state: it is typed again. Cleared
      // first through the element's own setter (React's record of the last value it saw), then
      // set through the prototype's, so that React sees a change.
      field.value = '';
      const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (sent?.isConnected) sent.requestSubmit();
    else if (pressed?.isConnected) pressed.click();
    pressed = sent = null;
    typed.clear();
  });
  whenLive.observe(root, { attributes: true, attributeFilter: ['data-live'] });
}

if (document.getElementById(PRERENDER_DATA_ID)) {
  keepEarlyActions();
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
