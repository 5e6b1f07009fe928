import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAuditEntry,
  AdminNodeSecret,
  AdminOperatorCreated,
  AdminOrderDetail,
  AdminOverview,
  AdminPage,
  AdminPlan,
  AdminUserDetail,
  AdminUserRow,
} from '@separ/domain';
import { runAdmin } from '../../cli/admin.ts';
import { json, KINDS, startTestServer, type TestServer } from '../../../test/harness.ts';

/** Every route of docs/ADMIN.md's table, read from the document itself so the two cannot drift. */
function documentedRoutes(): Array<{ method: string; url: string }> {
  const doc = readFileSync(join(import.meta.dirname, '../../../../../docs/ADMIN.md'), 'utf8');
  return [...doc.matchAll(/^\| `(GET|POST|PATCH|PUT|DELETE) (\/api\/admin\/[^`]+)`/gm)].map((m) => ({
    method: m[1]!,
    url: m[2]!
      .replace(':id', '1')
      .replace(':username', 'someone')
      .replace(':resNum', '1')
      .replace(':code', 'DE')
      .replace(':action', 'suspend'),
  }));
}

describe.each(KINDS)('the web admin on %s', (kind) => {
  let s: TestServer;
  let cookie: string;
  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines.join('\n');
  };
  const api = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    s.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  async function signIn(username: string, password: string, otp?: string) {
    const response = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:80' },
      payload: JSON.stringify({ username, password, ...(otp ? { otp } : {}) }),
    });
    const set = response.cookies.find((c) => c.name === 'separ_admin');
    return { response, cookie: set ? `separ_admin=${set.value}` : '', set };
  }

  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000' });
    const added = await cli('operators', 'add', 'alice', '--password', 'correct horse battery');
    expect(added).toContain('Password: correct horse battery');
    const signed = await signIn('alice', 'correct horse battery');
    expect(signed.response.statusCode, signed.response.body).toBe(200);
    cookie = signed.cookie;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('separ-admin operators add prints a generated password that signs in; list and remove', async () => {
    const out = await cli('operators', 'add', 'bob');
    const password = /Password: (\S+)/.exec(out)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    const signed = await signIn('bob', password);
    expect(signed.response.statusCode).toBe(200);
    expect(json(signed.response)).toEqual({ username: 'bob', totpEnabled: false, role: 'admin' });
    // The session cookie is its own: HttpOnly, SameSite=Strict, never the customers' jwtUserToken.
    expect(signed.set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(signed.response.cookies.map((c) => c.name)).not.toContain('jwtUserToken');
    expect(await cli('operators', 'list')).toMatch(/alice.*\n.*bob|bob/);
    await expect(cli('operators', 'add', 'bob')).rejects.toThrow(/exists/);
    await expect(cli('operators', 'add', 'x')).rejects.toThrow(/3 to 32/);
    await cli('operators', 'remove', 'bob');
    // Removing ends the sessions.
    const me = await s.app.inject({ url: '/api/admin/me', headers: { cookie: signed.cookie } });
    expect(me.statusCode).toBe(401);
    expect(await cli('operators', 'list')).not.toContain('bob');
  });

  it('refuses a wrong password, an unknown operator and a customer alike, and throttles', async () => {
    const wrong = await signIn('alice', 'not the password');
    expect(wrong.response.statusCode).toBe(401);
    expect(json(wrong.response)).toMatchObject({ code: 'bad_credentials' });
    expect((await signIn('nobody', 'whatever')).response.statusCode).toBe(401);
    const customer = await s.createUser({ password: 'customer123' });
    expect((await signIn(customer.username, 'customer123')).response.statusCode).toBe(401);
    // The customers' login throttle: 100 attempts an hour per account by default.
    await cli('operators', 'add', 'target', '--password', 'target password 1');
    let status = 0;
    for (let i = 0; i < 101 && status !== 429; i++) status = (await signIn('target', `guess-${i}`)).response.statusCode;
    expect(status).toBe(429);
    // Even the right password waits out the window.
    const right = await signIn('target', 'target password 1');
    expect(right.response.statusCode).toBe(429);
    expect(json(right.response)).toMatchObject({ code: 'throttled' });
  });

  it('answers 401 on every admin route without an operator session, and with a customer session', async () => {
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const user = await s.createUser();
    const customer = await s.login(user.username, user.password);
    for (const route of routes) {
      if (route.url === '/api/admin/login' || route.url === '/api/admin/logout') continue;
      for (const headers of [{}, { cookie: customer }, { cookie: 'separ_admin=forged' }]) {
        const response = await s.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: route.method === 'GET' ? undefined : '{}',
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(json(response)).toMatchObject({ code: 'unauthenticated' });
      }
    }
  });

  it('refuses a cross-site Origin on every admin route, even with a session', async () => {
    for (const route of documentedRoutes()) {
      const response = await s.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        payload: route.method === 'GET' ? undefined : '{}',
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    // The same request from our own origin is served.
    expect((await api('GET', '/api/admin/me', undefined, { origin: 'http://localhost:80' })).statusCode).toBe(200);
  });

  it('ends a session after the idle timeout, and keeps it while it is used', async () => {
    const { cookie: session } = await signIn('alice', 'correct horse battery');
    const me = () => s.app.inject({ url: '/api/admin/me', headers: { cookie: session } });
    expect((await me()).statusCode).toBe(200);
    // 20 minutes later (within 30), used: it moves on.
    const base = s.clock.now;
    try {
      s.clock.now = new Date(base.getTime() + 20 * 60_000);
      expect((await me()).statusCode).toBe(200);
      s.clock.now = new Date(base.getTime() + 45 * 60_000);
      expect((await me()).statusCode).toBe(200);
      s.clock.now = new Date(base.getTime() + 80 * 60_000);
      expect((await me()).statusCode).toBe(401);
    } finally {
      s.clock.now = base;
    }
  });

  it('turns on a one-time code: sign-in then needs it, and a code is good once', async () => {
    await cli('operators', 'add', 'carol', '--password', 'carol password 1');
    const { cookie: session } = await signIn('carol', 'carol password 1');
    const setup = json<{ secret: string; otpauthUrl: string }>(
      await s.app.inject({ method: 'POST', url: '/api/admin/totp/setup', headers: { cookie: session } }),
    );
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Separ:carol\?/);
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    const at = (offsetSeconds: number) => totp.generate({ timestamp: s.clock.now.getTime() + offsetSeconds * 1000 });
    const enable = (code: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/admin/totp/enable',
        headers: { cookie: session, 'content-type': 'application/json' },
        payload: JSON.stringify({ code }),
      });
    expect((await enable('000000')).statusCode).toBe(401);
    const on = await enable(at(0));
    expect(on.statusCode, on.body).toBe(200);
    expect(json(on)).toEqual({ username: 'carol', totpEnabled: true, role: 'admin' });

    const without = await signIn('carol', 'carol password 1');
    expect(without.response.statusCode).toBe(401);
    expect(json(without.response)).toMatchObject({ code: 'otp_required' });
    expect(without.cookie).toBe('');
    // The code used to turn it on cannot be used again.
    expect(json((await signIn('carol', 'carol password 1', at(0))).response)).toMatchObject({ code: 'bad_otp' });
    const next = await signIn('carol', 'carol password 1', at(30));
    expect(next.response.statusCode).toBe(200);
    // A right code with a wrong password tells nothing about the code.
    expect(json((await signIn('carol', 'wrong password', at(60))).response)).toMatchObject({ code: 'bad_credentials' });
  });

  it('an operator creates a plan and buyers see it; edits and deactivation follow', async () => {
    const created = await api('POST', '/api/admin/plans', {
      title: 'Admin weekly',
      ios: false,
      allowedMB: 4096,
      days: 7,
      devices: 1,
      toman: 45000,
    });
    expect(created.statusCode, created.body).toBe(200);
    const plan = json<AdminPlan>(created);
    expect(plan).toMatchObject({ title: 'Admin weekly', active: true, toman: 45000, credit: 45000 });
    const titles = async () =>
      json<{ data: Array<{ title: string }> }>(await s.app.inject('/getTelPlans')).data.map((p) => p.title);
    expect(await titles()).toContain('Admin weekly');
    expect((await api('PATCH', `/api/admin/plans/${plan.id}`, { active: false })).statusCode).toBe(200);
    expect(await titles()).not.toContain('Admin weekly');
    const bad = await api('POST', '/api/admin/plans', {
      title: '',
      ios: false,
      allowedMB: 1,
      days: 0,
      devices: 1,
      toman: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'invalid' });
    expect((await api('PATCH', '/api/admin/plans/99999', { title: 'x' })).statusCode).toBe(404);
  });

  it('an operator creates a node and gets its V2bX config, whose key opens the node API', async () => {
    const created = await api('POST', '/api/admin/nodes', {
      name: 'de-admin',
      protocol: 'vless',
      host: 'de1.example.com',
      port: 443,
      country: 'DE',
      security: 'reality',
    });
    expect(created.statusCode, created.body).toBe(200);
    const secret = json<AdminNodeSecret>(created);
    const config = JSON.parse(secret.v2bxConfig) as { Nodes: Array<Record<string, unknown>> };
    expect(config.Nodes[0]).toMatchObject({
      ApiHost: 'http://localhost:80',
      ApiKey: secret.token,
      NodeID: secret.node.id,
      NodeType: 'vless',
    });
    const asked = await s.app.inject(
      `/api/v1/server/UniProxy/config?node_type=vless&node_id=${secret.node.id}&token=${secret.token}`,
    );
    expect(asked.statusCode).toBe(200);
    const rotated = json<AdminNodeSecret>(await api('POST', `/api/admin/nodes/${secret.node.id}/rotate-token`));
    expect(rotated.token).not.toBe(secret.token);
    const old = await s.app.inject(
      `/api/v1/server/UniProxy/config?node_type=vless&node_id=${secret.node.id}&token=${secret.token}`,
    );
    expect(old.statusCode).not.toBe(200);
    const list = json<{ items: Array<{ name: string; online: boolean }> }>(await api('GET', '/api/admin/nodes'));
    expect(list.items.find((n) => n.name === 'de-admin')).toMatchObject({ online: true });
  });

  it('finds the account of a purchase, suspends it, and its panel shows it suspended', async () => {
    const user = await s.createUser({ email: 'Finder@Example.com' });
    const customer = await s.login(user.username, user.password);
    const found = json<AdminPage<AdminUserRow>>(await api('GET', '/api/admin/users?q=finder@'));
    expect(found.items.map((u) => u.username)).toEqual([user.username]);
    expect(
      json<AdminPage<AdminUserRow>>(await api('GET', `/api/admin/users?q=${user.username.toUpperCase()}`)).total,
    ).toBe(1);
    const suspended = await api('POST', `/api/admin/users/${user.username}/suspend`);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(json<AdminUserDetail>(suspended).status).toBe('suspended');
    const account = await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie: customer } });
    expect(json<{ suspend: number }>(account).suspend).toBe(1);
    const extended = json<AdminUserDetail>(await api('POST', `/api/admin/users/${user.username}/extend`, { days: 10 }));
    expect(extended.expireDate).toBe('2026-07-11T12:00:00.000Z');
    const more = json<AdminUserDetail>(await api('POST', `/api/admin/users/${user.username}/add-data`, { mb: 1024 }));
    expect(more.allowedMB).toBe(51_200 + 1024);
    const reset = json<AdminUserDetail & { password: string }>(
      await api('POST', `/api/admin/users/${user.username}/reset-password`),
    );
    expect(reset.password).toMatch(/^[A-Za-z0-9]{8,}$/);
    await expect(s.login(user.username, user.password)).rejects.toThrow();
    await s.login(user.username, reset.password);
    expect((await api('POST', `/api/admin/users/${user.username}/extend`, { days: -1 })).statusCode).toBe(400);
    expect((await api('POST', '/api/admin/users/nobody-here/suspend')).statusCode).toBe(404);
    expect((await api('GET', '/api/admin/users?pageSize=7')).statusCode).toBe(400);
  });

  it('completes a pending order by hand: the account is made and the receipt is in the outbox', async () => {
    const started = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=hand@example.com&gate=ird',
      headers: { 'content-type': 'application/json' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const pending = json<AdminPage<{ resNum: string; state: string }>>(
      await api('GET', '/api/admin/orders?state=pending&q=hand@example.com'),
    );
    expect(pending.total).toBe(1);
    const resNum = pending.items[0]!.resNum;
    expect((await api('POST', `/api/admin/orders/${resNum}/complete`, { ref: '' })).statusCode).toBe(400);
    const done = await api('POST', `/api/admin/orders/${resNum}/complete`, { ref: 'BANK-123' });
    expect(done.statusCode, done.body).toBe(200);
    const detail = json<AdminOrderDetail>(done);
    expect(detail).toMatchObject({ state: 'paid', refNum: 'BANK-123' });
    expect(detail.username).toMatch(/\w+/);
    expect(detail.history.at(-1)).toMatchObject({ to: 'paid', actor: 'operator:alice' });
    expect(detail.receipt).not.toBeNull();
    const outbox = json<AdminPage<{ recipient: string; kind: string }>>(
      await api('GET', '/api/admin/outbox?state=waiting'),
    );
    expect(outbox.items.some((m) => m.recipient === 'hand@example.com' && m.kind === 'receipt')).toBe(true);
    // Twice is refused, not a second account.
    expect((await api('POST', `/api/admin/orders/${resNum}/complete`, { ref: 'BANK-123' })).statusCode).toBe(400);
    const overview = json<AdminOverview>(await api('GET', '/api/admin/overview'));
    expect(overview.revenue.today).toBeGreaterThan(0);
    expect(overview.revenueByDay).toHaveLength(30);
    expect(overview.orders.paid).toBeGreaterThanOrEqual(1);
  });

  it('completes a renewal by hand: the account is extended and no password is printed', async () => {
    const user = await s.createUser({ email: 'renew@example.com' });
    const customer = await s.login(user.username, user.password);
    const started = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=renew@example.com&gate=ird',
      headers: { 'content-type': 'application/json', cookie: customer },
    });
    expect(started.statusCode, started.body).toBe(200);
    const order = json<AdminPage<{ resNum: string }>>(await api('GET', '/api/admin/orders?q=renew@example.com'));
    const out = await cli('payments', 'complete', order.items[0]!.resNum, '--ref', 'BANK-R1');
    expect(out).toContain(`Account ${user.username} renewed; its password is unchanged`);
    expect(out).not.toContain(', password ');
    await s.login(user.username, user.password);
  });

  it('records each change in the audit log: who, what, before and after', async () => {
    const log = json<AdminPage<AdminAuditEntry>>(await api('GET', '/api/admin/audit?pageSize=100'));
    const actions = log.items.map((e) => e.action);
    for (const action of [
      'operator.add',
      'operator.sign-in',
      'plan.create',
      'plan.deactivate',
      'node.add',
      'node.rotate-token',
      'user.suspend',
      'user.extend',
      'user.add-data',
      'user.reset-password',
      'order.complete',
    ])
      expect(actions, action).toContain(action);
    const suspend = log.items.find((e) => e.action === 'user.suspend')!;
    expect(suspend.operator).toBe('alice');
    expect(suspend.before).toMatchObject({ suspended: false });
    expect(suspend.after).toMatchObject({ suspended: true });
    // The command line's changes are recorded too, by the account that ran them.
    await cli('plans', 'deactivate', '1');
    const cliEntry = json<AdminPage<AdminAuditEntry>>(await api('GET', '/api/admin/audit?q=plan.deactivate')).items[0]!;
    expect(cliEntry.operator).toMatch(/@cli$/);
    expect(cliEntry.target).toBe('plan:1');
  });

  it('changes the shop settings from the web and from separ-admin, each change audited', async () => {
    const put = await api('PUT', '/api/admin/settings', { supportChatUrl: 'https://t.me/separ_help_desk' });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put)).toMatchObject({ supportChatUrl: 'https://t.me/separ_help_desk' });
    expect(json(await api('GET', '/api/admin/settings'))).toMatchObject({
      supportChatUrl: 'https://t.me/separ_help_desk',
    });
    const bad = await api('PUT', '/api/admin/settings', { supportChatUrl: 'not a link' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'invalid' });
    await cli('settings', 'set', '--shop-name', 'Separ Plus');
    expect(await cli('settings', 'show')).toContain('Separ Plus');
    const entries = json<AdminPage<AdminAuditEntry>>(await api('GET', '/api/admin/audit?q=settings')).items;
    expect(entries.map((e) => e.operator)).toEqual([expect.stringMatching(/@cli$/), 'alice']);
    expect(entries[1]).toMatchObject({
      before: { supportChatUrl: expect.any(String) },
      after: { supportChatUrl: 'https://t.me/separ_help_desk' },
    });
  });

  it('adds and removes operators from the web, never itself', async () => {
    const created = json<AdminOperatorCreated>(await api('POST', '/api/admin/operators', { username: 'dave' }));
    expect(created.password.length).toBeGreaterThanOrEqual(16);
    expect((await signIn('dave', created.password)).response.statusCode).toBe(200);
    expect((await api('DELETE', '/api/admin/operators/alice')).statusCode).toBe(409);
    expect((await api('DELETE', '/api/admin/operators/dave')).statusCode).toBe(200);
    expect((await signIn('dave', created.password)).response.statusCode).toBe(401);
  });

  it('signs out: the cookie no longer opens the admin', async () => {
    const { cookie: session } = await signIn('alice', 'correct horse battery');
    const out = await s.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: session } });
    expect(out.statusCode).toBe(200);
    expect((await s.app.inject({ url: '/api/admin/me', headers: { cookie: session } })).statusCode).toBe(401);
  });
});
