import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLANS_VERSION_KEY } from '../src/modules/catalog/plansCache.ts';
import { setSetting } from '../src/modules/settings/store.ts';
import { updateShopSettings } from '../src/modules/settings/shopSettings.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** A page of the fake build: recognisable, long enough to be compressed, with the nonce placeholder. */
const page = (label: string, lang = 'fa') =>
  `<!doctype html><html lang="${lang}" dir="${lang === 'fa' ? 'rtl' : 'ltr'}"><head>` +
  '<meta property="csp-nonce" content="__CSP_NONCE__" nonce="__CSP_NONCE__"></head>' +
  `<body><div id="root">${label}</div>${'<p>filler</p>'.repeat(200)}</body></html>`;

describe('prerendered pages in the visitor’s language (performance issue §1)', () => {
  let s: TestServer;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'separ-web-'));
    mkdirSync(join(web, 'prerendered', 'fa'), { recursive: true });
    mkdirSync(join(web, 'prerendered', 'en'), { recursive: true });
    writeFileSync(join(web, 'index.html'), page('SHELL'));
    writeFileSync(join(web, 'prerendered', 'fa', 'index.html'), page('FA-HOME'));
    writeFileSync(join(web, 'prerendered', 'en', 'index.html'), page('EN-HOME', 'en'));
    writeFileSync(join(web, 'prerendered', 'fa', 'buy.html'), page('FA-BUY'));
    writeFileSync(join(web, 'prerendered', 'en', 'buy.html'), page('EN-BUY', 'en'));
    s = await startTestServer('sqlite', { SEPAR_WEB_DIST: web });
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (url: string, cookie?: string, encoding = 'identity') =>
    s.app.inject({ url, headers: { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) } });

  it('answers in Persian by default, and in the language of the lng query, then of the i18next cookie', async () => {
    const cases: Array<[string, string | undefined, string, string]> = [
      ['/', undefined, 'FA-HOME', 'fa'],
      ['/buy', undefined, 'FA-BUY', 'fa'],
      ['/buy', 'i18next=en', 'EN-BUY', 'en'],
      ['/buy?lng=en', undefined, 'EN-BUY', 'en'],
      ['/buy?lng=fa', 'i18next=en', 'FA-BUY', 'fa'],
      ['/?lng=en-US', undefined, 'EN-HOME', 'en'],
      ['/buy/', 'i18next=en', 'EN-BUY', 'en'],
      ['/buy?lng=de', 'i18next=xx', 'FA-BUY', 'fa'],
    ];
    for (const [url, cookie, label, language] of cases) {
      const response = await get(url, cookie);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, `${url} ${cookie ?? ''}`).toContain(`<div id="root">${label}</div>`);
      expect(response.headers['content-language'], url).toBe(language);
      expect(response.headers.vary).toContain('Cookie');
      expect(response.body).not.toContain('__CSP_NONCE__');
    }
  });

  it('serves the single-page app where no page was prerendered, or the query asks for more than a language', async () => {
    for (const url of ['/payment?plan=3', '/buy?platform=ios', '/paymentresult?data=x', '/nowhere']) {
      const response = await get(url, 'i18next=en');
      expect(response.body, url).toContain('<div id="root">SHELL</div>');
      // In the visitor's language and direction (the app's own choice may differ: no Content-Language).
      expect(response.body, url).toContain('<html lang="en" dir="ltr">');
      expect(response.headers['content-language'], url).toBeUndefined();
    }
  });

  it('never serves the templates themselves', async () => {
    for (const url of ['/prerendered/fa/index.html', '/prerendered/en/buy.html', '/index.html']) {
      expect((await get(url)).body, url).not.toContain('__CSP_NONCE__');
    }
  });

  it('marks the page of a visitor who answered the cookie question, and no one else’s', async () => {
    for (const answer of ['accepted', 'rejected']) {
      expect((await get('/', `separConsent=${answer}`)).body).toContain('<html data-consent-recorded lang="fa"');
    }
    for (const cookie of [undefined, 'separConsent=maybe']) {
      expect((await get('/', cookie)).body).not.toContain('data-consent-recorded');
    }
  });

  it('compresses pages as the browser accepts, each with its own nonce', async () => {
    const br = await get('/buy', undefined, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    const brText = brotliDecompressSync(br.rawPayload).toString();
    expect(brText).toContain('FA-BUY');
    const gzip = await get('/buy', 'i18next=en', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const gzipText = gunzipSync(gzip.rawPayload).toString();
    expect(gzipText).toContain('EN-BUY');
    expect(br.rawPayload.length).toBeLessThan(brText.length / 4);
    const nonceOf = (html: string) => /content="([^"]+)" nonce=/.exec(html)?.[1];
    expect(nonceOf(brText)).toBeTruthy();
    expect(nonceOf(brText)).not.toBe(nonceOf(gzipText));
    expect((await get('/buy', undefined, 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });
});

/**
 * A fake of the web build's renderer (apps/web/dist-ssr/render.js): it draws a page as a line that
 * names the data it was given, and counts its draws, so that what the server gives it shows.
 */
const FAKE_RENDERER = `
export const DATA_PAGES = { '/': ['plans'], '/buy': ['plans'], '/download': ['appLinks'] };
globalThis.separDraws = [];
export async function renderPage(path, language, nonce, pageData) {
  if (globalThis.separBrokenRenderer) throw new Error('the renderer broke');
  globalThis.separDraws.push(language + ' ' + path);
  const titles = (pageData?.plans?.data ?? []).map((plan) => plan.title).join('|');
  const android = pageData?.appLinks?.android ?? '';
  return { html: 'DRAWN ' + language + ' ' + path + ' [' + titles + '] ' + android, styles: '<style nonce="' + nonce + '">.drawn{}</style>' };
}
export function pageDocument(template, page, pageData) {
  return template
    .replace('<!--styles-->', page.styles)
    .replace('<!--root-->', '<div id="root">' + page.html + '</div><script type="application/json" id="separ-data">' + JSON.stringify(pageData) + '</script>');
}
`;

/** A fake build with templates and the renderer: `{dir}/dist` and `{dir}/dist-ssr/render.js`. */
function fakeBuildWithRenderer(): string {
  const root = mkdtempSync(join(tmpdir(), 'separ-web-ssr-'));
  const web = join(root, 'dist');
  for (const lng of ['fa', 'en']) {
    mkdirSync(join(web, 'prerendered', lng), { recursive: true });
    for (const [file, label] of [
      ['index.html', 'HOME'],
      ['buy.html', 'BUY'],
      ['download.html', 'DOWNLOAD'],
      ['support.html', 'SUPPORT'],
    ] as const)
      writeFileSync(join(web, 'prerendered', lng, file), page(`BUILT-${lng}-${label}`, lng));
    writeFileSync(
      join(web, 'prerendered', `${lng}.template.html`),
      page('', lng).replace('</head>', '<!--styles--></head>').replace('<div id="root"></div>', '<!--root-->'),
    );
  }
  writeFileSync(join(web, 'index.html'), page('SHELL').replace('<body>', '<body class="rtl">'));
  mkdirSync(join(root, 'dist-ssr'));
  writeFileSync(join(root, 'dist-ssr', 'render.js'), FAKE_RENDERER);
  return web;
}

const draws = () => (globalThis as { separDraws?: string[] }).separDraws ?? [];

describe('the pages that show data, drawn by the server with its own (issue 28 §1)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite', { SEPAR_WEB_DIST: fakeBuildWithRenderer() });
  });
  afterAll(async () => {
    await s?.close();
  });
  const get = (url: string, cookie?: string) =>
    s.app.inject({ url, headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });

  it('carry the active plans in their HTML and in the data block, in the visitor’s language', async () => {
    for (const [url, cookie, lng, path] of [
      ['/buy', undefined, 'fa', '/buy'],
      ['/buy?lng=en', undefined, 'en', '/buy'],
      ['/', 'i18next=en', 'en', '/'],
    ] as const) {
      const response = await get(url, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-language']).toBe(lng);
      expect(response.body).toContain(`<html lang="${lng}"`);
      expect(response.body).toMatch(new RegExp(`DRAWN ${lng} ${path} \\[یک ماهه ۵۰ گیگ\\|`));
      // Inactive plans are not for sale: the page carries what GET /getTelPlans answers.
      expect(response.body).not.toContain('غیرفعال');
      const block = /<script type="application\/json" id="separ-data">(.*?)<\/script>/.exec(response.body)?.[1];
      expect(JSON.parse(block!).plans).toEqual(JSON.parse((await get('/getTelPlans')).body));
      expect(response.body).not.toContain('__CSP_NONCE__');
    }
  });

  it('are drawn again when the plans version changes, and only then', async () => {
    await get('/buy');
    const before = draws().length;
    await get('/buy');
    expect(draws().length).toBe(before);
    await s.database.db.updateTable('plans').set({ title: 'ماهانهٔ تازه' }).where('id', '=', 1).execute();
    // Until the version changes, the plans (and the page) are the ones kept.
    expect((await get('/buy')).body).not.toContain('ماهانهٔ تازه');
    await setSetting(s.database.db, PLANS_VERSION_KEY, 'changed');
    expect((await get('/buy')).body).toContain('ماهانهٔ تازه');
    expect(draws().length).toBe(before + 1);
  });

  it('/download carries the app links of the settings, and a change of them', async () => {
    expect((await get('/download?lng=en')).body).toContain('DRAWN en /download [] https://dl.separ.example/');
    await updateShopSettings(s.ctx, { androidAppUrl: 'https://apps.example/separ-2.apk' });
    expect((await get('/download?lng=en')).body).toContain('DRAWN en /download [] https://apps.example/separ-2.apk');
  });

  it('leaves the other pages as built', async () => {
    expect((await get('/support')).body).toContain('BUILT-fa-SUPPORT');
  });

  it('serves the page as built when the renderer fails, and draws it once it works again', async () => {
    const logged = vi.spyOn(s.app.log, 'error').mockImplementation(() => undefined);
    (globalThis as { separBrokenRenderer?: boolean }).separBrokenRenderer = true;
    try {
      await setSetting(s.database.db, PLANS_VERSION_KEY, 'broken');
      const response = await get('/buy?lng=en');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('BUILT-en-BUY');
      expect(logged).toHaveBeenCalled();
    } finally {
      (globalThis as { separBrokenRenderer?: boolean }).separBrokenRenderer = false;
      logged.mockRestore();
    }
    // Drawn again once the plans change (or a little later: SitePages.RETRY_MS).
    await s.database.db.updateTable('plans').set({ title: 'ماهانهٔ دیگر' }).where('id', '=', 1).execute();
    await setSetting(s.database.db, PLANS_VERSION_KEY, 'mended');
    expect((await get('/buy?lng=en')).body).toContain('DRAWN en /buy [ماهانهٔ دیگر|');
  });
});

