import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResult, type PaymentResult, DAY_MS } from '@separ/domain';
import { json, KINDS, startTestServer, type TestServer, resultData } from '../../../test/harness.ts';
import { runReminders } from '../messaging/reminders.ts';
import { completeOrder, ORDER, orderById } from './orders.ts';
import { renewedTerms, renewToken, renewTokenUser, RENEW_COOKIE } from '../accounts/renewal.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const plan = { id: 7, subs_days: 30, allowed_mb: 51_200, allowed_devices: 2, ios: 0 };
const account = { expire_date: null, subs_days: 0, allowed_mb: 10_240, allowed_devices: 1, ios: 0 };

describe('renewed terms', () => {
  it('count the days from the current expiry while it is ahead, from now once it has passed', () => {
    const ahead = new Date(NOW.getTime() + 10 * DAY_MS).toISOString();
    expect(renewedTerms({ ...account, expire_date: ahead }, plan, NOW).expire_date).toBe(
      new Date(NOW.getTime() + 40 * DAY_MS).toISOString(),
    );
    const past = new Date(NOW.getTime() - 10 * DAY_MS).toISOString();
    expect(renewedTerms({ ...account, expire_date: past }, plan, NOW).expire_date).toBe(
      new Date(NOW.getTime() + 30 * DAY_MS).toISOString(),
    );
  });

  it('add the days to a pending account, which still starts at its first connection', () => {
    expect(renewedTerms({ ...account, subs_days: 3 }, plan, NOW)).toMatchObject({ subs_days: 33, expire_date: null });
  });

  it('add the data (unlimited stays unlimited), take the higher devices, and lift a free speed limit', () => {
    expect(renewedTerms(account, plan, NOW)).toMatchObject({
      allowed_mb: 61_440,
      allowed_devices: 2,
      plan_id: 7,
      speed_limit_mbps: null,
    });
    expect(renewedTerms({ ...account, allowed_mb: -1 }, plan, NOW).allowed_mb).toBe(-1);
    expect(renewedTerms(account, { ...plan, allowed_mb: -1 }, NOW).allowed_mb).toBe(-1);
    expect(renewedTerms({ ...account, allowed_devices: 5 }, plan, NOW).allowed_devices).toBe(5);
    expect(renewedTerms(account, { ...plan, ios: 1 }, NOW).ios).toBe(1);
    expect(renewedTerms({ ...account, ios: 1 }, plan, NOW).ios).toBe(1);
  });
});

