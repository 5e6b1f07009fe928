import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResult, type PaymentResult } from '@separ/domain';
import { startFakeGateway, type FakeAnswer } from '../../../test/fakeGateway.ts';
import { json, KINDS, startTestServer, type TestServer, resultData } from '../../../test/harness.ts';
import type { Log } from '../../platform/context.ts';
import { deliverOutbox } from '../messaging/mail.ts';
import { claimOrder, ORDER, releaseClaim } from './orders.ts';
import { backoffMinutes, reconcile } from './reconcile.ts';

/**
 * Settlement against a fake of IranDargah's protocol whose verification answers each test sets per
 * payment: money that reached the gateway always ends as exactly one account.
 */
describe.each(KINDS)('settlement on %s', (kind) => {
  let s: TestServer;
  let gateway: Awaited<ReturnType<typeof startFakeGateway>>;
  /** The verification answer per authority: an answer, or 'down' (the gateway answers HTML 502). */
  const verdict = new Map<string, FakeAnswer | 'down'>();
  let serial = 0;

  beforeAll(async () => {
    gateway = await startFakeGateway((path, body) => {
      if (path === '/payment') return { json: { status: 200, authority: `IRD${kind}${++serial}` } };
      const answer = verdict.get(String(body.authority)) ?? { json: { status: -22 } };
      return answer === 'down' ? { status: 502, raw: '<html>Bad Gateway</html>' } : answer;
    });
    s = await startTestServer(kind, {
      SEPAR_IRD_MERCHANT_ID: 'M-1',
      SEPAR_IRD_BASE_URL: gateway.url,
      SEPAR_GATEWAY_TIMEOUT_MS: '2000',
    });
  });
  afterAll(async () => {
    await s?.close();
    await gateway?.close();
  });

  async function order(planId = 1): Promise<string> {
    const response = await s.app.inject({
      method: 'POST',
      url: `/requestAccount2?plan_id=${planId}&email=settle@example.com&gate=ird`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return json<{ url: string }>(response).url.split('/').pop()!;
  }

  /** The payer's browser comes back from the bank. */
  async function comeBack(authority: string): Promise<PaymentResult> {
    const response = await s.app.inject(`/payment/callback/ird?code=100&authority=${authority}`);
    expect(response.statusCode, response.body).toBe(303);
    return decodePaymentResult(resultData(String(response.headers.location)));
  }

  const row = (authority: string) =>
    s.database.db.selectFrom('orders').selectAll().where('authority', '=', authority).executeTakeFirstOrThrow();
  const accountsOf = async (authority: string) => {
    const o = await row(authority);
    return s.database.db.selectFrom('payments').select('user_id').where('res_num', '=', o.res_num).execute();
  };
  const verifications = (authority: string) =>
    gateway.requests.filter((r) => r.path === '/verification' && r.body.authority === authority).length;
  const history = async (authority: string) => {
    const o = await row(authority);
    return s.database.db
      .selectFrom('order_events')
      .select(['from_state', 'to_state', 'actor', 'detail'])
      .where('order_id', '=', o.id)
      .orderBy('id')
      .execute();
  };

  it('keeps an order open while the gateway says the payer is still at the bank, then completes it on return', async () => {
    const authority = await order();
    verdict.set(authority, { json: { status: 201, message: 'در حال پرداخت' } });
    const summary = await s.later(10, () => reconcile(s.ctx, { olderThanMinutes: 5 }));
    expect(summary).toMatchObject({ open: 1, failed: 0, expired: 0 });
    expect((await row(authority)).state).toBe(ORDER.pending);

    verdict.set(authority, { json: { status: 100, refId: 'REF-201' } });
    const result = await s.later(12, () => comeBack(authority));
    expect(result).toMatchObject({ status: 'success', refId: 'REF-201' });
    expect(await accountsOf(authority)).toHaveLength(1);
    expect((await history(authority)).map((e) => [e.from_state, e.to_state, e.actor])).toEqual([
      [null, 0, 'buyer'],
      [0, 0, 'reconcile'],
      [0, 2, 'return'],
    ]);
    expect((await history(authority))[1]?.detail).toBe(
      'IranDargah 201 (the payer is paying at the bank): در حال پرداخت',
    );
  });

  it('never expires an order for the gateway being down: two hours later it completes once it answers', async () => {
    const authority = await order();
    verdict.set(authority, 'down');
    const warnings: string[] = [];
    const log: Log = { info() {}, warn: (_o, m) => warnings.push(m ?? ''), error() {} };
    const saved = s.ctx.log;
    s.ctx.log = log;
    try {
      // Every 5 minutes for two hours, as the job runs: it asks only when the backoff says so.
      for (let minute = 5; minute <= 120; minute += 5) {
        await s.later(minute, () => reconcile(s.ctx, { olderThanMinutes: 5 }));
        expect((await row(authority)).state, `minute ${minute}`).toBe(ORDER.pending);
      }
    } finally {
      s.ctx.log = saved;
    }
    const asked = verifications(authority);
    // 1, 2, 4, 8, 16, 32 minutes … : far fewer than the 24 runs.
    expect(asked).toBeGreaterThanOrEqual(5);
    expect(asked).toBeLessThanOrEqual(8);
    expect(warnings.filter((w) => /stays pending/.test(w))).toHaveLength(asked);
    const stuck = await row(authority);
    expect(stuck.check_attempts).toBe(asked);
    expect(stuck.last_answer).toMatch(/HTTP 502/);

    verdict.set(authority, { json: { status: 100, refId: 'REF-LATE' } });
    const summary = await s.later(200, () => reconcile(s.ctx, { olderThanMinutes: 5 }));
    expect(summary.completed).toBe(1);
    expect((await row(authority)).state).toBe(ORDER.paid);
    expect(await accountsOf(authority)).toHaveLength(1);
    expect((await comeBack(authority)).status).toBe('duplicate');
    expect(verifications(authority)).toBe(asked + 1);
  });

  it('completes a failed order that is later verified as paid, once, and says so in the log', async () => {
    const authority = await order();
    verdict.set(authority, { json: { status: -1, message: 'انصراف از پرداخت' } });
    expect((await comeBack(authority)).status).toBe('failed');
    expect((await row(authority)).state).toBe(ORDER.failed);

    const warnings: Array<[object, string]> = [];
    const saved = s.ctx.log;
    s.ctx.log = { info() {}, warn: (o, m) => warnings.push([o, m ?? '']), error() {} };
    try {
      verdict.set(authority, { json: { status: 100, refId: 'REF-FAILED' } });
      const results = await Promise.all([comeBack(authority), comeBack(authority), comeBack(authority)]);
      expect(results.filter((r) => r.status === 'success')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(2);
    } finally {
      s.ctx.log = saved;
    }
    expect(await accountsOf(authority)).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![1]).toBe('a failed order was verified as paid: completed, account created');
    expect(warnings[0]![0]).toMatchObject({ was: 'failed', by: 'return' });
    expect((await history(authority)).map((e) => [e.from_state, e.to_state])).toEqual([
      [null, 0],
      [0, 1],
      [1, 2],
    ]);
  });

  it('settles each order on its own: one that cannot be completed does not stop the others', async () => {
    const plan = await s.database.db
      .insertInto('plans')
      .values({
        title: 'retired soon',
        active: 1,
        ios: 0,
        allowed_mb: 1024,
        subs_days: 30,
        allowed_devices: 1,
        discount: null,
        price_toman: '{"100":50000}',
        price_credit: '{"100":50000}',
        sort_order: 99,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const doomed = await order(plan.id);
    const fine = await order();
    verdict.set(doomed, { json: { status: 100, refId: 'REF-D' } });
    verdict.set(fine, { json: { status: 100, refId: 'REF-F' } });
    await s.database.db.deleteFrom('plans').where('id', '=', plan.id).execute();
    const errors: object[] = [];
    const saved = s.ctx.log;
    s.ctx.log = { info() {}, warn() {}, error: (o) => errors.push(o) };
    let summary;
    try {
      summary = await s.later(10, () => reconcile(s.ctx, { olderThanMinutes: 5 }));
    } finally {
      s.ctx.log = saved;
    }
    expect(summary.errors).toBe(1);
    expect(summary.completed).toBeGreaterThanOrEqual(1);
    expect((await row(fine)).state).toBe(ORDER.paid);
    expect((await row(doomed)).state).toBe(ORDER.pending);
    expect((await row(doomed)).claim_token).toBeNull();
    expect(errors[0]).toMatchObject({ order: (await row(doomed)).res_num });
  });

  it('asks the gateway a few orders at a time', async () => {
    let inFlight = 0;
    let most = 0;
    // Hold each verification 50 ms and count how many overlap.
    const authorities = await Promise.all(Array.from({ length: 10 }, () => order()));
    for (const authority of authorities) verdict.set(authority, { json: { status: -22 } });
    const adapter = s.ctx.adapterByProvider('ird')!;
    const verify = adapter.verify.bind(adapter);
    const patched = adapter as { verify: typeof verify };
    patched.verify = async (input) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 50));
      try {
        return await verify(input);
      } finally {
        inFlight--;
      }
    };
    try {
      const summary = await s.later(10, () => reconcile(s.ctx, { olderThanMinutes: 5 }));
      expect(summary.checked).toBeGreaterThanOrEqual(10);
    } finally {
      patched.verify = verify;
    }
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
  });

  it('backs off 1, 2, 4 … minutes up to an hour (six hours for an expired order)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => backoffMinutes(n))).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect([7, 9, 10, 30].map((n) => backoffMinutes(n, 360))).toEqual([64, 256, 360, 360]);
  });

  it('keeps asking about an expired order for three days: a late confirmation still makes its account', async () => {
    const authority = await order();
    verdict.set(authority, { json: { status: -22 } });
    await s.later(40, () => reconcile(s.ctx, { olderThanMinutes: 5 }));
    expect((await row(authority)).state).toBe(ORDER.expired);
    // Still unpaid a while later: asked again, stays expired.
    await s.later(60, () => reconcile(s.ctx, { olderThanMinutes: 5 }));
    expect((await row(authority)).state).toBe(ORDER.expired);
    const asked = verifications(authority);
    verdict.set(authority, { json: { status: 100, refId: 'REF-DAY2' } });
    const summary = await s.later(26 * 60, () => reconcile(s.ctx, { olderThanMinutes: 5 }));
    expect(summary.completed).toBeGreaterThanOrEqual(1);
    expect(verifications(authority)).toBe(asked + 1);
    expect((await row(authority)).state).toBe(ORDER.paid);
    expect(await accountsOf(authority)).toHaveLength(1);
    // After three days nobody asks any more.
    const stale = await order();
    verdict.set(stale, { json: { status: -22 } });
    await s.later(40, () => reconcile(s.ctx, { olderThanMinutes: 5 }));
    const before = verifications(stale);
    await s.later(4 * 24 * 60, () => reconcile(s.ctx, { olderThanMinutes: 5 }));
    expect(verifications(stale)).toBe(before);
  });

  it('fails an order whose payment request never reached the gateway', async () => {
    const authority = await order();
    const o = await row(authority);
    await s.database.db.updateTable('orders').set({ authority: null }).where('id', '=', o.id).execute();
    await s.later(10, () => reconcile(s.ctx, { olderThanMinutes: 5 }));
    const after = await s.database.db.selectFrom('orders').selectAll().where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(after.state).toBe(ORDER.failed);
    expect(after.failure).toBe('the payment request never reached the gateway');
  });

  it('asks the gateway itself when the buyer returns while reconciliation holds the order', async () => {
    const authority = await order();
    const o = await row(authority);
    // Reconciliation (or another process) holds the order and has just heard "still at the bank".
    const claim = await claimOrder(s.ctx, o.id);
    expect(claim).not.toBeNull();
    verdict.set(authority, { json: { status: 100, refId: 'REF-AFTER' } });
    const back = comeBack(authority);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await releaseClaim(s.ctx, o.id, claim!);
    expect(await back).toMatchObject({ status: 'success', refId: 'REF-AFTER' });
    expect(await accountsOf(authority)).toHaveLength(1);
  });

  it('keeps one payment per order number and one receipt per order in the schema itself', async () => {
    const authority = await order();
    verdict.set(authority, { json: { status: 100, refId: 'REF-U' } });
    expect((await comeBack(authority)).status).toBe('success');
    const o = await row(authority);
    const payment = await s.database.db
      .selectFrom('payments')
      .selectAll()
      .where('res_num', '=', o.res_num)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = payment;
    await expect(s.database.db.insertInto('payments').values(copy).execute()).rejects.toThrow(/unique|duplicate/i);
    const receipt = await s.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('order_id', '=', o.id)
      .executeTakeFirstOrThrow();
    const { id: _rid, ...again } = receipt;
    await expect(s.database.db.insertInto('outbox').values(again).execute()).rejects.toThrow(/unique|duplicate/i);
  });

  it('sends each receipt once when two processes deliver at the same time', async () => {
    const authority = await order();
    verdict.set(authority, { json: { status: 100, refId: 'REF-MAIL' } });
    const { username } = await comeBack(authority);
    const sent: string[] = [];
    const transport = {
      async sendMail(message: { to: string; text: string }) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        sent.push(message.text);
      },
    };
    const counts = await Promise.all([deliverOutbox(s.ctx, transport), deliverOutbox(s.ctx, transport)]);
    expect(sent.filter((text) => text.includes(username))).toHaveLength(1);
    expect(new Set(sent).size).toBe(sent.length);
    expect(counts[0] + counts[1]).toBe(sent.length);
  });
});

