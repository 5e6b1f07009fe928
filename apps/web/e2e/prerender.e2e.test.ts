/**
 * The prerendered public pages (performance issue §1): whole without script, in the visitor's
 * language, hydrated without a mismatch, and the cookie banner right before any script runs.
 */
import { describe, expect, inject } from 'vitest';
import { journeyTest, type Language } from './browser.ts';
import { text } from './texts.ts';

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
      for (const path of ['/support', '/download']) {
        await page.goto(path, { waitUntil: 'networkidle' });
        const hydrated = await page.evaluate(classNames);
        await page.goto(`${path}?fresh=1`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.render)).toBe('client');
        expect(await page.evaluate(classNames), path).toEqual(hydrated);
      }
    });
  });
}

describe('a prerendered page with script', () => {
  const test = journeyTest({ language: 'fa' });

  test('asks for the app’s code once the page has loaded and been painted, not before', async ({ j }) => {
    const { page } = j;
    await page.goto('/support');
    await page.waitForFunction(() => document.documentElement.dataset.render);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const app = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/main-[\w-]+\.js$/.test(new URL(entry.name).pathname));
      return {
        loaded: navigation.loadEventStart,
        painted: paint?.startTime ?? 0,
        app: app.map((entry) => entry.startTime),
      };
    });
    expect(timing.app).toHaveLength(1);
    expect(timing.loaded).toBeGreaterThan(0);
    expect(timing.painted).toBeGreaterThan(0);
    expect(timing.app[0]).toBeGreaterThanOrEqual(timing.loaded);
    expect(timing.app[0]).toBeGreaterThanOrEqual(timing.painted);
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
