/**
 * The page's one script. A prerendered public page is whole without script: its text, fonts and
 * links are there, and its cookie banner. So its app — React, the router, the store, the
 * translations, 180 KB of gzip — is not asked for while the visitor reads: it starts at the first
 * sign that they are there to act (a pointer moving over the page, a touch, a wheel, a key, a
 * focus). A visitor on a phone touches the screen to scroll long before they press anything, so
 * the app is usually live by then; one who acts first (a tab, the banner, a form) has what they did
 * done again for them once the app is live (keepEarlyActions), and a tab whose panel the page holds
 * is switched at once, before the app runs (earlyTabs). Measured in docs/BENCHMARKS.md,
 * side by side with the same pages without any script. The single-page app's shell (panel,
 * payment pages) starts at once.
 */
import '@separ/ui/fonts';
import type { FetchAhead } from './fetchAhead.worker.ts';
import { APP_CODE_ID, DEFAULT_LANGUAGE, HYDRATING_EVENT, LOCALE_FILE_PATH, PRERENDER_DATA_ID } from '@separ/domain';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main.tsx');
};

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
  // The press is done again as soon as the app hydrates: React then hydrates what the press needs
  // first, in one go, and handles it (issue 28 §3), rather than once the whole page is live.
  window.addEventListener(
    HYDRATING_EVENT,
    () => {
      const button = pressed;
      if (!button?.isConnected || sent) return;
      // React stops a press it cannot handle yet (a part of the page still loading) on its way
      // down: one that never comes back up to the window is kept for once the page is live.
      let handled = false;
      const reached = () => {
        handled = true;
      };
      window.addEventListener('click', reached);
      button.click();
      window.removeEventListener('click', reached);
      if (handled) pressed = null;
    },
    { once: true },
  );
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

/**
 * Tabs the server drew with every panel (the home page's pricing: one panel a tab, all but the
 * chosen one `hidden`, their content in a template) are switched here at a tap or an arrow key before the app runs: the tab is
 * selected and its panel shown in the same frame (issue 28 §3). The press is kept and done again
 * for the app once it hydrates (keepEarlyActions), so that the app's state follows what the visitor
 * sees. Tabs whose panels the page does not hold are left to the app.
 */
function earlyTabs() {
  const root = document.documentElement;
  const tabOf = (event: Event) => {
    const tab = event.target instanceof Element ? event.target.closest('[role="tab"]') : null;
    return tab instanceof HTMLElement && !root.dataset.render ? tab : null;
  };
  const tabsBeside = (tab: HTMLElement) => [
    ...(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []),
  ];
  const select = (event: Event) => {
    const tab = tabOf(event);
    if (!tab) return;
    const tabs = tabsBeside(tab);
    const panels = tabs.map((each) => document.getElementById(each.getAttribute('aria-controls') ?? ''));
    if (panels.some((panel) => !panel)) return;
    tabs.forEach((each, index) => {
      const chosen = each === tab;
      const panel = panels[index]!;
      // A panel the server drew inert (packages/ui Pricing) comes out of its template.
      const inert = panel.firstElementChild;
      if (chosen && inert instanceof HTMLTemplateElement) inert.replaceWith(inert.content);
      each.setAttribute('aria-selected', String(chosen));
      each.tabIndex = chosen ? 0 : -1;
      panel.hidden = !chosen;
    });
  };
  // The keys of the tabs' keyboard model (packages/ui Tabs), arrows following the reading direction.
  const move = (event: KeyboardEvent) => {
    const tab = tabOf(event);
    if (!tab) return;
    const tabs = tabsBeside(tab);
    const index = tabs.indexOf(tab);
    const forward = root.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = root.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: number;
    if (event.key === forward) next = index + 1;
    else if (event.key === backward) next = index - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    const target = tabs[(next + tabs.length) % tabs.length];
    if (!target) return;
    event.preventDefault();
    target.focus();
    // A press like a tap's: selected above, and kept to be done again for the app.
    target.click();
  };
  window.addEventListener('click', select, { capture: true });
  window.addEventListener('keydown', move, { capture: true });
  const whenLive = new MutationObserver(() => {
    if (root.dataset.live !== 'true') return;
    whenLive.disconnect();
    window.removeEventListener('click', select, { capture: true });
    window.removeEventListener('keydown', move, { capture: true });
  });
  whenLive.observe(root, { attributes: true, attributeFilter: ['data-live'] });
}

/** The translation namespaces i18next loads on every page (src/i18n.ts). */
const ALWAYS_LOADED = ['common', 'errors'];

