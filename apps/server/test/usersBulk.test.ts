import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_BULK_MAX, type AuditAction } from '@separ/domain';
import type { AdminBulkResult } from '@separ/domain/contract';
import { runAdmin } from '../src/cli/admin.ts';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';

/**
 * The bulk actions on accounts (`POST /api/admin/users/bulk`, `separ-admin users bulk`): each on a
 * selection and on a filter, one audit entry with its count, the typed confirmation of a delete,
 * junk refused with a 4xx and a code, and only admin and owner may use it.
 */
describe.each(KINDS)('bulk actions on accounts on %s', (kind) => {
  let s: TestServer;
  const cookies: Record<'owner' | 'sales' | 'support', string> = { owner: '', sales: '', support: '' };
  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines.join('\n');
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
    return `separ_admin=${set.value}`;
  }
  const bulk = (body: unknown, cookie = cookies.owner) =>
    s.app.inject({
      method: 'POST',
      url: '/api/admin/users/bulk',
      headers: { cookie, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const user = (username: string) =>
    s.database.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  const set = (username: string, values: { suspend?: number; used_bytes?: number }) =>
    s.database.db.updateTable('users').set(values).where('username', '=', username).execute();
  const lastAuditId = async () =>
    Number(
      (
        await s.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  const auditSince = (id: number) =>
    s.database.db.selectFrom('audit_log').selectAll().where('id', '>', id).orderBy('id').execute();
  const listVersion = async () =>
    Number(
      (await s.database.db.selectFrom('list_versions').select('version').where('name', '=', 'users').executeTakeFirst())
        ?.version,
    );

  /** Runs a bulk request that must succeed, and answers its result and the one audit entry it wrote. */
  async function done(body: Record<string, unknown>, action: AuditAction) {
    const before = await lastAuditId();
    const response = await bulk(body);
    expect(response.statusCode, response.body).toBe(200);
    const entries = await auditSince(before);
    expect(entries.map((e) => e.action)).toEqual([action]);
    expect(entries[0]!.operator).toBe('olivia');
    return {
      result: json<AdminBulkResult>(response),
      after: JSON.parse(entries[0]!.after_json!) as Record<string, unknown>,
    };
  }

  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000' });
    await cli('operators', 'add', 'olivia', '--password', 'owner-pass-2026');
    await cli('operators', 'add', 'sara', '--password', 'sales-pass-2026', '--role', 'sales');
    await cli('operators', 'add', 'sam', '--password', 'support-pass-2026', '--role', 'support');
    cookies.owner = await signIn('olivia', 'owner-pass-2026');
    cookies.sales = await signIn('sara', 'sales-pass-2026');
    cookies.support = await signIn('sam', 'support-pass-2026');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('extends a selection by N days: a running account from its expiry, one not started with more days', async () => {
    await s.createUser({ username: 'bka1', expireDate: '2026-07-01T12:00:00.000Z' });
    await s.createUser({ username: 'bka2', expireDate: null, subsDays: 10 });
    await s.createUser({ username: 'bka3', expireDate: '2026-05-01T12:00:00.000Z' });
    const version = await listVersion();
    const { result, after } = await done(
      { action: 'extend', usernames: ['bka1', 'bka2', 'bka3'], days: 5 },
      'users.bulk-extend',
    );
    expect(result).toEqual({ action: 'extend', matched: 3, count: 3, skipped: 0, dryRun: false });
    expect(after).toMatchObject({ count: 3, days: 5 });
    expect((after.usernames as string[]).sort()).toEqual(['bka1', 'bka2', 'bka3']);
    expect((await user('bka1'))!.expire_date).toBe('2026-07-06T12:00:00.000Z');
    expect((await user('bka2'))!.subs_days).toBe(15);
    expect((await user('bka2'))!.expire_date).toBeNull();
    // Expired: from now (the test clock's 2026-06-01 12:00).
    expect((await user('bka3'))!.expire_date).toBe('2026-06-06T12:00:00.000Z');
    // The nodes' user list moved once, not once per account.
    expect(await listVersion()).toBe(version + 1);
  });

  it('extends the accounts a filter finds, and only those', async () => {
    await s.createUser({ username: 'bkf1', expireDate: '2026-07-01T12:00:00.000Z' });
    await s.createUser({ username: 'bkf2', expireDate: '2026-08-01T12:00:00.000Z' });
    await s.createUser({ username: 'other1', expireDate: '2026-07-01T12:00:00.000Z' });
    const { result, after } = await done({ action: 'extend', filter: { q: 'BKF' }, days: 30 }, 'users.bulk-extend');
    expect(result.count).toBe(2);
    expect(after).toMatchObject({ count: 2, filter: { q: 'BKF' } });
    expect((await user('bkf1'))!.expire_date).toBe('2026-07-31T12:00:00.000Z');
    expect((await user('bkf2'))!.expire_date).toBe('2026-08-31T12:00:00.000Z');
    expect((await user('other1'))!.expire_date).toBe('2026-07-01T12:00:00.000Z');
  });

  it('adds data to a filter and a selection, leaving unlimited accounts as they are', async () => {
    await s.createUser({ username: 'bkb1', allowedMB: 1000 });
    await s.createUser({ username: 'bkb2', allowedMB: -1 });
    await s.createUser({ username: 'bkb3', allowedMB: 2000 });
    const filtered = await done({ action: 'add-data', filter: { q: 'bkb' }, mb: 500 }, 'users.bulk-add-data');
    expect(filtered.result).toEqual({ action: 'add-data', matched: 3, count: 2, skipped: 1, dryRun: false });
    expect(filtered.after).toMatchObject({ count: 2, skipped: 1, mb: 500 });
    expect(Number((await user('bkb1'))!.allowed_mb)).toBe(1500);
    expect(Number((await user('bkb2'))!.allowed_mb)).toBe(-1);
    expect(Number((await user('bkb3'))!.allowed_mb)).toBe(2500);
    const selected = await done({ action: 'add-data', usernames: ['bkb3'], mb: 1 }, 'users.bulk-add-data');
    expect(selected.result.count).toBe(1);
    expect(Number((await user('bkb3'))!.allowed_mb)).toBe(2501);
  });

  it('suspends and unsuspends a selection and a filter, counting only those it changed', async () => {
    await s.createUser({ username: 'bkc1' });
    await s.createUser({ username: 'bkc2' });
    await s.createUser({ username: 'bkc3' });
    await set('bkc3', { suspend: 1 });
    const version = await listVersion();
    const suspended = await done({ action: 'suspend', filter: { q: 'bkc' } }, 'users.bulk-suspend');
    expect(suspended.result).toMatchObject({ matched: 3, count: 2, skipped: 1 });
    for (const name of ['bkc1', 'bkc2', 'bkc3']) expect((await user(name))!.suspend).toBe(1);
    expect(await listVersion()).toBe(version + 1);
    const unsuspended = await done({ action: 'unsuspend', usernames: ['bkc1', 'bkc3'] }, 'users.bulk-unsuspend');
    expect(unsuspended.result).toMatchObject({ matched: 2, count: 2, skipped: 0 });
    expect(unsuspended.after).toMatchObject({ count: 2 });
    expect((await user('bkc1'))!.suspend).toBe(0);
    expect((await user('bkc2'))!.suspend).toBe(1);
    expect((await user('bkc3'))!.suspend).toBe(0);
    const again = await done({ action: 'unsuspend', filter: { q: 'bkc2' } }, 'users.bulk-unsuspend');
    expect(again.result.count).toBe(1);
  });

  it('resets the usage of a selection and of a filter', async () => {
    await s.createUser({ username: 'bkd1' });
    await s.createUser({ username: 'bkd2' });
    await set('bkd1', { used_bytes: 5 * 1048576 });
    await set('bkd2', { used_bytes: 7 * 1048576 });
    await s.createUser({ username: 'bkd3' });
    const selected = await done({ action: 'reset-usage', usernames: ['bkd1'] }, 'users.bulk-reset-usage');
    expect(selected.result).toMatchObject({ matched: 1, count: 1 });
    expect(Number((await user('bkd1'))!.used_bytes)).toBe(0);
    expect(Number((await user('bkd2'))!.used_bytes)).toBe(7 * 1048576);
    const filtered = await done({ action: 'reset-usage', filter: { q: 'bkd' } }, 'users.bulk-reset-usage');
    expect(filtered.result).toMatchObject({ matched: 3, count: 1, skipped: 2 });
    expect(filtered.after).toMatchObject({ count: 1, usernames: ['bkd2'] });
    expect(Number((await user('bkd2'))!.used_bytes)).toBe(0);
  });

  it('deletes the accounts expired more than N days ago only with the count typed as confirmation', async () => {
    await s.createUser({ username: 'bke1', expireDate: '2026-04-01T12:00:00.000Z' });
    await s.createUser({ username: 'bke2', expireDate: '2026-05-25T12:00:00.000Z' });
    await s.createUser({ username: 'bke3', expireDate: '2026-07-01T12:00:00.000Z' });
    await s.createUser({ username: 'bke4', expireDate: null, subsDays: 30 });
    await s.createUser({ username: 'bke5', expireDate: '2026-03-01T12:00:00.000Z' });
    const body = { action: 'delete-expired', filter: { q: 'bke' }, days: 30 };
    const before = await lastAuditId();
    for (const confirm of [undefined, '', '3', 'yes']) {
      const refused = await bulk({ ...body, ...(confirm === undefined ? {} : { confirm }) });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(json(refused)).toMatchObject({ ok: false, code: 'invalid' });
    }
    const dry = await bulk({ ...body, dryRun: true });
    expect(json(dry)).toEqual({ action: 'delete-expired', matched: 5, count: 2, skipped: 3, dryRun: true });
    expect(await auditSince(before)).toEqual([]);
    for (const name of ['bke1', 'bke2', 'bke3', 'bke4', 'bke5']) expect(await user(name)).toBeDefined();
    const { result, after } = await done({ ...body, confirm: '2' }, 'users.bulk-delete-expired');
    expect(result).toMatchObject({ matched: 5, count: 2, skipped: 3 });
    expect(after).toMatchObject({ count: 2, days: 30 });
    expect((after.usernames as string[]).sort()).toEqual(['bke1', 'bke5']);
    expect(await user('bke1')).toBeUndefined();
    expect(await user('bke5')).toBeUndefined();
    for (const name of ['bke2', 'bke3', 'bke4']) expect(await user(name)).toBeDefined();
    // A selection, with days 0: every account among them that has expired.
    const selected = await done(
      { action: 'delete-expired', usernames: ['bke2', 'bke3'], days: 0, confirm: '1' },
      'users.bulk-delete-expired',
    );
    expect(selected.result.count).toBe(1);
    expect(await user('bke2')).toBeUndefined();
    expect(await user('bke3')).toBeDefined();
  });

  it('refuses junk with a 4xx and a code, changing nothing', async () => {
    await s.createUser({ username: 'bkj1', expireDate: '2026-07-01T12:00:00.000Z' });
    const before = await lastAuditId();
    const junk: unknown[] = [
      {},
      { action: 'explode', usernames: ['bkj1'] },
      { action: 'extend', usernames: ['bkj1'] },
      { action: 'extend', usernames: ['bkj1'], days: 0 },
      { action: 'extend', usernames: ['bkj1'], days: 'five' },
      { action: 'extend', usernames: ['bkj1'], days: 3651 },
      { action: 'extend', usernames: ['bkj1'], days: 1.5 },
      { action: 'add-data', usernames: ['bkj1'] },
      { action: 'add-data', usernames: ['bkj1'], mb: -5 },
      { action: 'suspend' },
      { action: 'suspend', usernames: [] },
      { action: 'suspend', usernames: 'bkj1' },
      { action: 'suspend', usernames: [''] },
      { action: 'suspend', usernames: [42] },
      { action: 'suspend', usernames: ['bkj1'], filter: { q: 'bkj' } },
      { action: 'suspend', filter: { q: 'bkj', status: 'active' } },
      { action: 'suspend', filter: { q: 'x'.repeat(101) } },
      { action: 'suspend', filter: 'bkj' },
      { action: 'suspend', usernames: ['bkj1'], extra: true },
      { action: 'suspend', usernames: ['bkj1'], dryRun: 'yes' },
      { action: 'suspend', usernames: Array.from({ length: ADMIN_BULK_MAX + 1 }, (_, i) => `u${i}`) },
      { action: 'delete-expired', usernames: ['bkj1'], confirm: '0' },
      { action: 'delete-expired', usernames: ['bkj1'], days: -1, confirm: '0' },
      'not json',
      '[]',
      'null',
    ];
    for (const body of junk) {
      const response = await bulk(body);
      const label = typeof body === 'string' ? body : JSON.stringify(body).slice(0, 120);
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(json(response), label).toMatchObject({ ok: false });
      expect(typeof json(response).code, label).toBe('string');
    }
    // An unknown account among the named ones: 404, and the others are not touched.
    const unknown = await bulk({ action: 'suspend', usernames: ['bkj1', 'nobody-here'] });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({ code: 'not_found' });
    expect(json<{ message: string }>(unknown).message).toContain('nobody-here');
    expect((await user('bkj1'))!.suspend).toBe(0);
    expect((await user('bkj1'))!.expire_date).toBe('2026-07-01T12:00:00.000Z');
    expect(await auditSince(before)).toEqual([]);
  });

  it('answers 403 forbidden to sales and support, changing nothing', async () => {
    await s.createUser({ username: 'bkr1' });
    const before = await lastAuditId();
    for (const role of ['sales', 'support'] as const) {
      const response = await bulk({ action: 'suspend', usernames: ['bkr1'] }, cookies[role]);
      expect(response.statusCode, role).toBe(403);
      expect(json(response)).toMatchObject({ ok: false, code: 'forbidden' });
    }
    expect((await user('bkr1'))!.suspend).toBe(0);
    expect(await auditSince(before)).toEqual([]);
  });

  it('separ-admin users bulk: the same actions, audited as the operator at the terminal', async () => {
    await s.createUser({ username: 'bkl1', expireDate: '2026-01-01T12:00:00.000Z' });
    await s.createUser({ username: 'bkl2', expireDate: '2026-07-01T12:00:00.000Z' });
    expect(await cli('users', 'bulk', 'suspend', '--user', 'bkl1', '--user', 'bkl2')).toContain('Changed 2 of 2');
    expect((await user('bkl2'))!.suspend).toBe(1);
    expect(await cli('users', 'bulk', 'extend', '--q', 'bkl', '--days', '3', '--dry-run')).toContain('Would change 2');
    await expect(cli('users', 'bulk', 'delete-expired', '--q', 'bkl', '--days', '30')).rejects.toThrow(/confirm/);
    await expect(cli('users', 'bulk', 'suspend', '--q', 'bkl', '--all')).rejects.toThrow(/one of the three/);
    await expect(cli('users', 'bulk', 'explode', '--all')).rejects.toThrow(/must be one of/);
    const before = await lastAuditId();
    expect(await cli('users', 'bulk', 'delete-expired', '--q', 'bkl', '--days', '30', '--confirm', '1')).toContain(
      'Deleted 1 of 2',
    );
    const entries = await auditSince(before);
    expect(entries.map((e) => [e.action, e.operator.endsWith('@cli')])).toEqual([['users.bulk-delete-expired', true]]);
    expect(JSON.parse(entries[0]!.after_json!)).toMatchObject({ count: 1, usernames: ['bkl1'] });
    expect(await user('bkl1')).toBeUndefined();
  });
});
