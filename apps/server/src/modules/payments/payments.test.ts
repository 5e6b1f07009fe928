import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResult, type PaymentResult } from '@separ/domain';
import { deliverOutbox } from '../messaging/mail.ts';
import { reconcile } from './reconcile.ts';
import { json, KINDS, startTestServer, type TestServer, resultData } from '../../../test/harness.ts';

describe.each(KINDS)('payments on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000' });
  });
  afterAll(async () => {
    await s?.close();
  });

  /** POST /requestAccount2 as the spec's client sends it: query parameters, JSON type, no body. */
  const purchase = (query: string, headers: Record<string, string> = {}) =>
    s.app.inject({
      method: 'POST',
      url: `/requestAccount2?${query}`,
      headers: { 'content-type': 'application/json', ...headers },
    });

  async function startPayment(planId = 1, gate = 'ird', headers: Record<string, string> = {}) {
    const response = await purchase(`plan_id=${planId}&email=buyer@example.com&gate=${gate}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = json<{ url: string }>(response);
    const authority = /\/sandbox\/pay\/(\w+)$/.exec(url)?.[1] ?? '';
    expect(authority).not.toBe('');
    return { url, authority };
  }

  /** The payer presses Pay or Cancel on the sandbox page; returns the gateway return's URL. */
  async function bank(authority: string, action: 'pay' | 'cancel') {
    const response = await s.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${authority}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=${action}`,
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string);
    expect(location.pathname).toMatch(/^\/payment\/callback\/(ird|spay)$/);
    return `${location.pathname}${location.search}`;
  }

  /** The browser follows the gateway return; returns the decoded result page payload. */
  async function followReturn(callback: string): Promise<PaymentResult> {
    const response = await s.app.inject(callback);
    expect(response.statusCode, response.body).toBe(303);
    const location = response.headers.location as string;
    expect(location).toMatch(/^\/paymentresult#data=/);
    return decodePaymentResult(resultData(location));
  }

  const countUsers = async () =>
    Number(
      (
        await s.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('POST /requestAccount2', () => {
    it.each([
      ['plan_id=99999&email=a@b.co&gate=ird', 404, 'The selected plan could not be found.', 'planNotFound'],
      ['plan_id=5&email=a@b.co&gate=ird', 404, 'The selected plan could not be found.', 'planNotFound'],
      ['plan_id=abc&email=a@b.co&gate=ird', 404, 'The selected plan could not be found.', 'planNotFound'],
      ['plan_id=1&email=not-an-email&gate=ird', 400, 'Please enter a valid email address', 'invalidEmail'],
      ['plan_id=1&email=a@b.co&gate=zarinpal', 400, 'Unknown payment gateway.', 'unknownGateway'],
      ['plan_id=1&gate=ird', 400, 'Missing parameter: email', 'missingParameter'],
    ])('refuses %s with %i', async (query, status, message, code) => {
      const response = await purchase(query);
      expect(response.statusCode).toBe(status);
      expect(json(response)).toEqual({ ok: false, message, code });
    });

    it('refuses a plan whose prices cannot be read, as the catalogue hides it', async () => {
      const broken = await s.database.db
        .insertInto('plans')
        .values({
          title: 'broken prices',
          active: 1,
          ios: 0,
          allowed_mb: 1024,
          subs_days: 30,
          allowed_devices: 1,
          discount: null,
          price_toman: '{"100":',
          price_credit: '{"100":90000}',
          sort_order: 99,
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const response = await purchase(`plan_id=${broken.id}&email=a@b.co&gate=ird`);
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({
        ok: false,
        message: 'The selected plan could not be found.',
        code: 'planNotFound',
      });
      await s.database.db.deleteFrom('plans').where('id', '=', broken.id).execute();
    });

    it('creates a pending order of the plan price in rials and answers the sandbox URL', async () => {
      const { url, authority } = await startPayment(1, 'spay');
      expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/sandbox\/pay\/SBX[0-9A-F]+$/);
      const order = await s.database.db
        .selectFrom('orders')
        .selectAll()
        .where('authority', '=', authority)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({
        state: 0,
        amount: 1_200_000,
        plan_id: 1,
        gate: 'spay',
        provider: 'sandbox',
        email: 'buyer@example.com',
      });
      expect(order.res_num).toMatch(/^S20260601-\d{10}$/);
      const page = await s.app.inject(`/sandbox/pay/${authority}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('پرداخت آزمایشی');
      expect(page.body).toContain(order.res_num);
      expect(page.body).toContain('۱,۲۰۰,۰۰۰');
      expect((await s.app.inject('/sandbox/pay/SBXNOPE')).statusCode).toBe(404);
    });

    it('writes the sandbox page in English for an English buyer', async () => {
      const { authority } = await startPayment(1, 'ird', { cookie: 'i18next=en' });
      const page = await s.app.inject(`/sandbox/pay/${authority}`);
      expect(page.body).toContain('This is a test payment');
      expect(page.body).toContain('1,200,000 Rial');
    });
  });

  describe('the gateway return', () => {
    it('turns a paid order into an account, a payment record and a receipt', async () => {
      const before = await countUsers();
      const { authority } = await startPayment(2);
      const result = await followReturn(await bank(authority, 'pay'));
      expect(result.status).toBe('success');
      expect(result.amountToman).toBe(320_000);
      expect(result.username).toMatch(/^sp\d{6}$/);
      expect(result.password).toMatch(/^[A-Za-z0-9]{12}$/);
      expect(result.refId).toMatch(/^SBXREF\d{10}$/);
      expect(await countUsers()).toBe(before + 1);

      const cookie = await s.login(result.username, result.password);
      const account = json(await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }));
      expect(account).toMatchObject({
        username: result.username,
        subsDays: 90,
        expireDate: null,
        allowedMB: 153_600,
        allowedDevices: 2,
        ios: 0,
        payments: [{ resNum: result.orderId, refNum: result.refId, state: 2, amount: 3_200_000, plan_id: 2 }],
      });

      const order = await s.database.db
        .selectFrom('orders')
        .selectAll()
        .where('authority', '=', authority)
        .executeTakeFirstOrThrow();
      const mails = await s.database.db.selectFrom('outbox').selectAll().where('order_id', '=', order.id).execute();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.recipient).toBe('buyer@example.com');
      expect(mails[0]?.body_sealed).not.toContain(result.password);
      const body = s.box.open(mails[0]!.body_sealed);
      expect(body).toContain(result.password);
      expect(body).toContain(result.orderId);
      expect(mails[0]?.subject).toContain('سفارش');
    });

    it('answers a replayed return with duplicate and creates nothing', async () => {
      const { authority } = await startPayment(1);
      const callback = await bank(authority, 'pay');
      expect((await followReturn(callback)).status).toBe('success');
      const users = await countUsers();
      const replay = await followReturn(callback);
      expect(replay.status).toBe('duplicate');
      expect(replay.username).toBe('');
      expect(replay.password).toBe('');
      expect(await countUsers()).toBe(users);
      const again = await bank(authority, 'pay');
      expect((await followReturn(again)).status).toBe('duplicate');
    });

    it('turns 50 identical returns in parallel into exactly one account and one success', async () => {
      const { authority } = await startPayment(1);
      const callback = await bank(authority, 'pay');
      const users = await countUsers();
      const results = await Promise.all(Array.from({ length: 50 }, () => followReturn(callback)));
      expect(results.filter((r) => r.status === 'success')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(49);
      expect(await countUsers()).toBe(users + 1);
      const order = await s.database.db
        .selectFrom('orders')
        .selectAll()
        .where('authority', '=', authority)
        .executeTakeFirstOrThrow();
      const payments = await s.database.db
        .selectFrom('payments')
        .selectAll()
        .where('res_num', '=', order.res_num)
        .execute();
      expect(payments).toHaveLength(1);
      const mails = await s.database.db.selectFrom('outbox').selectAll().where('order_id', '=', order.id).execute();
      expect(mails).toHaveLength(1);
    });

    it('shows failed for a cancelled payment and records the order as failed (state 1)', async () => {
      const users = await countUsers();
      const { authority } = await startPayment(1);
      const result = await followReturn(await bank(authority, 'cancel'));
      expect(result.status).toBe('failed');
      expect(result.username).toBe('');
      expect(await countUsers()).toBe(users);
      const order = await s.database.db
        .selectFrom('orders')
        .selectAll()
        .where('authority', '=', authority)
        .executeTakeFirstOrThrow();
      expect(order.state).toBe(1);
      expect(result.orderId).toBe(order.res_num);
    });

    it('refuses a return whose amount differs from the order, and leaves the order alone', async () => {
      const { authority } = await startPayment(1);
      const callback = (await bank(authority, 'pay')).replace(/amount=\d+/, 'amount=10');
      const response = await s.app.inject(callback);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({
        ok: false,
        message: 'The amount does not match the order.',
        code: 'amountMismatch',
      });
      const order = await s.database.db
        .selectFrom('orders')
        .selectAll()
        .where('authority', '=', authority)
        .executeTakeFirstOrThrow();
      expect(order.state).toBe(0);
    });

    it('refuses an unknown authority and a return that names none', async () => {
      const unknown = await s.app.inject('/payment/callback/ird?authority=SBXFORGED&status=OK');
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown)).toEqual({ ok: false, message: 'Unknown payment.', code: 'unknownPayment' });
      expect((await s.app.inject('/payment/callback/ird')).statusCode).toBe(400);
      expect((await s.app.inject('/payment/callback/paypal?authority=x')).statusCode).toBe(404);
    });

    it('accepts the return as a cross-site POST from the bank', async () => {
      const { authority } = await startPayment(1);
      const callback = await bank(authority, 'pay');
      const [path, query] = callback.split('?') as [string, string];
      const response = await s.app.inject({
        method: 'POST',
        url: path,
        headers: { origin: 'https://bank.example', 'content-type': 'application/x-www-form-urlencoded' },
        payload: query,
      });
      expect(response.statusCode).toBe(303);
      expect(decodePaymentResult(resultData(response.headers.location as string)).status).toBe('success');
    });

    it('shows failed when the payer comes back before paying, and keeps the order pending', async () => {
      const { authority } = await startPayment(1);
      const result = await followReturn(`/payment/callback/ird?authority=${authority}`);
      expect(result.status).toBe('failed');
      const order = await s.database.db
        .selectFrom('orders')
        .selectAll()
        .where('authority', '=', authority)
        .executeTakeFirstOrThrow();
      expect(order.state).toBe(0);
    });
  });

  describe('reconciliation', () => {
    it('completes a paid order whose return never came, through the same exactly-once path', async () => {
      const { authority } = await startPayment(7);
      const callback = await bank(authority, 'pay');
      await s.later(10, async () => {
        const summary = await reconcile(s.ctx, { olderThanMinutes: 5 });
        expect(summary.completed).toBeGreaterThanOrEqual(1);
      });
      const order = await s.database.db
        .selectFrom('orders')
        .selectAll()
        .where('authority', '=', authority)
        .executeTakeFirstOrThrow();
      expect(order.state).toBe(2);
      expect(order.user_id).not.toBeNull();
      const user = await s.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', order.user_id!)
        .executeTakeFirstOrThrow();
      expect(user.ios).toBe(1);
      expect(
        await s.database.db.selectFrom('outbox').selectAll().where('order_id', '=', order.id).execute(),
      ).toHaveLength(1);
      expect((await followReturn(callback)).status).toBe('duplicate');
    });

    it('expires unpaid orders, and still honours a payment that arrives later', async () => {
      const { authority } = await startPayment(1);
      await s.later(45, async () => {
        await reconcile(s.ctx, { olderThanMinutes: 5 });
      });
      let order = await s.database.db
        .selectFrom('orders')
        .selectAll()
        .where('authority', '=', authority)
        .executeTakeFirstOrThrow();
      expect(order.state).toBe(3);
      const result = await followReturn(await bank(authority, 'pay'));
      expect(result.status).toBe('success');
      order = await s.database.db
        .selectFrom('orders')
        .selectAll()
        .where('authority', '=', authority)
        .executeTakeFirstOrThrow();
      expect(order.state).toBe(2);
    });

    it('fails orders the gateway refused', async () => {
      const { authority } = await startPayment(1);
      await bank(authority, 'cancel');
      await s.later(10, async () => {
        await reconcile(s.ctx, { olderThanMinutes: 5 });
      });
      const order = await s.database.db
        .selectFrom('orders')
        .selectAll()
        .where('authority', '=', authority)
        .executeTakeFirstOrThrow();
      expect(order.state).toBe(1);
    });
  });

  describe('receipts', () => {
    it('are sent through SMTP when configured and marked sent', async () => {
      const sent: Array<{ to: string; subject: string; text: string }> = [];
      const { authority } = await startPayment(1, 'ird', { cookie: 'i18next=en' });
      const result = await followReturn(await bank(authority, 'pay'));
      const count = await deliverOutbox(s.ctx, { sendMail: async (m) => sent.push(m) });
      expect(count).toBeGreaterThanOrEqual(1);
      const mine = sent.find((m) => m.text.includes(result.username));
      expect(mine?.to).toBe('buyer@example.com');
      expect(mine?.subject).toBe(`Your Separ VPN account — order ${result.orderId}`);
      expect(mine?.text).toContain(`Password: ${result.password}`);
      expect(await deliverOutbox(s.ctx, { sendMail: async (m) => sent.push(m) })).toBe(0);
    });
  });
});
