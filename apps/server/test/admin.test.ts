import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from '../src/cli/admin.ts';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';

describe.each(KINDS)('separ-admin on %s', (kind) => {
  let s: TestServer;
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines.join('\n');
  };
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('manages plans, and the plans call follows', async () => {
    const added = await run(
      'plans',
      'add',
      '--title',
      'Weekly',
      '--ios',
      '0',
      '--mb',
      '2048',
      '--days',
      '7',
      '--devices',
      '1',
      '--toman',
      '40000',
    );
    const planId = Number(/Added plan (\d+)/.exec(added)?.[1]);
    const titles = async () =>
      json<{ data: Array<{ title: string }> }>(await s.app.inject('/getTelPlans')).data.map((p) => p.title);
    expect(await titles()).toContain('Weekly');
    await run('plans', 'update', String(planId), '--title', 'Weekly plus', '--credit', '35000');
    expect(await titles()).toContain('Weekly plus');
    await run('plans', 'deactivate', String(planId));
    expect(await titles()).not.toContain('Weekly plus');
    await run('plans', 'activate', String(planId));
    expect(await run('plans', 'list')).toContain('Weekly plus');
    await expect(run('plans', 'add', '--title', 'x')).rejects.toThrow(UsageError);
    await expect(run('plans', 'update', '99999', '--title', 'y')).rejects.toThrow(/No plan/);
    await expect(
      run('plans', 'add', '--title', 'x', '--mb', 'lots', '--days', '7', '--devices', '1', '--toman', '5'),
    ).rejects.toThrow(/whole number/);
  });

  it('manages countries and servers with link templates', async () => {
    await run('countries', 'add', 'it', '--title', 'Italy', '--title-fa', 'ایتالیا');
    await expect(run('countries', 'add', 'IT', '--title', 'Italy', '--title-fa', 'ایتالیا')).rejects.toThrow(/exists/);
    const added = await run(
      'servers',
      'add',
      '--title',
      'Italy 1',
      '--type',
      '2',
      '--country',
      'IT',
      '--link',
      'vless://xxx@it1:443',
      '--link',
      'vless://xxx@it1:8443',
    );
    expect(added).toMatch(/Added server \d+/);
    await expect(
      run('servers', 'add', '--title', 'Nowhere', '--type', '2', '--country', 'ZZ', '--link', 'a'),
    ).rejects.toThrow(/No country ZZ/);
    await expect(
      run('servers', 'add', '--title', 'T', '--type', '5', '--country', 'IT', '--link', 'a'),
    ).rejects.toThrow(/--type/);
    expect(await run('servers', 'list')).toContain('Italy 1');
    const user = await s.createUser();
    const cookie = await s.login(user.username, user.password);
    const body = json<{ servers: Array<{ title: string; server: string }> }>(
      await s.app.inject({ method: 'POST', url: '/api/site/servers', headers: { cookie } }),
    );
    expect(body.servers.find((srv) => srv.title === 'Italy 1')?.server).toContain(
      `vless://${user.username}-${user.password}@it1:443`,
    );
    const serverId = /Added server (\d+)/.exec(added)?.[1] ?? '';
    await run('servers', 'remove', serverId);
    await run('countries', 'remove', 'IT');
    expect(await run('countries', 'list')).not.toContain('Italy');
  });

  it('creates users from a plan, who can then log in', async () => {
    const out = await run('users', 'create', '--plan', '1', '--username', `op${kind}`, '--email', 'a@b.co');
    const password = /with password (\S+)/.exec(out)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    await s.login(`op${kind}`, password);
    expect(await run('users', 'show', `op${kind}`)).toMatch(/on first use, 30 days/);
    await expect(run('users', 'create', '--plan', '1', '--username', `op${kind}`)).rejects.toThrow(/taken/);
    await expect(run('users', 'create', '--mb', '100')).rejects.toThrow(/--days|--devices/);
    await expect(run('users', 'create', '--plan', '1', '--password', 'short')).rejects.toThrow(/password must be/);
    await expect(run('users', 'create', '--plan', '1', '--username', 'a b')).rejects.toThrow(/username must be/);
  });

  it('suspends, extends, adds data and resets passwords', async () => {
    const user = await s.createUser({ allowedMB: 1000 });
    await run('users', 'suspend', user.username);
    const cookie = await s.login(user.username, user.password);
    const account = async () =>
      json(await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }));
    expect(await account()).toMatchObject({ suspend: 1 });
    await run('users', 'unsuspend', user.username);
    await run('users', 'extend', user.username, '10');
    await run('users', 'add-data', user.username, '500');
    expect(await account()).toMatchObject({ suspend: 0, allowedMB: 1500, expireDate: '2026-07-11T12:00:00.000Z' });
    const reset = await run('users', 'reset-password', user.username, '--password', 'Reset2026');
    expect(reset).toContain('Reset2026');
    await s.login(user.username, 'Reset2026');
    await expect(run('users', 'extend', user.username, '-3')).rejects.toThrow(UsageError);
    await expect(run('users', 'show', 'ghost')).rejects.toThrow(/No user/);
  });

  it('lists and revokes sessions', async () => {
    const user = await s.createUser();
    const cookie = await s.login(user.username, user.password);
    expect(await run('sessions', 'list', user.username)).toMatch(/expires/);
    expect(await run('sessions', 'revoke', user.username)).toContain('Revoked 1 session');
    expect((await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('sets app links with settings set (app-links is gone)', async () => {
    await run('settings', 'set', '--android-url', 'https://example.org/a.apk');
    expect(
      json<{ data: Array<{ app_android_link: string }> }>(await s.app.inject('/appinfo')).data[0]?.app_android_link,
    ).toBe('https://example.org/a.apk');
    await expect(run('settings', 'set', '--android-url', 'ftp://x')).rejects.toThrow(/http/);
    await expect(run('app-links', 'set', '--android', 'https://example.org/a.apk')).rejects.toThrow(UsageError);
  });

  it('lists orders and the outbox, and reconciles pending orders', async () => {
    const purchase = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=cli@example.com&gate=ird',
      headers: { 'content-type': 'application/json' },
    });
    const authority = json<{ url: string }>(purchase).url.split('/').pop() ?? '';
    await s.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${authority}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(await run('payments', 'list', '--state', 'pending')).toMatch(
      /S\d{8}-\d{10}\tpending\tird\/sandbox\t1200000 IRR/,
    );
    expect(await run('payments', 'reconcile', '--older-than', '0')).toMatch(/1 completed/);
    const paid = await run('payments', 'list', '--state', 'paid');
    const resNum = /(S\d{8}-\d{10})\tpaid/.exec(paid)?.[1] ?? '';
    const shown = await run('payments', 'show', resNum);
    expect(shown).toMatch(/state: +paid/);
    expect(shown).toMatch(/account: +sp\d{6}, starts on first use \(30 days\)/);
    expect(shown).toMatch(/receipt: +waiting in the outbox/);
    // The history: who moved the order, when, and what the gateway said.
    expect(shown).toMatch(/- -> pending +buyer +ordered plan 1 through ird \(sandbox\)/);
    expect(shown).toMatch(
      /pending -> paid +reconcile +sandbox: paid \(a TEST payment\); ref SBXREF\d+; account sp\d{6}/,
    );
    expect(await run('outbox', 'list')).toContain('cli@example.com');
    await expect(run('payments', 'show', 'S00000000-0')).rejects.toThrow('No order S00000000-0.');
    await expect(run('payments', 'complete', resNum, '--ref', 'R1')).rejects.toThrow(/is paid already/);
    await expect(run('payments', 'list', '--state', 'weird')).rejects.toThrow(/--state/);
    await expect(run('outbox', 'send')).rejects.toThrow(/SMTP/);
  });

  it('completes by hand an order whose money an operator saw at the bank, once', async () => {
    const purchase = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=2&email=bank-receipt@example.com&gate=ird',
      headers: { 'content-type': 'application/json' },
    });
    expect(purchase.statusCode).toBe(200);
    const order = await s.database.db
      .selectFrom('orders')
      .selectAll()
      .where('email', '=', 'bank-receipt@example.com')
      .executeTakeFirstOrThrow();
    await expect(run('payments', 'complete', order.res_num)).rejects.toThrow('--ref is required.');
    await expect(run('payments', 'complete', order.res_num, '--ref', 'no spaces please')).rejects.toThrow(
      /bank reference/,
    );
    const done = await run('payments', 'complete', order.res_num, '--ref', 'BANK-778899');
    const [, username, password] = /Account (sp\d{6}), password ([A-Za-z0-9]{12})/.exec(done) ?? [];
    expect(username).toBeDefined();
    expect(done).toContain('bank-receipt@example.com');
    // The buyer can log in with what the operator passes on, and sees the payment.
    const cookie = await s.login(username!, password!);
    const account = json(await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }));
    expect(account).toMatchObject({ payments: [{ resNum: order.res_num, refNum: 'BANK-778899', state: 2 }] });
    const shown = await run('payments', 'show', order.res_num);
    expect(shown).toMatch(/pending -> paid +operator:\S+@cli +completed by hand/);
    await expect(run('payments', 'complete', order.res_num, '--ref', 'BANK-778899')).rejects.toThrow(
      /is paid already \(bank reference BANK-778899\)/,
    );
    expect(
      await s.database.db.selectFrom('outbox').selectAll().where('order_id', '=', order.id).execute(),
    ).toHaveLength(1);
  });

  it('rolls a failing command back whole, and refuses unknown commands', async () => {
    await expect(run('bogus')).rejects.toThrow(/Unknown command/);
    await expect(run('plans', 'list', '--nope')).rejects.toThrow();
    expect(await run('--help')).toContain('separ-admin');
  });
});

describe('the cached plans', () => {
  let s: TestServer;
  afterAll(async () => {
    await s?.close();
  });

  it('answer from memory with an ETag, and follow a change by separ-admin within a second', async () => {
    s = await startTestServer('sqlite', { SEPAR_PLANS_CACHE_CHECK_MS: '1000' });
    const first = await s.app.inject('/getTelPlans');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await s.app.inject({ url: '/getTelPlans', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const ids = () =>
      s.app.inject('/getTelPlans').then((r) => json<{ data: Array<{ id: number }> }>(r).data.map((p) => p.id));
    expect(await ids()).toContain(1);
    await runAdmin(['plans', 'deactivate', '1'], s.ctx, () => undefined);
    await expect.poll(ids, { timeout: 3000, interval: 100 }).not.toContain(1);
    const changed = await s.app.inject({ url: '/getTelPlans', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
  });
});
