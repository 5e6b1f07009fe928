import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DATA_ID, PRERENDER_DATA_ID } from '@separ/domain';
import { runAdmin } from '../src/cli/admin.ts';
import { KINDS, startTestServer, type TestServer } from './harness.ts';

/**
 * A web build whose renderer is the web app's own (apps/web/src/prerender/render.tsx, which the
 * build bundles as dist-ssr/render.js): the server draws the data pages with the real screens, so
 * what a visitor without JavaScript reads shows here. The templates carry the renderer's marks.
 */
function buildWithTheAppsRenderer(): string {
  const root = mkdtempSync(join(tmpdir(), 'separ-web-app-ssr-'));
  const web = join(root, 'dist');
  const page = (lng: string) =>
    `<!doctype html><html lang="${lng}" dir="${lng === 'fa' ? 'rtl' : 'ltr'}"><head>` +
    '<meta property="csp-nonce" content="__CSP_NONCE__" nonce="__CSP_NONCE__"><!--separ-styles--></head>' +
    `<body class="${lng === 'fa' ? 'rtl' : 'ltr'}"><!--separ-root--></body></html>`;
  for (const lng of ['fa', 'en']) {
    mkdirSync(join(web, 'prerendered', lng), { recursive: true });
    for (const file of ['index.html', 'buy.html']) writeFileSync(join(web, 'prerendered', lng, file), page(lng));
    writeFileSync(join(web, 'prerendered', `${lng}.template.html`), page(lng));
  }
  writeFileSync(join(web, 'index.html'), page('fa'));
  mkdirSync(join(root, 'dist-ssr'));
  const renderer = join(import.meta.dirname, '..', '..', 'web', 'src', 'prerender', 'render.tsx');
  writeFileSync(join(root, 'dist-ssr', 'render.js'), `export * from ${JSON.stringify(renderer)};\n`);
  return web;
}

/** A price in dollars (React's own `<!--$-->` marks are no price). */
const DOLLAR_PRICE = /\$\d/;

/** The markup the page was drawn with (`#root`), without the translations and data blocks after it. */
function drawn(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf(`<script type="application/json" id="${PRERENDER_DATA_ID}">`);
  expect(start, 'the page was drawn by the renderer').toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

describe.each(KINDS)('dollar prices in the pages the server draws (issue 31 §1), on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_WEB_DIST: buildWithTheAppsRenderer() });
  });
  afterAll(async () => {
    await s?.close();
  });

  const page = async (url: string) => {
    const response = await s.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };
  const setRate = (rate: number) =>
    runAdmin(['settings', 'set', '--toman-per-usd', String(rate)], s.ctx, () => undefined);

  it('English shows the plans in dollars once the rate is set, Persian keeps tomans; a change of rate draws them again', async () => {
    // No rate: tomans in both languages (the demo's first plan is 120,000 tomans).
    expect(drawn(await page('/buy?lng=en'))).toContain('120,000 Toman');
    expect(drawn(await page('/buy?lng=en'))).not.toMatch(DOLLAR_PRICE);
    const plansBefore = await s.app.inject('/getTelPlans');

    await setRate(60_000);
    const plans = await s.app.inject('/getTelPlans');
    // The plans' ETag is of the answer, which now carries price_usd: a browser's copy is stale.
    expect(plans.headers.etag).not.toBe(plansBefore.headers.etag);

    const buyEn = await page('/buy?lng=en');
    const catalogue = drawn(buyEn);
    // 120,000 and 250,000 tomans at 60,000 a dollar: the one-month plans of the first tab.
    expect(catalogue).toContain('$2.00');
    expect(catalogue).toContain('$4.17');
    expect(catalogue).not.toContain('Toman');
    expect(catalogue).toContain('Prices are in US dollars.');
    // The page carries what it was drawn with: the plans as GET /getTelPlans answers them.
    const block = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(buyEn)?.[1];
    expect(JSON.parse(block!).plans).toEqual(JSON.parse(plans.body));

    // The home page's pricing: the first tab's three plans (the second, discounted in tomans, $5.33
    // with no struck-through price).
    const home = drawn(await page('/?lng=en'));
    for (const price of ['$2.00', '$5.33', '$4.17']) expect(home).toContain(price);
    expect(home).not.toContain('320,000');

    for (const url of ['/buy', '/buy?lng=fa', '/']) {
      const fa = drawn(await page(url));
      expect(fa, url).toContain('۱۲۰٬۰۰۰ تومان');
      expect(fa, url).not.toMatch(DOLLAR_PRICE);
      expect(fa, url).not.toContain('دلار');
    }

    // Another rate, other dollar prices: the page is drawn again.
    await setRate(120_000);
    const again = drawn(await page('/buy?lng=en'));
    expect(again).toContain('$1.00');
    expect(again).not.toContain('$2.00');

    // No rate again: tomans again.
    await setRate(0);
    const none = drawn(await page('/buy?lng=en'));
    expect(none).toContain('120,000 Toman');
    expect(none).not.toMatch(DOLLAR_PRICE);
  });
});
