/**
 * The contract test (issue #29): the same requests go to the MSW mock (packages/api/src/mocks) and to
 * the real server, on SQLite and on PostgreSQL. Both must answer with the same status and error
 * `code` (and, where the contract's schemas refuse a request, the same message), and every answer
 * must pass the contract's schema: the route's answer on success, the error answer otherwise, with
 * a code the route lists. The routes the mock does not serve (the VPN apps', the translation files,
 * the e-mails' links, the gateway's return and the sandbox bank) are played against the server
 * alone, against the same contract; their refusals in JSON Schema's words are the ones the
 * contract's own reading of the schema gives (`plainRefusalMessage`, which the mock answers with).
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ROUTES,
  APP_ROUTES,
  ErrorAnswer,
  errorCodesOf,
  firstRefusal,
  NoJson,
  PANEL_ROUTES,
  PAYMENT_ROUTES,
  plainRefusalMessage,
  PUBLIC_ROUTES,
  SITE_ROUTES,
  type RequestPart,
  type RouteContract,
  type TSchema,
} from '@separ/domain/contract';
import { createMockBackend, type MockState } from '@separ/api/mocks';
import { runAdmin } from '../src/cli/admin.ts';
import { KINDS, startTestServer, type TestServer } from './harness.ts';

interface Answer {
  status: number;
  body: unknown;
  /** The answer's media type and, for a redirect, where it goes. */
  type: string;
  location?: string;
}

/** A request's parts. */
interface Request {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** The body as form fields (else JSON). */
  form?: boolean;
  /** A body sent as it is, with this content type. */
  raw?: { type: string; text: string };
}

/** One backend the steps are played against: the mock or the server. */
interface Side {
  name: string;
  send(method: string, url: string, request: Request): Promise<Answer>;
  /** Ends or restores the operator's session. */
  signedIn(on: boolean): Promise<void>;
}

/** What a step remembers of its answers (ids of what it made), per side. */
type Memory = Record<string, string>;

interface Step {
  /** What the step shows, for the failure's message. */
  title: string;
  route: RouteContract;
  /** The path's parameters and the body, from what earlier steps remembered. */
  request?: (memory: Memory) => Request;
  status: number;
  /** The error code both must answer with. */
  code?: string;
  /** Both sides' messages must be the same (the contract's schema refused the request). */
  sameMessage?: boolean;
  /** Remember something of a success for later steps (its body, and where a redirect goes). */
  remember?: (answer: Record<string, unknown>, memory: Memory, location?: string) => void;
  /** Played without an operator's session. */
  signedOut?: boolean;
  /** The refusal is JSON Schema's words about this part of the request, as the contract reads them. */
  plain?: { part: RequestPart; value: unknown };
}