describe('the server decides where a visitor belongs (issue 28 §2)', () => {
  let s: TestServer;
  let session: string;
  beforeAll(async () => {
    s = await startTestServer('sqlite', { SEPAR_WEB_DIST: fakeBuildWithRenderer() });
    const user = await s.createUser();
    session = await s.login(user.username, user.password);
  });
  afterAll(async () => {
    await s?.close();
  });
  const get = (url: string, cookie?: string) =>
    s.app.inject({ url, headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });

  it('/login with a live session goes to the panel, or to the panel page it names', async () => {
    for (const [url, to] of [
      ['/login', '/panel'],
      ['/login/', '/panel'],
      ['/login?from=/panel/devices', '/panel/devices'],
      ['/login?from=https://evil.example/', '/panel'],
      ['/login?lng=en', '/panel?lng=en'],
    ]) {
      const response = await get(url!, session);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(to);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('/login without one is the login page', async () => {
    for (const cookie of [undefined, 'jwtUserToken=not-a-session']) {
      const response = await get('/login', cookie);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">SHELL</div>');
    }
  });

  it('the panel without a session goes to /login with the path it asked for', async () => {
    for (const [url, to] of [
      ['/panel', '/login?from=/panel'],
      ['/panel/payments', '/login?from=/panel/payments'],
      ['/panel/servers/', '/login?from=/panel/servers'],
      ['/panel/devices?lng=en', '/login?from=/panel/devices&lng=en'],
      ['/dashboard', '/login?from=/dashboard'],
      ['/account', '/login?from=/account'],
    ]) {
      const response = await get(url!);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(to);
    }
  });

  it('the panel with a session is the app; a session that has ended is cleared on the way to /login', async () => {
    const live = await get('/panel/payments', session);
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('SHELL');
    const ended = await get('/panel', 'jwtUserToken=ended-long-ago; jwtUserUsername=someone');
    expect(ended.statusCode).toBe(302);
    expect(ended.headers.location).toBe('/login?from=/panel');
    const cleared = ended.cookies.filter((cookie) => cookie.maxAge === 0).map((cookie) => cookie.name);
    expect(cleared.sort()).toEqual(['jwtUserToken', 'jwtUserUsername']);
  });

  it('leaves every other page alone', async () => {
    for (const url of ['/', '/buy', '/support', '/paneling', '/panelx/a']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});

describe('the subscription page in the visitor’s language (CONTRACTS §7)', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer('sqlite', { SEPAR_WEB_DIST: fakeBuildWithRenderer() });
    const user = await s.createUser();
    const cookie = await s.login(user.username, user.password);
    const account = await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } });
    token = (JSON.parse(account.body) as { subUrl: string }).subUrl.split('/sub/')[1]!;
  });
  afterAll(async () => {
    await s?.close();
  });
  const page = (url: string, cookie?: string) =>
    s.app.inject({
      url,
      headers: { accept: 'text/html', 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) },
    });

  it('carries lang and dir of the lng query, then the i18next cookie, else Persian', async () => {
    for (const [query, cookie, lng, dir] of [
      ['', undefined, 'fa', 'rtl'],
      ['', 'i18next=en', 'en', 'ltr'],
      ['?lng=en', undefined, 'en', 'ltr'],
      ['?lng=fa', 'i18next=en', 'fa', 'rtl'],
      ['?lng=de', 'i18next=xx', 'fa', 'rtl'],
    ] as const) {
      const response = await page(`/sub/${token}${query}`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body, `${query} ${cookie}`).toContain(`<html lang="${lng}" dir="${dir}">`);
      expect(response.body).toContain(`<body class="${dir}">`);
    }
  });

  it('so does the page of a link that was replaced', async () => {
    const response = await page('/sub/AAAAAAAAAAAAAAAAAAAAAAAA', 'i18next=en');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<html lang="en" dir="ltr">');
  });
});
