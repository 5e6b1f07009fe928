import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';
import { runAdmin } from '../src/cli/admin.ts';
import { runDataResets, startSubscription } from '../src/modules/accounts/index.ts';
import { runReminders } from '../src/modules/messaging/index.ts';
import { applyPush } from '../src/modules/nodes/traffic.ts';

const MB = 1024 * 1024;

/** Traffic that resets (CONTRACTS §14), on both databases, with the test clock moved by hand. */
describe.each(KINDS)('plans whose data resets, on %s', (kind) => {
  let s: TestServer;
  const plans = {} as Record<'day' | 'week' | 'month', number>;
  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines.join('\n');
  };
  const row = (id: number) =>
    s.ctx.db
      .selectFrom('users')
      .select(['used_bytes', 'resets_done', 'reset_anchor'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const history = (id: number) =>
    s.ctx.db
      .selectFrom('usage_periods')
      .select(['started_at', 'ended_at', 'used_bytes'])
      .where('user_id', '=', id)
      .orderBy('ended_at')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, used_bytes: Number(r.used_bytes) })));
  const use = (id: number, bytes: number) =>
    s.ctx.db
      .updateTable('users')
      .set((eb) => ({ used_bytes: eb('used_bytes', '+', bytes) }))
      .where('id', '=', id)
      .execute();
  const at = (iso: string) => {
    s.clock.now = new Date(iso);
  };

  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000' });
    for (const period of ['day', 'week', 'month'] as const) {
      const out = await cli(
        'plans',
        'add',
        '--title',
        `Reset ${period}`,
        '--ios',
        '0',
        '--mb',
        '1024',
        '--days',
        '90',
        '--devices',
        '2',
        '--toman',
        '100000',
        '--reset',
        period,
      );
      plans[period] = Number(/Added plan (\d+)/.exec(out)![1]);
    }
  });
  afterAll(() => s.close());

  it('takes --reset on plans add and update, refuses junk, and says it in /getTelPlans', async () => {
    await expect(cli('plans', 'update', String(plans.day), '--reset', 'hourly')).rejects.toThrow(/--reset/);
    const answer = json<{ data: Array<{ id: number; reset?: string }> }>(
      await s.app.inject({ method: 'GET', url: '/getTelPlans' }),
    );
    const byId = new Map(answer.data.map((p) => [p.id, p]));
    expect(byId.get(plans.day)!.reset).toBe('day');
    expect(byId.get(plans.week)!.reset).toBe('week');
    expect(byId.get(plans.month)!.reset).toBe('month');
    // A plan that never resets carries no `reset`.
    expect(answer.data.filter((p) => !Object.values(plans).includes(p.id)).every((p) => !('reset' in p))).toBe(true);
    expect(answer.data.length).toBeGreaterThan(3);
    await cli('plans', 'update', String(plans.week), '--reset', 'none');
    const after = json<{ data: Array<{ id: number; reset?: string }> }>(
      await s.app.inject({ method: 'GET', url: '/getTelPlans' }),
    );
    expect(after.data.find((p) => p.id === plans.week)!.reset).toBeUndefined();
    await cli('plans', 'update', String(plans.week), '--reset', 'week');
  });

  it('resets a daily plan at each day from the start, once, keeping the day before in the history', async () => {
    at('2026-06-01T12:00:00.000Z');
    const user = await s.createUser({ planId: plans.day, subsDays: 30, expireDate: null, allowedMB: 1024 });
    const cookie = await s.login(user.username, user.password);
    const account = async () =>
      json<{ usedMB: number; reset?: string; nextResetAt?: string | null }>(
        await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }),
      );
    // Pending activation: the period, no next reset yet.
    expect(await account()).toMatchObject({ reset: 'day', nextResetAt: null });
    at('2026-06-01T15:20:00.000Z');
    await startSubscription(s.ctx.db, { id: user.id, subs_days: 30, expire_date: null }, s.clock.now);
    expect((await row(user.id)).reset_anchor).toBe('2026-06-01T15:20:00.000Z');
    expect((await account()).nextResetAt).toBe('2026-06-02T15:20:00.000Z');

    await use(user.id, 1100 * MB); // over its 1024 MB: the nodes drop it
    const version = async () =>
      Number(
        (
          await s.ctx.db
            .selectFrom('list_versions')
            .select('version')
            .where('name', '=', 'users')
            .executeTakeFirstOrThrow()
        ).version,
      );
    at('2026-06-02T15:19:59.000Z');
    expect(await runDataResets(s.ctx)).toBe(0);
    expect(Number((await row(user.id)).used_bytes)).toBe(1100 * MB);

    const before = await version();
    at('2026-06-02T15:20:00.000Z');
    expect(await runDataResets(s.ctx)).toBe(1);
    expect(await runDataResets(s.ctx)).toBe(0); // once only
    expect(Number((await row(user.id)).used_bytes)).toBe(0);
    // The nodes' user list moves: the account may connect again.
    expect(await version()).toBeGreaterThan(before);
    expect(await history(user.id)).toEqual([
      { started_at: '2026-06-01T15:20:00.000Z', ended_at: '2026-06-02T15:20:00.000Z', used_bytes: 1100 * MB },
    ]);
    expect(await account()).toMatchObject({ usedMB: 0, nextResetAt: '2026-06-03T15:20:00.000Z' });
    // The subscription page says the same, without a session.
    const token = (
      await s.ctx.db.selectFrom('users').select('sub_token').where('id', '=', user.id).executeTakeFirstOrThrow()
    ).sub_token;
    expect(json(await s.app.inject(`/sub/${token}?format=json`))).toMatchObject({
      usedMB: 0,
      reset: 'day',
      nextResetAt: '2026-06-03T15:20:00.000Z',
    });

    // Two days missed (no run): one reset for both, the history says which span.
    await use(user.id, 10 * MB);
    at('2026-06-05T00:00:00.000Z');
    expect(await runDataResets(s.ctx)).toBe(1);
    expect((await row(user.id)).resets_done).toBe(3);
    expect((await history(user.id)).at(-1)).toEqual({
      started_at: '2026-06-02T15:20:00.000Z',
      ended_at: '2026-06-04T15:20:00.000Z',
      used_bytes: 10 * MB,
    });
  });

  it('resets a weekly and a monthly plan at their boundaries, not after the expiry', async () => {
    at('2026-01-31T10:00:00.000Z');
    const monthly = await s.createUser({ planId: plans.month, subsDays: 90, expireDate: null });
    const weekly = await s.createUser({ planId: plans.week, subsDays: 10, expireDate: null });
    for (const [u, days] of [
      [monthly, 90],
      [weekly, 10],
    ] as const)
      await startSubscription(s.ctx.db, { id: u.id, subs_days: days, expire_date: null }, s.clock.now);
    await use(monthly.id, 500 * MB);
    await use(weekly.id, 300 * MB);

    at('2026-02-07T09:59:00.000Z');
    expect(await runDataResets(s.ctx)).toBe(0);
    at('2026-02-07T10:00:00.000Z');
    expect(await runDataResets(s.ctx)).toBe(1);
    expect(Number((await row(weekly.id)).used_bytes)).toBe(0);
    expect(Number((await row(monthly.id)).used_bytes)).toBe(500 * MB);

    // The month from January 31st ends on February 28th.
    at('2026-02-28T09:59:59.000Z');
    expect(await runDataResets(s.ctx)).toBe(0);
    at('2026-02-28T10:00:00.000Z');
    expect(await runDataResets(s.ctx)).toBe(1);
    expect(await history(monthly.id)).toEqual([
      { started_at: '2026-01-31T10:00:00.000Z', ended_at: '2026-02-28T10:00:00.000Z', used_bytes: 500 * MB },
    ]);
    // The weekly account expired on February 10th: its February 14th boundary never comes.
    await use(weekly.id, 5 * MB);
    at('2026-02-20T00:00:00.000Z');
    await runDataResets(s.ctx);
    expect(Number((await row(weekly.id)).used_bytes)).toBe(5 * MB);
    expect(await history(weekly.id)).toHaveLength(1);
  });

  it('counts from the first push of a V2Ray node, for an account in pending activation', async () => {
    at('2026-08-01T07:00:00.000Z');
    const out = await cli(
      ...['nodes', 'add', '--name', 'Reset node', '--type', 'vless', '--host', 'r.example.com', '--port', '443'],
      ...['--country', 'DE', '--json'],
    );
    const node = JSON.parse(out) as { id: number };
    const user = await s.createUser({ planId: plans.day, subsDays: 20, expireDate: null });
    await applyPush(s.ctx, node, [{ id: user.id, bytes: 5 * MB }]);
    expect(await row(user.id)).toMatchObject({ reset_anchor: '2026-08-01T07:00:00.000Z', resets_done: 0 });
    at('2026-08-02T07:00:00.000Z');
    await runDataResets(s.ctx);
    expect(await history(user.id)).toEqual([
      { started_at: '2026-08-01T07:00:00.000Z', ended_at: '2026-08-02T07:00:00.000Z', used_bytes: 5 * MB },
    ]);
  });

  it('finds the start of an account made before resets (expiry less the plan’s days)', async () => {
    at('2026-06-10T00:00:00.000Z');
    const old = await s.createUser({ planId: plans.week, subsDays: 0, expireDate: '2026-08-29T06:00:00.000Z' });
    // 90 days before the expiry: started 2026-05-31T06:00; weeks end 06-07, 06-14…
    await use(old.id, 7 * MB);
    await runDataResets(s.ctx);
    expect(await history(old.id)).toEqual([
      { started_at: '2026-05-31T06:00:00.000Z', ended_at: '2026-06-07T06:00:00.000Z', used_bytes: 7 * MB },
    ]);
    expect((await row(old.id)).reset_anchor).toBe('2026-05-31T06:00:00.000Z');
  });

  it('counts the data reminders per period', async () => {
    at('2026-07-01T00:00:00.000Z');
    const user = await s.createUser({
      planId: plans.day,
      subsDays: 30,
      expireDate: null,
      allowedMB: 100,
      email: 'reset-reminders@example.com',
    });
    await startSubscription(s.ctx.db, { id: user.id, subs_days: 30, expire_date: null }, s.clock.now);
    const sent = async () =>
      (await s.ctx.db.selectFrom('reminders').select(['kind', 'period']).where('user_id', '=', user.id).execute())
        .map((r) => r.kind)
        .sort();
    await use(user.id, 85 * MB);
    at('2026-07-01T06:00:00.000Z');
    await runReminders(s.ctx);
    await runReminders(s.ctx);
    expect(await sent()).toEqual(['data80']);
    at('2026-07-02T00:00:00.000Z');
    await runDataResets(s.ctx);
    await runReminders(s.ctx);
    expect(await sent()).toEqual(['data80']); // a fresh period: nothing used yet
    await use(user.id, 90 * MB);
    await runReminders(s.ctx);
    await runReminders(s.ctx);
    expect(await sent()).toEqual(['data80', 'data80']);
  });
});

