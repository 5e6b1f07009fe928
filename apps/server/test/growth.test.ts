import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResult, parsePriceMap, PRICE_KEY, type PaymentResult } from '@separ/domain';
import { firstRefusal, CouponAnswer, type AccountAnswer, type WalletAnswer } from '@separ/domain/contract';
import { runAdmin } from '../src/cli/admin.ts';
import { addOperator } from '../src/modules/operators/operators.ts';
import { GUESS_LIMIT } from '../src/modules/growth/index.ts';
import { updateShopSettings } from '../src/modules/settings/shopSettings.ts';
import { adjustWallet } from '../src/modules/wallet/index.ts';
import { json, KINDS, resultData, startTestServer, type TestServer } from './harness.ts';

/**
 * Discount codes, gift codes and referrals (CONTRACTS §12) through the real routes, separ-admin and
 * the sandbox bank, on both databases: each limit of a code with its own refusal, a use counted
 * once when its order completes (and never past --max-uses, however many orders race), a gift code
 * redeemed once under ten parallel redemptions, a referral paid once and never for the referrer's
 * own renewal or at 0 %, and junk on every new endpoint answered 4xx in JSON.
 */
describe.each(KINDS)('growth, on %s', (kind) => {
  let s: TestServer;
  let plan: { id: number; toman: number; credit: number };
  let otherPlan: number;

  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000' });
    const rows = await s.database.db.selectFrom('plans').selectAll().where('active', '=', 1).orderBy('id').execute();
    const first = rows[0]!;
    plan = {
      id: first.id,
      toman: parsePriceMap(first.price_toman)[PRICE_KEY] as number,
      credit: parsePriceMap(first.price_credit)[PRICE_KEY] as number,
    };
    otherPlan = rows[1]!.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  const post = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers } });
  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines;
  };
  /** Each test's requests come from their own address, so that one test's wrong codes never throttle another's. */
  let address = 10;
  const from = () => ({ remoteAddress: `10.0.${kind === 'sqlite' ? 1 : 2}.${address++}` });
  const check = (query: string, headers: Record<string, string> = {}, ip = from()) =>
    s.app.inject({ method: 'POST', url: `/api/site/coupon?${query}`, headers, ...ip });

  async function pay(url: string): Promise<string> {
    const authority = /\/sandbox\/pay\/(\w+)$/.exec(url)![1]!;
    const response = await s.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${authority}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    const location = new URL(response.headers.location as string);
    return `${location.pathname}${location.search}`;
  }
  async function followReturn(path: string): Promise<PaymentResult> {
    const response = await s.app.inject(path);
    expect(response.statusCode, response.body).toBe(303);
    return decodePaymentResult(resultData(String(response.headers.location)));
  }
  /** The last purchase's return path (to replay it). */
  let lastReturn = '';
  /** A purchase through the sandbox bank, paid: the order row after it. */
  async function buy(query: string, headers: Record<string, string> = {}) {
    const response = await post(`/requestAccount2?${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    lastReturn = await pay(json<{ url: string }>(response).url);
    const result = await followReturn(lastReturn);
    expect(result.status).toBe('success');
    return s.database.db
      .selectFrom('orders')
      .selectAll()
      .where('res_num', '=', result.orderId)
      .executeTakeFirstOrThrow();
  }
  const coupon = (code: string) =>
    s.database.db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

  it('prices a plan with a percent code and a fixed one, and says why a code does not apply', async () => {
    await cli('coupons', 'add', '--code', 'ten', '--percent', '10');
    await cli('coupons', 'add', '--code', 'FIX5000', '--amount', '5000');
    await cli('coupons', 'add', '--code', 'OLD', '--percent', '5', '--until', '2026-05-01');
    await cli('coupons', 'add', '--code', 'SOON', '--percent', '5', '--from', '2026-07-01');
    await cli('coupons', 'add', '--code', 'ONLY2', '--percent', '5', '--plans', String(otherPlan));
    await cli('coupons', 'add', '--code', 'GONE', '--percent', '5');
    await cli('coupons', 'disable', 'gone');

    const ten = await check(`code=Ten&plan_id=${plan.id}`);
    expect(ten.statusCode, ten.body).toBe(200);
    const answer = json<CouponAnswer>(ten);
    expect(firstRefusal(CouponAnswer, answer)).toBeNull();
    const discount = Math.floor(plan.toman / 10);
    expect(answer).toEqual({ ok: true, code: 'TEN', price: plan.toman - discount, discount });
    expect(json(await check(`code=fix5000&plan_id=${plan.id}`))).toEqual({
      ok: true,
      code: 'FIX5000',
      price: plan.toman - 5000,
      discount: 5000,
    });
    expect(json(await check(`code=ONLY2&plan_id=${otherPlan}`))).toMatchObject({ ok: true, code: 'ONLY2' });

    const refusals: Array<[string, number, string]> = [
      [`code=NOSUCH&plan_id=${plan.id}`, 404, 'couponUnknown'],
      [`code=GONE&plan_id=${plan.id}`, 404, 'couponUnknown'],
      [`code=OLD&plan_id=${plan.id}`, 410, 'couponExpired'],
      [`code=SOON&plan_id=${plan.id}`, 409, 'couponNotYetValid'],
      [`code=ONLY2&plan_id=${plan.id}`, 422, 'couponNotForPlan'],
      [`code=TEN&plan_id=999999`, 404, 'planNotFound'],
      [`plan_id=${plan.id}`, 400, 'missingParameter'],
    ];
    for (const [query, status, code] of refusals) {
      const response = await check(query);
      expect(response.statusCode, query).toBe(status);
      expect(json(response), query).toMatchObject({ ok: false, code });
    }
    // The same reasons refuse an order, which then is not placed.
    const orders = async () =>
      Number(
        (
          await s.database.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await orders();
    for (const [code, status] of [
      ['OLD', 410],
      ['SOON', 409],
      ['ONLY2', 422],
      ['NOSUCH', 404],
    ] as const) {
      const response = await post(`/requestAccount2?plan_id=${plan.id}&email=a@example.com&gate=ird&coupon=${code}`);
      expect(response.statusCode, code).toBe(status);
    }
    expect(await orders()).toBe(before);
    expect((await cli('coupons', 'list')).join('\n')).toMatch(/GONE.*disabled/);
  });

  it('charges the discounted price, keeps the code on the order and counts its use once, on completion', async () => {
    await cli('coupons', 'add', '--code', 'HALF', '--percent', '50', '--max-uses', '5');
    const response = await post(`/requestAccount2?plan_id=${plan.id}&email=half@example.com&gate=ird&coupon=half`);
    const { url } = json<{ url: string }>(response);
    const pending = await s.database.db
      .selectFrom('orders')
      .selectAll()
      .where('email', '=', 'half@example.com')
      .executeTakeFirstOrThrow();
    const price = plan.toman - Math.floor(plan.toman / 2);
    expect(pending).toMatchObject({ coupon_code: 'HALF', amount: price * 10 });
    expect(Number(pending.discount_toman)).toBe(Math.floor(plan.toman / 2));
    // The bank is asked for the discounted amount.
    const bank = await s.database.db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('order_id', '=', pending.res_num)
      .executeTakeFirstOrThrow();
    expect(Number(bank.amount)).toBe(price * 10);
    expect((await coupon('HALF')).uses).toBe(0);
    const path = await pay(url);
    await Promise.all(Array.from({ length: 5 }, () => s.app.inject(path)));
    expect((await coupon('HALF')).uses).toBe(1);
    // The operator's view of the order says its code and what it took off.
    expect((await cli('payments', 'show', pending.res_num)).join('\n')).toMatch(
      new RegExp(`^discount code: +HALF, ${Math.floor(plan.toman / 2)} tomans off$`, 'm'),
    );
    const uses = await s.database.db.selectFrom('coupon_uses').selectAll().where('order_id', '=', pending.id).execute();
    expect(uses).toHaveLength(1);
  });

  it('builds a card order’s unique amount on the discounted price', async () => {
    await cli('cards', 'add', '--number', '6037 9900 0000 0006', '--holder', 'Growth');
    await cli('coupons', 'add', '--code', 'CARD20', '--percent', '20');
    const response = await post(`/requestAccount2?plan_id=${plan.id}&email=card@example.com&gate=card&coupon=CARD20`);
    expect(response.statusCode, response.body).toBe(200);
    const resNum = json<{ url: string }>(response).url.split('/').pop()!;
    const transfer = json<{ amount: number }>(await s.app.inject(`/api/site/card/${resNum}`));
    const price = plan.toman - Math.floor(plan.toman / 5);
    expect(transfer.amount).toBeGreaterThan(price * 10);
    expect(transfer.amount).toBeLessThan(price * 10 + 100_000);
    const order = await s.database.db
      .selectFrom('orders')
      .selectAll()
      .where('res_num', '=', resNum)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ coupon_code: 'CARD20' });
    expect(Number(order.discount_toman)).toBe(Math.floor(plan.toman / 5));
    await cli('cards', 'disable', '1');
  });

  it('refuses any code on a wallet top-up', async () => {
    const user = await s.createUser();
    const cookie = await s.login(user.username, user.password);
    const response = await post('/api/site/wallet/topup?amount=50000&gate=ird&coupon=TEN', { cookie });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ ok: false, code: 'couponNotForTopup' });
  });

  it('counts per buyer and first purchase by the account when signed in, by the e-mail otherwise', async () => {
    await cli('coupons', 'add', '--code', 'ONCE', '--amount', '1000', '--per-user', '1');
    await cli('coupons', 'add', '--code', 'WELCOME', '--percent', '20', '--first-purchase');
    // A visitor: the first purchase with the e-mail takes both codes; the second is refused each.
    expect(json(await check(`code=WELCOME&plan_id=${plan.id}&email=new@example.com`))).toMatchObject({ ok: true });
    await buy(`plan_id=${plan.id}&email=new@example.com&gate=ird&coupon=ONCE`);
    const perUser = await post(`/requestAccount2?plan_id=${plan.id}&email=NEW@example.com&gate=ird&coupon=ONCE`);
    expect(perUser.statusCode).toBe(409);
    expect(json(perUser)).toMatchObject({ code: 'couponPerUserLimit' });
    const first = await check(`code=WELCOME&plan_id=${plan.id}&email=new@example.com`);
    expect(first.statusCode).toBe(403);
    expect(json(first)).toMatchObject({ code: 'couponFirstPurchaseOnly' });
    // Another e-mail is another buyer.
    expect(json(await check(`code=ONCE&plan_id=${plan.id}&email=other@example.com`))).toMatchObject({ ok: true });

    // Signed in: the account's own purchases count, whatever e-mail the order gives.
    const user = await s.createUser({ email: 'member@example.com' });
    const cookie = await s.login(user.username, user.password);
    expect(json(await check(`code=WELCOME&plan_id=${plan.id}`, { cookie }))).toMatchObject({ ok: true });
    await buy(`plan_id=${plan.id}&email=member@example.com&gate=ird&coupon=ONCE`, { cookie });
    const again = await check(`code=ONCE&plan_id=${plan.id}`, { cookie });
    expect(json(again)).toMatchObject({ code: 'couponPerUserLimit' });
    expect(json(await check(`code=WELCOME&plan_id=${plan.id}`, { cookie }))).toMatchObject({
      code: 'couponFirstPurchaseOnly',
    });
  });

  it('lets a max-uses-1 code complete one of ten wallet purchases made at once, and refuses new orders after', async () => {
    await cli('coupons', 'add', '--code', 'SINGLE', '--amount', '2000', '--max-uses', '1');
    const buyer = await s.createUser();
    const cookie = await s.login(buyer.username, buyer.password);
    await adjustWallet(s.ctx, buyer.username, { amount: plan.credit * 10, reason: 'test' }, 'test');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(`/requestAccount2?plan_id=${plan.id}&gate=wallet&coupon=SINGLE`, { cookie }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.statusCode !== 200))
      expect(json(refused)).toMatchObject({ ok: false, code: 'couponUsedUp' });
    expect((await coupon('SINGLE')).uses).toBe(1);
    const wallet = json<WalletAnswer>(await post('/api/site/wallet', { cookie }));
    expect(wallet.entries.filter((e) => e.kind === 'purchase').map((e) => e.amount)).toEqual([-(plan.credit - 2000)]);
    const refused = await post(`/requestAccount2?plan_id=${plan.id}&email=x@example.com&gate=ird&coupon=SINGLE`);
    expect(json(refused)).toMatchObject({ code: 'couponUsedUp' });
  });

  it('counts a max-uses-1 code once when orders placed together all complete', async () => {
    await cli('coupons', 'add', '--code', 'RACE', '--percent', '10', '--max-uses', '1');
    const placed = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        post(`/requestAccount2?plan_id=${plan.id}&email=race${i}@example.com&gate=spay&coupon=RACE`),
      ),
    );
    expect(placed.every((r) => r.statusCode === 200)).toBe(true);
    const paths = await Promise.all(placed.map((r) => pay(json<{ url: string }>(r).url)));
    const results = await Promise.all(paths.map((path) => followReturn(path)));
    // The money arrived: every order completes, and the code is counted once.
    expect(results.map((r) => r.status)).toEqual(['success', 'success', 'success']);
    expect((await coupon('RACE')).uses).toBe(1);
    expect(
      await s.database.db
        .selectFrom('coupon_uses')
        .selectAll()
        .where('coupon_id', '=', (await coupon('RACE')).id)
        .execute(),
    ).toHaveLength(1);
  });

  it('prints gift codes once, kept only as MACs, and redeems one once even ten times at once', async () => {
    const codes = await cli('gifts', 'add', '--amount', '20000', '--count', '3');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^G-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const stored = JSON.stringify(await s.database.db.selectFrom('gift_codes').selectAll().execute());
    for (const code of codes) expect(stored).not.toContain(code.slice(2, 6) + code.slice(7, 11));

    const user = await s.createUser();
    const cookie = await s.login(user.username, user.password);
    const redeem = (code: string, headers = { cookie }) =>
      s.app.inject({ method: 'POST', url: `/api/site/wallet/redeem?code=${encodeURIComponent(code)}`, headers });
    const answers = await Promise.all(Array.from({ length: 10 }, () => redeem(codes[0]!)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(json(answers.find((r) => r.statusCode === 200)!)).toEqual({ ok: true, amount: 20_000, balance: 20_000 });
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(json(refused)).toMatchObject({ ok: false, code: 'giftUsed' });
    }
    // Typed another way (lower case, no dashes) it is the same code, and it is used.
    expect(json(await redeem(codes[0]!.toLowerCase().replaceAll('-', '')))).toMatchObject({ code: 'giftUsed' });
    const wallet = json<WalletAnswer>(await post('/api/site/wallet', { cookie }));
    expect(wallet.entries).toMatchObject([{ kind: 'gift', amount: 20_000, balance: 20_000, ref: codes[0] }]);
    expect(json(await redeem(codes[1]!))).toMatchObject({ ok: true, balance: 40_000 });
    expect(json(await redeem('G-0000-0000-0000-0000'))).toMatchObject({ code: 'giftUnknown' });
    const signedOut = await redeem(codes[2]!, {} as { cookie: string });
    expect(signedOut.statusCode).toBe(401);

    const [old] = await cli('gifts', 'add', '--amount', '5000', '--until', '2026-05-01');
    const expired = await redeem(old!);
    expect(expired.statusCode).toBe(410);
    expect(json(expired)).toMatchObject({ code: 'giftExpired' });
  });

  it('pays the referrer once, never for its own renewal, and nothing at 0 %', async () => {
    const referrer = await s.createUser({ email: 'referrer@example.com' });
    const referrerCookie = await s.login(referrer.username, referrer.password);
    const account = json<AccountAnswer>(await post('/api/site/account', { cookie: referrerCookie }));
    expect(account.referralCode).toMatch(/^[a-z0-9]{10}$/);
    // Stable: the same code on every look.
    expect(json<AccountAnswer>(await post('/api/site/account', { cookie: referrerCookie })).referralCode).toBe(
      account.referralCode,
    );
    const code = account.referralCode!;

    // A visitor arrives with ?ref= and gets the 30-day cookie.
    const landing = await s.app.inject(`/?ref=${code}`);
    const cookie = landing.cookies.find((c) => c.name === 'separ_ref');
    expect(cookie).toMatchObject({ value: code, httpOnly: true, path: '/' });
    expect(cookie!.maxAge).toBe(30 * 86_400);

    const balance = async () => json<WalletAnswer>(await post('/api/site/wallet', { cookie: referrerCookie })).balance;
    const order = await buy(`plan_id=${plan.id}&email=friend@example.com&gate=ird`, { cookie: `separ_ref=${code}` });
    expect(order.referrer_user_id).toBe(referrer.id);
    const reward = Math.floor((plan.toman * 10) / 100);
    expect(await balance()).toBe(reward);
    const wallet = json<WalletAnswer>(await post('/api/site/wallet', { cookie: referrerCookie }));
    expect(wallet.entries).toMatchObject([{ kind: 'referral', amount: reward, ref: order.res_num }]);
    // A replayed return pays nothing more.
    expect((await followReturn(lastReturn)).status).toBe('duplicate');
    expect(await balance()).toBe(reward);

    // The referrer renewing its own account through its own link: no reward.
    await buy(`plan_id=${plan.id}&email=referrer@example.com&gate=ird&ref=${code}`, { cookie: referrerCookie });
    expect(await balance()).toBe(reward);

    // Nor for a purchase with the referrer's own e-mail, signed in or not.
    await buy(`plan_id=${plan.id}&email=Referrer@Example.com&gate=ird&ref=${code}`);
    expect(await balance()).toBe(reward);

    // A discounted purchase pays the share of what was paid.
    await cli('coupons', 'add', '--code', 'REFHALF', '--percent', '50');
    await buy(`plan_id=${plan.id}&email=friend2@example.com&gate=ird&coupon=REFHALF&ref=${code}`);
    const paid = plan.toman - Math.floor(plan.toman / 2);
    expect(await balance()).toBe(reward + Math.floor((paid * 10) / 100));

    // At 0 % the shop pays no referrals.
    expect((await cli('settings', 'set', '--referral-percent', '0')).join('\n')).toContain('referral %');
    const before = await balance();
    await buy(`plan_id=${plan.id}&email=friend3@example.com&gate=ird&ref=${code}`);
    expect(await balance()).toBe(before);
    await updateShopSettings(s.ctx, { referralPercent: 10 });
  });

  it('throttles wrong codes per client and per account with 429 JSON', async () => {
    const ip = from();
    let last = await check(`code=WRONG0&plan_id=${plan.id}`, {}, ip);
    for (let i = 1; i <= GUESS_LIMIT && last.statusCode !== 429; i++)
      last = await check(`code=WRONG${i}&plan_id=${plan.id}`, {}, ip);
    expect(last.statusCode).toBe(429);
    expect(json(last)).toMatchObject({ ok: false, code: 'tooManyAttempts' });
    // Another client is not held back; the same account from anywhere is, for gift codes too.
    expect((await check(`code=TEN&plan_id=${plan.id}`)).statusCode).toBe(200);
    const user = await s.createUser();
    const cookie = await s.login(user.username, user.password);
    let gift = await s.app.inject({
      method: 'POST',
      url: '/api/site/wallet/redeem?code=G-1111-1111-1111-1110',
      headers: { cookie },
      ...from(),
    });
    for (let i = 0; i < GUESS_LIMIT && gift.statusCode !== 429; i++)
      gift = await s.app.inject({
        method: 'POST',
        url: `/api/site/wallet/redeem?code=G-1111-1111-1111-${String(1000 + i)}`,
        headers: { cookie },
        ...from(),
      });
    expect(gift.statusCode).toBe(429);
    expect(json(gift)).toMatchObject({ ok: false, code: 'tooManyAttempts' });
  });

  it('answers junk on every new endpoint with 4xx JSON, never 5xx', async () => {
    const user = await s.createUser();
    const cookie = await s.login(user.username, user.password);
    const junk = ['', '%00', 'x'.repeat(300), '٪٪', "' or 1=1 --", '[]', '{"a":1}', 'G-', '-1', '1e999', '\u202e'];
    const urls = junk.flatMap((value) => {
      const v = encodeURIComponent(value);
      return [
        `/api/site/coupon?code=${v}&plan_id=${v}`,
        `/api/site/coupon?code=${v}&plan_id=${plan.id}&email=${v}`,
        `/api/site/coupon?code=TEN&plan_id=${v}`,
        `/api/site/wallet/redeem?code=${v}`,
        `/requestAccount2?plan_id=${plan.id}&email=j@example.com&gate=ird&coupon=${v}&ref=${v}`,
        `/api/site/wallet/topup?amount=50000&gate=ird&coupon=${v}`,
      ];
    });
    for (const url of urls) {
      for (const body of [undefined, '{"code":[1,2]}', 'not json']) {
        const response = await s.app.inject({
          method: 'POST',
          url,
          headers: { cookie, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { payload: body }),
          ...from(),
        });
        if (response.statusCode === 200) continue;
        expect(response.statusCode, `${url} ${body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url} ${body}`).toBeLessThan(500);
        expect(json(response), url).toMatchObject({ ok: false, code: expect.any(String) });
      }
    }
  });

  it('gives the console the same codes and settings, audited with the operator', async () => {
    await addOperator(s.ctx, { username: 'gita', password: 'correct horse battery' }, 'test');
    const signed = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'gita', password: 'correct horse battery' }),
    });
    const admin = `separ_admin=${signed.cookies.find((c) => c.name === 'separ_admin')!.value}`;
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
      s.app.inject({
        method,
        url,
        headers: { cookie: admin, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });
    const added = await call('POST', '/api/admin/coupons', {
      code: 'console15',
      percent: 15,
      maxUses: 3,
      plans: [plan.id],
      until: '2026-12-31',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(json(added)).toMatchObject({
      code: 'CONSOLE15',
      percent: 15,
      amount: null,
      maxUses: 3,
      plans: [plan.id],
      until: '2027-01-01T00:00:00.000Z',
      uses: 0,
      disabled: false,
    });
    expect((await call('POST', '/api/admin/coupons', { code: 'x', percent: 15 })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/coupons', { code: 'NONE' })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/coupons', { code: 'CONSOLE15', amount: 10 })).statusCode).toBe(409);
    const list = json<{ items: Array<{ code: string }> }>(await call('GET', '/api/admin/coupons'));
    expect(list.items.map((c) => c.code)).toContain('CONSOLE15');
    expect(json(await call('POST', '/api/admin/coupons/console15/disable'))).toMatchObject({ disabled: true });
    expect((await call('POST', '/api/admin/coupons/NOSUCH/disable')).statusCode).toBe(404);
    const gifts = json<{ codes: string[]; amount: number }>(
      await call('POST', '/api/admin/gifts', { amount: 15_000, count: 2 }),
    );
    expect(gifts.codes).toHaveLength(2);
    expect(gifts.amount).toBe(15_000);
    expect((await call('POST', '/api/admin/gifts', { amount: 0 })).statusCode).toBe(400);
    const settings = await call('PUT', '/api/admin/settings', { referralPercent: 12 });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await call('PUT', '/api/admin/settings', { referralPercent: 101 })).statusCode).toBe(400);
    const audited = await s.database.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('operator', '=', 'gita')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['coupon.add', 'coupon.disable', 'gift.add', 'settings.update']),
    );
    await updateShopSettings(s.ctx, { referralPercent: 10 });
  });

  it('audits every operator write of codes and settings', async () => {
    await cli('coupons', 'add', '--code', 'AUDIT1', '--percent', '10');
    await cli('coupons', 'disable', 'AUDIT1');
    await cli('gifts', 'add', '--amount', '1000');
    const actions = (await s.database.db.selectFrom('audit_log').select('action').execute()).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['coupon.add', 'coupon.disable', 'gift.add', 'settings.update']));
    // Bad input is refused, not half-written.
    await expect(cli('coupons', 'add', '--code', 'BOTH', '--percent', '10', '--amount', '1000')).rejects.toThrow(
      /either/,
    );
    await expect(cli('coupons', 'add', '--code', 'AUDIT1', '--percent', '10')).rejects.toThrow(/exists/);
    await expect(cli('coupons', 'add', '--code', 'NOPLAN', '--percent', '10', '--plans', '99999')).rejects.toThrow(
      /No plan/,
    );
    await expect(cli('gifts', 'add', '--amount', '0')).rejects.toThrow(/amount/);
  });
});
