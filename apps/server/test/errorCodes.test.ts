/**
 * Every error answer of the API carries a `code` of the error table beside its `message` (issue
 * #29): bad requests to every route group (public, site, app, admin, the nodes' UniProxy, the
 * subscription, the payment return) and Fastify's own refusals (404, 400, 413, unreadable JSON).
 * Each answer's status and message are its code's, as `@separ/domain` ERRORS gives them.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ERROR_CODES, ERRORS, errorStatus, isErrorCode, type ErrorCode } from '@separ/domain';
import { addOperator } from '../src/modules/operators/operators.ts';
import { createNode } from '../src/modules/nodes/records.ts';
import { KINDS, startTestServer, type TestServer } from './harness.ts';

type Inject = string | InjectOptions;

interface Case {
  group: 'public' | 'site' | 'app' | 'admin' | 'node' | 'subscription' | 'payment' | 'fastify';
  name: string;
  code: ErrorCode;
  /** The request; given the test's admin cookie and node. */
  request: (setup: { admin: string; node: { id: number; token: string } }) => Inject;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

const CASES: Case[] = [
  {
    group: 'public',
    name: 'an unknown translation file',
    code: 'translationNotFound',
    request: () => '/locales/de/common.json',
  },
  {
    group: 'public',
    name: 'an unknown API path',
    code: 'not_found',
    request: () => ({ method: 'POST', url: '/api/nothing' }),
  },
  {
    group: 'site',
    name: 'a login without credentials',
    code: 'missingCredentials',
    request: () => ({ method: 'POST', url: '/site_login?username=&password=' }),
  },
  {
    group: 'site',
    name: 'a wrong login',
    code: 'bad_credentials',
    request: () => ({ method: 'POST', url: '/site_login?username=nobody&password=whatever1' }),
  },
  {
    group: 'site',
    name: 'the account without a session',
    code: 'loginRequired',
    request: () => ({ method: 'POST', url: '/api/site/account' }),
  },
  {
    group: 'site',
    name: 'the account with an ended session',
    code: 'sessionEnded',
    request: () => ({ method: 'POST', url: '/api/site/servers', headers: { cookie: 'jwtUserToken=gone' } }),
  },
  {
    group: 'site',
    name: 'a cross-site write',
    code: 'cross_site',
    request: () => ({ method: 'POST', url: '/api/site/logout', headers: { origin: 'https://evil.example' } }),
  },
  {
    group: 'app',
    name: 'an app login without its fields',
    code: 'invalid',
    request: () => ({ method: 'POST', url: '/api/app/login', headers: JSON_HEADERS, payload: '{}' }),
  },
  {
    group: 'app',
    name: 'a wrong app login',
    code: 'bad_credentials',
    request: () => ({
      method: 'POST',
      url: '/api/app/login',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ username: 'nobody', password: 'whatever1', deviceInfo: 'Android;14' }),
    }),
  },
  { group: 'admin', name: 'no session', code: 'unauthenticated', request: () => '/api/admin/me' },
  {
    group: 'admin',
    name: 'a wrong sign-in',
    code: 'bad_credentials',
    request: () => ({
      method: 'POST',
      url: '/api/admin/login',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ username: 'nobody', password: 'wrong password' }),
    }),
  },
  {
    group: 'admin',
    name: 'a sign-in without its fields',
    code: 'invalid',
    request: () => ({ method: 'POST', url: '/api/admin/login', headers: JSON_HEADERS, payload: '{}' }),
  },
  {
    group: 'admin',
    name: 'an unknown user',
    code: 'not_found',
    request: ({ admin }) => ({ method: 'GET', url: '/api/admin/users/nobody', headers: { cookie: admin } }),
  },
  {
    group: 'admin',
    name: 'a plan change with nothing in it',
    code: 'invalid',
    request: ({ admin }) => ({
      method: 'PATCH',
      url: '/api/admin/plans/1',
      headers: { cookie: admin, ...JSON_HEADERS },
      payload: '{}',
    }),
  },
  {
    group: 'admin',
    name: 'removing oneself',
    code: 'conflict',
    request: ({ admin }) => ({ method: 'DELETE', url: '/api/admin/operators/carol', headers: { cookie: admin } }),
  },
  {
    group: 'admin',
    name: 'an unknown admin path',
    code: 'not_found',
    request: ({ admin }) => ({ method: 'GET', url: '/api/admin/nothing', headers: { cookie: admin } }),
  },
  {
    group: 'node',
    name: 'a wrong node token',
    code: 'unknownNode',
    request: ({ node }) => `/api/v1/server/UniProxy/user?node_type=vless&node_id=${node.id}&token=nope`,
  },
  {
    group: 'node',
    name: 'a node type that is not the node’s',
    code: 'wrongNodeType',
    request: ({ node }) => `/api/v1/server/UniProxy/user?node_type=vmess&node_id=${node.id}&token=${node.token}`,
  },
  {
    group: 'node',
    name: 'a push that is no object',
    code: 'invalidPushData',
    request: ({ node }) => ({
      method: 'POST',
      url: `/api/v1/server/UniProxy/push?node_type=vless&node_id=${node.id}&token=${node.token}`,
      headers: JSON_HEADERS,
      payload: '[1]',
    }),
  },
  {
    group: 'node',
    name: 'an alive report that is no JSON',
    code: 'invalidOnlineData',
    request: ({ node }) => ({
      method: 'POST',
      url: `/api/v1/server/UniProxy/alive?node_type=vless&node_id=${node.id}&token=${node.token}`,
      headers: { 'content-type': 'text/plain' },
      payload: 'not json',
    }),
  },
  {
    group: 'subscription',
    name: 'an unknown subscription',
    code: 'subscriptionNotFound',
    request: () => '/sub/0123456789abcdef0123456789abcdef',
  },
  {
    group: 'payment',
    name: 'an unknown card transfer',
    code: 'unknownCardOrder',
    request: () => '/api/site/card/S20260601-0000000000',
  },
  {
    group: 'payment',
    name: 'an unknown plan',
    code: 'planNotFound',
    request: () => ({ method: 'POST', url: '/requestAccount2?plan_id=99999&email=a@b.co&gate=ird' }),
  },
  {
    group: 'payment',
    name: 'an unknown gateway',
    code: 'unknownGateway',
    request: () => ({ method: 'POST', url: '/requestAccount2?plan_id=1&email=a@b.co&gate=paypal' }),
  },
  {
    group: 'payment',
    name: 'a return to an unknown gateway',
    code: 'noSuchGateway',
    request: () => '/payment/callback/paypal?authority=x',
  },
  {
    group: 'payment',
    name: 'a return naming no payment',
    code: 'noPaymentNamed',
    request: () => '/payment/callback/ird',
  },
  {
    group: 'payment',
    name: 'a return naming an unknown payment',
    code: 'unknownPayment',
    request: () => '/payment/callback/ird?authority=SBXFORGED&status=OK',
  },
  {
    group: 'fastify',
    name: 'a JSON body that is not JSON',
    code: 'invalidJson',
    request: () => ({ method: 'POST', url: '/site_login', headers: JSON_HEADERS, payload: '{"username":' }),
  },
  {
    group: 'fastify',
    name: 'a body above the limit',
    code: 'bodyTooLarge',
    request: () => ({
      method: 'POST',
      url: '/site_login',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ username: 'x'.repeat(70 * 1024) }),
    }),
  },
  {
    group: 'fastify',
    name: 'a query the route’s schema refuses',
    code: 'invalid',
    request: () => `/locales/${'x'.repeat(20)}/common.json`,
  },
];

