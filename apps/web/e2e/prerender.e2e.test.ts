/**
 * The prerendered public pages (performance issue §1): whole without script, in the visitor's
 * language, hydrated without a mismatch, and the cookie banner right before any script runs.
 */
import { describe, expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { journeyTest, type Language } from './browser.ts';
import { text } from './texts.ts';

/**
 * Opens a prerendered page with its app's code held back until `release`. `arrived` settles once the
 * page is live — to null, or to the error, so that a failure before it is reported as itself.
 */
async function openWithAppHeld(page: Page, path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const arrived = page.goto(path).then(
    () => null,
    (error: unknown) => error,
  );
  return { release, arrived };
}

const PAGES = ['/', '/buy', '/download', '/install', '/support', '/free', '/privacy-policy', '/login'];

/** The class names of every element in the app, in document order. */
const classNames = () =>
  [...document.querySelectorAll('#root *')].map(
    (element) => `${element.tagName} ${element.getAttribute('class') ?? ''}`,
  );

for (const lang of ['fa', 'en'] as Language[]) {
  describe(`prerendered pages in ${lang}`, () => {
    const test = journeyTest({ language: lang });

    test('come from the server whole, and the app takes them over without drawing them again', async ({ j }) => {
      const { page } = j;
      const cookie = lang === 'en' ? 'i18next=en' : '';
      for (const path of PAGES) {
        const html = await (await fetch(`${inject('baseURL')}${path}`, { headers: { cookie } })).text();
        expect(html, path).toContain(`<html lang="${lang}" dir="${lang === 'fa' ? 'rtl' : 'ltr'}">`);
        expect(html, path).toMatch(/<div id="root"><(header|div|a)/);
        expect(html, path).toContain('id="separ-prerender"');
        await page.goto(path);
        expect(await page.evaluate(() => document.documentElement.dataset.render), path).toBe('hydrate');
      }
      // What hydration kept is what the browser draws by itself (a query the prerender did not see
      // makes the app draw the page afresh): the same elements with the same class names.
      // The app asks for the page's data once it is live, after the page's own load: each version
      // is compared once nothing has been in flight for half a second.
      let inFlight = 0;
      page.on('request', () => inFlight++);
      page.on('requestfinished', () => inFlight--);
      page.on('requestfailed', () => inFlight--);
      const settled = async () => {
        for (let calm = 0; calm < 5; calm = inFlight === 0 ? calm + 1 : 0) await page.waitForTimeout(100);
      };
      for (const path of ['/support', '/download']) {
        await page.goto(path);
        await settled();
        const hydrated = await page.evaluate(classNames);
        await page.goto(`${path}?fresh=1`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await settled();
        expect(await page.evaluate(() => document.documentElement.dataset.render)).toBe('client');
        expect(await page.evaluate(classNames), path).toEqual(hydrated);
      }
    });
  });
}

describe('a prerendered page with script', () => {
  const test = journeyTest({ language: 'fa' });

  test('runs no more than its boot script while the visitor only reads, fetches the app ahead without running it, and starts the app when they move', async ({
    j,
  }) => {
    const { page } = j;
    const requested: Array<{ type: string; path: string }> = [];
    page.on('request', (request) =>
      requested.push({ type: request.resourceType(), path: new URL(request.url()).pathname }),
    );
    await j.read('/support');
    // A second and a half of reading: the page is as the server drew it, with its boot script alone.
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => document.documentElement.dataset.render ?? null)).toBeNull();
    // Run: the boot script and its shared chunk (and the worker that fetches ahead).
    expect(
      requested
        .filter(({ type, path }) => type === 'script' && !path.includes('/fetchAhead.worker-'))
        .map(({ path }) => path.replace(/-[\w.-]+\.js$/, '.js'))
        .sort(),
    ).toEqual(['/assets/index.js', '/assets/shared.js']);
    // Fetched into the cache once the page had loaded, by a worker, not run (issue 28 §3): the
    // app's code and the page's translations. Nothing is asked of the API.
    const ahead = requested.filter(({ type }) => type === 'fetch').map(({ path }) => path);
    expect(ahead.some((path) => /^\/assets\/main-[\w-]+\.js$/.test(path))).toBe(true);
    expect(ahead.some((path) => /^\/assets\/client-[\w-]+\.js$/.test(path))).toBe(true);
    expect(ahead).toContain('/locales/fa/support.json');
    expect(requested.some(({ path }) => path.startsWith('/api/'))).toBe(false);
    // The visitor moves the pointer over the page: the app comes and takes the page over.
    await page.mouse.move(20, 20);
    await page.waitForFunction(() => document.documentElement.dataset.live === 'true');
    expect(await page.evaluate(() => document.documentElement.dataset.render)).toBe('hydrate');
    // The font faces are the page's own, used only if there for its first paint: the app does not
    // bring them again (with `swap`, moving the text once they arrive).
    const fonts = await page.evaluate(() => ({
      sheets: document.querySelectorAll('link[rel="stylesheet"]').length,
      // The web fonts' faces (the metric-matched local fallbacks are faces too, and need no display).
      display: [
        ...new Set([...document.fonts].filter((face) => !face.family.includes('Fallback')).map((face) => face.display)),
      ],
    }));
    expect(fonts).toEqual({ sheets: 0, display: ['optional'] });
  });

  test('asks for no more before its first paint than a browser’s six connections carry at once', async ({ j }) => {
    const { page } = j;
    for (const path of ['/', '/support']) {
      await j.read(path);
      await page.mouse.move(20, 20);
      await page.waitForFunction(() => document.documentElement.dataset.live === 'true');
      const load = await page.evaluate(() => {
        const painted = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '';
        return {
          painted,
          beforePaint: resources
            .filter((entry) => entry.startTime < painted)
            .map((entry) => new URL(entry.name).pathname),
          translations: resources
            .filter((entry) => entry.name.includes('/locales/'))
            .map((entry) => ({ path: new URL(entry.name).pathname, afterPaint: entry.startTime >= painted })),
          icon: icon.slice(0, 19),
          pageBytes: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).encodedBodySize,
        };
      });
      expect(load.painted, path).toBeGreaterThan(0);
      // Once the page has come, six requests on six connections: its boot script and shared chunk,
      // and the four font files. The favicon is in the page: as a seventh request it waited for a
      // connection, a round trip later (docs/BENCHMARKS.md).
      expect(load.beforePaint.length, `${path}: ${load.beforePaint.join(', ')}`).toBeLessThanOrEqual(6);
      expect(load.icon).toBe('data:image/svg+xml,');
      // The page's translations come with the app, after the paint, not inside the page.
      expect(load.translations.length, path).toBeGreaterThan(0);
      expect(load.translations.every((entry) => entry.afterPaint && entry.path.startsWith('/locales/fa/'))).toBe(true);
      // The home page fits a first TCP window (about 14 KB) with the response's headers.
      expect(load.pageBytes, path).toBeLessThan(13_500);
    }
  });
});

