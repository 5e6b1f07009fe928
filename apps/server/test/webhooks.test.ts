import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin.ts';
import { deliverWebhooks } from '../src/modules/webhooks/index.ts';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';
import { startWebhookReceiver, type Received } from './webhookReceiver.ts';

/** The signature a receiver computes, on its own, from the secret as printed and the raw body. */
const expected = (secret: string, raw: Buffer) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
const bodyOf = (r: Received) =>
  JSON.parse(r.raw.toString('utf8')) as { event: string; at: string; data: Record<string, unknown> };

interface Delivery {
  id: number;
  event: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

describe.each(KINDS)('webhooks on %s', (kind) => {
  let s: TestServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const cookies: Record<'owner' | 'admin' | 'sales', string> = { owner: '', admin: '', sales: '' };
  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines;
  };
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: string) =>
    s.app.inject({
      method,
      url,
      headers: { cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload }),
    });
  const deliveries = async (id: number) => {
    const response = await call('GET', `/api/admin/webhooks/${id}/deliveries`, cookies.owner);
    expect(response.statusCode, response.body).toBe(200);
    return json<{ items: Delivery[]; total: number }>(response);
  };
  /** Moves the shop's clock ahead (deliveries wait for their next attempt by it). */
  const advance = (ms: number) => {
    s.clock.now = new Date(s.clock.now.getTime() + ms);
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver({ '/flaky': [500, 500, 200], '/down': [503] });
    s = await startTestServer(kind, { SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000' });
    await cli('operators', 'add', 'wendy', '--password', 'owner-pass-2026');
    await cli('operators', 'add', 'adam', '--password', 'admin-pass-2026', '--role', 'admin');
    await cli('operators', 'add', 'sara', '--password', 'sales-pass-2026', '--role', 'sales');
    for (const [role, username, password] of [
      ['owner', 'wendy', 'owner-pass-2026'],
      ['admin', 'adam', 'admin-pass-2026'],
      ['sales', 'sara', 'sales-pass-2026'],
    ] as const) {
      const response = await s.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username, password }),
      });
      expect(response.statusCode, response.body).toBe(200);
      cookies[role] = `separ_admin=${response.cookies.find((c) => c.name === 'separ_admin')!.value}`;
    }
  });
  afterAll(async () => {
    await s?.close();
    await receiver?.close();
  });

  let okId = 0;
  let okSecret = '';

  it('signs order.paid and user.created with the secret printed once, over the raw body', async () => {
    const printed = await cli('webhooks', 'add', '--url', `${receiver.url}/ok`, '--events', 'order.paid,user.created');
    okSecret = printed[0]!;
    expect(okSecret).toMatch(/^whsec_[0-9a-f]{48}$/);
    okId = Number(/Webhook (\d+) added/.exec(printed[1]!)![1]);
    // Kept sealed: the secret is nowhere in the database in clear.
    const row = await s.database.db.selectFrom('webhooks').selectAll().where('id', '=', okId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(okSecret.slice(6));
    expect((await cli('webhooks', 'list')).join('\n')).not.toContain(okSecret);

    // An order paid by hand: its account is made (user.created) and the order is paid (order.paid).
    const purchase = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=hooked@example.com&gate=ird',
      headers: { 'content-type': 'application/json' },
    });
    expect(purchase.statusCode, purchase.body).toBe(200);
    const order = await s.database.db
      .selectFrom('orders')
      .select('res_num')
      .where('email', '=', 'hooked@example.com')
      .executeTakeFirstOrThrow();
    await cli('payments', 'complete', order.res_num, '--ref', 'BANK-1');
    // Two processes at once: each event is still sent once.
    await Promise.all([deliverWebhooks(s.ctx), deliverWebhooks(s.ctx)]);
    await deliverWebhooks(s.ctx);

    const got = receiver.at('/ok');
    expect(got.map((r) => bodyOf(r).event).sort()).toEqual(['order.paid', 'user.created']);
    for (const r of got) {
      expect(r.headers['content-type']).toContain('application/json');
      expect(r.headers['x-separ-signature']).toBe(expected(okSecret, r.raw));
      expect(r.headers['x-separ-signature']).not.toBe(expected(`${okSecret}x`, r.raw));
    }
    const paid = bodyOf(got.find((r) => bodyOf(r).event === 'order.paid')!);
    const created = bodyOf(got.find((r) => bodyOf(r).event === 'user.created')!);
    expect(paid.data).toMatchObject({ resNum: order.res_num, gate: 'ird', username: created.data.username });
    expect(paid.data.amount).toBeGreaterThan(0);
    expect(new Date(paid.at).toISOString()).toBe(paid.at);
    expect(created.data).toMatchObject({ email: 'hooked@example.com' });
    const log = await deliveries(okId);
    expect(log.items.every((d) => d.state === 'delivered' && d.attempts === 1 && d.lastStatus === 200)).toBe(true);
  });

  it('retries a receiver answering 500 twice, with backoff, until its 200: three attempts, in the log', async () => {
    advance(1000); // past events (of this same millisecond too) are not a new webhook's
    const added = await call(
      'POST',
      '/api/admin/webhooks',
      cookies.owner,
      JSON.stringify({ url: `${receiver.url}/flaky`, events: ['user.created'] }),
    );
    expect(added.statusCode, added.body).toBe(200);
    const { webhook, secret } = json<{ webhook: { id: number; events: string[] }; secret: string }>(added);
    expect(webhook.events).toEqual(['user.created']);
    // The answer shows the secret once; the list never does.
    const list = await call('GET', '/api/admin/webhooks', cookies.owner);
    expect(list.body).toContain('/flaky');
    expect(list.body).not.toContain(secret);

    await s.createUser({ username: 'flaky-user' });
    await deliverWebhooks(s.ctx);
    expect(receiver.at('/flaky')).toHaveLength(1);
    let [entry] = (await deliveries(webhook.id)).items;
    expect(entry).toMatchObject({ event: 'user.created', state: 'pending', attempts: 1, lastStatus: 500 });
    expect(entry!.lastError).toMatch(/^HTTP 500: failure 500/);
    expect(entry!.lastError!.length).toBeLessThan(300);
    expect(Date.parse(entry!.nextAttemptAt!)).toBeGreaterThan(s.clock.now.getTime());
    // Not before its time.
    await deliverWebhooks(s.ctx);
    expect(receiver.at('/flaky')).toHaveLength(1);

    const first = Date.parse(entry!.nextAttemptAt!) - s.clock.now.getTime();
    advance(first);
    await deliverWebhooks(s.ctx);
    expect(receiver.at('/flaky')).toHaveLength(2);
    [entry] = (await deliveries(webhook.id)).items;
    expect(entry).toMatchObject({ state: 'pending', attempts: 2, lastStatus: 500 });
    const second = Date.parse(entry!.nextAttemptAt!) - s.clock.now.getTime();
    expect(second).toBeGreaterThan(first); // the wait grows

    advance(second);
    await deliverWebhooks(s.ctx);
    const got = receiver.at('/flaky');
    expect(got).toHaveLength(3);
    // The same bytes, the same signature, each time.
    expect(new Set(got.map((r) => r.raw.toString('utf8'))).size).toBe(1);
    for (const r of got) expect(r.headers['x-separ-signature']).toBe(expected(secret, r.raw));
    expect(bodyOf(got[0]!).data).toMatchObject({ username: 'flaky-user' });
    [entry] = (await deliveries(webhook.id)).items;
    expect(entry).toMatchObject({
      state: 'delivered',
      attempts: 3,
      lastStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
  });

  it('does not follow a redirect: a 3xx is a failure, retried', async () => {
    advance(1000); // past events (of this same millisecond too) are not a new webhook's
    const added = await call(
      'POST',
      '/api/admin/webhooks',
      cookies.owner,
      JSON.stringify({ url: `${receiver.url}/redirect`, events: ['user.created'] }),
    );
    const { webhook } = json<{ webhook: { id: number } }>(added);
    await s.createUser({ username: 'redirected-user' });
    await deliverWebhooks(s.ctx);
    expect(receiver.at('/redirect')).toHaveLength(1);
    expect(receiver.at('/redirect-target')).toHaveLength(0);
    const [entry] = (await deliveries(webhook.id)).items;
    expect(entry).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 302 });
    expect(entry!.lastError).toMatch(/not followed/);
    expect((await call('DELETE', `/api/admin/webhooks/${webhook.id}`, cookies.owner)).statusCode).toBe(200);
  });

  it('sends a test event: from separ-admin at once, and queued by the console', async () => {
    const before = receiver.at('/ok').length;
    const printed = (await cli('webhooks', 'test', String(okId))).join('\n');
    expect(printed).toContain('delivered');
    const got = receiver.at('/ok').slice(before);
    expect(got).toHaveLength(1);
    expect(bodyOf(got[0]!).event).toBe('test');
    expect(got[0]!.headers['x-separ-signature']).toBe(expected(okSecret, got[0]!.raw));

    const queued = await call('POST', `/api/admin/webhooks/${okId}/test`, cookies.owner, '{}');
    expect(queued.statusCode, queued.body).toBe(200);
    expect((await deliveries(okId)).items[0]).toMatchObject({ event: 'test', state: 'pending', attempts: 0 });
    await deliverWebhooks(s.ctx);
    expect(
      receiver
        .at('/ok')
        .slice(before)
        .map((r) => bodyOf(r).event),
    ).toEqual(['test', 'test']);
    expect((await deliveries(okId)).items[0]).toMatchObject({ event: 'test', state: 'delivered', attempts: 1 });
    const actions = await s.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'webhook.%')
      .execute();
    expect(new Set(actions.map((a) => a.action))).toEqual(new Set(['webhook.add', 'webhook.test', 'webhook.remove']));
  });

  it('answers junk with a 4xx, never a 5xx', async () => {
    const bodies = [
      JSON.stringify({ url: 'ftp://example.com/hook', events: ['order.paid'] }),
      JSON.stringify({ url: 'javascript:alert(1)', events: ['order.paid'] }),
      JSON.stringify({ url: 'http://user:pass@example.com/', events: ['order.paid'] }),
      JSON.stringify({ url: '', events: ['order.paid'] }),
      JSON.stringify({ url: 'not a url', events: ['order.paid'] }),
      JSON.stringify({ url: `https://example.com/${'a'.repeat(3000)}`, events: ['order.paid'] }),
      JSON.stringify({ url: 'https://example.com/hook', events: ['order.unpaid'] }),
      JSON.stringify({ url: 'https://example.com/hook', events: ['test'] }),
      JSON.stringify({ url: 'https://example.com/hook', events: [] }),
      JSON.stringify({ url: 'https://example.com/hook', events: 'order.paid' }),
      JSON.stringify({ url: 'https://example.com/hook', events: [1, 2] }),
      JSON.stringify({ url: 42, events: ['order.paid'] }),
      JSON.stringify({ events: ['order.paid'] }),
      '[]',
      'null',
      '{"url":',
    ];
    for (const body of bodies) {
      const response = await call('POST', '/api/admin/webhooks', cookies.owner, body);
      expect(response.statusCode, `${body.slice(0, 60)} → ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body.slice(0, 60)).toBeLessThan(500);
      expect(json(response).code).toBeTruthy();
    }
    for (const [method, url] of [
      ['DELETE', '/api/admin/webhooks/abc'],
      ['DELETE', '/api/admin/webhooks/999999'],
      ['DELETE', '/api/admin/webhooks/99999999999999999999'],
      ['GET', '/api/admin/webhooks/999999/deliveries'],
      ['GET', `/api/admin/webhooks/${okId}/deliveries?page=0`],
      ['GET', `/api/admin/webhooks/${okId}/deliveries?pageSize=7`],
      ['POST', '/api/admin/webhooks/999999/test'],
      ['POST', '/api/admin/webhooks/-1/test'],
    ] as const) {
      const response = await call(method, url, cookies.owner, method === 'POST' ? '{}' : undefined);
      expect(response.statusCode, `${method} ${url} → ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    await expect(cli('webhooks', 'add', '--url', 'file:///etc/passwd', '--events', 'order.paid')).rejects.toThrow(
      /http/,
    );
    await expect(
      cli('webhooks', 'add', '--url', 'https://example.com/', '--events', 'order.paid,nope'),
    ).rejects.toThrow(/Unknown event nope/);
    expect(
      await s.database.db.selectFrom('webhooks').select('url').where('url', 'like', '%example.com%').execute(),
    ).toEqual([]);
  });

  it('answers 403 to admin and sales on every webhook route', async () => {
    for (const role of ['admin', 'sales'] as const)
      for (const [method, url, payload] of [
        ['GET', '/api/admin/webhooks', undefined],
        ['POST', '/api/admin/webhooks', JSON.stringify({ url: `${receiver.url}/ok`, events: ['order.paid'] })],
        ['DELETE', `/api/admin/webhooks/${okId}`, undefined],
        ['GET', `/api/admin/webhooks/${okId}/deliveries`, undefined],
        ['POST', `/api/admin/webhooks/${okId}/test`, '{}'],
      ] as const) {
        const response = await call(method, url, cookies[role], payload);
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(json(response).code).toBe('forbidden');
      }
    expect((await call('GET', '/api/admin/webhooks', '')).statusCode).toBe(401);
    // Nothing of theirs was done.
    expect(json<{ items: unknown[] }>(await call('GET', '/api/admin/webhooks', cookies.owner)).items).toHaveLength(2);
  });

  it('removes a webhook and its log; what it was owed is not sent', async () => {
    advance(1000); // past events (of this same millisecond too) are not a new webhook's
    const added = await call(
      'POST',
      '/api/admin/webhooks',
      cookies.owner,
      JSON.stringify({ url: `${receiver.url}/down`, events: ['user.created', 'order.paid'] }),
    );
    const { webhook } = json<{ webhook: { id: number } }>(added);
    await s.createUser({ username: 'owed-user' });
    await deliverWebhooks(s.ctx);
    expect(receiver.at('/down')).toHaveLength(1);
    expect((await cli('webhooks', 'remove', String(webhook.id))).join('\n')).toContain('removed');
    advance(10 * 60_000);
    await deliverWebhooks(s.ctx);
    expect(receiver.at('/down')).toHaveLength(1);
    expect(
      await s.database.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', webhook.id).execute(),
    ).toEqual([]);
    expect((await call('GET', `/api/admin/webhooks/${webhook.id}/deliveries`, cookies.owner)).statusCode).toBe(404);
  });
});
