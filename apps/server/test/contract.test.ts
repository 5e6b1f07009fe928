/**
 * The contract test (issue #29): the same requests go to the MSW mock (packages/api/src/mocks) and to
 * the real server, on SQLite and on PostgreSQL. Both must answer with the same status and error
 * `code` (and, where the contract's schemas refuse a request, the same message), and every answer
 * must pass the contract's schema: the route's answer on success, the error answer otherwise.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, ErrorAnswer, firstRefusal, PUBLIC_ROUTES, type RouteContract } from '@separ/domain/contract';
import { createMockBackend, type MockState } from '@separ/api/mocks';
import { runAdmin } from '../src/cli/admin.ts';
import { KINDS, startTestServer, type TestServer } from './harness.ts';

interface Answer {
  status: number;
  body: unknown;
}

/** One backend the steps are played against: the mock or the server. */
interface Side {
  name: string;
  send(method: string, url: string, body?: unknown): Promise<Answer>;
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
  request?: (memory: Memory) => { params?: Record<string, string>; query?: string; body?: unknown };
  status: number;
  /** The error code both must answer with. */
  code?: string;
  /** Both sides' messages must be the same (the contract's schema refused the request). */
  sameMessage?: boolean;
  /** Remember something of the answer for later steps. */
  remember?: (answer: Record<string, unknown>, memory: Memory) => void;
  /** Played without an operator's session. */
  signedOut?: boolean;
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

/** Plays the steps against a side: its answers, in order, each checked against the contract. */
async function play(side: Side, steps: Step[]): Promise<Answer[]> {
  const memory: Memory = {};
  const answers: Answer[] = [];
  for (const step of steps) {
    const { params, query, body } = step.request?.(memory) ?? {};
    if (step.signedOut) await side.signedIn(false);
    const answer = await side.send(step.route.method, urlOf(step.route, params) + (query ? `?${query}` : ''), body);
    if (step.signedOut) await side.signedIn(true);
    const where = `${side.name}: ${step.title} (${step.route.method} ${step.route.url})`;
    expect(answer.status, `${where}: ${JSON.stringify(answer.body)}`).toBe(step.status);
    const schema = answer.status === 200 ? step.route.answer : ErrorAnswer;
    expect(firstRefusal(schema, answer.body), `${where}: the answer breaks the contract`).toBeNull();
    if (step.code) expect((answer.body as { code?: string }).code, where).toBe(step.code);
    if (answer.status === 200) step.remember?.(answer.body as Record<string, unknown>, memory);
    answers.push(answer);
  }
  return answers;
}

/** The mock's and the server's answers agree where the contract says they must. */
function compare(steps: Step[], mock: Answer[], server: Answer[]) {
  steps.forEach((step, i) => {
    const [m, s] = [mock[i]!, server[i]!];
    expect([step.title, m.status, (m.body as { code?: string }).code]).toEqual([
      step.title,
      s.status,
      (s.body as { code?: string }).code,
    ]);
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

function mockSide(): Side {
  const mock = createMockBackend({ admin: { signedIn: true } });
  msw.resetHandlers(...mock.handlers);
  const state: MockState = mock.state;
  return {
    name: 'mock',
    async send(method, url, body) {
      const response = await fetch(`http://mock.test${url}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: await response.json() };
    },
    async signedIn(on) {
      state.admin.session = on ? 'admin' : null;
    },
  };
}

describe.each(KINDS)('the mock and the server on %s answer alike', (kind) => {
  let s: TestServer;
  let cookie = '';
  let saved = '';

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
    cookie = `separ_admin=${set!.value}`;
  });
  afterAll(async () => {
    await s?.close();
  });

  const serverSide = (): Side => ({
    name: `server (${kind})`,
    async send(method, url, body) {
      const response = await s.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: response.statusCode, body: response.json() };
    },
    async signedIn(on) {
      if (on) cookie = saved;
      else [saved, cookie] = [cookie, ''];
    },
  });

  it('the catalog: plans, countries and server templates', async () => {
    const mock = await play(mockSide(), CATALOG);
    const server = await play(serverSide(), CATALOG);
    compare(CATALOG, mock, server);
  });

  it('the rest of the admin: session, lists, operators, settings and nodes', async () => {
    const mock = await play(mockSide(), ADMIN);
    const server = await play(serverSide(), ADMIN);
    compare(ADMIN, mock, server);
  });
});