describe('a prerendered page before its app is live', () => {
  const test = journeyTest({ language: 'fa', firstVisit: true });

  test('keeps a press of one of its buttons, and presses it again once the app has taken over', async ({ j }) => {
    const { page } = j;
    // The app's code is held back until the visitor has pressed the cookie banner's button.
    const { release, arrived } = await openWithAppHeld(page, '/support');
    const banner = page.getByRole('region', { name: text('fa', 'common:cookies.title') });
    await banner.getByRole('button', { name: text('fa', 'common:cookies.accept'), exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.render)).toBeUndefined();
    await expect.poll(() => banner.count()).toBe(1);
    release();
    expect(await arrived).toBeNull();
    expect(await page.evaluate(() => document.documentElement.dataset.render)).toBe('hydrate');
    // Pressed again by the page itself, once: the banner is gone and consent is recorded. The app's
    // first run draws, then replays the press: on a busy machine that takes more than a second.
    await expect.poll(() => banner.count(), { timeout: 5_000 }).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('separ-app-state'))).toContain('"cookiesAccepted":true');
  });
});

describe('a prerendered form before its app is live', () => {
  const test = journeyTest({ language: 'fa' });

  test('keeps what was typed and sent, and the app sends it once it has taken over', async ({ j }) => {
    const { page } = j;
    j.allow(/POST .*\/site_login answered 401/);
    const { release, arrived } = await openWithAppHeld(page, '/login');
    const username = page.getByLabel(text('fa', 'auth:login.username'));
    const password = page.getByLabel(text('fa', 'auth:login.password'), { exact: true });
    await username.fill('sepr0000');
    await password.fill('not-the-password');
    const attempt = page.waitForRequest(/\/site_login$/);
    await password.press('Enter');
    // Sent without the app, the form would have reloaded the page, empty.
    expect(page.url()).toMatch(/\/login$/);
    expect(await page.evaluate(() => document.documentElement.dataset.render)).toBeUndefined();
    release();
    expect(await arrived).toBeNull();
    // The app sends what was typed (in the body, CONTRACTS §15): the server's answer, not "enter
    // your username and password".
    expect(new URLSearchParams((await attempt).postData() ?? '').get('username')).toBe('sepr0000');
    await page.getByText(text('fa', 'errors:login.invalid')).waitFor();
    expect(await username.inputValue()).toBe('sepr0000');
    expect(page.url()).toMatch(/\/login$/);
  });
});