function body(response: LightMyRequestResponse): Record<string, unknown> {
  return JSON.parse(response.body) as Record<string, unknown>;
}

describe.each(KINDS)('error codes on every route group, on %s', (kind) => {
  let s: TestServer;
  const setup = { admin: '', node: { id: 0, token: '' } };

  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000' });
    await addOperator(s.ctx, { username: 'carol', password: 'correct horse battery' }, 'test');
    const signed = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ username: 'carol', password: 'correct horse battery' }),
    });
    const cookie = signed.cookies.find((c) => c.name === 'separ_admin');
    expect(cookie, signed.body).toBeDefined();
    setup.admin = `separ_admin=${cookie!.value}`;
    setup.node = await createNode(s.ctx, {
      name: 'codes',
      protocol: 'vless',
      host: 'codes.example.com',
      port: 443,
      country: 'DE',
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('covers every route group', () => {
    const groups = new Set(CASES.map((c) => c.group));
    expect([...groups].sort()).toEqual([
      'admin',
      'app',
      'fastify',
      'node',
      'payment',
      'public',
      'site',
      'subscription',
    ]);
  });

  it.each(CASES.map((c) => [`${c.group}: ${c.name}`, c] as const))('%s', async (_name, c) => {
    const response = await s.app.inject(c.request(setup));
    const answer = body(response);
    expect(answer, response.body).toMatchObject({ ok: false, code: c.code });
    expect(isErrorCode(answer.code)).toBe(true);
    expect(typeof answer.message === 'string' && answer.message.length > 0).toBe(true);
    expect(response.statusCode).toBe(errorStatus(c.code));
    // A code of a fixed text answers that text, byte for byte.
    const message = ERRORS[c.code].message;
    if (typeof message === 'string') expect(answer.message).toBe(message);
    if (c.group === 'admin') expect(ADMIN_ERROR_CODES).toContain(answer.code);
  });

  it('answers a password-change refusal 200 with its code, as the spec’s client reads it', async () => {
    const user = await s.createUser();
    const cookie = await s.login(user.username, user.password);
    const response = await s.app.inject({
      method: 'POST',
      url: `/api/site/changepassword?currentpassword=${user.password}&newpassword=abc`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ ok: false, message: ERRORS.tooShort.message, code: 'tooShort' });
  });
});
