/**
 * Fuzzing (security issue §1): 10,000 generated requests per database across every endpoint —
 * random and oversized query strings, bodies, headers, cookies, methods and unicode. No answer may
 * be a 5xx; every error is JSON with a clear message and a code; the server still serves afterwards.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '@separ/domain';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';

const RUNS = 10_000;

/** Every endpoint with its method (docs/openapi.json), plus the pages and a file. */
const ENDPOINTS: Array<[string, string]> = [
  ['GET', '/getTelPlans'],
  ['GET', '/site_gateways'],
  ['GET', '/appinfo'],
  ['GET', '/locales/fa/common.json'],
  ['GET', '/locales/en/nope.json'],
  ['POST', '/locales/add/en/common'],
  ['POST', '/site_login'],
  ['POST', '/api/site/logout'],
  ['POST', '/api/site/account'],
  ['POST', '/api/site/changepassword'],
  ['POST', '/api/site/servers'],
  ['POST', '/api/site/unlinkdevice'],
  ['POST', '/api/app/login'],
  ['POST', '/api/node/usage'],
  ['POST', '/requestAccount2'],
  ['GET', '/payment/callback/ird'],
  ['POST', '/payment/callback/spay'],
  ['GET', '/payment/callback/zzz'],
  ['GET', '/sandbox/pay/abc'],
  ['POST', '/sandbox/pay/abc'],
  ['GET', '/sandbox/crypto/SBCabc'],
  ['POST', '/sandbox/crypto/SBCabc'],
  ['GET', '/payment/callback/sandboxcrypto'],
  ['GET', '/api/site/card/S20260601-0000000001'],
  ['POST', '/api/site/card/S20260601-0000000001/receipt'],
  ['GET', '/healthz'],
  ['GET', '/api/openapi.json'],
];
const PARAMS = [
  'username',
  'password',
  'plan_id',
  'email',
  'gate',
  'sessionId',
  'currentpassword',
  'newpassword',
  'lng',
  'authority',
  'Authority',
  'token',
  'code',
  'amount',
  'action',
  'data',
  '__proto__',
  'constructor',
];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1',
    '2',
    '1e309',
    'NaN',
    'null',
    'ird',
    'spay',
    'card',
    'a@b.co',
    "' or 1=1 --",
    '%00',
    '../../etc/passwd',
    '٠١٢',
    '۱۲۳',
  ),
  fc.integer().map(String),
  // oversized
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n)),
);

const request = fc.record({
  endpoint: fc.constantFrom(...ENDPOINTS),
  /** Now and then another method than the endpoint's. */
  method: fc.option(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'), { freq: 5 }),
  path: fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    // An HTTP request line always has a path: at least '/'.
    { weight: 1, arbitrary: fc.webPath().map((p) => (p.startsWith('/') ? p : `/${p}`)) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }).map((s) => `/${encodeURIComponent(s)}`) },
  ),
  query: fc.dictionary(fc.oneof(fc.constantFrom(...PARAMS), fc.string({ maxLength: 10 })), text, { maxKeys: 6 }),
  contentType: fc.constantFrom(
    undefined,
    'application/json',
    'application/json; charset=utf-8',
    'application/x-www-form-urlencoded',
    'text/plain',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
    'garbage/;;;',
  ),
  body: fc.oneof(
    fc.constant(undefined),
    fc.json({ maxDepth: 3 }),
    text,
    fc.dictionary(fc.constantFrom(...PARAMS), text, { maxKeys: 4 }).map((o) => JSON.stringify(o)),
  ),
  cookie: fc.oneof(
    fc.constant(undefined),
    fc.constant('session'),
    text.map((t) => `jwtUserToken=${encodeURIComponent(t)}`),
    text.map((t) => `i18next=${encodeURIComponent(t)}; jwtUserToken=${encodeURIComponent(t)}`),
  ),
  origin: fc.constantFrom(
    undefined,
    undefined,
    undefined,
    undefined,
    'http://localhost:80',
    'https://evil.example',
    'null',
  ),
  extraHeader: fc.option(
    fc.tuple(fc.constantFrom('x-forwarded-for', 'accept-language', 'user-agent', 'if-none-match', 'range'), text),
    {
      nil: undefined,
    },
  ),
});

for (const kind of KINDS) {
  describe(`fuzzing on ${kind}`, () => {
    let s: TestServer;
    let session: string;
    let user: { username: string; password: string };
    beforeAll(async () => {
      s = await startTestServer(kind, {
        SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000000',
        SEPAR_LOGIN_LIMIT_USER_HOUR: '1000000',
      });
      user = await s.createUser({ ios: 1 });
      session = await s.login(user.username, user.password);
    });
    afterAll(async () => {
      await s?.close();
    });

    it(`answers ${RUNS.toLocaleString('en')} generated requests without a 5xx, errors as JSON with a message`, async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(request, async (generated) => {
          const r = {
            ...generated,
            method: generated.method ?? generated.endpoint[0],
            path: generated.path ?? generated.endpoint[1],
          };
          const query = new URLSearchParams(Object.entries(r.query).map(([k, v]) => [k, v])).toString();
          const headers: Record<string, string> = { host: 'localhost:80' };
          if (r.contentType) headers['content-type'] = r.contentType;
          if (r.cookie) headers.cookie = r.cookie === 'session' ? session : r.cookie;
          if (r.origin) headers.origin = r.origin;
          if (r.extraHeader) headers[r.extraHeader[0]] = r.extraHeader[1].replace(/[^\t\x20-\x7e]/g, '');
          const response = await s.app.inject({
            method: r.method as 'GET',
            url: `${r.path}${query ? `?${query}` : ''}`,
            headers,
            ...(r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD' ? { payload: r.body } : {}),
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          expect(response.statusCode, `${r.method} ${r.path}`).toBeLessThan(500);
          // The sandbox bank's and the sandbox crypto page's pages are HTML by contract (CONTRACTS §3), errors included.
          const htmlByContract = r.path.startsWith('/sandbox/pay/') || r.path.startsWith('/sandbox/crypto/');
          if (response.statusCode >= 400 && r.method !== 'HEAD' && !htmlByContract) {
            expect(response.headers['content-type']).toMatch(/^application\/json/);
            const body = json<{ ok: boolean; message: string; code: unknown }>(response);
            expect(body.ok).toBe(false);
            expect(typeof body.message).toBe('string');
            expect(body.message.length).toBeGreaterThan(3);
            // And a code of the error table beside it (issue #29).
            expect(isErrorCode(body.code), `${r.method} ${r.path}: ${String(body.code)}`).toBe(true);
          }
        }),
        { numRuns: RUNS },
      );
      // The spread of answers, for the record (docs/RELIABILITY.md).
      console.info(`fuzz ${kind}: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
      // Still alive and still right.
      const health = await s.app.inject('/healthz');
      expect(json(health)).toEqual({ ok: true });
      // (The fuzz may have logged the session out, or changed nothing at all: a fresh login works.)
      const again = await s.login(user.username, user.password).catch(() => null);
      const cookie = again ?? session;
      const account = await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } });
      expect(account.statusCode).toBe(200);
    }, 300_000);
  });
}