describe('a prerendered page without script', () => {
  const test = journeyTest({ firstVisit: true, javaScript: false });

  test('is readable, with its links and the cookie banner, for a first visit', async ({ j }) => {
    const { page } = j;
    await page.goto('/support');
    await page.getByRole('heading', { level: 1, name: text('fa', 'support:title') }).waitFor();
    await page.getByRole('region', { name: text('fa', 'common:cookies.title') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.live)).toBeUndefined();
    // A link works without the app: the next page is prerendered too.
    await page
      .getByRole('link', { name: text('fa', 'common:nav.download') })
      .first()
      .click();
    await page.waitForURL(/\/download$/);
    await page.getByRole('heading', { level: 1, name: text('fa', 'download:title') }).waitFor();
  });

  test('hides the banner from a visitor who has answered before any script runs', async ({ j }) => {
    const { page, context, baseURL } = j;
    await context.addCookies([{ name: 'separConsent', value: 'rejected', url: baseURL }]);
    await page.goto('/support');
    await page.getByRole('heading', { level: 1, name: text('fa', 'support:title') }).waitFor();
    expect(await page.getByRole('region', { name: text('fa', 'common:cookies.title') }).count()).toBe(0);
  });
});

for (const lang of ['fa', 'en'] as Language[]) {
  describe(`a phone visitor's first touch in ${lang}`, () => {
    const test = journeyTest({ language: lang, mobile: true });

    test('a tap on a tab, before anything else, is answered at once and starts the app, which keeps it', async ({
      j,
    }) => {
      const { page } = j;
      // The app's code is fetched ahead once the page is idle (issue 28 §3); once the app asks for
      // it, it is held until the tap is over: the tap comes before the app.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let fetchedAhead = false;
      let asked = false;
      await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
        if (route.request().resourceType() === 'fetch') {
          fetchedAhead = true;
          await route.continue();
          return;
        }
        asked = true;
        await held;
        await route.continue();
      });
      await j.read('/');
      await expect.poll(() => fetchedAhead).toBe(true);
      expect(asked).toBe(false);
      expect(await page.evaluate(() => document.documentElement.dataset.render ?? null)).toBeNull();
      const pricing = page.locator('#pricing');
      const tab = pricing.getByRole('tab', { name: text(lang, 'home:pricing.tabs.other') });
      const cards = pricing.getByRole('link', { name: new RegExp(text(lang, 'plans:card.select')) });
      expect(await tab.getAttribute('aria-selected')).toBe('false');
      // The other tab's plans are on the page, inert: no text of theirs is found before the tap.
      expect(await pricing.locator('a[href="/payment?plan_id=7"]').count()).toBe(0);
      await tab.tap();
      // Answered by the page's boot script, before the app runs: the tab and its plans (an iOS plan).
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      expect(await cards.first().getAttribute('href')).toBe('/payment?plan_id=7');
      await expect.poll(() => asked).toBe(true);
      expect(await page.evaluate(() => document.documentElement.dataset.render ?? null)).toBeNull();
      release();
      await page.waitForFunction(() => document.documentElement.dataset.live === 'true');
      // The app keeps what the visitor sees (a page that did not hydrate as drawn fails the journey).
      expect(await cards.first().getAttribute('href')).toBe('/payment?plan_id=7');
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      expect(await pricing.getByRole('tabpanel').count()).toBe(1);
      // And the first tab again, now by the app.
      await pricing.getByRole('tab', { name: text(lang, 'home:pricing.tabs.androidWindows') }).tap();
      await expect.poll(() => cards.first().getAttribute('href')).not.toBe('/payment?plan_id=7');
    });
  });
}
