import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResult, parsePriceMap, PRICE_KEY, type PaymentResult } from '@separ/domain';
import { firstRefusal, WalletAnswer } from '@separ/domain/contract';
import { updateShopSettings } from '../src/modules/settings/shopSettings.ts';
import { adjustWallet, walletBalance } from '../src/modules/wallet/index.ts';
import { runAdmin } from '../src/cli/admin.ts';
import { overview } from '../src/modules/operators/overview.ts';
import { json, KINDS, resultData, startTestServer, type TestServer } from './harness.ts';

/**
 * Paying into and out of the wallet (CONTRACTS §10) through the real routes and the sandbox bank, on
 * both databases: a top-up settles exactly once however many returns arrive, and purchases from the
 * balance never take it below zero or twice for one order.
 */
describe.each(KINDS)('wallet payments, on %s', (kind) => {
  let s: TestServer;
  let account: { id: number; username: string; password: string };
  let cookie: string;
  let plan: { id: number; credit: number; days: number };

  beforeAll(async () => {
    s = await startTestServer(kind, {
      SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000',
      SEPAR_ORDER_LIMIT_IP_HOUR: '1000',
      SEPAR_ORDER_LIMIT_EMAIL_HOUR: '1000',
      SEPAR_PUBLIC_URL: 'https://shop.separ.test',
    });
    account = await s.createUser({ email: 'buyer@example.com' });
    cookie = await s.login(account.username, account.password);
    const row = await s.database.db
      .selectFrom('plans')
      .selectAll()
      .where('active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    plan = { id: row.id, credit: parsePriceMap(row.price_credit)[PRICE_KEY] as number, days: row.subs_days };
  });
  afterAll(async () => {
    await s?.close();
  });

  const post = (url: string, headers: Record<string, string> = { cookie }) =>
    s.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers } });
  const topup = (query: string, headers?: Record<string, string>) => post(`/api/site/wallet/topup?${query}`, headers);
  const wallet = async () => json<WalletAnswer>(await post('/api/site/wallet'));

  /** The payer presses Pay on the sandbox page: the return's path. */
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

  it('offers the wallet in the gateway status while the shop has it on', async () => {
    expect(json(await s.app.inject('/site_gateways'))).toMatchObject({ wallet_active: 1, card_active: 0 });
  });

  it('tops up through a gateway: one entry of the amount, and a result with the amount and no account', async () => {
    const response = await topup('amount=۵۰۰۰۰&gate=ird');
    expect(response.statusCode, response.body).toBe(200);
    const { url } = json<{ url: string }>(response);
    const result = await followReturn(await pay(url));
    expect(result).toMatchObject({ status: 'success', topupToman: 50_000, username: '', password: '' });
    const answer = await wallet();
    expect(firstRefusal(WalletAnswer, answer)).toBeNull();
    expect(answer.balance).toBe(50_000);
    expect(answer.entries).toMatchObject([{ kind: 'topup', amount: 50_000, balance: 50_000, ref: result.orderId }]);
    // The top-up is in the account's payment history like any payment.
    const payments = await s.database.db.selectFrom('payments').selectAll().where('user_id', '=', account.id).execute();
    expect(payments.map((p) => p.res_num)).toContain(result.orderId);
    // The receipt goes to the account's e-mail, in the order's language: the tomans added and the balance.
    const order = await s.database.db
      .selectFrom('orders')
      .select('id')
      .where('res_num', '=', result.orderId)
      .executeTakeFirstOrThrow();
    const mails = await s.database.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'body_sealed'])
      .where('order_id', '=', order.id)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe('buyer@example.com');
    expect(mails[0]!.subject).toContain(result.orderId);
    const text = s.box.open(mails[0]!.body_sealed);
    expect(text).toContain(account.username);
    expect(text).toMatch(/(50,000|۵۰,۰۰۰)/);
    expect(text).toContain('https://shop.separ.test/panel/wallet');
    expect(text).not.toMatch(/password|رمز عبور/i);
  });

  it('settles one top-up once under 20 parallel returns', async () => {
    const { url } = json<{ url: string }>(await topup('amount=20000&gate=spay'));
    const path = await pay(url);
    const results = await Promise.all(Array.from({ length: 20 }, () => s.app.inject(path)));
    expect(results.every((r) => r.statusCode === 303)).toBe(true);
    const statuses = results.map((r) => decodePaymentResult(resultData(String(r.headers.location))).status);
    expect(statuses.filter((status) => status === 'success')).toHaveLength(1);
    expect(new Set(statuses)).toEqual(new Set(['success', 'duplicate']));
    const answer = await wallet();
    expect(answer.balance).toBe(70_000);
    expect(answer.entries.filter((entry) => entry.kind === 'topup')).toHaveLength(2);
  });

  it('refuses a top-up outside the bounds, through the wallet or an unknown gate, or without a session', async () => {
    const refused: Array<[string, number, string, Record<string, string>?]> = [
      ['amount=9999&gate=ird', 400, 'invalidTopupAmount'],
      ['amount=50000001&gate=ird', 400, 'invalidTopupAmount'],
      ['amount=ten&gate=ird', 400, 'invalidTopupAmount'],
      ['amount=12.5&gate=ird', 400, 'invalidTopupAmount'],
      ['gate=ird', 400, 'missingParameter'],
      ['amount=50000', 400, 'missingParameter'],
      ['amount=50000&gate=wallet', 400, 'gatewayUnavailable'],
      ['amount=50000&gate=paypal', 400, 'unknownGateway'],
      ['amount=50000&gate=ird', 401, 'loginRequired', {}],
    ];
    for (const [query, status, code, headers] of refused) {
      const response = await topup(query, headers);
      expect(response.statusCode, query).toBe(status);
      expect(json(response), query).toMatchObject({ ok: false, code });
    }
    expect((await wallet()).balance).toBe(70_000);
  });

  it('pays a plan from the wallet at its credit price: 10 purchases in parallel against a balance for 2', async () => {
    const buyer = await s.createUser({ expireDate: null, subsDays: 5 });
    const buyerCookie = await s.login(buyer.username, buyer.password);
    await adjustWallet(s.ctx, buyer.username, { amount: plan.credit * 2 + 1, reason: 'test' }, 'test');
    const before = await s.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    const revenue = (await overview(s.ctx)).revenue.month;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(`/requestAccount2?plan_id=${plan.id}&gate=wallet`, { cookie: buyerCookie }),
      ),
    );
    const paid = answers.filter((r) => r.statusCode === 200);
    expect(paid).toHaveLength(2);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(402);
      expect(json(refused)).toMatchObject({ ok: false, code: 'insufficientBalance', message: 'Insufficient balance' });
    }
    const result = decodePaymentResult(resultData(json<{ url: string }>(paid[0]!).url));
    expect(result).toMatchObject({ status: 'success', renewed: true, username: buyer.username, password: '' });
    expect(json(paid[0]!)).toMatchObject({
      url: expect.stringMatching(/^https:\/\/shop\.separ\.test\/paymentresult#data=/),
    });

    expect(await walletBalance(s.database.db, buyer.id)).toBe(1);
    const entries = await s.database.db
      .selectFrom('wallet_entries')
      .selectAll()
      .where('user_id', '=', buyer.id)
      .execute();
    expect(entries.reduce((sum, entry) => sum + Number(entry.amount), 0)).toBe(1);
    expect(entries.filter((entry) => entry.kind === 'purchase').map((entry) => Number(entry.amount))).toEqual([
      -plan.credit,
      -plan.credit,
    ]);
    // Renewed twice: the plan's days added twice to the account that was waiting for its first connection.
    const after = await s.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(after.subs_days).toBe(before.subs_days + 2 * plan.days);
    // Eight orders failed with the reason; two are paid, in rials at the credit price.
    const orders = await s.database.db
      .selectFrom('orders')
      .selectAll()
      .where('gate', '=', 'wallet')
      .where('renew_user_id', '=', buyer.id)
      .execute();
    expect(orders.filter((o) => o.state === 2).map((o) => Number(o.amount))).toEqual([
      plan.credit * 10,
      plan.credit * 10,
    ]);
    expect(orders.filter((o) => o.state === 1)).toHaveLength(8);
    // The money arrived with the top-up: the shop's revenue does not count it again.
    expect((await overview(s.ctx)).revenue.month).toBe(revenue);
  });

  it('refunds a paid order into its account’s wallet once, with the reason, audited', async () => {
    const cli = async (...argv: string[]) => {
      const lines: string[] = [];
      await runAdmin(argv, s.ctx, (line) => lines.push(line));
      return lines.join('\n');
    };
    const { url } = json<{ url: string }>(
      await post(`/requestAccount2?plan_id=${plan.id}&email=buyer@example.com&gate=ird`),
    );
    const result = await followReturn(await pay(url));
    expect(result).toMatchObject({ status: 'success', renewed: true, username: account.username });
    const order = await s.database.db
      .selectFrom('orders')
      .selectAll()
      .where('res_num', '=', result.orderId)
      .executeTakeFirstOrThrow();
    const toman = Number(order.amount) / 10;
    const before = (await wallet()).balance;
    expect(await cli('payments', 'refund', order.res_num, '--to-wallet', '--reason', 'Node down for a week')).toContain(
      `refunded to the wallet of ${account.username}`,
    );
    const after = await wallet();
    expect(after.balance).toBe(before + toman);
    expect(after.entries[0]).toMatchObject({ kind: 'refund', amount: toman, ref: order.res_num });
    await expect(cli('payments', 'refund', order.res_num, '--to-wallet', '--reason', 'Again')).rejects.toThrow(
      /refunded to the wallet already/,
    );
    await expect(cli('payments', 'refund', order.res_num, '--reason', 'No flag')).rejects.toThrow(/--to-wallet/);
    await expect(cli('payments', 'refund', order.res_num, '--to-wallet')).rejects.toThrow(/--reason/);
    const pending = json<{ url: string }>(
      await post(`/requestAccount2?plan_id=${plan.id}&email=buyer@example.com&gate=ird`),
    );
    const open = await s.database.db
      .selectFrom('orders')
      .select('res_num')
      .where('authority', '=', pending.url.split('/').pop()!)
      .executeTakeFirstOrThrow();
    await expect(cli('payments', 'refund', open.res_num, '--to-wallet', '--reason', 'x')).rejects.toThrow(/not paid/);
    expect((await wallet()).balance).toBe(before + toman);
    const audited = await s.database.db
      .selectFrom('audit_log')
      .select(['target', 'after_json'])
      .where('action', '=', 'order.refund')
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]!.target).toBe(`order:${order.res_num}`);
    expect(JSON.parse(audited[0]!.after_json!)).toMatchObject({ toman, reason: 'Node down for a week' });
  });

  it('asks a visitor to sign in to pay from the wallet, checks an e-mail only when given, and follows the shop’s switch', async () => {
    const anonymous = await post(`/requestAccount2?plan_id=${plan.id}&gate=wallet&email=a@example.com`, {});
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toMatchObject({ code: 'signInToPayFromWallet' });
    const badEmail = await post(`/requestAccount2?plan_id=${plan.id}&gate=wallet&email=nope`);
    expect(json(badEmail)).toMatchObject({ code: 'invalidEmail' });
    // A non-wallet purchase still needs its e-mail.
    expect(json(await post(`/requestAccount2?plan_id=${plan.id}&gate=ird`))).toMatchObject({
      code: 'missingParameter',
    });

    await updateShopSettings(s.ctx, { walletEnabled: false });
    expect(json(await s.app.inject('/site_gateways'))).toMatchObject({ wallet_active: 0 });
    expect(json(await post(`/requestAccount2?plan_id=${plan.id}&gate=wallet`))).toMatchObject({
      code: 'walletDisabled',
    });
    expect(json(await topup('amount=50000&gate=ird'))).toMatchObject({ code: 'walletDisabled' });
    await updateShopSettings(s.ctx, { walletEnabled: true, walletMinTopup: 100_000 });
    expect(json(await topup('amount=50000&gate=ird'))).toMatchObject({
      code: 'invalidTopupAmount',
      message: 'The top-up must be a whole number of tomans from 100,000 to 50,000,000.',
    });
  });
});