function urlOf(route: RouteContract, params: Record<string, string> = {}): string {
  return route.url.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

const A = ADMIN_ROUTES;
const plan = { title: 'Contract weekly', ios: false, allowedMB: 4096, days: 7, devices: 1, toman: 45_000 };

/** The catalog: the public plan list and the admin's plans, countries and server templates. */
const CATALOG: Step[] = [
  { title: 'the public plans', route: PUBLIC_ROUTES.plans, status: 200 },
  { title: 'the admin plans', route: A.plans, status: 200 },
  {
    title: 'a new plan',
    route: A.createPlan,
    request: () => ({ body: plan }),
    status: 200,
    remember: (answer, memory) => void (memory.plan = String(answer.id)),
  },
  {
    title: 'a plan of 0 days',
    route: A.createPlan,
    request: () => ({ body: { ...plan, days: 0 } }),
    status: 400,
    code: 'invalid',
    sameMessage: true,
  },
  {
    title: 'a plan without a title',
    route: A.createPlan,
    request: () => ({ body: { ...plan, title: undefined } }),
    status: 400,
    code: 'invalid',
    sameMessage: true,
  },
  {
    title: 'a plan priced in text',
    route: A.createPlan,
    request: () => ({ body: { ...plan, toman: '45000' } }),
    status: 400,
    code: 'invalid',
    sameMessage: true,
  },
  {
    title: 'a plan of too many devices',
    route: A.createPlan,
    request: () => ({ body: { ...plan, devices: 101 } }),
    status: 400,
    code: 'invalid',
    sameMessage: true,
  },
  {
    title: 'a plan deactivated',
    route: A.updatePlan,
    request: (m) => ({ params: { id: m.plan! }, body: { active: false } }),
    status: 200,
  },
  {
    title: 'a plan renamed and repriced',
    route: A.updatePlan,
    request: (m) => ({ params: { id: m.plan! }, body: { title: ' Contract plus ', credit: 40_000 } }),
    status: 200,
  },
  {
    title: 'a plan changed in nothing',
    route: A.updatePlan,
    request: (m) => ({ params: { id: m.plan! }, body: {} }),
    status: 400,
    code: 'invalid',
    sameMessage: true,
  },
  {
    title: 'a plan of an id that is not a number',
    route: A.updatePlan,
    request: () => ({ params: { id: 'abc' }, body: { title: 'x' } }),
    status: 404,
    code: 'not_found',
  },
  {
    title: 'a plan that does not exist',
    route: A.updatePlan,
    request: () => ({ params: { id: '999999' }, body: { title: 'x' } }),
    status: 404,
    code: 'not_found',
    sameMessage: true,
  },
  { title: 'the countries', route: A.countries, status: 200 },
  {
    title: 'a new country',
    route: A.saveCountry,
    request: () => ({ body: { code: 'zq', title: 'Zedland', titleFa: 'زدلند' } }),
    status: 200,
  },
  {
    title: 'the same country again',
    route: A.saveCountry,
    request: () => ({ body: { code: 'ZQ', title: 'Zedland', titleFa: 'زدلند' } }),
    status: 409,
    code: 'conflict',
    sameMessage: true,
  },
  {
    title: 'a country of a four-letter code',
    route: A.saveCountry,
    request: () => ({ body: { code: 'ZQZQ', title: 'Zedland', titleFa: 'زدلند' } }),
    status: 400,
    code: 'invalid',
    sameMessage: true,
  },
  { title: 'the server templates', route: A.servers, status: 200 },
  {
    title: 'a new server template',
    route: A.createServer,
    request: () => ({ body: { title: 'Zed 1', type: 2, country: 'zq', links: ['vless://xxx@zed.example:443'] } }),
    status: 200,
    remember: (answer, memory) => void (memory.server = String(answer.id)),
  },
  {
    title: 'a server template of an unknown country',
    route: A.createServer,
    request: () => ({ body: { title: 'Nowhere', type: 2, country: 'QX', links: ['vless://x'] } }),
    status: 400,
    code: 'invalid',
    sameMessage: true,
  },
  {
    title: 'a server template of type 3',
    route: A.createServer,
    request: () => ({ body: { title: 'Zed 2', type: 3, country: 'ZQ', links: ['vless://x'] } }),
    status: 400,
    code: 'invalid',
    sameMessage: true,
  },
  {
    title: 'a server template without links',
    route: A.createServer,
    request: () => ({ body: { title: 'Zed 2', type: 1, country: 'ZQ', links: [] } }),
    status: 400,
    code: 'invalid',
    sameMessage: true,
  },
  {
    title: 'a server template removed',
    route: A.deleteServer,
    request: (m) => ({ params: { id: m.server! } }),
    status: 200,
  },
  {
    title: 'the same server template again',
    route: A.deleteServer,
    request: (m) => ({ params: { id: m.server! } }),
    status: 404,
    code: 'not_found',
  },
  { title: 'a country removed', route: A.deleteCountry, request: () => ({ params: { code: 'zq' } }), status: 200 },
  {
    title: 'a country that is not there',
    route: A.deleteCountry,
    request: () => ({ params: { code: 'ZQ' } }),
    status: 404,
    code: 'not_found',
    sameMessage: true,
  },
  { title: 'the plans without a session', route: A.plans, status: 401, code: 'unauthenticated', signedOut: true },
  {
    title: 'a new plan without a session',
    route: A.createPlan,
    request: () => ({ body: plan }),
    status: 401,
    code: 'unauthenticated',
    signedOut: true,
  },
];

const invalid = { status: 400, code: 'invalid' } as const;
const notFound = { status: 404, code: 'not_found' } as const;

/** The rest of the admin: session, lists and their refusals, operators, settings, nodes. */
const ADMIN: Step[] = [
  { title: 'the operator', route: A.me, status: 200 },
  { title: 'the overview', route: A.overview, status: 200 },
  { title: 'the users', route: A.users, status: 200 },
  {
    title: 'the users by name, A first',
    route: A.users,
    request: () => ({ query: 'sort=username&dir=asc' }),
    status: 200,
  },
  {
    title: 'a page size of 7',
    route: A.users,
    request: () => ({ query: 'pageSize=7' }),
    ...invalid,
    sameMessage: true,
  },
  { title: 'page 0', route: A.users, request: () => ({ query: 'page=0' }), ...invalid, sameMessage: true },
  { title: 'an unknown sort', route: A.users, request: () => ({ query: 'sort=nope' }), ...invalid },
  {
    title: 'a user who is not there',
    route: A.user,
    request: () => ({ params: { username: 'nobody-here' } }),
    ...notFound,
  },
  {
    title: 'an action on a user who is not there',
    route: A.userAction,
    request: () => ({ params: { username: 'nobody-here', action: 'suspend' } }),
    ...notFound,
  },
  {
    title: 'a bulk action counted and not run',
    route: A.usersBulk,
    request: () => ({ body: { action: 'suspend', filter: { q: 'nobody-at-all' }, dryRun: true } }),
    status: 200,
  },
  {
    title: 'a bulk action of no such name',
    route: A.usersBulk,
    request: () => ({ body: { action: 'explode', filter: {} } }),
    ...invalid,
    sameMessage: true,
  },
  {
    title: 'a bulk action on names and a filter at once',
    route: A.usersBulk,
    request: () => ({ body: { action: 'suspend', usernames: ['nobody-here'], filter: {} } }),
    ...invalid,
    sameMessage: true,
  },
  {
    title: 'a bulk action on an account that is not there',
    route: A.usersBulk,
    request: () => ({ body: { action: 'suspend', usernames: ['nobody-here'] } }),
    ...notFound,
  },
  {
    title: 'a bulk delete without its count typed',
    route: A.usersBulk,
    request: () => ({ body: { action: 'delete-expired', filter: { q: 'nobody-at-all' }, days: 30 } }),
    ...invalid,
  },
  { title: 'the orders', route: A.orders, status: 200 },
  { title: 'the paid orders', route: A.orders, request: () => ({ query: 'state=paid' }), status: 200 },
  { title: 'an order that is not there', route: A.order, request: () => ({ params: { resNum: 'nope' } }), ...notFound },
  { title: 'the outbox', route: A.outbox, status: 200 },
  { title: 'the audit log', route: A.audit, status: 200 },
  { title: 'the operators', route: A.operators, status: 200 },
  {
    title: 'an operator of a name too short',
    route: A.createOperator,
    request: () => ({ body: { username: 'x' } }),
    ...invalid,
  },
  {
    title: 'an operator without a name',
    route: A.createOperator,
    request: () => ({ body: { password: 'a long enough password' } }),
    ...invalid,
    sameMessage: true,
  },
  {
    title: 'a new operator',
    route: A.createOperator,
    request: () => ({ body: { username: 'contractop', password: 'a long enough password' } }),
    status: 200,
  },
  {
    title: 'the new operator removed',
    route: A.deleteOperator,
    request: () => ({ params: { username: 'contractop' } }),
    status: 200,
  },
  {
    title: 'the same operator again',
    route: A.deleteOperator,
    request: () => ({ params: { username: 'contractop' } }),
    ...notFound,
  },
  { title: 'the settings', route: A.settings, status: 200 },
  {
    title: 'the settings changed',
    route: A.updateSettings,
    request: () => ({ body: { freeEnabled: true } }),
    status: 200,
  },
  {
    title: 'a setting of the wrong type',
    route: A.updateSettings,
    request: () => ({ body: { freeEnabled: 'yes' } }),
    ...invalid,
  },
  { title: 'the RADIUS clients', route: A.radiusClients, status: 200 },
  { title: 'the nodes', route: A.nodes, status: 200 },
  {
    title: 'a node of an unknown protocol',
    route: A.createNode,
    request: () => ({ body: { name: 'ct', protocol: 'ftp', host: 'ct.example', port: 443 } }),
    ...invalid,
    sameMessage: true,
  },
  {
    title: 'a node of an id that is not a number',
    route: A.updateNode,
    request: () => ({ params: { id: 'abc' }, body: { rate: 2 } }),
    ...notFound,
  },
  {
    title: 'one-time codes on without a code',
    route: A.totpEnable,
    ...invalid,
    sameMessage: true,
  },
  {
    title: 'a sign-in with a number for a name',
    route: A.login,
    request: () => ({ body: { username: 5, password: 'x' } }),
    ...invalid,
    sameMessage: true,
    signedOut: true,
  },
  {
    title: 'a sign-in with a wrong password',
    route: A.login,
    request: () => ({ body: { username: 'contract', password: 'wrong password' } }),
    status: 401,
    code: 'bad_credentials',
    signedOut: true,
  },
  { title: 'the overview without a session', route: A.overview, status: 401, code: 'unauthenticated', signedOut: true },
];

const S = SITE_ROUTES;
const P = PANEL_ROUTES;
const PAY = PAYMENT_ROUTES;
const demo = { username: 'demo', password: 'demo1234' };
const loginRequired = { status: 401, code: 'loginRequired' } as const;
/** A password change's refusal: status 200, `ok: false` and the code. */
const refusedChange = (code: string) => ({ status: 200, code }) as const;
const change = (currentpassword: string, newpassword: string) => () => ({ body: { currentpassword, newpassword } });

/** The site, the panel and buying: signed out, signed in, their refusals, the password change, out again. */
const SITE: Step[] = [
  { title: 'the app links', route: PUBLIC_ROUTES.appInfo, status: 200 },
  { title: 'the gateways', route: PAY.gateways, status: 200 },
  { title: 'no renewal without a session', route: PAY.renewal, status: 200 },
  {
    title: 'a login with a wrong password',
    route: S.login,
    request: () => ({ body: { username: 'demo', password: 'wrong-pass1' }, form: true }),
    status: 401,
    code: 'bad_credentials',
    sameMessage: true,
  },
  {
    title: 'a login with a blank name',
    route: S.login,
    request: () => ({ body: { username: '  ', password: 'x' }, form: true }),
    status: 400,
    code: 'missingCredentials',
    sameMessage: true,
  },
  {
    title: 'a login whose query names a user of 257 characters',
    route: S.login,
    request: () => ({ query: `username=${'x'.repeat(257)}&password=x` }),
    status: 400,
    code: 'invalid',
    sameMessage: true,
    plain: { part: 'querystring', value: { username: 'x'.repeat(257), password: 'x' } },
  },
  {
    title: 'a login whose query names two users',
    route: S.login,
    request: () => ({ query: 'username=a&username=b&password=x' }),
    status: 400,
    code: 'invalid',
    sameMessage: true,
    plain: { part: 'querystring', value: { username: ['a', 'b'], password: 'x' } },
  },
  {
    title: 'a login whose body is not JSON',
    route: S.login,
    request: () => ({ raw: { type: 'application/json', text: '{"username":' } }),
    status: 400,
    code: 'invalidJson',
    sameMessage: true,
  },
  { title: 'the account without a session', route: P.account, ...loginRequired },
  { title: 'the servers without a session', route: P.servers, ...loginRequired },
  { title: 'a bot code without a session', route: P.botCode, ...loginRequired },
  { title: 'a new link without a session', route: P.resetSubscription, ...loginRequired },
  { title: 'a device ended without a session', route: P.unlinkDevice, ...loginRequired },
  {
    title: 'a password changed without a session',
    route: P.changePassword,
    request: change('demo1234', 'Contract2026x'),
    ...loginRequired,
  },
  { title: 'a login', route: S.login, request: () => ({ body: demo, form: true }), status: 200 },
  {
    title: 'the account',
    route: P.account,
    status: 200,
    remember: (answer, memory) => void (memory.device = (answer.devices as Array<{ id: string }>)[0]!.id),
  },
  { title: 'the servers, in English', route: P.servers, request: () => ({ query: 'lng=en' }), status: 200 },
  { title: 'a bot code', route: P.botCode, status: 200 },
  { title: 'the renewal the session offers', route: PAY.renewal, status: 200 },
  {
    title: 'a device ended without its id',
    route: P.unlinkDevice,
    status: 400,
    code: 'missingParameter',
    sameMessage: true,
  },
  {
    title: 'a device ended by an id of 101 characters',
    route: P.unlinkDevice,
    request: () => ({ body: { sessionId: 'd'.repeat(101) } }),
    status: 400,
    code: 'parameterTooLong',
    sameMessage: true,
  },
  {
    title: 'a device ended by a query id of 257 characters',
    route: P.unlinkDevice,
    request: () => ({ query: `sessionId=${'d'.repeat(257)}` }),
    status: 400,
    code: 'invalid',
    sameMessage: true,
    plain: { part: 'querystring', value: { sessionId: 'd'.repeat(257) } },
  },
  {
    title: 'an OpenConnect connection ended',
    route: P.unlinkDevice,
    request: () => ({ query: 'sessionId=openconnect-9' }),
    status: 409,
    code: 'deviceNotDisconnectable',
    sameMessage: true,
  },
  {
    title: 'a device that is not there',
    route: P.unlinkDevice,
    request: () => ({ query: 'sessionId=nope' }),
    status: 404,
    code: 'deviceNotFound',
    sameMessage: true,
  },
  {
    title: 'a device ended',
    route: P.unlinkDevice,
    request: (m) => ({ query: `sessionId=${encodeURIComponent(m.device!)}` }),
    status: 200,
  },
  {
    title: 'a password change without the new one',
    route: P.changePassword,
    request: () => ({ body: { currentpassword: 'demo1234' } }),
    status: 400,
    code: 'missingParameter',
    sameMessage: true,
  },
  {
    title: 'a password change to the same',
    route: P.changePassword,
    request: change('demo1234', 'demo1234'),
    ...refusedChange('sameAsCurrent'),
    sameMessage: true,
  },
  {
    title: 'a password change too short',
    route: P.changePassword,
    request: change('demo1234', 'ab1'),
    ...refusedChange('tooShort'),
    sameMessage: true,
  },
  {
    title: 'a password change of other characters',
    route: P.changePassword,
    request: change('demo1234', 'abc-defg'),
    ...refusedChange('invalidCharacters'),
    sameMessage: true,
  },
  {
    title: 'a password change of 65 characters',
    route: P.changePassword,
    request: change('demo1234', 'a1'.repeat(32) + 'b'),
    ...refusedChange('tooLong'),
    sameMessage: true,
  },
  {
    title: 'a password change to a common password',
    route: P.changePassword,
    request: change('demo1234', 'password1'),
    ...refusedChange('passwordTooCommon'),
    sameMessage: true,
  },
  {
    title: 'a password change with a wrong current one',
    route: P.changePassword,
    request: change('wrong1234', 'Contract2026x'),
    ...refusedChange('currentIncorrect'),
    sameMessage: true,
  },
  { title: 'a new subscription link', route: P.resetSubscription, status: 200 },
  {
    title: 'a purchase without a plan',
    route: PAY.purchase,
    request: () => ({ query: 'email=a%40b.co&gate=ird' }),
    status: 400,
    code: 'missingParameter',
    sameMessage: true,
  },
  {
    title: 'a purchase of a plan that is not there',
    route: PAY.purchase,
    request: () => ({ query: 'plan_id=99999&email=a%40b.co&gate=ird' }),
    status: 404,
    code: 'planNotFound',
    sameMessage: true,
  },
  {
    title: 'a purchase with a wrong e-mail',
    route: PAY.purchase,
    request: () => ({ query: 'plan_id=2&email=nope&gate=ird' }),
    status: 400,
    code: 'invalidEmail',
    sameMessage: true,
  },
  {
    title: 'a purchase through an unknown gate',
    route: PAY.purchase,
    request: () => ({ query: 'plan_id=2&email=a%40b.co&gate=zzz' }),
    status: 400,
    code: 'unknownGateway',
    sameMessage: true,
  },
  {
    title: 'a purchase through a gate of 21 characters',
    route: PAY.purchase,
    request: () => ({ query: `plan_id=2&email=a%40b.co&gate=${'g'.repeat(21)}` }),
    status: 400,
    code: 'parameterTooLong',
    sameMessage: true,
  },
  {
    title: 'a purchase, renewing the account of the session',
    route: PAY.purchase,
    request: () => ({ query: 'plan_id=2&email=a%40b.co&gate=ird' }),
    status: 200,
  },
  {
    title: 'a purchase of a new account (renew=0), its fields in the body',
    route: PAY.purchase,
    request: () => ({ body: { plan_id: 2, email: 'a@b.co', gate: 'spay', renew: '0' } }),
    status: 200,
  },
  { title: 'a password changed', route: P.changePassword, request: change('demo1234', 'Contract2026x'), status: 200 },
  { title: 'the account after the change', route: P.account, status: 200 },
  { title: 'a logout', route: S.logout, status: 200 },
  { title: 'the account after the logout', route: P.account, ...loginRequired },
  { title: 'a logout without a session', route: S.logout, status: 200 },
];

const invalidPlain = (part: RequestPart, value: unknown) =>
  ({ status: 400, code: 'invalid', plain: { part, value } }) as const;
const A2 = APP_ROUTES;
const APP_USER = { username: 'contractapp', password: 'ContractApp1' };
/** The query of a URL, for a step that follows a redirect. */
const queryOf = (url: string | undefined) => new URL(url ?? '/', 'http://x').search.slice(1);

/**
 * The routes the mock does not serve, against the server alone: the VPN apps' login, the
 * translation files, the e-mails' links, and a purchase through the sandbox bank and back.
 */
const SERVER_ONLY: Step[] = [
  {
    title: 'an app login without a body',
    route: A2.appLogin,
    request: () => ({ raw: { type: 'application/json', text: '' } }),
    ...invalidPlain('body', undefined),
  },
  {
    title: 'an app login of no fields',
    route: A2.appLogin,
    request: () => ({ body: {} }),
    ...invalidPlain('body', {}),
  },
  {
    title: 'an app login with a name of 65 characters',
    route: A2.appLogin,
    request: () => ({ body: { username: 'u'.repeat(65), password: 'x', deviceInfo: 'Android;14' } }),
    ...invalidPlain('body', { username: 'u'.repeat(65), password: 'x', deviceInfo: 'Android;14' }),
  },
  {
    title: 'an app login with a number for a name',
    route: A2.appLogin,
    request: () => ({ body: { username: 5, password: 'x', deviceInfo: 'Android;14' } }),
    ...invalidPlain('body', { username: 5, password: 'x', deviceInfo: 'Android;14' }),
  },
  {
    title: 'an app login with a wrong password',
    route: A2.appLogin,
    request: () => ({ body: { ...APP_USER, password: 'wrong-pass1', deviceInfo: 'Android;14' } }),
    status: 401,
    code: 'bad_credentials',
  },
  {
    title: 'an app login',
    route: A2.appLogin,
    request: () => ({ body: { ...APP_USER, deviceInfo: 'Windows;11' } }),
    status: 200,
  },
  {
    title: 'an app login past the device limit',
    route: A2.appLogin,
    request: () => ({ body: { ...APP_USER, deviceInfo: 'Windows;11' } }),
    status: 403,
    code: 'deviceLimitReached',
  },
  {
    title: 'a translation file',
    route: PUBLIC_ROUTES.locale,
    request: () => ({ params: { lng: 'en', file: 'common.json' } }),
    status: 200,
  },
  {
    title: 'a translation file that is not there',
    route: PUBLIC_ROUTES.locale,
    request: () => ({ params: { lng: 'en', file: 'nope.json' } }),
    status: 404,
    code: 'translationNotFound',
  },
  {
    title: 'a translation file of a language of 11 characters',
    route: PUBLIC_ROUTES.locale,
    request: () => ({ params: { lng: 'l'.repeat(11), file: 'common.json' } }),
    ...invalidPlain('params', { lng: 'l'.repeat(11), file: 'common.json' }),
  },
  {
    title: 'missing translation keys',
    route: PUBLIC_ROUTES.addLocaleKeys,
    request: () => ({ params: { lng: 'en', ns: 'common' }, body: { 'a.b': 'A b' } }),
    status: 200,
  },
  { title: 'an unsubscribe link of nothing', route: S.unsubscribe, status: 400 },
  {
    title: 'an unsubscribe link of a letter for an account',
    route: S.unsubscribe,
    request: () => ({ query: 'u=abc&t=x' }),
    ...invalidPlain('querystring', { u: 'abc', t: 'x' }),
  },
  {
    title: 'a renew link that is not valid',
    route: S.renewLink,
    request: () => ({ query: 't=nope&next=%2Fpayment%3Fplan_id%3D2' }),
    status: 303,
  },
  {
    title: 'a renew link of 201 characters',
    route: S.renewLink,
    request: () => ({ query: `t=${'t'.repeat(201)}` }),
    ...invalidPlain('querystring', { t: 't'.repeat(201) }),
  },
  {
    title: 'a purchase through the sandbox bank',
    route: PAY.purchase,
    request: () => ({ query: 'plan_id=2&email=a%40b.co&gate=ird' }),
    status: 200,
    remember: (answer, memory) => void (memory.authority = String(answer.url).split('/').pop()!),
  },
  {
    title: 'the sandbox bank’s page',
    route: PAY.sandboxPage,
    request: (m) => ({ params: { authority: m.authority! } }),
    status: 200,
  },
  {
    title: 'the sandbox bank’s page of a payment that is not there',
    route: PAY.sandboxPage,
    request: () => ({ params: { authority: 'nope' } }),
    status: 404,
  },
  {
    title: 'the sandbox bank’s page of an authority of 101 characters',
    route: PAY.sandboxPage,
    request: () => ({ params: { authority: 'a'.repeat(101) } }),
    ...invalidPlain('params', { authority: 'a'.repeat(101) }),
  },
  {
    title: 'the sandbox bank’s form without an action',
    route: PAY.sandboxAnswer,
    request: (m) => ({ params: { authority: m.authority! } }),
    ...invalidPlain('body', undefined),
  },
  {
    title: 'the sandbox bank’s form with another action',
    route: PAY.sandboxAnswer,
    request: (m) => ({ params: { authority: m.authority! }, body: { action: 'steal' }, form: true }),
    ...invalidPlain('body', { action: 'steal' }),
  },
  {
    title: 'the sandbox bank’s form of a payment that is not there',
    route: PAY.sandboxAnswer,
    request: () => ({ params: { authority: 'nope' }, body: { action: 'pay' }, form: true }),
    status: 404,
    code: 'unknownPayment',
  },
  {
    title: 'the sandbox bank pays',
    route: PAY.sandboxAnswer,
    request: (m) => ({ params: { authority: m.authority! }, body: { action: 'pay' }, form: true }),
    status: 303,
    remember: (_answer, memory, location) => void (memory.back = queryOf(location)),
  },
  {
    title: 'the gateway’s return',
    route: PAY.paymentReturn,
    request: (m) => ({ params: { gate: 'ird' }, query: m.back! }),
    status: 303,
  },
  {
    title: 'the gateway’s return again, by a form post',
    route: PAY.paymentReturnPost,
    request: (m) => ({ params: { gate: 'ird' }, query: m.back!, body: { note: 'again' }, form: true }),
    status: 303,
  },
  {
    title: 'a return of an unknown gateway',
    route: PAY.paymentReturn,
    request: () => ({ params: { gate: 'zzz' } }),
    status: 404,
    code: 'noSuchGateway',
  },
  {
    title: 'a return that names no payment',
    route: PAY.paymentReturn,
    request: () => ({ params: { gate: 'ird' } }),
    status: 400,
    code: 'noPaymentNamed',
  },
  {
    title: 'a return of a payment that is not there',
    route: PAY.paymentReturn,
    request: () => ({ params: { gate: 'ird' }, query: 'authority=nope' }),
    status: 404,
    code: 'unknownPayment',
  },
  {
    title: 'a return whose query field has 501 characters',
    route: PAY.paymentReturn,
    request: () => ({ params: { gate: 'ird' }, query: `authority=${'a'.repeat(501)}` }),
    ...invalidPlain('querystring', { authority: 'a'.repeat(501) }),
  },
  {
    title: 'a return whose query field named % has 501 characters',
    route: PAY.paymentReturn,
    request: () => ({ params: { gate: 'ird' }, query: `%25=${'a'.repeat(501)}` }),
    ...invalidPlain('querystring', { '%': 'a'.repeat(501) }),
  },
  {
    title: 'a crypto return that names no order',
    route: PAY.paymentReturn,
    request: () => ({ params: { gate: 'nowpayments' } }),
    status: 400,
    code: 'noPaymentNamed',
  },
  {
    title: 'a crypto return of an order that is not there',
    route: PAY.paymentReturn,
    request: () => ({ params: { gate: 'oxapay' }, query: 'orderId=S20260101-0000000000&key=x' }),
    status: 404,
    code: 'unknownPayment',
  },
  {
    title: 'an OxaPay callback to a shop without its key',
    route: PAY.oxapayCallback,
    request: () => ({ raw: { type: 'application/json', text: '{"track_id":"1","status":"Paid"}' } }),
    status: 404,
    code: 'noSuchGateway',
  },
  {
    title: 'a NOWPayments IPN to a shop without its keys',
    route: PAY.nowpaymentsCallback,
    request: () => ({ raw: { type: 'application/json', text: '{"payment_id":1}' } }),
    status: 404,
    code: 'noSuchGateway',
  },
];

/** Plays the steps against a side: its answers, in order, each checked against the contract. */
async function play(side: Side, steps: Step[]): Promise<Answer[]> {
  const memory: Memory = {};
  const answers: Answer[] = [];
  for (const step of steps) {
    const request = step.request?.(memory) ?? {};
    if (step.signedOut) await side.signedIn(false);
    const url = urlOf(step.route, request.params) + (request.query ? `?${request.query}` : '');
    const answer = await side.send(step.route.method, url, request);
    if (step.signedOut) await side.signedIn(true);
    const where = `${side.name}: ${step.title} (${step.route.method} ${step.route.url})`;
    expect(answer.status, `${where}: ${JSON.stringify(answer.body)}`).toBe(step.status);
    holdsToContract(where, step.route, answer);
    if (step.code) expect((answer.body as { code?: string }).code, where).toBe(step.code);
    if (step.plain) {
      const schema = step.route[step.plain.part]!;
      const refusal = firstRefusal(schema, step.plain.value);
      expect(refusal, `${where}: the contract's schema refuses it`).not.toBeNull();
      expect((answer.body as { message?: string }).message, where).toBe(
        plainRefusalMessage(schema, step.plain.part, refusal!),
      );
    }
    if (answer.status < 400) step.remember?.(answer.body as Record<string, unknown>, memory, answer.location);
    answers.push(answer);
  }
  return answers;
}

/**
 * The answer is what the contract says: on success the route's JSON answer or one of its other
 * media types (a page), an answer of the route's own for its status (a redirect, with its Location;
 * a page that says what went wrong), else the error answer `{ ok: false, message, code }` with a
 * code the route lists.
 */
function holdsToContract(where: string, route: RouteContract, answer: Answer) {
  const media = answer.type.split(';')[0]!.trim();
  const own = route.answers?.[String(answer.status)];
  let schema: TSchema | undefined;
  if (answer.status === 200) {
    schema = media === 'application/json' ? (route.answer === NoJson ? undefined : route.answer) : route.media?.[media];
    expect(schema, `${where}: ${media} is not a media type of its success`).toBeDefined();
  } else if (own) {
    if (own.headers?.location) expect(answer.location, `${where}: a redirect says where`).toBeTruthy();
    if (!own.content) {
      expect(answer.body, `${where}: has a body`).toBe('');
      return;
    }
    schema = own.content[media];
    expect(schema, `${where}: ${media} is not a media type of its ${answer.status}`).toBeDefined();
  } else {
    expect(answer.status, where).toBeGreaterThanOrEqual(400);
    expect(media, `${where}: JSON`).toBe('application/json');
    schema = ErrorAnswer;
  }
  expect(firstRefusal(schema!, answer.body), `${where}: the answer breaks the contract`).toBeNull();
  if (answer.status >= 400 && media === 'application/json' && route.errors)
    expect(errorCodesOf(route), `${where}: the route lists the code`).toContain(
      (answer.body as { code?: unknown }).code,
    );
}

/** The mock's and the server's answers agree where the contract says they must. */
function compare(steps: Step[], mock: Answer[], server: Answer[]) {
  /** An error answer's code (a success may carry a `code` of its own: the bot's link code). */
  const errorCode = (answer: Answer) => {
    const body = answer.body as { ok?: unknown; code?: string };
    return body.ok === false ? body.code : undefined;
  };
  steps.forEach((step, i) => {
    const [m, s] = [mock[i]!, server[i]!];
    expect([step.title, m.status, errorCode(m)]).toEqual([step.title, s.status, errorCode(s)]);
    if (step.sameMessage)
      expect([step.title, (m.body as { message?: string }).message]).toEqual([
        step.title,
        (s.body as { message?: string }).message,
      ]);
  });
}

const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }));
afterAll(() => msw.close());

