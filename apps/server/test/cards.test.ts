import { userInfo } from 'node:os';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResult } from '@separ/domain';
import { CardTransferAnswer, firstRefusal } from '@separ/domain/contract';
import { runAdmin } from '../src/cli/admin.ts';
import { addOperator, DEMO_OPERATOR, seedDemoOperator } from '../src/modules/operators/operators.ts';
import { reconcile } from '../src/modules/payments/index.ts';
import { isUniqueViolation } from '../src/platform/db/errors.ts';
import { DEMO_CARD, seedDemoCard } from '../src/platform/db/seed.ts';
import { jpegWithMetadata, multipart, pngWithMetadata, webpWithMetadata } from './cardImages.ts';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';

/**
 * Card-to-card transfers (CONTRACTS §11) on both databases: the card pool (separ-admin and the admin
 * API, audited), card orders with amounts unique among the open ones, receipts and their refusals,
 * the operators' approval (exactly once under 20 at a time) and rejection, expiry, the throttle on
 * unknown order numbers, and junk on every new route answered 4xx JSON.
 */
describe.each(KINDS)('card-to-card transfers, on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  const me = `${userInfo().username}@cli`;
  /** Each test's requests come from their own client, so the throttle's windows (the clock stands still) stay apart. */
  let client = 0;
  const nextClient = () => `10.30.${Math.floor(++client / 250)}.${client % 250}`;

  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines.join('\n');
  };
  const adminCall = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    s.app.inject({
      method,
      url,
      headers: { cookie: admin, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const gateways = async () => json(await s.app.inject({ method: 'GET', url: '/site_gateways' }));
  const order = async (email: string, remoteAddress = '10.9.9.9') => {
    const response = await s.app.inject({
      method: 'POST',
      url: `/requestAccount2?plan_id=1&email=${encodeURIComponent(email)}&gate=card`,
      headers: { 'content-type': 'application/json' },
      remoteAddress,
    });
    expect(response.statusCode, response.body).toBe(200);
    const url = json<{ url: string }>(response).url;
    expect(url).toMatch(/\/payment\/card\/S\d{8}-\d{10}$/);
    return url.split('/').pop()!;
  };
  const transfer = (resNum: string, remoteAddress = nextClient()) =>
    s.app.inject({ method: 'GET', url: `/api/site/card/${encodeURIComponent(resNum)}`, remoteAddress });
  const receipt = (
    resNum: string,
    fields: { tracking?: string; image?: Buffer; type?: string; name?: string },
    remoteAddress = nextClient(),
  ) => {
    const form = multipart([
      ...(fields.tracking === undefined ? [] : [{ name: 'tracking', value: fields.tracking }]),
      ...(fields.image
        ? [
            {
              name: fields.name ?? 'image',
              filename: 'receipt.png',
              type: fields.type ?? 'image/png',
              bytes: fields.image,
            },
          ]
        : []),
    ]);
    return s.app.inject({
      method: 'POST',
      url: `/api/site/card/${encodeURIComponent(resNum)}/receipt`,
      remoteAddress,
      ...form,
    });
  };
  let tracking = 700_000;
  const nextTracking = () => String(++tracking);
  const expectCode = (response: LightMyRequestResponse, status: number, code: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(json(response)).toMatchObject({ ok: false, code });
  };
  const auditOf = (action: string) =>
    s.database.db
      .selectFrom('audit_log')
      .select(['operator', 'target', 'before_json', 'after_json'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    s = await startTestServer(kind);
    await addOperator(s.ctx, { username: 'olga', password: 'correct horse battery' }, 'test');
    const signed = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'olga', password: 'correct horse battery' }),
    });
    const cookie = signed.cookies.find((c) => c.name === 'separ_admin');
    expect(cookie, signed.body).toBeDefined();
    admin = `separ_admin=${cookie!.value}`;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('keeps a pool of cards from separ-admin and the admin API, audited, and says card_active while one is enabled', async () => {
    expect((await gateways()).card_active).toBe(0);
    // No enabled card: the card gate is unavailable.
    const none = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=a@example.com&gate=card',
      headers: { 'content-type': 'application/json' },
    });
    expectCode(none, 400, 'gatewayUnavailable');

    const added = await cli(
      'cards',
      'add',
      '--number',
      '۶۰۳۷ ۹۹۰۰ ۰۰۰۰ ۰۰۰۶',
      '--holder',
      'Shop One',
      '--bank',
      'Melli',
    );
    expect(added).toMatch(/^Added card (\d+): 6037 9900 0000 0006, Shop One, Melli\.$/);
    const firstId = /Added card (\d+)/.exec(added)![1]!;
    expect((await gateways()).card_active).toBe(1);
    await expect(cli('cards', 'add', '--number', '6037990000000007', '--holder', 'X')).rejects.toMatchObject({
      code: 'invalid',
    });
    await expect(cli('cards', 'add', '--number', '6037-9900-0000-0006', '--holder', 'Again')).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(cli('cards', 'add', '--number', '6037990000000006')).rejects.toThrow('--holder is required');

    const viaApi = await adminCall('POST', '/api/admin/cards', { number: '4111 1111 1111 1111', holder: 'Shop Two' });
    expect(viaApi.statusCode, viaApi.body).toBe(200);
    const second = json<{ id: number; enabled: boolean; bank: null }>(viaApi);
    expect(second).toMatchObject({ number: '4111111111111111', holder: 'Shop Two', bank: null, enabled: true });
    expectCode(
      await adminCall('POST', '/api/admin/cards', { number: '4111111111111112', holder: 'Bad' }),
      400,
      'invalid',
    );

    expect(json(await adminCall('POST', `/api/admin/cards/${second.id}/disable`))).toMatchObject({ enabled: false });
    expect(json(await adminCall('POST', `/api/admin/cards/${second.id}/enable`))).toMatchObject({ enabled: true });
    expect(await cli('cards', 'disable', firstId)).toContain(`Card ${firstId} disabled`);
    expect((await gateways()).card_active).toBe(1);
    expect(await cli('cards', 'enable', firstId)).toContain('enabled');
    const list = json<{ items: Array<{ id: number }> }>(await adminCall('GET', '/api/admin/cards'));
    expect(list.items.map((c) => c.id)).toEqual([Number(firstId), second.id]);
    expect(await cli('cards', 'list')).toMatch(/6037 9900 0000 0006\tShop One\tMelli\tenabled\t0 open/);

    // A third card, removed: offered to nobody, gone from the list.
    const third = json<{ id: number }>(
      await adminCall('POST', '/api/admin/cards', { number: '5022290000000000', holder: 'Gone', bank: 'Pasargad' }),
    );
    expect((await adminCall('DELETE', `/api/admin/cards/${third.id}`)).statusCode).toBe(200);
    expectCode(await adminCall('DELETE', `/api/admin/cards/${third.id}`), 404, 'not_found');
    expect(await cli('cards', 'list')).not.toContain('Gone');

    const actions = await Promise.all(['card.add', 'card.enable', 'card.disable', 'card.remove'].map(auditOf));
    expect(actions.map((a) => a.length)).toEqual([3, 2, 2, 1]);
    expect(actions[0]!.map((a) => a.operator)).toEqual([me, 'olga', 'olga']);
    expect(JSON.parse(actions[0]![0]!.after_json!)).toEqual({
      number: '6037990000000006',
      holder: 'Shop One',
      bank: 'Melli',
    });
  });

  it('asks every open card order a unique amount, spread across the cards, even when 20 come at once', async () => {
    const resNums = await Promise.all(Array.from({ length: 20 }, (_, i) => order(`par${i}@example.com`)));
    const answers = await Promise.all(resNums.map(async (r) => json<CardTransferAnswer>(await transfer(r))));
    for (const answer of answers) {
      expect(firstRefusal(CardTransferAnswer, answer)).toBeNull();
      expect(answer.state).toBe('awaiting_transfer');
      // Plan 1 costs 120,000 tomans: 1,200,000 rials plus an offset of whole tomans below 100,000 rials.
      expect(answer.amount).toBeGreaterThan(1_200_000);
      expect(answer.amount).toBeLessThan(1_300_000);
      expect(answer.amount % 10).toBe(0);
      expect(Date.parse(answer.expiresAt) - s.clock.now.getTime()).toBe(60 * 60_000);
    }
    expect(new Set(answers.map((a) => a.amount)).size).toBe(20);
    // The database itself refuses a second open order with one amount, whoever inserts it.
    const open = await s.database.db
      .selectFrom('card_orders')
      .select(['card_id', 'open_amount'])
      .where('open_amount', 'is not', null)
      .executeTakeFirstOrThrow();
    const lastOrder = await s.database.db
      .selectFrom('orders')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await expect(
      s.database.db
        .insertInto('card_orders')
        .values({
          order_id: lastOrder.id + 1000,
          card_id: open.card_id,
          amount: Number(open.open_amount),
          open_amount: Number(open.open_amount),
          state: 'awaiting_transfer',
          expires_at: '2026-06-01T13:00:00.000Z',
          reason: null,
          result_sealed: null,
          created_at: '2026-06-01T12:00:00.000Z',
          updated_at: '2026-06-01T12:00:00.000Z',
        })
        .execute(),
    ).rejects.toSatisfy(isUniqueViolation);
    const byCard = new Map<string, number>();
    for (const a of answers) byCard.set(a.cardNumber, (byCard.get(a.cardNumber) ?? 0) + 1);
    expect([...byCard.keys()].sort()).toEqual(['4111111111111111', '6037990000000006']);
    expect(Math.min(...byCard.values())).toBeGreaterThanOrEqual(5);
    const first = answers.find((a) => a.cardNumber === '6037990000000006')!;
    expect(first).toMatchObject({ holder: 'Shop One', bank: 'Melli' });
    // The order row asks the same amount, through the card gate.
    const row = await s.database.db
      .selectFrom('orders')
      .select(['gate', 'provider', 'amount', 'state'])
      .where('res_num', '=', resNums[0]!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ gate: 'card', provider: 'card', state: 0 });
    expect(Number(row.amount)).toBe(answers[0]!.amount);
  });

  it('takes one receipt per order, strips its image, and refuses a tracking number or an image used before', async () => {
    const [a, b, c, d] = [
      await order('r1@example.com'),
      await order('r2@example.com'),
      await order('r3@example.com'),
      await order('r4@example.com'),
    ];
    const image = pngWithMetadata(101);
    const sent = await receipt(a, { tracking: '۱۲۳۴۵۶۷۸', image });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json(sent)).toEqual({ ok: true, state: 'awaiting_review' });
    expect(json(await transfer(a))).toMatchObject({ state: 'awaiting_review' });
    const stored = await s.database.db
      .selectFrom('card_receipts')
      .select(['tracking', 'image', 'image_type', 'image_sha256', 'image_bytes'])
      .where('tracking', '=', '12345678')
      .executeTakeFirstOrThrow();
    const bytes = Buffer.from(stored.image!);
    expect(stored.image_type).toBe('image/png');
    expect(bytes.includes(Buffer.from('Secret'))).toBe(false);
    expect(bytes.includes(Buffer.from('GPSSECRET'))).toBe(false);
    expect(stored.image_bytes).toBe(bytes.length);
    expect(stored.image_sha256).toMatch(/^[0-9a-f]{64}$/);

    // The same number in Latin digits (and spaced), on another order: refused.
    expectCode(await receipt(b, { tracking: '1234 5678' }), 409, 'trackingUsed');
    // The same image bytes again: refused, whatever the tracking number.
    expectCode(await receipt(b, { tracking: nextTracking(), image }), 409, 'receiptImageUsed');
    // A second receipt for the order: refused.
    expectCode(await receipt(a, { tracking: nextTracking() }), 409, 'receiptAlreadySent');
    // Bad files and numbers: 4xx JSON, and the order still takes a good receipt after them.
    expectCode(
      await receipt(b, { tracking: nextTracking(), image: Buffer.from('GIF89a not ours') }),
      400,
      'invalidReceiptImage',
    );
    expectCode(
      await receipt(b, { tracking: nextTracking(), image: Buffer.from('<svg/>'), type: 'image/png' }),
      400,
      'invalidReceiptImage',
    );
    expectCode(
      await receipt(b, { tracking: nextTracking(), image: pngWithMetadata(5).subarray(0, 40) }),
      400,
      'invalidReceiptImage',
    );
    const big = Buffer.concat([pngWithMetadata(6), Buffer.alloc(2_097_152)]);
    expectCode(await receipt(b, { tracking: nextTracking(), image: big }), 413, 'receiptImageTooLarge');
    expectCode(await receipt(b, { tracking: '12345' }), 400, 'invalidTracking');
    expectCode(await receipt(b, { tracking: '12345678901234567890123' }), 400, 'invalidTracking');
    expectCode(await receipt(b, {}), 400, 'invalidTracking');
    expectCode(
      await receipt(b, { tracking: nextTracking(), image: jpegWithMetadata(7), name: 'photo' }),
      400,
      'invalid',
    );
    const asJson = await s.app.inject({
      method: 'POST',
      url: `/api/site/card/${b}/receipt`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ tracking: nextTracking() }),
      remoteAddress: nextClient(),
    });
    expectCode(asJson, 400, 'invalid');
    expect(json(await transfer(b))).toMatchObject({ state: 'awaiting_transfer' });
    expect(
      (await receipt(b, { tracking: nextTracking(), image: jpegWithMetadata(8), type: 'image/jpeg' })).statusCode,
    ).toBe(200);
    expect(
      (await receipt(c, { tracking: nextTracking(), image: webpWithMetadata(9), type: 'image/webp' })).statusCode,
    ).toBe(200);
    // An image just under the limit is taken whole (the route's own limit, not the server's 64 KB body limit).
    const e = await order('r5@example.com');
    const large = pngWithMetadata(11);
    const padded = Buffer.concat([large.subarray(0, -12), Buffer.alloc(2_097_152 - large.length), large.subarray(-12)]);
    expect(padded.length).toBe(2_097_152);
    // The padding lies between IDAT and IEND as no chunk: refused as a broken PNG, but read to its end.
    expectCode(await receipt(e, { tracking: nextTracking(), image: padded }), 400, 'invalidReceiptImage');
    const bigIdat = idatOf(2_000_000, 12);
    const accepted = await receipt(e, { tracking: nextTracking(), image: bigIdat });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Receipts sent at once with one tracking number: one wins.
    const race = await Promise.all([receipt(d, { tracking: '55555555' }), receipt(d, { tracking: '55555555' })]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('lists receipts awaiting review for the operators, with the image, and approves one exactly once under 20 approvals', async () => {
    const resNum = await order('approve@example.com');
    const amount = json<CardTransferAnswer>(await transfer(resNum)).amount;
    const image = webpWithMetadata(4242);
    expect((await receipt(resNum, { tracking: '۹۸۷۶۵۴۳۲۱', image })).statusCode).toBe(200);

    const queue = json<{
      items: Array<{
        resNum: string;
        state: string;
        card?: { state: string; tracking: string; hasImage: boolean; amountRials: number };
      }>;
    }>(await adminCall('GET', '/api/admin/orders?state=awaiting_review&pageSize=100'));
    const row = queue.items.find((o) => o.resNum === resNum);
    expect(row).toMatchObject({
      state: 'pending',
      card: { state: 'awaiting_review', tracking: '987654321', hasImage: true, amountRials: amount },
    });
    expect(queue.items.every((o) => o.card?.state === 'awaiting_review')).toBe(true);
    const detail = json(await adminCall('GET', `/api/admin/orders/${resNum}`));
    expect(detail).toMatchObject({ gate: 'card', card: { state: 'awaiting_review', tracking: '987654321' } });
    const pictured = await adminCall('GET', `/api/admin/orders/${resNum}/receipt`);
    expect(pictured.statusCode).toBe(200);
    expect(pictured.headers['content-type']).toBe('image/webp');
    expect(pictured.rawPayload.includes(Buffer.from('GPSSECRET'))).toBe(false);
    expect(pictured.rawPayload.includes(Buffer.from('VP8L'))).toBe(true);
    expectCode(await adminCall('GET', '/api/admin/orders/S20260601-0000000000/receipt'), 404, 'not_found');

    const usersBefore = await countUsers();
    const approvals = await Promise.all(
      Array.from({ length: 20 }, () => adminCall('POST', `/api/admin/orders/${resNum}/approve`)),
    );
    const statuses = approvals.map((r) => r.statusCode);
    expect(statuses.filter((code) => code === 200)).toHaveLength(1);
    expect(statuses.filter((code) => code !== 200).every((code) => code === 409)).toBe(true);
    for (const r of approvals) expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(await countUsers()).toBe(usersBefore + 1);
    const won = json<{ username: string; state: string }>(approvals.find((r) => r.statusCode === 200)!);
    expect(won.state).toBe('paid');
    const payments = await s.database.db
      .selectFrom('payments')
      .select('user_id')
      .where('res_num', '=', resNum)
      .execute();
    expect(payments).toHaveLength(1);
    const receipts = await s.database.db
      .selectFrom('outbox')
      .innerJoin('orders', 'orders.id', 'outbox.order_id')
      .select('outbox.id')
      .where('orders.res_num', '=', resNum)
      .execute();
    expect(receipts).toHaveLength(1);

    // The buyer's page moves on: paid, with the result payload and its credentials.
    const paid = json<CardTransferAnswer>(await transfer(resNum));
    expect(paid.state).toBe('paid');
    const result = decodePaymentResult(paid.result);
    expect(result).toMatchObject({
      status: 'success',
      orderId: resNum,
      refId: '987654321',
      amountToman: amount / 10,
      username: won.username,
    });
    expect(result.password.length).toBeGreaterThanOrEqual(6);
    const audited = await auditOf('order.approve');
    expect(audited.filter((a) => a.target === `order:${resNum}`)).toHaveLength(1);
    expect(audited.at(-1)!.operator).toBe('olga');
    // Approving again, or rejecting it now: refused.
    expectCode(await adminCall('POST', `/api/admin/orders/${resNum}/approve`), 409, 'conflict');
    expectCode(await adminCall('POST', `/api/admin/orders/${resNum}/reject`, { reason: 'late' }), 409, 'conflict');
  });

  it('tops a wallet up by card transfer: the unique amount, the receipt, one topup entry once an operator approves', async () => {
    const buyer = await s.createUser({ email: 'topup-card@example.com' });
    const cookie = await s.login(buyer.username, buyer.password);
    const asked = await s.app.inject({
      method: 'POST',
      url: '/api/site/wallet/topup?amount=120000&gate=card',
      headers: { 'content-type': 'application/json', cookie },
      remoteAddress: nextClient(),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const resNum = json<{ url: string }>(asked).url.split('/').pop()!;
    expect(resNum).toMatch(/^S\d{8}-\d{10}$/);
    const page = json<CardTransferAnswer>(await transfer(resNum));
    expect(page.state).toBe('awaiting_transfer');
    expect(page.amount).toBeGreaterThan(1_200_000);
    expect(page.amount).toBeLessThan(1_300_000);
    expect((await receipt(resNum, { tracking: nextTracking() })).statusCode).toBe(200);
    const usersBefore = await countUsers();
    const approvals = await Promise.all(
      Array.from({ length: 5 }, () => adminCall('POST', `/api/admin/orders/${resNum}/approve`)),
    );
    expect(approvals.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await countUsers()).toBe(usersBefore);
    const entries = await s.database.db
      .selectFrom('wallet_entries')
      .select(['kind', 'amount'])
      .where('user_id', '=', buyer.id)
      .execute();
    expect(entries.map((e) => [e.kind, Number(e.amount)])).toEqual([['topup', 120_000]]);
    const paid = json<CardTransferAnswer>(await transfer(resNum));
    expect(decodePaymentResult(paid.result)).toMatchObject({ status: 'success', topupToman: 120_000, password: '' });
    // Out of the shop's bounds, or without a session: refused before any order is made.
    const refused = await s.app.inject({
      method: 'POST',
      url: '/api/site/wallet/topup?amount=5&gate=card',
      headers: { 'content-type': 'application/json', cookie },
    });
    expectCode(refused, 400, 'invalidTopupAmount');
  });

  it('never approves an order without a receipt, and rejects one with the reason the buyer sees', async () => {
    const waiting = await order('noreceipt@example.com');
    expectCode(await adminCall('POST', `/api/admin/orders/${waiting}/approve`), 409, 'conflict');
    await expect(cli('payments', 'approve', waiting)).rejects.toMatchObject({ code: 'conflict' });
    // Reconciliation never settles a card order.
    await s.later(10, () => reconcile(s.ctx, { olderThanMinutes: 0 }));
    expect(json(await transfer(waiting))).toMatchObject({ state: 'awaiting_transfer' });

    const wrong = await order('reject@example.com');
    expect((await receipt(wrong, { tracking: nextTracking() })).statusCode).toBe(200);
    expectCode(await adminCall('POST', `/api/admin/orders/${wrong}/reject`, {}), 400, 'invalid');
    const rejected = await adminCall('POST', `/api/admin/orders/${wrong}/reject`, { reason: 'No such deposit' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(json(rejected)).toEqual({ ok: true, resNum: wrong, state: 'rejected' });
    expect(json(await transfer(wrong))).toMatchObject({ state: 'rejected', reason: 'No such deposit' });
    expectCode(await adminCall('POST', `/api/admin/orders/${wrong}/approve`), 409, 'conflict');

    // separ-admin does the same, audited with its actor.
    const byCli = await order('cli@example.com');
    expect((await receipt(byCli, { tracking: nextTracking() })).statusCode).toBe(200);
    await expect(cli('payments', 'reject', byCli)).rejects.toThrow('--reason is required');
    const queue = await cli('payments', 'list', '--state', 'awaiting_review');
    expect(queue).toContain(byCli);
    expect(queue).toMatch(new RegExp(`${byCli}\\tawaiting_review\\tcard/card\\t\\d+ IRR`));
    expect(queue).not.toContain(waiting);
    expect(await cli('payments', 'reject', byCli, '--reason', 'Amount differs')).toContain('rejected');
    const approved = await order('cli2@example.com');
    expect((await receipt(approved, { tracking: nextTracking() })).statusCode).toBe(200);
    expect(await cli('payments', 'approve', approved)).toMatch(/approved\. Account \S+, password \S+/);
    expect((await auditOf('order.reject')).map((a) => a.operator)).toEqual(['olga', me]);
    expect((await auditOf('order.approve')).at(-1)!.operator).toBe(me);
  });

  it('expires an order still awaiting its transfer after SEPAR_CARD_TRANSFER_MINUTES, never one awaiting review', async () => {
    const idle = await order('idle@example.com');
    const sent = await order('sent@example.com');
    expect((await receipt(sent, { tracking: nextTracking() })).statusCode).toBe(200);
    const amountBefore = json<CardTransferAnswer>(await transfer(idle)).amount;
    const summary = await s.later(61, () => reconcile(s.ctx, { olderThanMinutes: 5 }));
    expect(summary.expired).toBeGreaterThanOrEqual(1);
    expect(json(await transfer(idle))).toMatchObject({ state: 'expired', amount: amountBefore });
    expect(json(await transfer(sent))).toMatchObject({ state: 'awaiting_review' });
    const rows = await s.database.db
      .selectFrom('orders')
      .select(['res_num', 'state'])
      .where('res_num', 'in', [idle, sent])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.res_num, r.state]))).toEqual({ [idle]: 3, [sent]: 0 });
    // The expired order's amount is free again; the one under review keeps its own.
    const amounts = await s.database.db
      .selectFrom('card_orders')
      .innerJoin('orders', 'orders.id', 'card_orders.order_id')
      .select(['orders.res_num', 'card_orders.open_amount'])
      .where('orders.res_num', 'in', [idle, sent])
      .execute();
    expect(Object.fromEntries(amounts.map((a) => [a.res_num, a.open_amount === null]))).toEqual({
      [idle]: true,
      [sent]: false,
    });
    // An expired order takes no receipt; the reviewed one can still be approved a day later.
    expectCode(await receipt(idle, { tracking: nextTracking() }), 409, 'notAwaitingTransfer');
    expect(await s.later(24 * 60, () => cli('payments', 'approve', sent))).toContain('approved');
  });

  it('throttles unknown order numbers per client, 429 JSON', async () => {
    const walker = '10.99.0.1';
    const answers: number[] = [];
    for (let i = 0; i < 32; i++)
      answers.push((await transfer(`S20260601-${String(i).padStart(10, '0')}`, walker)).statusCode);
    expect(answers.slice(0, 30).every((code) => code === 404)).toBe(true);
    const refused = await transfer('S20260601-0000000099', walker);
    expectCode(refused, 429, 'tooManyAttempts');
    // Receipt posts are counted per client too.
    const poster = '10.99.0.2';
    const posts: number[] = [];
    for (let i = 0; i < 31; i++)
      posts.push((await receipt('S20260601-0000000001', { tracking: '123456' }, poster)).statusCode);
    expect(posts.at(-1)).toBe(429);
    // Another client is not held back.
    expect((await transfer('S20260601-0000000099', '10.99.0.3')).statusCode).toBe(404);
  });

  it('answers junk on every new route with 4xx JSON, never 5xx', async () => {
    const resNum = await order('junk@example.com');
    const junk: InjectOptions[] = [
      { method: 'GET', url: '/api/site/card/%00%ff' },
      { method: 'GET', url: `/api/site/card/${'9'.repeat(300)}` },
      { method: 'GET', url: "/api/site/card/' or 1=1 --" },
      { method: 'POST', url: `/api/site/card/${resNum}/receipt` },
      {
        method: 'POST',
        url: `/api/site/card/${resNum}/receipt`,
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'junk',
      },
      {
        method: 'POST',
        url: `/api/site/card/${resNum}/receipt`,
        headers: { 'content-type': 'multipart/form-data; boundary=xx' },
        payload: '--xx\r\nContent-Disposition: form-data; name="tracking"\r\n\r\n1234',
      },
      {
        method: 'POST',
        url: `/api/site/card/${resNum}/receipt`,
        headers: { 'content-type': 'multipart/form-data; boundary=xx' },
        payload: `--xx\r\nContent-Disposition: form-data; name="tracking"\r\n\r\n${'1'.repeat(5000)}\r\n--xx--\r\n`,
      },
      {
        method: 'POST',
        url: `/api/site/card/${resNum}/receipt`,
        headers: { 'content-type': 'text/plain' },
        payload: 'tracking=123456',
      },
      {
        method: 'POST',
        url: `/api/site/card/${resNum}/receipt`,
        headers: { 'content-type': 'application/json' },
        payload: '{"tracking":',
      },
      { method: 'POST', url: '/api/site/card/nothing/receipt', ...multipart([{ name: 'tracking', value: '123456' }]) },
      { method: 'POST', url: `/requestAccount2?plan_id=1&email=junk@example.com&gate=card&renew=${'x'.repeat(300)}` },
      { method: 'POST', url: '/requestAccount2?plan_id=999&email=junk@example.com&gate=card' },
      { method: 'POST', url: '/requestAccount2?plan_id=1&email=not-an-email&gate=card' },
    ];
    const adminJunk: Array<[InjectOptions['method'], string, unknown?]> = [
      ['POST', '/api/admin/cards', { number: 12, holder: ['x'] }],
      ['POST', '/api/admin/cards', { number: '6037990000000006', holder: '' }],
      ['POST', '/api/admin/cards', { number: 'x'.repeat(100), holder: 'y' }],
      ['POST', '/api/admin/cards'],
      ['POST', '/api/admin/cards/abc/enable'],
      ['POST', '/api/admin/cards/99999/disable'],
      ['DELETE', '/api/admin/cards/-1'],
      ['DELETE', '/api/admin/cards/999999999999999'],
      ['GET', `/api/admin/orders/${'x'.repeat(100)}/receipt`],
      ['GET', `/api/admin/orders/${resNum}/receipt`],
      ['POST', '/api/admin/orders/nothing/approve'],
      ['POST', `/api/admin/orders/${resNum}/reject`, { reason: 'r'.repeat(301) }],
      ['POST', `/api/admin/orders/${resNum}/reject`, { reason: 42 }],
      ['POST', `/api/admin/orders/${resNum}/reject`],
      ['GET', '/api/admin/orders?state=awaiting_nothing'],
    ];
    const responses = [
      ...(await Promise.all(junk.map((request) => s.app.inject({ ...request, remoteAddress: nextClient() })))),
      ...(await Promise.all(adminJunk.map(([method, url, payload]) => adminCall(method, url, payload)))),
    ];
    const wrong = responses
      .map((r, i) => ({ i, status: r.statusCode, type: String(r.headers['content-type'] ?? ''), body: r.body }))
      // Fastify's own refusals of a URL it cannot route (bad escapes, a path parameter too long) are JSON too.
      .filter(
        (r) =>
          r.status < 400 || r.status >= 500 || !r.type.includes('application/json') || JSON.parse(r.body).ok === true,
      )
      .map((r) => ({ ...r, body: r.body.slice(0, 200) }));
    expect(wrong).toEqual([]);
    // The order took none of it.
    expect(json(await transfer(resNum))).toMatchObject({ state: 'awaiting_transfer' });
  });

  it('registers the sandbox’s demo card once, and never over the shop’s own cards', async () => {
    // This shop has cards of its own: nothing is added.
    expect(await seedDemoCard(s.database.db, s.clock.now)).toBe(false);
    const fresh = await startTestServer(kind);
    try {
      expect(await seedDemoCard(fresh.database.db, fresh.clock.now)).toBe(true);
      expect(await seedDemoCard(fresh.database.db, fresh.clock.now)).toBe(false);
      const cards = await fresh.database.db.selectFrom('cards').select(['number', 'holder', 'enabled']).execute();
      expect(cards).toEqual([{ number: DEMO_CARD.number, holder: DEMO_CARD.holder, enabled: 1 }]);
      expect(json(await fresh.app.inject({ method: 'GET', url: '/site_gateways' })).card_active).toBe(1);
      // And its operator, so that a transfer can be approved in the admin offline: once, in a shop without any.
      expect(await seedDemoOperator(s.ctx)).toBe(false);
      expect(await seedDemoOperator(fresh.ctx)).toBe(true);
      expect(await seedDemoOperator(fresh.ctx)).toBe(false);
      const signed = await fresh.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(DEMO_OPERATOR),
      });
      expect(signed.statusCode, signed.body).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  /** A PNG of about `size` bytes: its metadata chunks and one large IDAT. */
  function idatOf(size: number, seed: number): Buffer {
    const png = pngWithMetadata(seed);
    const head = png.subarray(0, 8 + 25);
    const chunk = Buffer.alloc(12 + size);
    chunk.writeUInt32BE(size, 0);
    chunk.write('IDAT', 4, 'latin1');
    chunk.fill(seed, 8, 8 + size);
    return Buffer.concat([head, chunk, png.subarray(-12)]);
  }

  async function countUsers(): Promise<number> {
    const row = await s.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
});