describe.each(KINDS)('an account’s data periods in the admin, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  it('shows the next reset and the periods before it', async () => {
    const lines: string[] = [];
    const cli = (...argv: string[]) => runAdmin(argv, s.ctx, (line) => lines.push(line));
    await cli('operators', 'add', 'olivia', '--password', 'owner-pass-2026');
    await cli(
      ...['plans', 'add', '--title', 'Weekly reset', '--ios', '0', '--mb', '2048', '--days', '30'],
      ...['--devices', '1', '--toman', '90000', '--reset', 'week'],
    );
    const planId = Number(/Added plan (\d+)/.exec(lines.join('\n'))![1]);
    s.clock.now = new Date('2026-06-01T00:00:00.000Z');
    const user = await s.createUser({ planId, subsDays: 30, expireDate: null });
    await startSubscription(s.ctx.db, { id: user.id, subs_days: 30, expire_date: null }, s.clock.now);
    await s.ctx.db
      .updateTable('users')
      .set({ used_bytes: 3 * MB })
      .where('id', '=', user.id)
      .execute();
    s.clock.now = new Date('2026-06-08T01:00:00.000Z');
    await runDataResets(s.ctx);
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'olivia', password: 'owner-pass-2026' }),
    });
    const cookie = `separ_admin=${login.cookies.find((c) => c.name === 'separ_admin')!.value}`;
    const detail = json(
      await s.app.inject({ method: 'GET', url: `/api/admin/users/${user.username}`, headers: { cookie } }),
    );
    expect(detail).toMatchObject({
      reset: 'week',
      nextResetAt: '2026-06-15T00:00:00.000Z',
      usagePeriods: [{ startedAt: '2026-06-01T00:00:00.000Z', endedAt: '2026-06-08T00:00:00.000Z', usedBytes: 3 * MB }],
    });
  });
});