describe('5 orders × 20 parallel returns, over HTTP, at the real password cost', () => {
  let s: TestServer;
  let gateway: Awaited<ReturnType<typeof startFakeGateway>>;
  let base = '';
  let serial = 0;
  beforeAll(async () => {
    gateway = await startFakeGateway((path) => {
      if (path === '/payment') return { json: { status: 200, authority: `PAR${++serial}` } };
      return { json: { status: 100, refId: `REF${serial}` }, delayMs: 50 };
    });
    s = await startTestServer('sqlite', {
      SEPAR_IRD_MERCHANT_ID: 'M-1',
      SEPAR_IRD_BASE_URL: gateway.url,
      // OWASP's cost, as in production: a slow hash per return would show here.
      SEPAR_SCRYPT_N: '32768',
      SEPAR_SCRYPT_P: '3',
    });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await s?.close();
    await gateway?.close();
  });

  it('answers every return within 2 s: one success per order, one verification and one hash per order', async () => {
    const authorities: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${base}/requestAccount2?plan_id=1&email=p${i}@example.com&gate=ird`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      authorities.push(((await response.json()) as { url: string }).url.split('/').pop()!);
    }
    const stats = { ...s.ctx.secrets.passwords.stats };
    const returns = authorities.flatMap((authority) =>
      Array.from({ length: 20 }, async () => {
        const started = performance.now();
        const response = await fetch(`${base}/payment/callback/ird?code=100&authority=${authority}`, {
          redirect: 'manual',
        });
        const ms = performance.now() - started;
        const data = resultData(response.headers.get('location') ?? '');
        return { authority, ms, status: response.status, result: decodePaymentResult(data).status };
      }),
    );
    const results = await Promise.all(returns);
    const slowest = Math.max(...results.map((r) => r.ms));
    console.info(`100 returns: slowest ${slowest.toFixed(0)} ms`);
    expect(results.every((r) => r.status === 303)).toBe(true);
    expect(slowest).toBeLessThan(2000);
    for (const authority of authorities) {
      const mine = results.filter((r) => r.authority === authority);
      expect(
        mine.filter((r) => r.result === 'success'),
        authority,
      ).toHaveLength(1);
      expect(
        mine.filter((r) => r.result === 'duplicate'),
        authority,
      ).toHaveLength(19);
      expect(
        gateway.requests.filter((r) => r.path === '/verification' && r.body.authority === authority),
        authority,
      ).toHaveLength(1);
    }
    const { stats: after } = s.ctx.secrets.passwords;
    expect(after.fast - stats.fast).toBe(5);
    expect(after.slow - stats.slow).toBe(0);
    const users = await s.database.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(5);
  });
});
