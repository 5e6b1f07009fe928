import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@separ/domain/contract';
import { adminRouteKey, OPERATOR_ROLES, OWN_SESSION_ROUTES, roleMayUse, type OperatorRole } from '@separ/domain';
import { runAdmin } from '../src/cli/admin.ts';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';

/** Every admin route the contract declares, from every contract file (none listed by hand). */
function contractAdminRoutes(): Array<{ method: string; url: string }> {
  const routes = new Map<string, { method: string; url: string }>();
  for (const group of Object.values(contract)) {
    if (!group || typeof group !== 'object') continue;
    for (const route of Object.values(group as Record<string, unknown>)) {
      const r = route as { method?: unknown; url?: unknown };
      if (typeof r?.method === 'string' && typeof r.url === 'string' && r.url.startsWith('/api/admin/'))
        routes.set(`${r.method} ${r.url}`, { method: r.method, url: r.url });
    }
  }
  return [...routes.values()];
}

/** The URL of a route with its parameters filled; the account action route with each action. */
function requestsOf(route: { method: string; url: string }): Array<{ method: string; url: string; key: string }> {
  const fill = (url: string, action?: string) =>
    url
      .replace(':id', '999999')
      .replace(':username', 'nobody-here')
      .replace(':resNum', 'S0')
      .replace(':code', 'ZZ')
      .replace(':name', 'no-such-token')
      .replace(':action', action ?? '');
  if (route.url.endsWith('/:action'))
    return ['suspend', 'unsuspend', 'extend', 'add-data', 'reset-password', 'end-devices'].map((action) => ({
      method: route.method,
      url: fill(route.url, action),
      key: adminRouteKey(route.method, route.url, { action }),
    }));
  return [{ method: route.method, url: fill(route.url), key: adminRouteKey(route.method, route.url) }];
}

