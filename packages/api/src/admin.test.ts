import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_RECEIPT_QUEUE,
  adminApi,
  adminErrorCode,
  adminListParams,
  adminReceiptUrl,
  type AdminApiError,
  type AdminBulkInput,
} from './endpoints/admin.ts';
import { isAdminEndpoint } from './errors.ts';
import { adminFailure, createAdminMockBackend, type AdminMockOptions } from './mocks/adminHandlers.ts';
import { createMockBackend } from './mocks/handlers.ts';
import { createApiStore } from './testing.ts';

const API = 'http://backend.test:2087';
const server = setupServer();
const seen: Request[] = [];
server.events.on('request:start', ({ request }) => void seen.push(request.clone()));

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

function backend(options: AdminMockOptions = { signedIn: true }) {
  const mock = createAdminMockBackend(options);
  server.use(...mock.handlers);
  return mock.state;
}

const store = () => createApiStore({ apiBase: API, timeoutMs: 1_000 });
const { endpoints } = adminApi;
/**
 * The store's state as the admin selectors read it: the test store is typed with the base API's
 * tags, the admin's are added by injection (adminApi.enhanceEndpoints), which its type cannot know.
 */
const adminState = (s: ReturnType<typeof store>) =>
  s.getState() as Parameters<ReturnType<typeof endpoints.adminMe.select>>[0];

