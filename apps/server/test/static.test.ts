import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from './harness.ts';

describe('the web app and documents on the same origin', () => {
  let s: TestServer;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'separ-web-'));
    mkdirSync(join(web, 'assets', 'images', 'android'), { recursive: true });
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><meta property="csp-nonce" content="__CSP_NONCE__" nonce="__CSP_NONCE__"><title>Separ</title>',
    );
    writeFileSync(join(web, 'assets', 'index-AbCd1234.js'), 'console.log(1)');
    writeFileSync(join(web, 'assets', 'index-AbCd1234.js.br'), 'brotli bytes');
    writeFileSync(join(web, 'assets', 'fetchAhead.worker-AbCd1234.js'), 'self.onmessage = () => {};');
    writeFileSync(join(web, 'assets', 'images', 'android', 'step1.png'), 'png');
    s = await startTestServer('sqlite', { SEPAR_WEB_DIST: web });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('serves the precompressed twin of a file to a browser that accepts it', async () => {
    const br = await s.app.inject({ url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('brotli bytes');
    const plain = await s.app.inject({ url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serves hashed assets for a year and other files for revalidation', async () => {
    const asset = await s.app.inject('/assets/index-AbCd1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Its brotli twin too: a browser keeps the app's code it fetched ahead (issue 28 §3).
    const twin = await s.app.inject({ url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'br' } });
    expect(twin.headers['content-encoding']).toBe('br');
    expect(twin.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The fetch-ahead worker runs under its own script's policy: it may fetch from this origin, nothing more.
    const worker = await s.app.inject('/assets/fetchAhead.worker-AbCd1234.js');
    expect(worker.headers['content-security-policy']).toBe("default-src 'none'; connect-src 'self'");
    expect(asset.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(asset.headers['content-security-policy']).not.toContain('connect-src');
    const image = await s.app.inject('/assets/images/android/step1.png');
    expect(image.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const home = await s.app.inject('/');
    expect(home.body).toContain('<title>Separ</title>');
  });

  it('answers every app route, and unknown paths, with the single-page app', async () => {
    // (The panel without a session is a redirect to /login: pages.test.ts.)
    for (const path of [
      '/buy',
      '/login',
      '/paymentresult?data=abc',
      '/payment/card/1800000001',
      '/some/unknown/path',
    ]) {
      const response = await s.app.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('keeps API paths and missing files as JSON 404s', async () => {
    for (const path of ['/api/site/nothing', '/assets/missing-file.js', '/locales/en/none.json', '/payment/nothing']) {
      const response = await s.app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(json(response)).toMatchObject({ ok: false });
    }
  });

  it('sends protective headers; JSON may not be framed or run anything', async () => {
    const response = await s.app.inject('/getTelPlans');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives every page a fresh CSP nonce, the same in the header and in the page, without unsafe-inline or eval', async () => {
    const nonces = new Set<string>();
    for (const path of ['/', '/login', '/buy']) {
      const page = await s.app.inject(path);
      const csp = String(page.headers['content-security-policy']);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeDefined();
      expect(page.body).toContain(`content="${nonce}" nonce="${nonce}"`);
      expect(page.body).not.toContain('__CSP_NONCE__');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
    // The template itself is never served as it is.
    expect((await s.app.inject('/index.html')).body).not.toContain('__CSP_NONCE__');
  });

  it('publishes an OpenAPI document that matches docs/openapi.json', async () => {
    const live = json<{ paths: Record<string, unknown> }>(await s.app.inject('/api/openapi.json'));
    expect(Object.keys(live.paths)).toEqual(
      expect.arrayContaining(['/site_login', '/api/site/account', '/api/app/login']),
    );
    const committed = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '..', '..', '..', 'docs', 'openapi.json'), 'utf8'),
    );
    expect(live, 'docs/openapi.json is stale: run npm run openapi').toEqual(committed);
  });
});