/** Renewals (issue #24) through the real routes and the sandbox bank, on both databases. */
describe.each(KINDS)('renewals on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, {
      SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000',
      SEPAR_PUBLIC_URL: 'https://shop.separ.test',
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  const purchase = async (query: string, cookie?: string) => {
    const response = await s.app.inject({
      method: 'POST',
      url: `/requestAccount2?${query}`,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = json<{ ok: boolean; url: string; message: string; renew?: { username: string } }>(response);
    const authority = /\/sandbox\/pay\/(\w+)$/.exec(body.url)![1]!;
    return { body, authority };
  };

  /** The payer presses Pay on the sandbox page; the return's URL. */
  async function pay(authority: string) {
    const response = await s.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${authority}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    const location = new URL(response.headers.location as string);
    return `${location.pathname}${location.search}`;
  }

  async function followReturn(callback: string): Promise<PaymentResult> {
    const response = await s.app.inject(callback);
    expect(response.statusCode, response.body).toBe(303);
    return decodePaymentResult(resultData(String(response.headers.location)));
  }

  const orderOf = (authority: string) =>
    s.database.db.selectFrom('orders').selectAll().where('authority', '=', authority).executeTakeFirstOrThrow();
  const userRow = (id: number) =>
    s.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const countUsers = async () =>
    Number(
      (
        await s.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const subUrl = async (cookie: string) =>
    json<{ subUrl: string }>(await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }))
      .subUrl;

  it('a logged-in buyer extends their own account: same username, password and subscription link, no password shown', async () => {
    const expires = new Date(s.clock.now.getTime() + 10 * DAY_MS).toISOString();
    const user = await s.createUser({ expireDate: expires, allowedMB: 10_240, allowedDevices: 1 });
    const cookie = await s.login(user.username, user.password);
    const linkBefore = await subUrl(cookie);
    const renewal = json<{ renewal: { username: string; via: string } | null }>(
      await s.app.inject({ method: 'POST', url: '/api/site/renewal', headers: { cookie } }),
    );
    expect(renewal.renewal).toMatchObject({ username: user.username, via: 'session' });

    const users = await countUsers();
    const { body, authority } = await purchase('plan_id=2&email=renew@example.com&gate=ird', cookie);
    // The contract's answer, with the renewal added.
    expect(body).toMatchObject({ ok: true, message: 'Redirecting to the payment gateway.' });
    expect(body.renew).toEqual({ username: user.username });
    expect((await orderOf(authority)).renew_user_id).toBe(user.id);

    const result = await followReturn(await pay(authority));
    expect(result).toMatchObject({ status: 'success', renewed: true, username: user.username, password: '' });
    expect(await countUsers()).toBe(users);
    const after = await userRow(user.id);
    // Plan 2: 90 days, 150 GB, 2 devices, counted from the expiry 10 days ahead.
    expect(after.expire_date).toBe(new Date(Date.parse(expires) + 90 * DAY_MS).toISOString());
    expect(Number(after.allowed_mb)).toBe(10_240 + 153_600);
    expect(after.allowed_devices).toBe(2);
    expect(after.plan_id).toBe(2);
    // The old password still logs in, and the subscription link is the same.
    const again = await s.login(user.username, user.password);
    expect(await subUrl(again)).toBe(linkBefore);
    // The payment is in the account's list; the receipt names the account and carries no password.
    const payments = await s.database.db.selectFrom('payments').selectAll().where('user_id', '=', user.id).execute();
    expect(payments.map((p) => p.res_num)).toEqual([(await orderOf(authority)).res_num]);
    const receipt = await s.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('order_id', '=', (await orderOf(authority)).id)
      .executeTakeFirstOrThrow();
    const text = s.box.open(receipt.body_sealed);
    expect(receipt.subject).toContain('تمدید');
    expect(text).toContain(user.username);
    expect(text).not.toContain('رمز عبور:');
  });

  it('counts an expired account from now, and adds to the pending days of an account never connected', async () => {
    const expired = await s.createUser({ expireDate: new Date(s.clock.now.getTime() - 5 * DAY_MS).toISOString() });
    const { authority } = await purchase(
      'plan_id=1&email=renew@example.com&gate=ird',
      await s.login(expired.username, expired.password),
    );
    expect((await followReturn(await pay(authority))).renewed).toBe(true);
    expect((await userRow(expired.id)).expire_date).toBe(new Date(s.clock.now.getTime() + 30 * DAY_MS).toISOString());

    const pending = await s.createUser({ expireDate: null, subsDays: 7 });
    const second = await purchase(
      'plan_id=1&email=renew@example.com&gate=ird',
      await s.login(pending.username, pending.password),
    );
    await followReturn(await pay(second.authority));
    expect(await userRow(pending.id)).toMatchObject({ subs_days: 37, expire_date: null });
  });

  it('a renewal paid twice in parallel extends the account once', async () => {
    const expires = new Date(s.clock.now.getTime() + 3 * DAY_MS).toISOString();
    const user = await s.createUser({ expireDate: expires, allowedMB: 1024 });
    const { authority } = await purchase(
      'plan_id=1&email=twice@example.com&gate=ird',
      await s.login(user.username, user.password),
    );
    const callback = await pay(authority);
    const order = await orderOf(authority);
    // Two completions of the same verified payment at once (two processes), and ten browser returns.
    const [a, b, ...returns] = await Promise.all([
      completeOrder(s.ctx, order, 'REF-A', { actor: 'return', detail: 'test' }),
      completeOrder(s.ctx, order, 'REF-B', { actor: 'reconcile', detail: 'test' }),
      ...Array.from({ length: 10 }, () => followReturn(callback)),
    ]);
    const completed = [a, b].filter((r) => r.outcome === 'completed');
    const successes = returns.filter((r) => r.status === 'success');
    expect(completed.length + successes.length).toBe(1);
    expect(returns.filter((r) => r.status === 'duplicate')).toHaveLength(successes.length === 1 ? 9 : 10);
    const after = await userRow(user.id);
    expect(after.expire_date).toBe(new Date(Date.parse(expires) + 30 * DAY_MS).toISOString());
    expect(Number(after.allowed_mb)).toBe(1024 + 51_200);
    expect(
      await s.database.db.selectFrom('payments').selectAll().where('user_id', '=', user.id).execute(),
    ).toHaveLength(1);
    expect((await orderById(s.database.db, order.id)).state).toBe(ORDER.paid);
    // And once more, replayed later: nothing changes.
    expect((await completeOrder(s.ctx, order, 'REF-C', { actor: 'return', detail: 'replay' })).outcome).toBe(
      'duplicate',
    );
    expect((await userRow(user.id)).expire_date).toBe(after.expire_date);
  });

  it('a logged-out purchase still creates a new account, and renew=0 buys a new one while logged in', async () => {
    const users = await countUsers();
    const { body, authority } = await purchase('plan_id=1&email=new@example.com&gate=ird');
    expect(body).not.toHaveProperty('renew');
    const result = await followReturn(await pay(authority));
    expect(result.status).toBe('success');
    expect(result.renewed).toBeUndefined();
    expect(result.password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(await countUsers()).toBe(users + 1);
    expect((await orderOf(authority)).renew_user_id).toBeNull();

    const user = await s.createUser();
    const optOut = await purchase(
      'plan_id=1&email=new@example.com&gate=ird&renew=0',
      await s.login(user.username, user.password),
    );
    expect(optOut.body).not.toHaveProperty('renew');
    expect((await followReturn(await pay(optOut.authority))).renewed).toBeUndefined();
    expect(await countUsers()).toBe(users + 3);
  });

  it("the reminder's renew link leads to the plans, and what is bought there renews that account", async () => {
    const expires = new Date(s.clock.now.getTime() + 2 * DAY_MS).toISOString();
    const user = await s.createUser({ email: 'reminded@example.com', expireDate: expires });
    await runReminders(s.ctx);
    const mail = await s.database.db
      .selectFrom('outbox')
      .select('body_sealed')
      .where('recipient', '=', 'reminded@example.com')
      .executeTakeFirstOrThrow();
    const link = /https:\/\/shop\.separ\.test(\/renew\?\S+)/.exec(s.box.open(mail.body_sealed))![1]!;
    const followed = await s.app.inject({ method: 'GET', url: link });
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe('/buy?lng=fa');
    const cookie = followed.cookies.find((c) => c.name === RENEW_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const jar = `${RENEW_COOKIE}=${cookie.value}`;

    // A session outranks the link (CONTRACTS §15): a logged-in buyer's purchase renews their own
    // account, whatever renew link the browser followed (finding 11: a link planted by someone else).
    const other = await s.createUser();
    const session = await s.login(other.username, other.password);
    const own = await s.app.inject({
      method: 'POST',
      url: '/api/site/renewal',
      headers: { cookie: `${jar}; ${session}` },
    });
    expect(json(own)).toMatchObject({ renewal: { username: other.username, via: 'session' } });
    const mine = await purchase('plan_id=1&email=reminded@example.com&gate=ird', `${jar}; ${session}`);
    expect(mine.body.renew).toEqual({ username: other.username });
    expect((await orderOf(mine.authority)).renew_user_id).toBe(other.id);

    // A visitor who is not logged in: the link names the account.
    const { body, authority } = await purchase('plan_id=1&email=reminded@example.com&gate=ird', jar);
    expect(body.renew).toEqual({ username: user.username });
    const returned = await s.app.inject({ url: await pay(authority), headers: { cookie: jar } });
    const result = decodePaymentResult(resultData(String(returned.headers.location)));
    expect(result).toMatchObject({ renewed: true, username: user.username });
    expect((await userRow(user.id)).expire_date).toBe(new Date(Date.parse(expires) + 30 * DAY_MS).toISOString());
    // Its work done, the link is forgotten; so it is at a login.
    expect(returned.cookies.find((c) => c.name === RENEW_COOKIE)?.value).toBe('');
    const login = await s.app.inject({
      method: 'POST',
      url: `/site_login?username=${other.username}&password=${other.password}`,
      headers: { cookie: jar },
    });
    expect(login.cookies.find((c) => c.name === RENEW_COOKIE)?.value).toBe('');
  });

  it('refuses a forged or expired renew link: it leads to an ordinary purchase', async () => {
    const user = await s.createUser();
    const token = renewToken(s.ctx, user.id, s.clock.now);
    expect(renewTokenUser(s.ctx, token, s.clock.now)).toBe(user.id);
    expect(renewTokenUser(s.ctx, token.replace(/^\d+/, String(user.id + 1)), s.clock.now)).toBeNull();
    expect(renewTokenUser(s.ctx, `${token.slice(0, -2)}xx`, s.clock.now)).toBeNull();
    expect(renewTokenUser(s.ctx, token, new Date(s.clock.now.getTime() + 31 * DAY_MS))).toBeNull();
    const forged = await s.app.inject({ method: 'GET', url: `/renew?t=${user.id}.99999.${'a'.repeat(43)}` });
    expect(forged.statusCode).toBe(303);
    expect(forged.cookies.find((c) => c.name === RENEW_COOKIE)).toBeUndefined();
    // A forged cookie renews nothing.
    const { body } = await purchase('plan_id=1&email=x@example.com&gate=ird', `${RENEW_COOKIE}=${user.id}.99999.abc`);
    expect(body).not.toHaveProperty('renew');
    // `next` goes to one plan's payment page, nowhere else.
    const next = await s.app.inject({
      method: 'GET',
      url: `/renew?t=${token}&next=${encodeURIComponent('/payment?plan_id=3')}`,
    });
    expect(next.headers.location).toBe('/payment?plan_id=3');
    const away = await s.app.inject({
      method: 'GET',
      url: `/renew?t=${token}&next=${encodeURIComponent('//evil.example')}`,
    });
    expect(away.headers.location).toBe('/buy');
  });

  it('a renewal whose account was deleted before the payment completes still buys a new account', async () => {
    const user = await s.createUser();
    const { authority } = await purchase(
      'plan_id=1&email=gone@example.com&gate=ird',
      await s.login(user.username, user.password),
    );
    await s.database.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await s.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    const result = await followReturn(await pay(authority));
    expect(result.status).toBe('success');
    expect(result.renewed).toBeUndefined();
    expect(result.password).not.toBe('');
  });
});
