/**
 * The contract of the routes programs call (issue #29): the V2Ray nodes' UniProxy API, the
 * subscription link and the health check. Their real answers, on SQLite and on PostgreSQL, in every
 * media type they are sent in, must pass the contract's schemas: the JSON answer or the route's other
 * media type on success (with the headers it names), the route's own answer of a status (304, alive's
 * 400, the subscription's 404), the error answer with a code of the table otherwise. The nodes have no
 * mock (packages/api/src/mocks serves only what the web app calls); the subscription page's data has
 * one, and it answers as the server does.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from '@msgpack/msgpack';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isErrorCode } from '@separ/domain';
import {
  ErrorAnswer,
  firstRefusal,
  NODE_ROUTES,
  NodeAliveBody,
  NodePushBody,
  NodeStatusBody,
  OPERATIONS_ROUTES,
  SUBSCRIPTION_ROUTES,
  type RouteContract,
  type TSchema,
} from '@separ/domain/contract';
import { createMockBackend } from '@separ/api/mocks';
import { ensureSubToken } from '../src/modules/accounts/index.ts';
import { createNode, type NodeInput } from '../src/modules/nodes/records.ts';
import { KINDS, startTestServer, type TestServer } from './harness.ts';

const NODES: Record<string, NodeInput> = {
  'vless reality': {
    protocol: 'vless',
    host: 'de1.example.com',
    port: 443,
    security: 'reality',
    serverName: 'www.microsoft.com',
    flow: 'xtls-rprx-vision',
  },
  'vless ws tls': { protocol: 'vless', host: 'vl.example.com', port: 443, network: 'ws', path: '/v', security: 'tls' },
  'vmess ws': { protocol: 'vmess', host: '203.0.113.7', port: 10086, network: 'ws', path: '/vmess' },
  'trojan grpc': { protocol: 'trojan', host: 'tj.example.com', port: 443, network: 'grpc', serviceName: 'tj' },
  'ss 2022': { protocol: 'shadowsocks', host: 'ss.example.com', port: 8388, cipher: '2022-blake3-aes-128-gcm' },
  'ss aes': { protocol: 'shadowsocks', host: 'ss2.example.com', port: 8389, cipher: 'aes-128-gcm' },
  hysteria2: { protocol: 'hysteria2', host: 'hy.example.com', port: 443, upMbps: 100, obfsPassword: 's3cr3t-obfs' },
};

/** The body of an answer as its media type holds it: JSON and YAML parsed, msgpack decoded, text as text. */
function bodyOf(response: LightMyRequestResponse, media: string): unknown {
  if (media === 'application/json') return response.json();
  if (media === 'text/yaml') return parse(response.body);
  if (media === 'application/x-msgpack') return decode(response.rawPayload);
  return response.body;
}

/**
 * Checks one real answer against the route's contract and returns its body. `profileHeaders`: the
 * success must carry the headers the contract names (the subscription's page and its data do not).
 */
