/**
 * Fetches the app's code and the page's translations into the browser's cache, off the page's main
 * thread (issue 28 §3): src/boot.ts sends the addresses once the page is idle. A fetch from the page
 * itself delivered every response's bytes to the main thread, which Lighthouse counted against the
 * page (about +200 ms of main-thread work at 4× CPU). Same origin, CORS mode: what the app's module
 * scripts and translation requests ask for, so they find them in the cache.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  close(): void;
};

/** What the page sends: the file that names the app's code (under /assets/), and other addresses. */
export interface FetchAhead {
  code: string | null;
  urls: string[];
}

const local = (url: unknown): url is string => typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');

/** Into the cache: the body is read, and dropped. */
async function fetchAhead(url: string): Promise<void> {
  try {
    const response = await fetch(url, { priority: 'low' } as RequestInit);
    await response.arrayBuffer();
  } catch {
    // Fetched again when the app asks for it.
  }
}

/** The app's code, as the file names it (its chunks under /assets/, without `.js`). */
async function appCode(list: string | null): Promise<string[]> {
  if (!local(list)) return [];
  try {
    const names = (await (await fetch(list, { priority: 'low' } as RequestInit)).json()) as unknown;
    return Array.isArray(names)
      ? names
          .filter((name): name is string => typeof name === 'string' && /^[\w.-]+$/.test(name))
          .map((name) => `/assets/${name}.js`)
      : [];
  } catch {
    return [];
  }
}

scope.onmessage = (event) => {
  const message = event.data as Partial<FetchAhead> | null;
  const urls = Array.isArray(message?.urls) ? message.urls.filter(local) : [];
  void appCode(message?.code ?? null)
    .then((code) => Promise.all([...code, ...urls].map(fetchAhead)))
    .then(() => scope.close());
};