describe.each(KINDS)('operators’ roles and API tokens on %s', (kind) => {
  let s: TestServer;
  const cookies = {} as Record<OperatorRole, string>;
  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines;
  };
  async function signIn(username: string, password: string) {
    const response = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username, password }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const set = response.cookies.find((c) => c.name === 'separ_admin')!;
    return { cookie: `separ_admin=${set.value}`, me: json<{ role: string }>(response) };
  }
  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    s.app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...headers,
        ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
      },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: JSON.stringify(payload ?? {}) }),
    });

  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000' });
    // The first operator of a shop is its owner, whatever is asked; later ones are admin by default.
    expect(
      (await cli('operators', 'add', 'olivia', '--password', 'owner-pass-2026', '--role', 'support')).join('\n'),
    ).toContain('added as owner');
    expect((await cli('operators', 'add', 'adam', '--password', 'admin-pass-2026')).join('\n')).toContain(
      'added as admin',
    );
    await cli('operators', 'add', 'sara', '--password', 'sales-pass-2026', '--role', 'sales');
    await cli('operators', 'add', 'sam', '--password', 'support-pass-2026', '--role', 'support');
    await expect(cli('operators', 'add', 'x-role', '--role', 'king')).rejects.toThrow(/role must be one of/);
    const users = {
      owner: ['olivia', 'owner-pass-2026'],
      admin: ['adam', 'admin-pass-2026'],
      sales: ['sara', 'sales-pass-2026'],
      support: ['sam', 'support-pass-2026'],
    } as const;
    for (const role of OPERATOR_ROLES) {
      const [username, password] = users[role];
      const signed = await signIn(username, password);
      expect(signed.me.role).toBe(role);
      cookies[role] = signed.cookie;
    }
  });
  afterAll(async () => {
    await s?.close();
  });

  it('checks every admin route of the contract for every role from the one table: 403 forbidden outside the role', async () => {
    const routes = contractAdminRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const refused: Record<OperatorRole, number> = { owner: 0, admin: 0, sales: 0, support: 0 };
    for (const route of routes) {
      if (route.url === '/api/admin/login' || route.url === '/api/admin/logout') continue;
      for (const request of requestsOf(route)) {
        // A removal of the signed-in operator themself, or of the shop, is not what this test is about.
        if (request.method === 'DELETE' && request.url.startsWith('/api/admin/operators/')) continue;
        for (const role of OPERATOR_ROLES) {
          const response = await call(request.method, request.url, { cookie: cookies[role] });
          const label = `${role}: ${request.method} ${request.url}`;
          if (roleMayUse(role, request.key)) {
            expect(response.statusCode, label).not.toBe(403);
            expect(response.statusCode, label).not.toBe(401);
          } else {
            refused[role] += 1;
            expect(response.statusCode, label).toBe(403);
            expect(json(response), label).toMatchObject({ ok: false, code: 'forbidden' });
          }
        }
      }
    }
    // The owner is refused nothing; each role below refuses more than the one above.
    expect(refused.owner).toBe(0);
    expect(refused.admin).toBeGreaterThan(0);
    expect(refused.sales).toBeGreaterThan(refused.admin);
    expect(refused.support).toBeGreaterThan(refused.admin);
  });

  it('lets support reset a password and end devices but not suspend; sales approve but not change plans', async () => {
    const user = await s.createUser();
    const reset = await call('POST', `/api/admin/users/${user.username}/reset-password`, { cookie: cookies.support });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(json<{ password: string }>(reset).password.length).toBeGreaterThan(5);
    const suspend = await call('POST', `/api/admin/users/${user.username}/suspend`, { cookie: cookies.support });
    expect(suspend.statusCode).toBe(403);
    const plan = await call('PATCH', '/api/admin/plans/1', { cookie: cookies.sales }, { title: 'Nope' });
    expect(plan.statusCode).toBe(403);
    expect((await call('GET', '/api/admin/plans', { cookie: cookies.sales })).statusCode).toBe(200);
    // An admin manages neither operators nor settings.
    expect((await call('GET', '/api/admin/settings', { cookie: cookies.admin })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/operators', { cookie: cookies.admin })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/operators', { cookie: cookies.owner })).statusCode).toBe(200);
  });

  it('keeps one owner: the last one can be neither removed nor made less', async () => {
    await expect(cli('operators', 'role', 'olivia', 'admin')).rejects.toThrow(/needs an owner/);
    await expect(cli('operators', 'remove', 'olivia')).rejects.toThrow(/needs an owner/);
    const promoted = await call('PUT', '/api/admin/operators/adam/role', { cookie: cookies.owner }, { role: 'owner' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(json(promoted)).toMatchObject({ username: 'adam', role: 'owner' });
    const bad = await call('PUT', '/api/admin/operators/adam/role', { cookie: cookies.owner }, { role: 'king' });
    expect(bad.statusCode).toBe(400);
    expect((await cli('operators', 'role', 'adam', 'admin')).join('\n')).toContain('adam is now admin');
    const entries = await s.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'operator.role')
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.operator, JSON.parse(String(e.after_json))])).toEqual([
      ['olivia', { role: 'owner' }],
      [expect.stringMatching(/@cli$/), { role: 'admin' }],
    ]);
  });

  it('API tokens: printed once, Bearer opens the admin with the token’s role, audited under its name, revoked at once', async () => {
    const [token, note] = await cli('tokens', 'add', '--name', 'billing-bot', '--role', 'owner');
    expect(token).toMatch(/^separ_[A-Za-z0-9_-]{43}$/);
    expect(note).toContain('shown only now');
    const [salesToken] = await cli('tokens', 'add', '--name', 'crm', '--role', 'sales');
    await expect(cli('tokens', 'add', '--name', 'crm', '--role', 'sales')).rejects.toThrow(/exists already/);
    await expect(cli('tokens', 'add', '--name', 'bad name!', '--role', 'sales')).rejects.toThrow(/token name/);
    await expect(cli('tokens', 'add', '--name', 'x', '--role', 'root')).rejects.toThrow(/role must be one of/);

    // Nothing keeps the token itself: not the list, not the database.
    const listed = (await cli('tokens', 'list')).join('\n');
    expect(listed).toContain('billing-bot\towner');
    expect(listed).not.toContain(token);
    const rows = await s.database.db.selectFrom('api_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token!.slice(6));

    // A request from no browser: no Origin, no cookie.
    const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
    const orders = await call('GET', '/api/admin/orders', bearer(salesToken!));
    expect(orders.statusCode, orders.body).toBe(200);
    const refused = await call('POST', '/api/admin/plans', bearer(salesToken!), {});
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ code: 'forbidden' });
    // A token has no session of its own.
    expect((await call('GET', '/api/admin/me', bearer(token!))).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/totp/setup', bearer(token!))).statusCode).toBe(403);

    const created = await call('POST', '/api/admin/plans', bearer(token!), {
      title: 'Token plan',
      ios: false,
      allowedMB: 1024,
      days: 30,
      devices: 1,
      toman: 50000,
    });
    expect(created.statusCode, created.body).toBe(200);
    const audited = await s.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'plan.create')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audited.operator).toBe('billing-bot');

    // Tokens are the owner's alone, through the API too; the answer shows the new token once.
    expect((await call('GET', '/api/admin/tokens', { cookie: cookies.admin })).statusCode).toBe(403);
    const viaApi = await call(
      'POST',
      '/api/admin/tokens',
      { cookie: cookies.owner },
      { name: 'zapier', role: 'support' },
    );
    expect(viaApi.statusCode, viaApi.body).toBe(200);
    const apiToken = json<{ token: string; role: string }>(viaApi);
    expect(apiToken.role).toBe('support');
    const list = json<{ items: Array<Record<string, unknown>> }>(
      await call('GET', '/api/admin/tokens', { cookie: cookies.owner }),
    );
    expect(list.items.map((t) => t.name)).toEqual(['billing-bot', 'crm', 'zapier']);
    expect(JSON.stringify(list)).not.toContain(apiToken.token);

    // Revoked: it opens nothing from the next request on; a wrong or malformed token neither.
    expect((await cli('tokens', 'revoke', 'crm')).join('\n')).toContain('revoked');
    for (const header of [
      bearer(salesToken!),
      bearer('separ_' + 'A'.repeat(43)),
      bearer('nonsense'),
      { authorization: 'Basic YTpi' },
    ]) {
      const answer = await call('GET', '/api/admin/orders', header);
      expect(answer.statusCode).toBe(401);
      expect(json(answer)).toMatchObject({ code: 'unauthenticated' });
    }
    expect((await call('DELETE', '/api/admin/tokens/zapier', { cookie: cookies.owner })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/orders', bearer(apiToken.token))).statusCode).toBe(401);
    const trail = await s.database.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', 'in', ['token.add', 'token.revoke'])
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { action: 'token.add', target: 'token:billing-bot' },
      { action: 'token.add', target: 'token:crm' },
      { action: 'token.add', target: 'token:zapier' },
      { action: 'token.revoke', target: 'token:crm' },
      { action: 'token.revoke', target: 'token:zapier' },
    ]);
  });

  it('the own-session routes are every role’s', () => {
    for (const key of OWN_SESSION_ROUTES) for (const role of OPERATOR_ROLES) expect(roleMayUse(role, key)).toBe(true);
  });
});
