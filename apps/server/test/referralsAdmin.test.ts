import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodePaymentResult,
  parsePriceMap,
  PRICE_KEY,
  type AdminOverview,
  type AdminReferralsAnswer as Referrals,
} from '@separ/domain';
import { firstRefusal, GROWTH_ADMIN_ROUTES, type AccountAnswer } from '@separ/domain/contract';
import { addOperator } from '../src/modules/operators/operators.ts';
import { updateShopSettings } from '../src/modules/settings/shopSettings.ts';
import { json, KINDS, resultData, startTestServer, type TestServer } from './harness.ts';
import { startFakeOxapay } from './fakeOxapay.ts';

/**
 * The console's referrals and revenue (issue 31 §1, §4), through the real routes on both databases:
 * `GET /api/admin/referrals` lists each referred order with its inviter, buyer and the reward paid
 * (or why none: the inviter's own renewal, its e-mail, 0 %, not completed), newest first, with the
 * totals and the top inviters; and the overview counts a dollar order at its own rate, the rate
 * changing between two of them.
 */
describe.each(KINDS)('the console’s referrals and revenue, on %s', (kind) => {
  let s: TestServer;
  let oxa: Awaited<ReturnType<typeof startFakeOxapay>>;
  let plan: { id: number; toman: number };
  let admin = '';

  beforeAll(async () => {
    oxa = await startFakeOxapay('OXA-KEY');
    s = await startTestServer(kind, {
      SEPAR_OXAPAY_MERCHANT_KEY: 'OXA-KEY',
      SEPAR_OXAPAY_BASE_URL: oxa.url,
      SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000',
    });
    const first = await s.database.db
      .selectFrom('plans')
      .selectAll()
      .where('active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    plan = { id: first.id, toman: parsePriceMap(first.price_toman)[PRICE_KEY] as number };
    await addOperator(s.ctx, { username: 'rana', password: 'correct horse battery' }, 'test');
    const signed = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'rana', password: 'correct horse battery' }),
    });
    admin = `separ_admin=${signed.cookies.find((c) => c.name === 'separ_admin')!.value}`;
  });
  afterAll(async () => {
    await s?.close();
    await oxa?.close();
  });

  const post = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers } });
  const get = (url: string, cookie = admin) => s.app.inject({ method: 'GET', url, headers: { cookie } });

  /** A purchase through the sandbox bank, paid: its order number. */
  async function buy(query: string, headers: Record<string, string> = {}): Promise<string> {
    const response = await post(`/requestAccount2?${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    const authority = /\/sandbox\/pay\/(\w+)$/.exec(json<{ url: string }>(response).url)![1]!;
    const paid = await s.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${authority}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    const location = new URL(paid.headers.location as string);
    const back = await s.app.inject(`${location.pathname}${location.search}`);
    expect(back.statusCode, back.body).toBe(303);
    const result = decodePaymentResult(resultData(String(back.headers.location)));
    expect(result.status).toBe('success');
    return result.orderId;
  }

  it('lists who referred whom with the reward paid, or why none, newest first, with totals and top inviters', async () => {
    await updateShopSettings(s.ctx, { referralPercent: 10 });
    const referrer = await s.createUser({ email: 'inviter@example.com' });
    const referrerCookie = await s.login(referrer.username, referrer.password);
    const code = json<AccountAnswer>(await post('/api/site/account', { cookie: referrerCookie })).referralCode!;
    const other = await s.createUser({ email: 'other@example.com' });
    const otherCode = json<AccountAnswer>(
      await post('/api/site/account', { cookie: await s.login(other.username, other.password) }),
    ).referralCode!;

    // A friend's purchase through the link's cookie: the inviter is paid its share.
    const friend = await buy(`plan_id=${plan.id}&email=friend@example.com&gate=ird`, { cookie: `separ_ref=${code}` });
    const reward = Math.floor((plan.toman * 10) / 100);
    // The inviter renewing its own account through its own link: nothing.
    const own = await buy(`plan_id=${plan.id}&email=inviter@example.com&gate=ird&ref=${code}`, {
      cookie: referrerCookie,
    });
    // A new account bought with the inviter's e-mail: nothing.
    const ownEmail = await buy(`plan_id=${plan.id}&email=Inviter@Example.com&gate=ird&ref=${code}`);
    // At 0 %: nothing.
    await updateShopSettings(s.ctx, { referralPercent: 0 });
    const off = await buy(`plan_id=${plan.id}&email=friend3@example.com&gate=ird&ref=${code}`);
    await updateShopSettings(s.ctx, { referralPercent: 20 });
    // Another inviter's friend, paid at 20 %.
    const second = await buy(`plan_id=${plan.id}&email=friend4@example.com&gate=ird&ref=${otherCode}`);
    const secondReward = Math.floor((plan.toman * 20) / 100);
    // An order placed and never paid.
    const placed = await post(`/requestAccount2?plan_id=${plan.id}&email=late@example.com&gate=ird&ref=${code}`);
    expect(placed.statusCode, placed.body).toBe(200);
    // An order with no referrer is not listed.
    const plain = await buy(`plan_id=${plan.id}&email=alone@example.com&gate=ird`);

    const response = await get('/api/admin/referrals');
    expect(response.statusCode, response.body).toBe(200);
    const answer = json<Referrals>(response);
    expect(firstRefusal(GROWTH_ADMIN_ROUTES.referrals.answer!, answer)).toBeNull();
    expect(answer.percent).toBe(20);
    expect(answer.items.map((r) => r.resNum)).not.toContain(plain);
    const users = await s.database.db.selectFrom('orders').select(['res_num', 'user_id']).execute();
    const usernameOf = async (resNum: string) => {
      const id = users.find((u) => u.res_num === resNum)!.user_id!;
      return (await s.database.db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirstOrThrow())
        .username;
    };
    // Newest first (the test clock stands still: the later order first).
    expect(answer.items.slice(1).map((r) => [r.resNum, r.inviter, r.reward, r.noReward])).toEqual([
      [second, other.username, secondReward, null],
      [off, referrer.username, 0, 'percentOff'],
      [ownEmail, referrer.username, 0, 'ownEmail'],
      [own, referrer.username, 0, 'ownAccount'],
      [friend, referrer.username, reward, null],
    ]);
    expect(answer.items[0]).toMatchObject({
      state: 'pending',
      inviter: referrer.username,
      buyerUsername: null,
      buyerEmail: 'late@example.com',
      reward: 0,
      noReward: 'notCompleted',
      paidAt: null,
    });
    expect(answer.items.find((r) => r.resNum === friend)).toMatchObject({
      state: 'paid',
      buyerUsername: await usernameOf(friend),
      buyerEmail: 'friend@example.com',
      amount: plan.toman,
      usdCents: null,
      paidAt: expect.any(String),
    });
    expect(answer.items.find((r) => r.resNum === own)!.buyerUsername).toBe(referrer.username);
    expect(answer.total).toBe(6);
    expect(answer.totals).toEqual({ referrals: 6, completed: 5, paid: reward + secondReward });
    // The inviter paid the most first; each counts its completed referred orders.
    const ranked = [
      { inviter: referrer.username, referrals: 4, paid: reward },
      { inviter: other.username, referrals: 1, paid: secondReward },
    ].sort((a, b) => b.paid - a.paid);
    expect(answer.topInviters).toEqual(ranked);

    // Paged and searched.
    const paged = json<Referrals>(await get('/api/admin/referrals?page=2&pageSize=25'));
    expect(paged).toMatchObject({ items: [], total: 6, page: 2, pageSize: 25 });
    const byOrder = json<Referrals>(await get(`/api/admin/referrals?q=${friend}`));
    expect(byOrder.items.map((r) => r.resNum)).toEqual([friend]);
    const byInviter = json<Referrals>(await get(`/api/admin/referrals?q=${other.username}`));
    expect(byInviter.items.map((r) => r.resNum)).toEqual([second]);
    // An e-mail is found whatever its case; nothing else is matched but whole.
    expect(json<Referrals>(await get('/api/admin/referrals?q=Friend3@Example.com')).items[0]!.resNum).toBe(off);
    expect(json<Referrals>(await get('/api/admin/referrals?q=friend3')).total).toBe(0);

    // Junk is 4xx JSON; without an operator's session, 401.
    for (const query of ['pageSize=7', 'page=0', 'page=abc', `q=${'x'.repeat(101)}`, 'pageSize=12345']) {
      const refused = await get(`/api/admin/referrals?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(json(refused), query).toMatchObject({ ok: false, code: expect.any(String) });
    }
    const anonymous = await get('/api/admin/referrals', '');
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toMatchObject({ ok: false, code: expect.any(String) });
    await updateShopSettings(s.ctx, { referralPercent: 10 });
  });

  it('counts a dollar order in the revenue at its own rate, the rate changing between two of them', async () => {
    const overview = async () => {
      const response = await get('/api/admin/overview');
      expect(response.statusCode, response.body).toBe(200);
      return json<AdminOverview>(response);
    };
    const before = await overview();

    /** A purchase through OxaPay at the shop's rate now, paid: its order row. */
    async function buyInDollars(rate: number, email: string) {
      await updateShopSettings(s.ctx, { tomanPerUsd: rate });
      const response = await post(`/requestAccount2?plan_id=${plan.id}&email=${email}&gate=oxapay&renew=0`);
      expect(response.statusCode, response.body).toBe(200);
      const resNum = String(oxa.calls.at(-1)!.body.order_id);
      const trackId = [...oxa.invoices.values()].find((i) => i.orderId === resNum)!.trackId;
      oxa.pay(trackId);
      const raw = oxa.callback(trackId);
      const callback = await s.app.inject({
        method: 'POST',
        url: '/payment/callback/oxapay',
        headers: { 'content-type': 'application/json', hmac: oxa.sign(raw) },
        payload: raw,
      });
      expect([callback.statusCode, callback.body]).toEqual([200, 'ok']);
      const order = await s.database.db
        .selectFrom('orders')
        .selectAll()
        .where('res_num', '=', resNum)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ state: 2, toman_per_usd: rate });
      return { cents: Number(order.amount_usd_cents), rate, rials: Number(order.amount) };
    }
    // Rates at which the plan's price is no whole number of cents: the dollars received, at the
    // order's rate, are not the toman price the order was made from.
    const first = await buyInDollars(58_300, 'usd1@example.com');
    const second = await buyInDollars(61_700, 'usd2@example.com');
    const after = await overview();

    const atOwnRate = (first.cents * first.rate + second.cents * second.rate) / 100;
    const atTodaysRate = ((first.cents + second.cents) * second.rate) / 100;
    const fromTomanPrice = (first.rials + second.rials) / 10;
    // The test tells the three apart, so that it fails if either other way were used.
    expect(new Set([Math.round(atOwnRate), Math.round(atTodaysRate), Math.round(fromTomanPrice)]).size).toBe(3);
    for (const span of ['today', 'week', 'month'] as const) {
      expect(after.revenue[span] - before.revenue[span], span).toBe(Math.round(atOwnRate));
      expect(after.revenueUsdCents[span] - before.revenueUsdCents[span], span).toBe(first.cents + second.cents);
    }
    expect(after.revenueByDay.at(-1)!.toman - before.revenueByDay.at(-1)!.toman).toBe(Math.round(atOwnRate));
    expect(after.revenueByDay.at(-1)!.orders - before.revenueByDay.at(-1)!.orders).toBe(2);
  });
});
