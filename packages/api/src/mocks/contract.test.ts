import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, PANEL_ROUTES, PUBLIC_ROUTES, SITE_ROUTES } from '@separ/domain/contract';
import type { RawPlan } from '@separ/domain';
import { checkAnswer, ContractViolation, refuseRequest } from './contract.ts';
import { createMockBackend } from './handlers.ts';
import { createAdminMockBackend } from './adminHandlers.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const send = (method: string, path: string, body?: unknown) =>
  fetch(`http://mock.test${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

describe('the mocks hold to the contract', () => {
  it('throws on an answer the contract does not allow', () => {
    const plan = { id: 1, title: 'x', active: true, ios: false, allowedMB: 1, days: 1, devices: 1, toman: 1 };
    expect(() => checkAnswer('createPlan', ADMIN_ROUTES.createPlan, 200, plan)).toThrow(ContractViolation);
    expect(() =>
      checkAnswer('createPlan', ADMIN_ROUTES.createPlan, 200, { ...plan, credit: 1, sortOrder: 1 }),
    ).not.toThrow();
    expect(() => checkAnswer('createPlan', ADMIN_ROUTES.createPlan, 400, { ok: false })).toThrow(/message/);
  });

  it('fails the request (500) when the mock would send plans the contract does not allow', async () => {
    const broken = { id: 1, title: 'No prices', active: 1 } as unknown as RawPlan;
    server.use(...createMockBackend({ plans: [broken] }).handlers);
    expect((await send('GET', '/getTelPlans')).status).toBe(500);
    server.resetHandlers(...createMockBackend().handlers);
    expect((await send('GET', '/getTelPlans')).status).toBe(200);
  });

  it('refuses what the server’s schemas refuse, with their message', async () => {
    server.use(...createAdminMockBackend({ signedIn: true }).handlers);
    const plan = { title: 'Weekly', ios: false, allowedMB: 100, days: 7, devices: 1, toman: 1000 };
    const refused = await send('POST', '/api/admin/plans', { ...plan, days: 3651 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      ok: false,
      code: 'invalid',
      message: 'Days must be a whole number from 1 to 3650.',
    });
    const missing = await send('POST', '/api/admin/plans', { ...plan, toman: undefined });
    expect(await missing.json()).toMatchObject({ message: 'The price must be a whole number of tomans, at least 1.' });
    expect((await send('PATCH', '/api/admin/plans/x1', { title: 'y' })).status).toBe(404);
    expect((await send('POST', '/api/admin/plans', plan)).status).toBe(200);
  });

  it('refuses a site request as the server does, in JSON Schema’s words, and its answers hold to the contract', async () => {
    server.use(...createMockBackend().handlers);
    const long = await send('POST', `/site_login?username=${'x'.repeat(257)}&password=x`);
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      ok: false,
      code: 'invalid',
      message: 'Invalid request: querystring/username must NOT have more than 256 characters',
    });
    const twice = await send('POST', '/api/site/unlinkdevice?sessionId=a&sessionId=b');
    expect(await twice.json()).toMatchObject({ message: 'Invalid request: querystring/sessionId must be string' });
    // The handlers' own checks, as the server's: a blank field, then the credentials.
    expect(await (await send('POST', '/site_login', { username: ' ', password: 'x' })).json()).toMatchObject({
      code: 'missingCredentials',
    });
    expect((await send('POST', '/site_login', { username: 'demo', password: 'demo1234' })).status).toBe(200);
    expect(await (await send('POST', '/requestAccount2?plan_id=2&email=a@b.co')).json()).toMatchObject({
      code: 'missingParameter',
      message: 'Missing parameter: gate',
    });
    expect((await send('POST', '/api/site/unlinkdevice', { sessionId: 'openconnect-7' })).status).toBe(409);
  });

  it('throws on an error code the route does not list', () => {
    const answer = { ok: false, message: 'Device not found', code: 'deviceNotFound' };
    expect(() => checkAnswer('login', SITE_ROUTES.login, 404, answer)).toThrow(/does not list/);
    expect(() => checkAnswer('unlinkDevice', PANEL_ROUTES.unlinkDevice, 404, answer)).not.toThrow();
    expect(() => checkAnswer('login', SITE_ROUTES.login, 400, { ...answer, code: 'invalid' })).not.toThrow();
  });

  it('reads the path, query and body in the server’s order', () => {
    expect(refuseRequest(ADMIN_ROUTES.updatePlan, { params: { id: 'no' }, body: { days: 0 } })).toEqual({
      status: 404,
      message: 'Not found',
    });
    expect(refuseRequest(ADMIN_ROUTES.updatePlan, { params: { id: '3' }, body: { days: 0 } })?.status).toBe(400);
    expect(refuseRequest(PUBLIC_ROUTES.plans, { query: new URLSearchParams('lng=fa') })).toBeNull();
  });
});
