import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    for (const url of ['/panel', '/payment?plan=3', '/buy?platform=ios', '/paymentresult?data=x', '/nowhere']) {
      const response = await get(url, 'i18next=en');
      expect(response.body, url).toContain('<div id="root">SHELL</div>');
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