/** What a page names in a JSON block of its own, or null. */
function block(id: string): unknown {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? 'null') as unknown;
  } catch {
    return null;
  }
}

/**
 * The app's code and the page's translations, fetched once the page has loaded and the main thread
 * is idle (issue 28 §3), at low priority and without running anything: into the browser's cache, by
 * a worker (src/fetchAhead.worker.ts: the bytes never reach the page's main thread), so that a
 * visitor's first tap, key or form waits for the app to run, not for the network. The translations
 * are those the page used and those every page loads, in its language and in the fallback language.
 */
function fetchAppWhenIdle() {
  const fetchApp = () => {
    if (started) return;
    const list = block(APP_CODE_ID);
    const code = typeof list === 'string' && /^\/assets\/[\w.-]+\.json$/.test(list) ? list : null;
    const page = block(PRERENDER_DATA_ID) as { language?: unknown; namespaces?: unknown } | null;
    const language = typeof page?.language === 'string' && /^[a-z]{2}$/.test(page.language) ? page.language : null;
    const namespaces = Array.isArray(page?.namespaces)
      ? page.namespaces.filter((ns) => typeof ns === 'string' && /^[a-z]+$/.test(ns))
      : [];
    const file = (lng: string, ns: string) => LOCALE_FILE_PATH.replace('{{lng}}', lng).replace('{{ns}}', ns);
    // The page's namespaces, and those i18next loads on every page: in the page's language, and
    // in the fallback language.
    const texts = language ? [...new Set([...namespaces, ...ALWAYS_LOADED])].map((ns) => file(language, ns)) : [];
    if (language && language !== DEFAULT_LANGUAGE) texts.push(...ALWAYS_LOADED.map((ns) => file(DEFAULT_LANGUAGE, ns)));
    const message: FetchAhead = { code, urls: texts };
    try {
      const worker = new Worker(new URL('./fetchAhead.worker.ts', import.meta.url), {
        type: 'module',
        name: 'separ-fetch-ahead',
      });
      worker.postMessage(message);
    } catch {
      // No worker: the app's code comes when the visitor acts, as it did.
    }
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(fetchApp, { timeout: 1000 });
    else setTimeout(fetchApp, 200);
  };
  // Never before the first paint: on a slow or busy device the load event and an idle moment can
  // come before it, and the fetch would then take a connection the page's fonts were waiting for.
  const whenLoaded = () => afterFirstPaint(whenIdle);
  if (document.readyState === 'complete') whenLoaded();
  else window.addEventListener('load', whenLoaded, { once: true });
}

/**
 * Calls `then` once the page has painted its first content: at once when it has, else when the
 * browser reports it, and after 3 s at the latest (a browser that does not report paints).
 */
function afterFirstPaint(then: () => void) {
  let called = false;
  const go = () => {
    if (called) return;
    called = true;
    then();
  };
  try {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      go();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    go();
    return;
  }
  setTimeout(go, 3000);
}

/**
 * What tells the page that a visitor is there and about to act: a pointer moving over it, a touch,
 * a wheel, a key, a focus; not a scroll by itself, which a link to an anchor or the browser does
 * too (a finger's scroll starts with a touch). The app starts on the first of them. A visitor who only reads gets the
 * page as the server drew it, without the app's code, as if no script had run.
 */
const ENGAGEMENT = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/** What ends a press: its click, or the browser taking it over (a scroll, a long press). */
const PRESS_END = ['click', 'pointercancel', 'touchcancel', 'contextmenu'] as const;

/** Runs `then` once the next frame is painted. */
const afterPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

if (document.getElementById(PRERENDER_DATA_ID)) {
  keepEarlyActions();
  earlyTabs();
  const engaged = (event: Event) => {
    for (const type of ENGAGEMENT) window.removeEventListener(type, engaged, { capture: true });
    if (event.type !== 'pointerdown' && event.type !== 'touchstart') {
      start();
      return;
    }
    // A finger or a button down: the app's first run is a long task, so it waits until the press
    // has been answered (an early tab, a link) and painted; a press held longer starts it anyway.
    let waiting = true;
    const go = () => {
      if (!waiting) return;
      waiting = false;
      for (const type of PRESS_END) window.removeEventListener(type, go, { capture: true });
      afterPaint(start);
    };
    for (const type of PRESS_END) window.addEventListener(type, go, { capture: true });
    setTimeout(go, 1000);
  };
  for (const type of ENGAGEMENT) window.addEventListener(type, engaged, { passive: true, capture: true });
  fetchAppWhenIdle();
} else {
  start();
}
