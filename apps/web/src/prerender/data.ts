import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Resource } from 'i18next';
import { isLanguage, LOCALE_FILE_PATH, PRERENDER_DATA_ID, type Language } from '@separ/domain';

/**
 * The public pages prerendered at build time, per language (performance issue §1), aliases
 * included: the server answers each with its own HTML, and the browser hydrates it.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/home',
  '/buy',
  '/plans',
  '/download',
  '/install',
  '/support',
  '/free',
  '/test',
  '/privacy-policy',
  '/terms-of-use',
  '/cookies',
  '/login',
] as const;

/**
 * What the prerender assumed and which translations it used, so that the browser's first render is
 * the same. The translations themselves are not in the page: they made the Persian home page's HTML
 * larger than a first round trip carries (a browser's first TCP window, about 14 KB), which cost it
 * a round trip to its largest paint (docs/BENCHMARKS.md). The app fetches them with its code instead.
 */
export interface PrerenderData {
  path: string;
  language: Language;
  /** The footer's year when the page was built. */
  year: number;
  /** The translation namespaces the page used (in its language). */
  namespaces: string[];
}

/** The JSON block, safe inside HTML (no `</script>` can close it early). */
export function serializePrerenderData(data: PrerenderData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

let cached: PrerenderData | null | undefined;

/** The prerendered page's data, or null when this page was not prerendered (or outside a browser). */
export function readPrerenderData(doc: Document | undefined = globalThis.document): PrerenderData | null {
  if (cached !== undefined && doc === globalThis.document) return cached;
  let data: PrerenderData | null = null;
  try {
    const parsed = JSON.parse(doc?.getElementById(PRERENDER_DATA_ID)?.textContent ?? 'null') as unknown;
    if (isPrerenderData(parsed)) data = parsed;
  } catch {
    data = null;
  }
  if (doc === globalThis.document) cached = data;
  return data;
}

function isPrerenderData(value: unknown): value is PrerenderData {
  if (typeof value !== 'object' || value === null) return false;
  const data = value as Record<string, unknown>;
  return (
    typeof data.path === 'string' &&
    isLanguage(data.language) &&
    typeof data.year === 'number' &&
    Array.isArray(data.namespaces) &&
    data.namespaces.every((ns) => typeof ns === 'string' && /^[a-z]+$/.test(ns))
  );
}

/**
 * The translations the prerendered page used, fetched from where i18next would load them while the
 * app's code loads, so that hydration renders the same text. Undefined if one of them cannot be had: i18next
 * then loads them itself, with its retries.
 */
export async function fetchPrerenderedTranslations(
  data: PrerenderData,
  fetcher: typeof fetch = fetch,
  base = '',
): Promise<Resource | undefined> {
  try {
    const entries = await Promise.all(
      data.namespaces.map(async (ns) => {
        const path = LOCALE_FILE_PATH.replace('{{lng}}', data.language).replace('{{ns}}', ns);
        const response = await fetcher(`${base}${path}`);
        if (!response.ok) throw new Error(`${ns}: ${response.status}`);
        const content = (await response.json()) as unknown;
        if (typeof content !== 'object' || content === null) throw new Error(`${ns}: not an object`);
        return [ns, content] as const;
      }),
    );
    return { [data.language]: Object.fromEntries(entries) } as Resource;
  } catch {
    return undefined;
  }
}

export interface ClientStart {
  language: Language;
  pathname: string;
  search: string;
  loggedIn: boolean;
  darkMode: boolean;
}

/**
 * Whether the browser's first render will be the prerendered one, so that it can hydrate it: the
 * same page and language, no query but `lng`, and a visitor the prerender could know — nobody
 * logged in, the light theme. Otherwise the page is drawn afresh over the prerendered one.
 */
export function canHydrate(data: PrerenderData, start: ClientStart): boolean {
  if (data.language !== start.language || data.path !== start.pathname) return false;
  if (start.loggedIn || start.darkMode) return false;
  const params = new URLSearchParams(start.search);
  params.delete('lng');
  return params.size === 0;
}

const noSubscription = () => () => undefined;

/**
 * False while React renders the prerendered page (at build time, and while hydrating it), true
 * after and in any page drawn in the browser. What only the browser can know — consent, the session
 * cookie — waits for it, so that hydration finds what the prerender wrote.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A year that stands still, for the pages' stories: their screenshot baselines would otherwise
 * stop matching on the first of January.
 */
export const FixedYearContext = createContext<number | undefined>(undefined);

/** A fixed "now" (the stories: days left and dates must not move with the day their screenshots are taken). */
export const FixedNowContext = createContext<Date | undefined>(undefined);

/** The time a page counts days left from: now, or the fixed one of the stories. */
export function useNow(): Date {
  return useContext(FixedNowContext) ?? new Date();
}

/** The footer's year: the build's while hydrating a prerendered page, this year after. */
export function useYear(): number {
  const fixed = useContext(FixedYearContext);
  const hydrated = useHydrated();
  const now = new Date().getFullYear();
  if (fixed !== undefined) return fixed;
  return hydrated ? now : (readPrerenderData()?.year ?? now);
}