/** A request's body as it goes on the wire. */
function encoded(request: Request): { type?: string; text?: string } {
  if (request.raw) return request.raw;
  if (request.body === undefined) return {};
  if (request.form)
    return {
      type: 'application/x-www-form-urlencoded',
      text: new URLSearchParams(request.body as Record<string, string>).toString(),
    };
  return { type: 'application/json', text: JSON.stringify(request.body) };
}

/** An answer as the steps read it: JSON parsed, anything else as text. */
function read(status: number, type: string, text: string, location?: string): Answer {
  const body: unknown = type.includes('json') && text !== '' ? JSON.parse(text) : text;
  return { status, body, type, ...(location ? { location } : {}) };
}

function mockSide(): Side {
  const mock = createMockBackend({ admin: { signedIn: true } });
  msw.resetHandlers(...mock.handlers);
  const state: MockState = mock.state;
  return {
    name: 'mock',
    async send(method, url, request) {
      const { type, text } = encoded(request);
      const response = await fetch(`http://mock.test${url}`, {
        method,
        headers: type ? { 'content-type': type } : {},
        ...(text === undefined ? {} : { body: text }),
      });
      return read(response.status, response.headers.get('content-type') ?? '', await response.text());
    },
    async signedIn(on) {
      state.admin.session = on ? 'admin' : null;
    },
  };
}