function check(
  route: RouteContract,
  response: LightMyRequestResponse,
  expected: { status: number; code?: string; media?: string; headers?: boolean },
): unknown {
  const where = `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
  expect(response.statusCode, where).toBe(expected.status);
  const media = String(response.headers['content-type'] ?? '').split(';')[0]!;
  if (expected.media) expect(media, where).toBe(expected.media);
  const own = route.answers?.[String(response.statusCode)];
  let schema: TSchema | undefined;
  if (response.statusCode === 200) {
    schema = media === 'application/json' ? route.answer : route.media?.[media];
    // msgpack carries the same list as the JSON answer.
    if (media === 'application/x-msgpack') schema = route.answer;
    expect(schema, `${where}: ${media} is not a media type of the contract`).toBeDefined();
    if (expected.headers ?? true)
      for (const [name, header] of Object.entries(route.answerHeaders ?? {}))
        expect(firstRefusal(header, response.headers[name]), `${where}: header ${name}`).toBeNull();
  } else if (own) {
    if (!own.content) {
      expect(response.rawPayload.length, `${where}: has a body`).toBe(0);
      return null;
    }
    schema = own.content[media];
    expect(schema, `${where}: ${media} is not a media type of its ${response.statusCode}`).toBeDefined();
  } else {
    expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
    schema = ErrorAnswer;
  }
  const body = bodyOf(response, media);
  expect(firstRefusal(schema!, body), `${where}: the answer breaks the contract`).toBeNull();
  if (response.statusCode >= 400 && media === 'application/json') {
    const code = (body as { code?: unknown }).code;
    expect(isErrorCode(code), `${where}: no code of the table`).toBe(true);
    if (expected.code) expect(code, where).toBe(expected.code);
  }
  return body;
}

/** A fake web build: the subscription page is served to browsers. */
function fakeWeb(): string {
  const web = mkdtempSync(join(tmpdir(), 'separ-web-'));
  mkdirSync(join(web, 'prerendered', 'fa'), { recursive: true });
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><html lang="fa" dir="rtl"><head><meta property="csp-nonce" content="__CSP_NONCE__"></head><body><div id="root"></div></body></html>',
  );
  return web;
}

describe.each(KINDS)('the answers to programs hold to the contract, on %s', (kind) => {
  let s: TestServer;
  const nodes: Array<{ name: string; query: string }> = [];
  let user: { id: number; token: string };
  let suspended: { token: string };

  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_WEB_DIST: fakeWeb() });
    for (const [name, input] of Object.entries(NODES)) {
      const { id, token } = await createNode(s.ctx, { ...input, name, country: 'DE' });
      nodes.push({ name, query: `node_type=${input.protocol}&node_id=${id}&token=${token}` });
    }
    const active = await s.createUser({ allowedDevices: 3 });
    await s.createUser({ speedLimitMbps: 10 });
    await s.createUser({ subsDays: 30, expireDate: null });
    const off = await s.createUser();
    await s.database.db.updateTable('users').set({ suspend: 1 }).where('id', '=', off.id).execute();
    user = { id: active.id, token: await ensureSubToken(s.database.db, { id: active.id, sub_token: null }) };
    suspended = { token: await ensureSubToken(s.database.db, { id: off.id, sub_token: null }) };
  });
  afterAll(async () => {
    await s?.close();
  });

  const P = NODE_ROUTES;
  const inject = (options: InjectOptions) => s.app.inject(options);

  it('UniProxy config and user: every node type, JSON and msgpack, ETag and 304', async () => {
    for (const { query } of nodes) {
      const config = await inject({ url: `${P.config.url}?${query}` });
      check(P.config, config, { status: 200, media: 'application/json' });
      const again = await inject({
        url: `${P.config.url}?${query}`,
        headers: { 'if-none-match': String(config.headers.etag) },
      });
      check(P.config, again, { status: 304 });
      const users = await inject({ url: `${P.user.url}?${query}` });
      const list = check(P.user, users, { status: 200, media: 'application/json' }) as { users: unknown[] };
      expect(list.users.length).toBeGreaterThanOrEqual(3);
      check(P.user, await inject({ url: `${P.user.url}?${query}`, headers: { 'x-response-format': 'msgpack' } }), {
        status: 200,
        media: 'application/x-msgpack',
      });
      check(P.user, await inject({ url: `${P.user.url}?${query}`, headers: { 'if-none-match': users.headers.etag } }), {
        status: 304,
      });
    }
  });

  it('UniProxy push, alive, alivelist and status, as V2bX sends them and as they are refused', async () => {
    const { query } = nodes[0]!;
    const post = (url: string, payload?: unknown) =>
      inject({
        method: 'POST',
        url: `${url}?${query}`,
        headers: { 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      });
    const push = { [user.id]: [1000, 2000] };
    expect(firstRefusal(NodePushBody, push)).toBeNull();
    check(P.push, await post(P.push.url, push), { status: 200 });
    check(P.push, await post(P.push.url, '[1,2]'), { status: 422, code: 'invalidPushData' });
    check(P.push, await post(P.push.url, { [user.id]: [1e13, 1] }), { status: 400, code: 'implausibleReport' });

    const alive = { [user.id]: ['203.0.113.1', '203.0.113.2_1'] };
    expect(firstRefusal(NodeAliveBody, alive)).toBeNull();
    check(P.alive, await post(P.alive.url, alive), { status: 200 });
    const refused = check(P.alive, await post(P.alive.url, 'not json'), { status: 400, code: 'invalidOnlineData' });
    expect(refused).toMatchObject({ error: 'Invalid online data' });
    const counts = check(P.alivelist, await inject({ url: `${P.alivelist.url}?${query}` }), { status: 200 });
    expect(counts).toEqual({ alive: { [user.id]: 2 } });

    const status = {
      cpu: 12.5,
      mem: { total: 1024, used: 512 },
      swap: { total: 0, used: 0 },
      disk: { total: 9, used: 1 },
    };
    expect(firstRefusal(NodeStatusBody, status)).toBeNull();
    check(P.status, await post(P.status.url, status), { status: 200 });
    check(P.status, await post(P.status.url, { cpu: 300 }), { status: 422, code: 'invalidStatusReport' });
  });

  it('UniProxy refusals of the query: wrong token 403, wrong type 400, too long 400', async () => {
    const [id, type] = [/node_id=(\d+)/.exec(nodes[0]!.query)![1], 'vless'];
    for (const route of Object.values(P)) {
      const call = (query: string) => inject({ method: route.method as 'GET', url: `${route.url}?${query}` });
      check(route, await call(`node_type=${type}&node_id=${id}&token=nope`), { status: 403, code: 'unknownNode' });
      check(route, await call(`node_type=vmess&${nodes[0]!.query.split('&').slice(1).join('&')}`), {
        status: 400,
        code: 'wrongNodeType',
      });
      check(route, await call(`node_type=${type}&node_id=${id}&token=${'x'.repeat(301)}`), {
        status: 400,
        code: 'invalid',
      });
    }
  });

  const S = SUBSCRIPTION_ROUTES.subscription;
  const sub = (token: string, query = '', headers: Record<string, string> = {}) =>
    inject({ url: `/sub/${token}${query}`, headers: { 'accept-encoding': 'identity', ...headers } });

  it('the subscription in every format, its headers, 304 and the page', async () => {
    const base64 = await sub(user.token, '', { 'user-agent': 'v2rayNG/1.9.5' });
    const links = check(S, base64, { status: 200, media: 'text/plain' }) as string;
    expect(Buffer.from(links, 'base64').toString('utf8').split('\n').length).toBeGreaterThan(7);
    check(
      S,
      await sub(user.token, '', { 'user-agent': 'v2rayNG/1.9.5', 'if-none-match': String(base64.headers.etag) }),
      {
        status: 304,
      },
    );
    const clash = check(S, await sub(user.token, '', { 'user-agent': 'clash-verge/v2.0.0' }), {
      status: 200,
      media: 'text/yaml',
    }) as { proxies: unknown[] };
    expect(clash.proxies.length).toBeGreaterThan(7);
    for (const ua of ['SFA/1.11.0 (541; sing-box 1.11.0; language en_US)', 'SFI (sing-box 1.12.1; language fa)'])
      check(S, await sub(user.token, '', { 'user-agent': ua }), { status: 200, media: 'application/json' });
    for (const format of ['base64', 'clash', 'singbox'])
      check(S, await sub(user.token, `?format=${format}`), { status: 200 });
    // A suspended account: 200 with no links.
    expect(check(S, await sub(suspended.token, '', { 'user-agent': 'v2rayNG/1.9.5' }), { status: 200 })).toBe('');
    const data = check(S, await sub(user.token, '?format=json'), {
      status: 200,
      media: 'application/json',
      headers: false,
    });
    expect(data).toMatchObject({ ok: true, subUrl: expect.stringContaining(user.token) });
    check(S, await sub(user.token, '?lng=en', { accept: 'text/html' }), {
      status: 200,
      media: 'text/html',
      headers: false,
    });
  });

  it('the subscription refused: an unknown link 404 (JSON, or the page), a token or format it cannot be 400', async () => {
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAAAA';
    check(S, await sub(unknown), { status: 404, code: 'subscriptionNotFound', media: 'application/json' });
    check(S, await sub(unknown, '', { accept: 'text/html' }), { status: 404, media: 'text/html' });
    check(S, await sub('short'), { status: 400, code: 'invalid' });
    check(S, await sub(user.token, '?format=v2rayx'), { status: 400, code: 'invalid' });
  });

  it('the health check: ok, and 503 when the database does not answer', async () => {
    const H = OPERATIONS_ROUTES.health;
    check(H, await inject({ url: H.url }), { status: 200 });
    const db = s.ctx.db;
    (s.ctx as { db: unknown }).db = {
      selectFrom() {
        throw new Error('the database is away');
      },
    };
    try {
      check(H, await inject({ url: H.url }), { status: 503, code: 'databaseUnavailable' });
    } finally {
      (s.ctx as { db: unknown }).db = db;
    }
  });
});

describe('the subscription page’s data: the mock answers as the server does', () => {
  const msw = setupServer();
  beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => msw.close());
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('with ?format=json: the data, or 404 subscriptionNotFound', async () => {
    const mock = createMockBackend();
    msw.resetHandlers(...mock.handlers);
    const account = await s.createUser();
    const token = await ensureSubToken(s.database.db, { id: account.id, sub_token: null });
    const S = SUBSCRIPTION_ROUTES.subscription;
    for (const [known, gone] of [
      [mock.state.subToken, 'AAAAAAAAAAAAAAAAAAAAAAAA'],
      [token, 'AAAAAAAAAAAAAAAAAAAAAAAA'],
    ] as const) {
      const side = known === token ? 'server' : 'mock';
      const ask = async (t: string) => {
        if (side === 'server') {
          const response = await s.app.inject(`/sub/${t}?format=json`);
          return { status: response.statusCode, body: response.json() as Record<string, unknown> };
        }
        const response = await fetch(`http://mock.test/sub/${t}?format=json`);
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      const ok = await ask(known);
      expect([side, ok.status]).toEqual([side, 200]);
      expect(firstRefusal(S.answer, ok.body), `${side}: the page's data breaks the contract`).toBeNull();
      const missing = await ask(gone);
      expect([side, missing.status, missing.body.code]).toEqual([side, 404, 'subscriptionNotFound']);
      expect(firstRefusal(ErrorAnswer, missing.body)).toBeNull();
    }
  });
});