/** Lets RTK Query's refetches after an invalidation start and finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('admin session', () => {
  it('answers 401 unauthenticated without a session, with the code read from the body', async () => {
    backend({});
    const result = await store().dispatch(endpoints.adminMe.initiate());
    const error = result.error as AdminApiError;
    expect(error).toMatchObject({
      kind: 'http',
      code: 401,
      adminCode: 'unauthenticated',
      errorCode: 'unauthenticated',
      serverMessage: 'Please sign in to the admin.',
    });
    expect(adminErrorCode(error)).toBe('unauthenticated');
  });

  it('signs in as admin / admin1234 and `me` is the operator at once', async () => {
    const state = backend({});
    const s = store();
    const login = await s.dispatch(endpoints.adminLogin.initiate({ username: 'admin', password: 'admin1234' }));
    expect(login.data).toEqual({ username: 'admin', totpEnabled: false, role: 'owner' });
    expect(state.session).toBe('admin');
    await settle();
    expect(endpoints.adminMe.select()(adminState(s)).data).toEqual({
      username: 'admin',
      totpEnabled: false,
      role: 'owner',
    });
    const request = seen.find((r) => r.url.endsWith('/api/admin/login'))!;
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({ username: 'admin', password: 'admin1234' });
  });

  it('asks for the one-time code of an operator who turned it on, and refuses a wrong one', async () => {
    backend({});
    const s = store();
    const login = (otp?: string) =>
      s.dispatch(endpoints.adminLogin.initiate({ username: 'otp', password: 'otp12345', ...(otp ? { otp } : {}) }));
    expect(adminErrorCode((await login()).error)).toBe('otp_required');
    expect(adminErrorCode((await login('000000')).error)).toBe('bad_otp');
    expect((await login('123456')).data).toEqual({ username: 'otp', totpEnabled: true, role: 'owner' });
    expect(
      adminErrorCode((await s.dispatch(endpoints.adminLogin.initiate({ username: 'admin', password: 'x' }))).error),
    ).toBe('bad_credentials');
  });

  it('refuses a locked operator with 423 operator_locked, even with the right password and code', async () => {
    const state = backend({});
    const result = await store().dispatch(
      endpoints.adminLogin.initiate({ username: 'reza', password: 'reza-pass-2026', otp: '123456' }),
    );
    expect(result.error).toMatchObject({ code: 423, adminCode: 'operator_locked' });
    expect(state.session).toBeNull();
    expect(state.data.audit[0]).toMatchObject({
      operator: 'reza',
      action: 'operator.sign-in-failed',
      after: { reason: 'operator_locked' },
    });
  });

  it('throttles after five failed sign-ins', async () => {
    backend({});
    const s = store();
    for (let i = 0; i < 5; i += 1)
      await s.dispatch(endpoints.adminLogin.initiate({ username: 'admin', password: 'no' }));
    const result = await s.dispatch(endpoints.adminLogin.initiate({ username: 'admin', password: 'admin1234' }));
    expect(result.error).toMatchObject({ code: 429, adminCode: 'throttled' });
  });

  it('asks `me` again when a call finds the session gone, and after sign-out', async () => {
    const state = backend({ signedIn: true });
    const s = store();
    const me = s.dispatch(endpoints.adminMe.initiate());
    await me;
    expect(state.calls.me).toBe(1);
    state.session = null;
    const users = await s.dispatch(endpoints.adminUsers.initiate({}));
    expect(adminErrorCode(users.error)).toBe('unauthenticated');
    await settle();
    expect(state.calls.me).toBe(2);
    expect(endpoints.adminMe.select()(adminState(s)).error).toMatchObject({ adminCode: 'unauthenticated' });
    state.session = 'admin';
    await s.dispatch(endpoints.adminLogout.initiate());
    await settle();
    expect(state.calls.me).toBe(3);
    me.unsubscribe();
  });

  it('names its endpoints apart from the customers’ (their 401 ends no customer session)', () => {
    expect(Object.keys(endpoints).every(isAdminEndpoint)).toBe(true);
    expect(isAdminEndpoint('getAccount')).toBe(false);
    expect(isAdminEndpoint(undefined)).toBe(false);
  });
});

describe('admin lists', () => {
  it('sends the list query without empty values', async () => {
    backend();
    await store().dispatch(
      endpoints.adminUsers.initiate({ q: 'ali', page: 2, pageSize: 25, sort: 'username', dir: 'asc' }),
    );
    const url = new URL(seen[0]!.url);
    expect(url.pathname).toBe('/api/admin/users');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'ali',
      page: '2',
      pageSize: '25',
      sort: 'username',
      dir: 'asc',
    });
    expect(adminListParams({ q: '', page: undefined, state: 'paid' })).toEqual({ state: 'paid' });
  });

  it('pages 120 accounts, newest first, and sorts and searches by what a name starts with', async () => {
    backend();
    const s = store();
    const first = await s.dispatch(endpoints.adminUsers.initiate());
    expect(first.data).toMatchObject({ total: 120, page: 1, pageSize: 25 });
    expect(first.data!.items).toHaveLength(25);
    const created = first.data!.items.map((row) => row.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const last = await s.dispatch(
      endpoints.adminUsers.initiate({ page: 3, pageSize: 50, sort: 'usedBytes', dir: 'desc' }),
    );
    expect(last.data!.items).toHaveLength(20);
    const used = last.data!.items.map((row) => row.usedBytes);
    expect([...used].sort((a, b) => b - a)).toEqual(used);
    const found = await s.dispatch(endpoints.adminUsers.initiate({ q: 'DEM' }));
    expect(found.data!.items.map((row) => row.username)).toEqual(['demo']);
    const statuses = new Set(
      (await s.dispatch(endpoints.adminUsers.initiate({ pageSize: 100 }))).data!.items.map((row) => row.status),
    );
    expect([...statuses].sort()).toEqual(['active', 'depleted', 'expired', 'pending', 'suspended']);
  });

  it('refuses a page size or sort the server does not know (400 invalid)', async () => {
    backend();
    const s = store();
    expect(adminErrorCode((await s.dispatch(endpoints.adminUsers.initiate({ pageSize: 10 }))).error)).toBe('invalid');
    expect(adminErrorCode((await s.dispatch(endpoints.adminUsers.initiate({ sort: 'password' }))).error)).toBe(
      'invalid',
    );
  });

  it('has orders in every state and filters them by state, gate and day', async () => {
    backend();
    const s = store();
    for (const state of ['pending', 'failed', 'paid', 'expired'] as const) {
      const page = await s.dispatch(endpoints.adminOrders.initiate({ state }));
      expect(page.data!.total).toBeGreaterThan(0);
      expect(page.data!.items.every((row) => row.state === state)).toBe(true);
    }
    const ird = await s.dispatch(endpoints.adminOrders.initiate({ gate: 'ird', from: '2026-11-01', to: '2026-11-10' }));
    expect(
      ird.data!.items.every(
        (row) => row.gate === 'ird' && row.createdAt >= '2026-11-01' && row.createdAt < '2026-11-11',
      ),
    ).toBe(true);
    const one = ird.data!.items[0]!;
    const byNumber = await s.dispatch(endpoints.adminOrders.initiate({ q: one.resNum }));
    expect(byNumber.data!.items.map((row) => row.resNum)).toEqual([one.resNum]);
    const detail = await s.dispatch(endpoints.adminOrder.initiate(one.resNum));
    expect(detail.data!.history[0]).toMatchObject({ from: null, to: 'pending' });
  });

  it('answers the referrals newest first, with the totals, the top inviters and the percent', async () => {
    const state = backend();
    const s = store();
    const { data } = await s.dispatch(endpoints.adminReferrals.initiate());
    expect(data!.items.length).toBeGreaterThan(0);
    expect(data!.total).toBe(data!.totals.referrals);
    const times = data!.items.map((row) => row.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(data!.percent).toBe(state.data.settings.referralPercent);
    // Each row's reward or its reason, never both.
    expect(data!.items.every((row) => row.reward > 0 !== (row.noReward !== null))).toBe(true);
    expect(data!.topInviters.length).toBeGreaterThan(0);
    const paid = data!.topInviters.map((inviter) => inviter.paid);
    expect(paid).toEqual([...paid].sort((a, b) => b - a));
    const one = data!.items[0]!;
    const found = await s.dispatch(endpoints.adminReferrals.initiate({ q: one.resNum }));
    expect(found.data!.items.map((row) => row.resNum)).toEqual([one.resNum]);
    const refused = await s.dispatch(endpoints.adminReferrals.initiate({ pageSize: 7 }));
    expect(adminErrorCode(refused.error)).toBe('invalid');
  });

  it('answers the overview from the data', async () => {
    backend();
    const { data } = await store().dispatch(endpoints.adminOverview.initiate());
    expect(data!.revenueByDay).toHaveLength(30);
    expect(data!.revenue.month).toBe(data!.revenueByDay.reduce((sum, day) => sum + day.toman, 0));
    expect(data!.accounts.total).toBe(120);
    expect(data!.nodes).toEqual({ online: 3, total: 4 });
    expect(data!.outboxBacklog).toBeGreaterThan(0);
    expect(data!.trafficByNode.at(-1)!.node).toBe('OpenConnect');
  });

  it('unwraps the `items` of the short lists', async () => {
    backend();
    const s = store();
    expect((await s.dispatch(endpoints.adminPlans.initiate())).data!.length).toBeGreaterThan(3);
    expect((await s.dispatch(endpoints.adminNodes.initiate())).data!.map((n) => n.name)).toContain('de-1');
    expect((await s.dispatch(endpoints.adminOperators.initiate())).data!.map((o) => o.username)).toEqual([
      'admin',
      'otp',
      'alice',
      'reza',
    ]);
    expect((await s.dispatch(endpoints.adminCountries.initiate())).data!.length).toBeGreaterThan(0);
    expect((await s.dispatch(endpoints.adminServers.initiate())).data!.length).toBeGreaterThan(0);
    expect((await s.dispatch(endpoints.adminRadiusClients.initiate())).data!.length).toBe(2);
    expect((await s.dispatch(endpoints.adminSettings.initiate())).data!.shopName).toBe('Separ');
  });
});

describe('admin changes refresh what they change', () => {
  it('suspending a user refreshes the users list, the user and the audit log', async () => {
    const state = backend();
    const s = store();
    const list = s.dispatch(endpoints.adminUsers.initiate({ q: 'demo' }));
    const audit = s.dispatch(endpoints.adminAudit.initiate());
    await Promise.all([list, audit]);
    expect((await list).data!.items[0]!.status).toBe('active');
    const result = await s.dispatch(endpoints.adminUserAction.initiate({ username: 'demo', action: 'suspend' }));
    expect(result.data!.status).toBe('suspended');
    await settle();
    expect(state.calls.users).toBe(2);
    expect(state.calls.audit).toBe(2);
    expect(endpoints.adminUsers.select({ q: 'demo' })(adminState(s)).data!.items[0]!.status).toBe('suspended');
    expect(endpoints.adminAudit.select()(adminState(s)).data!.items[0]).toMatchObject({
      operator: 'admin',
      action: 'user.suspend',
      target: 'user:demo',
    });
    list.unsubscribe();
    audit.unsubscribe();
  });

  it('a bulk action changes the accounts it names, refreshes the list and writes one audit entry', async () => {
    const state = backend();
    const s = store();
    const list = s.dispatch(endpoints.adminUsers.initiate({ q: 'demo' }));
    await list;
    const dry = await s.dispatch(
      endpoints.adminUsersBulk.initiate({ action: 'suspend', usernames: ['demo'], dryRun: true }),
    );
    expect(dry.data).toEqual({ action: 'suspend', matched: 1, count: 1, skipped: 0, dryRun: true });
    await settle();
    expect(state.calls.users).toBe(1);
    const done = await s.dispatch(endpoints.adminUsersBulk.initiate({ action: 'suspend', usernames: ['demo'] }));
    expect(done.data).toMatchObject({ count: 1, dryRun: false });
    await settle();
    expect(state.calls.users).toBe(2);
    expect(endpoints.adminUsers.select({ q: 'demo' })(adminState(s)).data!.items[0]!.status).toBe('suspended');
    expect(state.data.audit[0]).toMatchObject({ action: 'users.bulk-suspend', after: { count: 1 } });
    // The delete needs its count typed; junk is refused as the server refuses it.
    const refused = await s.dispatch(
      endpoints.adminUsersBulk.initiate({ action: 'delete-expired', filter: {}, days: 0 }),
    );
    expect(adminErrorCode(refused.error)).toBe('invalid');
    const junk = await s.dispatch(
      endpoints.adminUsersBulk.initiate({ action: 'explode', usernames: ['demo'] } as unknown as AdminBulkInput),
    );
    expect(adminErrorCode(junk.error)).toBe('invalid');
    list.unsubscribe();
  });

  it('sends the user actions’ fields and answers a new password once', async () => {
    const state = backend();
    const s = store();
    const extend = await s.dispatch(
      endpoints.adminUserAction.initiate({ username: 'demo', action: 'extend', days: 30 }),
    );
    expect(seen.at(-1)!.url).toBe(`${API}/api/admin/users/demo/extend`);
    expect(await seen.at(-1)!.json()).toEqual({ days: 30 });
    expect(Date.parse(extend.data!.expireDate!)).toBeGreaterThan(state.now() + 29 * 86_400_000);
    const reset = await s.dispatch(
      endpoints.adminUserAction.initiate({ username: 'demo', action: 'reset-password', password: 'NewPass99' }),
    );
    expect(reset.data!.password).toBe('NewPass99');
    const devices = await s.dispatch(endpoints.adminUserAction.initiate({ username: 'demo', action: 'end-devices' }));
    expect(devices.data!.devicesList).toEqual([]);
    const missing = await s.dispatch(endpoints.adminUserAction.initiate({ username: 'nobody', action: 'suspend' }));
    expect(missing.error).toMatchObject({ code: 404, adminCode: 'not_found' });
  });

  it('completing an order by hand makes it paid and refreshes the orders list; twice is a conflict', async () => {
    const state = backend();
    const s = store();
    const pending = s.dispatch(endpoints.adminOrders.initiate({ state: 'pending' }));
    const before = (await pending).data!;
    const order = before.items[0]!;
    const done = await s.dispatch(endpoints.adminCompleteOrder.initiate({ resNum: order.resNum, ref: 'BANK-1' }));
    expect(done.data).toMatchObject({ state: 'paid', refNum: 'BANK-1' });
    expect(done.data!.username).toBeTruthy();
    await settle();
    expect(state.calls.orders).toBe(2);
    expect(endpoints.adminOrders.select({ state: 'pending' })(adminState(s)).data!.total).toBe(before.total - 1);
    const again = await s.dispatch(endpoints.adminCompleteOrder.initiate({ resNum: order.resNum, ref: 'BANK-1' }));
    expect(again.error).toMatchObject({ code: 409, adminCode: 'conflict' });
    pending.unsubscribe();
  });

  it('reconciles the open orders', async () => {
    backend();
    const { data } = await store().dispatch(endpoints.adminReconcilePayments.initiate());
    expect(data!.checked).toBeGreaterThan(0);
    expect(data!.completed + data!.expired + data!.open).toBe(data!.checked);
    // The orders of the last half hour are left open.
    expect(data!.open).toBe(2);
  });

  it('makes, changes and removes plans, nodes, operators and settings', async () => {
    const state = backend();
    const s = store();
    const plans = s.dispatch(endpoints.adminPlans.initiate());
    await plans;
    const plan = await s.dispatch(
      endpoints.adminCreatePlan.initiate({
        title: 'Weekly',
        ios: false,
        allowedMB: 10_240,
        days: 7,
        devices: 1,
        toman: 40_000,
      }),
    );
    expect(plan.data).toMatchObject({ title: 'Weekly', credit: 40_000, active: true });
    const patched = await s.dispatch(endpoints.adminUpdatePlan.initiate({ id: plan.data!.id, toman: 45_000 }));
    expect(seen.at(-1)!.method).toBe('PATCH');
    expect(patched.data!.toman).toBe(45_000);
    await settle();
    expect(state.calls.plans).toBe(3);
    expect(endpoints.adminPlans.select()(adminState(s)).data!.at(-1)!.toman).toBe(45_000);
    plans.unsubscribe();

    const node = await s.dispatch(
      endpoints.adminCreateNode.initiate({ name: 'us-1', protocol: 'vless', host: 'us1.example', port: 443 }),
    );
    expect(node.data!.token).toHaveLength(32);
    expect(JSON.parse(node.data!.v2bxConfig).Nodes[0]).toMatchObject({
      NodeID: node.data!.node.id,
      ApiKey: node.data!.token,
    });
    const rotated = await s.dispatch(endpoints.adminRotateNodeToken.initiate(node.data!.node.id));
    expect(rotated.data!.token).not.toBe(node.data!.token);
    expect((await s.dispatch(endpoints.adminDeleteNode.initiate(node.data!.node.id))).data).toEqual({ ok: true });
    expect(state.data.nodes.some((n) => n.name === 'us-1')).toBe(false);

    const operator = await s.dispatch(endpoints.adminCreateOperator.initiate({ username: 'bob' }));
    expect(operator.data!.password.length).toBeGreaterThanOrEqual(8);
    const self = await s.dispatch(endpoints.adminDeleteOperator.initiate('admin'));
    expect(adminErrorCode(self.error)).toBe('conflict');

    const settings = await s.dispatch(endpoints.adminUpdateSettings.initiate({ freeEnabled: false }));
    expect(settings.data!.freeEnabled).toBe(false);
    expect(
      adminErrorCode((await s.dispatch(endpoints.adminUpdateSettings.initiate({ botUrl: 'ftp://x' }))).error),
    ).toBe('invalid');
  });

  it('turns one-time codes on with the code of a new secret', async () => {
    backend();
    const s = store();
    const setup = await s.dispatch(endpoints.adminTotpSetup.initiate());
    expect(setup.data!.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(adminErrorCode((await s.dispatch(endpoints.adminTotpEnable.initiate({ code: '999999' }))).error)).toBe(
      'bad_otp',
    );
    expect((await s.dispatch(endpoints.adminTotpEnable.initiate({ code: '123456' }))).data!.totpEnabled).toBe(true);
  });

  it('asks an operator with codes on for the current code before a new secret, turning codes off or adding an operator', async () => {
    const state = backend({ signedIn: 'alice' });
    const s = store();
    expect(adminErrorCode((await s.dispatch(endpoints.adminTotpSetup.initiate())).error)).toBe('otp_required');
    expect(adminErrorCode((await s.dispatch(endpoints.adminTotpSetup.initiate({ code: '000000' }))).error)).toBe(
      'bad_otp',
    );
    const setup = await s.dispatch(endpoints.adminTotpSetup.initiate({ code: '123456' }));
    expect(setup.data!.otpauthUrl).toMatch(/^otpauth:/);
    expect(await seen.at(-1)!.json()).toEqual({ code: '123456' });
    const add = (code?: string) =>
      s.dispatch(endpoints.adminCreateOperator.initiate({ username: 'bob', ...(code ? { code } : {}) }));
    expect(adminErrorCode((await add()).error)).toBe('otp_required');
    expect((await add('123456')).data!.operator.username).toBe('bob');
    expect(await seen.at(-1)!.json()).toEqual({ username: 'bob', code: '123456' });
    expect(state.data.audit[0]).toMatchObject({ action: 'operator.add', target: 'operator:bob' });
    const off = await s.dispatch(endpoints.adminTotpDisable.initiate({ code: '123456' }));
    expect(off.data).toEqual({ username: 'alice', totpEnabled: false, role: 'owner' });
    expect(state.data.audit[0]!.action).toBe('operator.totp-off');
  });

  it('locks an operator at the fifth wrong code (423 operator_locked even with the right one) until another unlocks them', async () => {
    const state = backend({ signedIn: 'alice' });
    const s = store();
    for (let i = 0; i < 5; i += 1)
      expect(adminErrorCode((await s.dispatch(endpoints.adminTotpDisable.initiate({ code: '000000' }))).error)).toBe(
        'bad_otp',
      );
    const locked = await s.dispatch(endpoints.adminTotpDisable.initiate({ code: '123456' }));
    expect(locked.error).toMatchObject({ code: 423, adminCode: 'operator_locked' });
    expect(state.data.audit.slice(0, 2).map((entry) => entry.action)).toEqual(['operator.lock', 'operator.otp-wrong']);
    const own = await s.dispatch(endpoints.adminUnlockOperator.initiate('alice'));
    expect(adminErrorCode(own.error)).toBe('conflict');

    state.session = 'admin';
    const list = s.dispatch(endpoints.adminOperators.initiate());
    expect((await list).data!.find((o) => o.username === 'alice')!.locked).toBe(true);
    const unlocked = await s.dispatch(endpoints.adminUnlockOperator.initiate('alice'));
    expect(unlocked.data).toMatchObject({ username: 'alice', locked: false });
    expect(seen.at(-1)!.url).toBe(`${API}/api/admin/operators/alice/unlock`);
    expect(state.data.audit[0]).toMatchObject({
      operator: 'admin',
      action: 'operator.unlock',
      target: 'operator:alice',
    });
    await settle();
    expect(state.calls.operators).toBe(2);
    list.unsubscribe();
  });

  it('puts a message of the outbox back in the queue', async () => {
    backend();
    const s = store();
    const waiting = await s.dispatch(endpoints.adminOutbox.initiate({ state: 'sent' }));
    const row = waiting.data!.items[0]!;
    const sent = await s.dispatch(endpoints.adminResendOutbox.initiate(row.id));
    expect(sent.data).toMatchObject({ id: row.id, lastError: null, attempts: 0, sentAt: null });
  });
});

describe('card-to-card: the pool and the review queue (CONTRACTS §11)', () => {
  it('adds a card typed with Persian digits and spaces, refuses a bad or repeated number, and refreshes the pool', async () => {
    const state = backend();
    const s = store();
    const pool = s.dispatch(endpoints.adminCards.initiate());
    const before = (await pool).data!;
    expect(before.map((c) => c.openOrders)).toEqual([2, 1, 0]);
    const added = await s.dispatch(
      endpoints.adminAddCard.initiate({ number: '۶۲۷۴ ۱۲۰۰ ۹۹۸۸ ۷۷۶۴', holder: ' Sahar Amini ', bank: 'تجارت' }),
    );
    expect(added.data).toMatchObject({
      number: '6274120099887764',
      holder: 'Sahar Amini',
      enabled: true,
      openOrders: 0,
    });
    await settle();
    expect(state.calls.cards).toBe(2);
    expect(endpoints.adminCards.select()(adminState(s)).data).toHaveLength(before.length + 1);
    const luhn = await s.dispatch(endpoints.adminAddCard.initiate({ number: '6274120099887765', holder: 'x' }));
    expect(luhn.error).toMatchObject({ code: 400, adminCode: 'invalid' });
    const twice = await s.dispatch(endpoints.adminAddCard.initiate({ number: '6274120099887764', holder: 'x' }));
    expect(twice.error).toMatchObject({ code: 409, adminCode: 'conflict' });
    expect(state.data.audit[0]).toMatchObject({ action: 'card.add', target: `card:${added.data!.id}` });
    pool.unsubscribe();
  });

  it('disables, enables and removes a card, each audited', async () => {
    const state = backend();
    const s = store();
    const off = await s.dispatch(endpoints.adminSetCardEnabled.initiate({ id: 1, enabled: false }));
    expect(off.data).toMatchObject({ id: 1, enabled: false });
    expect(state.data.audit[0]).toMatchObject({ action: 'card.disable', target: 'card:1' });
    const on = await s.dispatch(endpoints.adminSetCardEnabled.initiate({ id: 1, enabled: true }));
    expect(on.data).toMatchObject({ id: 1, enabled: true });
    expect((await s.dispatch(endpoints.adminRemoveCard.initiate(3))).data).toEqual({ ok: true });
    expect(state.data.audit[0]).toMatchObject({ action: 'card.remove', target: 'card:3' });
    const gone = await s.dispatch(endpoints.adminRemoveCard.initiate(3));
    expect(gone.error).toMatchObject({ code: 404, adminCode: 'not_found' });
  });

  it('lists the receipts awaiting review oldest first, with their transfer', async () => {
    backend();
    const { data } = await store().dispatch(endpoints.adminOrders.initiate(ADMIN_RECEIPT_QUEUE));
    expect(data!.total).toBe(3);
    expect(data!.items.map((row) => row.card?.state)).toEqual([
      'awaiting_review',
      'awaiting_review',
      'awaiting_review',
    ]);
    const times = data!.items.map((row) => row.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(data!.items[0]!.card).toMatchObject({ hasImage: false, amountRials: expect.any(Number) });
  });

  it('approves a receipt once: the queue refreshes, a second approval is a conflict by its code', async () => {
    const state = backend();
    const s = store();
    const queue = s.dispatch(endpoints.adminOrders.initiate(ADMIN_RECEIPT_QUEUE));
    const renewal = (await queue).data!.items.find((row) => row.username === 'demo')!;
    const approved = await s.dispatch(endpoints.adminApproveCardOrder.initiate(renewal.resNum));
    expect(approved.data).toEqual({ ok: true, resNum: renewal.resNum, state: 'paid', username: 'demo', renewed: true });
    await settle();
    expect(state.calls.orders).toBe(2);
    expect(endpoints.adminOrders.select(ADMIN_RECEIPT_QUEUE)(adminState(s)).data!.total).toBe(2);
    expect(state.data.audit[0]).toMatchObject({ action: 'order.approve', target: `order:${renewal.resNum}` });
    const again = await s.dispatch(endpoints.adminApproveCardOrder.initiate(renewal.resNum));
    expect(again.error).toMatchObject({ code: 409, adminCode: 'conflict' });
    const first = (await s.dispatch(endpoints.adminOrders.initiate(ADMIN_RECEIPT_QUEUE))).data!.items.at(-1)!;
    const made = await s.dispatch(endpoints.adminApproveCardOrder.initiate(first.resNum));
    expect(made.data).toMatchObject({ state: 'paid', renewed: false, username: expect.stringMatching(/^sp\d+$/) });
    queue.unsubscribe();
  });

  it('rejects with a reason the contract bounds, and never one already decided', async () => {
    const state = backend();
    const s = store();
    const { items } = (await s.dispatch(endpoints.adminOrders.initiate(ADMIN_RECEIPT_QUEUE))).data!;
    const resNum = items[0]!.resNum;
    const empty = await s.dispatch(endpoints.adminRejectCardOrder.initiate({ resNum, reason: '' }));
    expect(empty.error).toMatchObject({ code: 400, adminCode: 'invalid' });
    const long = await s.dispatch(endpoints.adminRejectCardOrder.initiate({ resNum, reason: 'x'.repeat(301) }));
    expect(long.error).toMatchObject({ code: 400, adminCode: 'invalid' });
    const rejected = await s.dispatch(
      endpoints.adminRejectCardOrder.initiate({ resNum, reason: 'مبلغ واریزی کمتر است' }),
    );
    expect(rejected.data).toEqual({ ok: true, resNum, state: 'rejected' });
    expect(state.data.orders.find((o) => o.resNum === resNum)!.card).toMatchObject({
      state: 'rejected',
      reason: 'مبلغ واریزی کمتر است',
    });
    const approve = await s.dispatch(endpoints.adminApproveCardOrder.initiate(resNum));
    expect(approve.error).toMatchObject({ code: 409, adminCode: 'conflict' });
  });

  it('serves the receipt image at the address an <img> asks, and 404 without one', async () => {
    const state = backend();
    const [withImage, without] = [state.data.orders[0]!, state.data.orders[2]!];
    expect([withImage.card?.hasImage, without.card?.hasImage]).toEqual([true, false]);
    const image = await fetch(`${API}${adminReceiptUrl(withImage.resNum)}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await image.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const none = await fetch(`${API}${adminReceiptUrl(without.resNum)}`);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('the admin mock inside the site’s mock backend', () => {
  it('answers the admin routes beside the site’s, and fails on demand', async () => {
    const mock = createMockBackend({ admin: { signedIn: 'alice' } });
    server.use(...mock.handlers);
    const s = store();
    expect((await s.dispatch(endpoints.adminMe.initiate())).data).toEqual({
      username: 'alice',
      totpEnabled: true,
      role: 'owner',
    });
    server.use(adminFailure('overview', 'http500'));
    const failed = await s.dispatch(endpoints.adminOverview.initiate());
    expect(failed.error).toMatchObject({ kind: 'http', code: 500 });
    expect(adminErrorCode(failed.error)).toBeUndefined();
  });
});