describe.each(KINDS)('the mock and the server on %s answer alike', (kind) => {
  let s: TestServer;
  /** The server side's cookies, as a browser keeps them: the operator's and the customer's session. */
  const jar = new Map<string, string>();
  let saved: string | undefined;

  beforeAll(async () => {
    s = await startTestServer(kind);
    await runAdmin(['operators', 'add', 'contract', '--password', 'contract pass 2026'], s.ctx, () => undefined);
    const signed = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'contract', password: 'contract pass 2026' }),
    });
    const set = signed.cookies.find((c) => c.name === 'separ_admin');
    expect(set, signed.body).toBeDefined();
    jar.set('separ_admin', set!.value);
    // The mock's account, on the server: the same name and password, and a device of the app's.
    await s.createUser({ username: 'demo', password: 'demo1234', ios: 1 });
    const device = await s.app.inject({
      method: 'POST',
      url: '/api/app/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'demo', password: 'demo1234', deviceInfo: 'Android;14' }),
    });
    expect(device.statusCode, device.body).toBe(200);
    // The VPN apps' account (of one device), for the routes played against the server alone.
    await s.createUser({ ...APP_USER, allowedDevices: 1 });
  });
  afterAll(async () => {
    await s?.close();
  });

  const serverSide = (): Side => ({
    name: `server (${kind})`,
    async send(method, url, request) {
      const { type, text } = encoded(request);
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await s.app.inject({
        method: method as 'GET',
        url,
        headers: { ...(cookie ? { cookie } : {}), ...(type ? { 'content-type': type } : {}) },
        ...(text === undefined ? {} : { payload: text }),
      });
      for (const set of response.cookies) {
        if (set.maxAge === 0 || set.value === '') jar.delete(set.name);
        else jar.set(set.name, set.value);
      }
      const location = response.headers.location;
      return read(
        response.statusCode,
        String(response.headers['content-type'] ?? ''),
        response.body,
        typeof location === 'string' ? location : undefined,
      );
    },
    async signedIn(on) {
      if (on) {
        if (saved !== undefined) jar.set('separ_admin', saved);
      } else {
        saved = jar.get('separ_admin');
        jar.delete('separ_admin');
      }
    },
  });

  it('the catalog: plans, countries and server templates', async () => {
    const mock = await play(mockSide(), CATALOG);
    const server = await play(serverSide(), CATALOG);
    compare(CATALOG, mock, server);
  });

  it('the site, the panel and buying: sessions, refusals, the password change', async () => {
    const mock = await play(mockSide(), SITE);
    const server = await play(serverSide(), SITE);
    compare(SITE, mock, server);
  });

  it('the routes the mock does not serve, on the server against the contract', async () => {
    await play(serverSide(), SERVER_ONLY);
  });

  it('the rest of the admin: session, lists, operators, settings and nodes', async () => {
    const mock = await play(mockSide(), ADMIN);
    const server = await play(serverSide(), ADMIN);
    compare(ADMIN, mock, server);
  });
});
