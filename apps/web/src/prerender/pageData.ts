import { asRecord, PAGE_DATA_ID, toText, type PageData, type Platform } from '@separ/domain';
import { appInfoApi, plansApi, plansFromResponse } from '@separ/api';
import type { AppStore } from '../app/store.ts';

/** The platforms the catalogue asks plans for (the home page asks for every platform's). */
const PLATFORMS: Platform[] = ['android', 'ios'];

/** The block as the page carries it: safe inside HTML (no `</script>` can close it early). */
export function serializePageData(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The data the server drew this page with (issue 28 §1), or null (a page as built, the single-page app). */
export function readPageData(doc: Document | undefined = globalThis.document): PageData | null {
  try {
    const parsed = JSON.parse(doc?.getElementById(PAGE_DATA_ID)?.textContent ?? 'null') as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const record = parsed as Record<string, unknown>;
    const data: PageData = {};
    if ('plans' in record) data.plans = record.plans;
    const links = asRecord(record.appLinks);
    if ('appLinks' in record) data.appLinks = { android: toText(links.android), windows: toText(links.windows) };
    return data;
  } catch {
    return null;
  }
}

/**
 * Puts what the page was drawn with into the store's API cache, as if it had just been fetched:
 * the first render (the prerender's, and the browser's hydrating it) draws the same plans and links,
 * and no screen asks for them again before it is painted. Plans the client would not accept (a code
 * other than 200) are left out: the screens then fetch them as before.
 */
export function seedPageData(store: AppStore, data: PageData | null): void {
  if (!data) return;
  const entries = [];
  if (data.plans !== undefined) {
    // Every platform's list (the home page's tabs) and each platform's own (the catalogue).
    const all = plansFromResponse(data.plans);
    if (!('error' in all)) entries.push({ endpointName: 'getPlans' as const, arg: undefined, value: all });
    for (const platform of PLATFORMS) {
      const plans = plansFromResponse(data.plans, platform);
      if (!('error' in plans)) entries.push({ endpointName: 'getPlans' as const, arg: { platform }, value: plans });
    }
  }
  if (entries.length) store.dispatch(plansApi.util.upsertQueryEntries(entries));
  if (data.appLinks) {
    store.dispatch(
      appInfoApi.util.upsertQueryEntries([{ endpointName: 'getAppInfo', arg: undefined, value: data.appLinks }]),
    );
  }
}

/**
 * The public pages that show data from the API, with what each shows: the server draws them with
 * its current data (issue 28 §1) instead of serving them as built.
 */
export const DATA_PAGES: Readonly<Record<string, ReadonlyArray<keyof PageData>>> = {
  '/': ['plans'],
  '/home': ['plans'],
  '/buy': ['plans'],
  '/plans': ['plans'],
  '/download': ['appLinks'],
};
