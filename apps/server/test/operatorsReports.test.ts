/**
 * The operators' chat (CONTRACTS §13), beyond orders and receipts: a gateway that failed three times
 * in a row, told once until it recovers, and the daily report at its hour, once a day — against a
 * fake Bot API and a fake IranDargah, with the test's clock, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeBotApi } from './fakeBotApi.ts';
import { startFakeGateway, type FakeAnswer } from './fakeGateway.ts';
import { KINDS, startTestServer, type TestServer } from './harness.ts';
import { startBot, type RunningBot } from '../src/modules/messaging/index.ts';
import { dailyReport, reportWindow } from '../src/modules/monitoring/index.ts';
import { createNode } from '../src/modules/nodes/records.ts';

const TOKEN = '123456:ops-token';
const OPS = 9101;
const OPS_EN = 9102;

describe('the daily report’s window', () => {
  it('is the 24 hours before the hour, on Tehran’s clock, from that hour on', () => {
    // 08:59 in Tehran (05:29 UTC): not yet; 09:00: the day's report; 23:59: still that day's.
    expect(reportWindow(new Date('2026-06-02T05:29:59Z'), 9)).toBeNull();
    const due = {
      day: '2026-06-02',
      from: new Date('2026-06-01T05:30:00Z'),
      to: new Date('2026-06-02T05:30:00Z'),
    };
    expect(reportWindow(new Date('2026-06-02T05:30:00Z'), 9)).toEqual(due);
    expect(reportWindow(new Date('2026-06-02T20:29:59Z'), 9)).toEqual(due);
    // Past midnight in Tehran (20:30 UTC) it is the next day, whose hour has not come.
    expect(reportWindow(new Date('2026-06-02T20:30:00Z'), 9)).toBeNull();
    expect(reportWindow(new Date('2026-06-02T20:30:00Z'), 0)?.day).toBe('2026-06-03');
    expect(reportWindow(new Date('2026-06-02T12:00:00Z'), null)).toBeNull();
  });
});

describe.each(KINDS)('the operators’ alerts and daily report, on %s', (kind) => {
  let s: TestServer;
  let api: FakeBotApi;
  let running: RunningBot | null = null;
  let gateway: Awaited<ReturnType<typeof startFakeGateway>>;
  /** How the fake IranDargah answers a payment request, and each verification by authority. */
  let requestDown = false;
  const verdict = new Map<string, FakeAnswer | 'down'>();
  let serial = 0;

  beforeAll(async () => {
    api = new FakeBotApi(TOKEN);
    await api.start();
    gateway = await startFakeGateway((path, body) => {
      if (path === '/payment')
        return requestDown
          ? { status: 502, raw: '<html>Bad Gateway</html>' }
          : { json: { status: 200, authority: `OPS${kind}${++serial}` } };
      const answer = verdict.get(String(body.authority)) ?? { json: { status: -22 } };
      return answer === 'down' ? { status: 503, raw: 'down for maintenance' } : answer;
    });
    s = await startTestServer(kind, {
      SEPAR_BOT_TOKEN: TOKEN,
      SEPAR_BOT_API_ROOT: api.origin,
      SEPAR_BOT_OPERATOR_CHATS: `${OPS},${OPS_EN}`,
      SEPAR_PUBLIC_URL: 'https://shop.separ.test',
      SEPAR_IRD_MERCHANT_ID: 'M-1',
      SEPAR_IRD_BASE_URL: gateway.url,
      SEPAR_GATEWAY_TIMEOUT_MS: '2000',
      SEPAR_DAILY_REPORT_HOUR: '9',
    });
    // The second operators' chat reads English.
    await s.database.db
      .insertInto('bot_users')
      .values({ messaging_id: String(OPS_EN), language: 'en', created_at: s.clock.now.toISOString() })
      .execute();
    running = await startBot(s.ctx);
  });
  afterAll(async () => {
    await running?.stop();
    await api?.stop();
    await gateway?.close();
    await s?.close();
  });

  let buyer = 0;
  /** A purchase at IranDargah: the order's number and authority, or the refusal's status. */
  async function purchase(): Promise<{ status: number; authority?: string }> {
    const response = await s.app.inject({
      method: 'POST',
      url: `/requestAccount2?plan_id=1&email=ops${++buyer}@example.com&gate=ird`,
      headers: { 'content-type': 'application/json' },
    });
    if (response.statusCode !== 200) return { status: response.statusCode };
    const order = await s.database.db
      .selectFrom('orders')
      .select('authority')
      .where('email', '=', `ops${buyer}@example.com`)
      .executeTakeFirstOrThrow();
    return { status: 200, authority: order.authority! };
  }
  /** The payer's browser back from the bank. */
  const comeBack = (authority: string) => s.app.inject(`/payment/callback/ird?code=100&authority=${authority}`);
  const alerts = async () =>
    (await s.database.db.selectFrom('shop_events').select('data').where('kind', '=', 'gateway.failing').execute()).map(
      (row) => JSON.parse(row.data) as { gateway: string; error: string; failures: number },
    );

  it('tells a gateway that failed three times in a row once, and again only after it recovered and failed three times more', async () => {
    requestDown = true;
    expect((await purchase()).status).toBe(502);
    expect((await purchase()).status).toBe(502);
    expect(await alerts()).toHaveLength(0);
    expect((await purchase()).status).toBe(502);
    expect(await alerts()).toEqual([{ gateway: 'ird', error: 'gateway answered HTTP 502 with no JSON', failures: 3 }]);
    const told = await api.until(OPS, 1);
    expect(told[0]).toBe(
      'درگاه پرداخت ایران‌درگاه ۳ بار پشت سر هم خطا داد.\nآخرین خطا: gateway answered HTTP 502 with no JSON\nممکن است خریداران نتوانند با این درگاه پرداخت کنند؛ تنظیمات آن و وضعیت خود درگاه را بررسی کنید.',
    );
    expect((await api.until(OPS_EN, 1))[0]).toBe(
      "Payment gateway IranDargah failed 3 times in a row.\nLast error: gateway answered HTTP 502 with no JSON\nBuyers may not be able to pay through it; check its settings and the gateway's own status.",
    );
    // A fourth and fifth failure, two at once: no more alerts while it has not recovered.
    await Promise.all([purchase(), purchase()]);
    expect(await alerts()).toHaveLength(1);

    // It recovers: a payment request goes through, and the count starts again.
    requestDown = false;
    const good = await purchase();
    expect(good.status).toBe(200);
    requestDown = true;
    expect((await purchase()).status).toBe(502);
    expect((await purchase()).status).toBe(502);
    expect(await alerts()).toHaveLength(1);
    // A verification that fails counts too: the third failure in a row, told again.
    verdict.set(good.authority!, 'down');
    expect((await comeBack(good.authority!)).statusCode).toBe(303);
    const both = await alerts();
    expect(both).toHaveLength(2);
    expect(both[1]).toMatchObject({ gateway: 'ird', failures: 3 });
    expect(both[1]!.error).toContain('503');
    expect((await api.until(OPS, 2)).at(-1)).toContain('درگاه پرداخت ایران‌درگاه ۳ بار پشت سر هم خطا داد.');
    // Three failures at once from a clean count (as three processes would have them): told once.
    requestDown = false;
    expect((await purchase()).status).toBe(200);
    requestDown = true;
    await Promise.all([purchase(), purchase(), purchase()]);
    expect(await alerts()).toHaveLength(3);
    requestDown = false;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(api.sent(OPS)).toHaveLength(3);
    expect(api.sent(OPS_EN)).toHaveLength(3);
  });

  it('sends the daily report at its hour, once, with the day’s figures, in each chat’s language', async () => {
    const saved = s.clock.now;
    try {
      // In the day before the report (Tehran 2026-06-01 09:00 to 2026-06-02 09:00): a purchase paid
      // at IranDargah, and orders paid otherwise; one paid before the window does not count.
      s.clock.now = new Date('2026-06-01T10:00:00Z');
      const paid = await purchase();
      verdict.set(paid.authority!, { json: { status: 100, refId: 'REF-DAILY' } });
      const start = api.sent(OPS).length;
      expect((await comeBack(paid.authority!)).statusCode).toBe(303);
      // The order itself is told first.
      expect((await api.until(OPS, start + 1)).at(-1)).toContain('سفارش جدید پرداخت شد');
      await api.until(OPS_EN, start + 1);
      const account = await s.createUser();
      const base = {
        plan_id: 1,
        email: 'daily@example.com',
        gate: 'wallet',
        provider: 'wallet',
        state: 2,
        lang: 'fa',
        created_at: '2026-06-01T11:00:00.000Z',
        updated_at: '2026-06-01T11:00:00.000Z',
      };
      await s.database.db
        .insertInto('orders')
        .values([
          // A renewal of 120,000 tomans.
          {
            ...base,
            res_num: 'S-DAILY-1',
            amount: 1_200_000,
            paid_at: '2026-06-01T11:00:00.000Z',
            renew_user_id: account.id,
          },
          // A top-up of 50,000 tomans.
          {
            ...base,
            res_num: 'S-DAILY-2',
            gate: 'ird',
            provider: 'ird',
            amount: 500_000,
            paid_at: '2026-06-02T05:29:59.000Z',
            topup_user_id: account.id,
            topup_toman: 50_000,
          },
          // Paid before the window, and an order not paid in it.
          { ...base, res_num: 'S-DAILY-3', amount: 9_990_000, paid_at: '2026-06-01T05:29:59.000Z' },
          { ...base, res_num: 'S-DAILY-4', amount: 9_990_000, state: 0, paid_at: null },
        ])
        .execute();
      const plan = await s.database.db
        .selectFrom('orders')
        .select('amount')
        .where('authority', '=', paid.authority!)
        .executeTakeFirstOrThrow();
      const salesToman = Math.round((Number(plan.amount) + 1_200_000) / 10);
      // Three nodes: one heard from, one silent, one never heard from; 5.5 GB on the last whole UTC day.
      const nodes = [];
      for (const name of ['Frankfurt-1', 'Paris-1', 'Tehran-new'])
        nodes.push(
          await createNode(s.ctx, { name, protocol: 'vless', host: `${name}.example.com`, port: 443, country: 'DE' }),
        );
      await s.database.db
        .updateTable('nodes')
        .set({ last_seen_at: '2026-06-02T05:00:00.000Z' })
        .where('id', '=', nodes[0]!.id)
        .execute();
      await s.database.db
        .updateTable('nodes')
        .set({ last_seen_at: '2026-06-01T20:00:00.000Z', silent_since: '2026-06-01T20:10:00.000Z' })
        .where('id', '=', nodes[1]!.id)
        .execute();
      await s.database.db
        .insertInto('node_traffic')
        .values([
          { node_id: nodes[0]!.id, day: '2026-06-01', bytes: 5 * 1024 ** 3 },
          { node_id: nodes[1]!.id, day: '2026-06-01', bytes: 1024 ** 3 / 2 },
          { node_id: nodes[1]!.id, day: '2026-06-02', bytes: 7 * 1024 ** 3 },
        ])
        .execute();
      const newAccounts = Number(
        (
          await s.database.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('created_at', '>=', '2026-06-01T05:30:00.000Z')
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(newAccounts).toBe(2);

      const before = start + 1;
      // 08:59 in Tehran: not yet.
      s.clock.now = new Date('2026-06-02T05:29:00Z');
      expect(await dailyReport(s.ctx)).toBe(false);
      // 09:01: due; three processes looking at once write it once.
      s.clock.now = new Date('2026-06-02T05:31:00Z');
      const looks = await Promise.all([dailyReport(s.ctx), dailyReport(s.ctx), dailyReport(s.ctx)]);
      expect(looks.filter(Boolean)).toHaveLength(1);
      const fa = (await api.until(OPS, before + 1)).at(-1)!;
      const digits = (n: number) => n.toLocaleString('en-US').replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
      expect(fa).toMatch(/^گزارش روزانه، .*۱۴۰۵/);
      expect(fa).toContain('خرداد');
      expect(fa).toContain(`فروش: ۲ سفارش، ${digits(salesToman)} تومان`);
      expect(fa).toContain('تمدید: ۱\n');
      expect(fa).toContain(`شارژ کیف پول: ۱ بار، ${digits(50_000)} تومان`);
      expect(fa).toContain('اکانت‌های جدید: ۲\n');
      expect(fa).toContain('نودها: ۱ فعال، ۱ ساکت، ۱ هنوز وصل نشده');
      expect(fa).toMatch(/ترافیک .*۱۴۰۵: ۵\.۵ گیگابایت$/);
      const en = (await api.until(OPS_EN, before + 1)).at(-1)!;
      expect(en).toMatch(/^Daily report, Tuesday(,)? 2 June 2026\n/);
      expect(en).toContain(`Sales: 2 orders, ${salesToman} tomans`);
      expect(en).toContain('Renewals: 1\nWallet top-ups: 1, 50000 tomans\nNew accounts: 2\n');
      expect(en).toContain('Nodes: 1 online, 1 silent, 1 never connected');
      expect(en).toMatch(/Traffic on 1 Jun 2026: 5\.5 GB$/);
      // Later that day, and the next morning before the hour: nothing more.
      s.clock.now = new Date('2026-06-02T19:00:00Z');
      expect(await dailyReport(s.ctx)).toBe(false);
      s.clock.now = new Date('2026-06-03T04:00:00Z');
      expect(await dailyReport(s.ctx)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(api.sent(OPS)).toHaveLength(before + 1);
      // The next day's, at its hour: no sales, and the traffic of 2 June.
      s.clock.now = new Date('2026-06-03T06:00:00Z');
      expect(await dailyReport(s.ctx)).toBe(true);
      const next = (await api.until(OPS_EN, before + 2)).at(-1)!;
      expect(next).toContain('Sales: 0 orders, 0 tomans');
      expect(next).toMatch(/Traffic on 2 Jun 2026: 7 GB$/);
    } finally {
      s.clock.now = saved;
    }
  });
});
