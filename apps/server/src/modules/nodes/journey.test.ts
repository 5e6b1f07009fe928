import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStatus, dataRemainingPercent, decodePaymentResult, normalizeAccount } from '@separ/domain';
import { runAdmin } from '../../cli/admin.ts';
import { json, KINDS, startTestServer, type TestServer, resultData } from '../../../test/harness.ts';
import { V2bXClient } from '../../../test/v2bx.ts';

/**
 * The journey, end to end on one node: a buyer pays → the account is in the node's user
 * list in pending activation → the node's first push starts the subscription and moves the
 * dashboard's data ring → suspended, it leaves the list → unsuspended, it is back → its data used
 * up, it leaves again. A password change gives it a new id.
 */
describe.each(KINDS)('a buyer’s account on a V2Ray node, on %s', (kind) => {
  let s: TestServer;
  let v2bx: V2bXClient;
  beforeAll(async () => {
    s = await startTestServer(kind);
    const lines: string[] = [];
    await runAdmin(
      [
        'nodes',
        'add',
        '--name',
        'DE reality',
        '--type',
        'vless',
        '--host',
        'de1.example.com',
        '--port',
        '443',
        '--country',
        'DE',
        '--security',
        'reality',
        '--sni',
        'www.microsoft.com',
        '--json',
      ],
      s.ctx,
      (line) => lines.push(line),
    );
    const node = JSON.parse(lines[0]!) as { id: number; token: string };
    v2bx = new V2bXClient(
      async (request) => {
        const response = await s.app.inject({
          method: request.method,
          url: request.url,
          headers: request.headers,
          ...(request.body ? { payload: request.body } : {}),
        });
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) headers[name] = String(value);
        return { status: response.statusCode, headers, body: response.rawPayload };
      },
      { id: node.id, type: 'vless', token: node.token },
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  const admin = (...argv: string[]) => runAdmin(argv, s.ctx, () => undefined);

  async function buy(planId: number) {
    const order = await s.app.inject({
      method: 'POST',
      url: `/requestAccount2?plan_id=${planId}&email=journey@example.com&gate=ird`,
      headers: { 'content-type': 'application/json' },
    });
    const authority = json<{ url: string }>(order).url.split('/').pop()!;
    const bank = await s.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${authority}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    const back = await s.app.inject(String(bank.headers.location));
    return decodePaymentResult(resultData(String(back.headers.location)));
  }

  it('follows the account from purchase to its data running out', async () => {
    // Plan 1: 30 days, 50 GB, one device.
    const bought = await buy(1);
    expect(bought.status).toBe('success');
    const vpnId = async () =>
      (
        await s.database.db
          .selectFrom('users')
          .select('vpn_id')
          .where('username', '=', bought.username)
          .executeTakeFirstOrThrow()
      ).vpn_id;
    const uuid = await vpnId();
    expect(uuid).not.toContain(bought.password);
    const cookie = await s.login(bought.username, bought.password);
    const dashboard = async () =>
      normalizeAccount(json(await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } })));
    const listed = async () => {
      const { status, users } = await v2bx.getUserList();
      return { status, entry: users?.find((u) => u.uuid === uuid) ?? null, users };
    };

    let list = await listed();
    expect(list.status).toBe(200);
    expect(list.entry).toMatchObject({ uuid, deviceLimit: 1, speedLimit: 0 });
    const id = list.entry!.id;
    expect(accountStatus(await dashboard(), s.clock.now)).toEqual({ state: 'pending', days: 30 });
    expect((await listed()).status).toBe(304);

    // The node's first push: 300 MB up and down, the subscription starts now.
    expect((await v2bx.reportUserTraffic([{ uid: id, upload: 100 * 2 ** 20, download: 200 * 2 ** 20 }])).status).toBe(
      200,
    );
    const started = await dashboard();
    expect(started.subsDays).toBe(0);
    expect(started.expireDate).toBe('2026-07-01T12:00:00.000Z');
    expect(started.usedMB).toBe(300);
    expect(accountStatus(started, s.clock.now)).toEqual({ state: 'active', daysLeft: 30 });
    expect(dataRemainingPercent(started)).toBe(99);
    // A second push adds to it and does not restart anything.
    await v2bx.reportUserTraffic([{ uid: id, upload: 0, download: 1 }]);
    expect(await dashboard()).toMatchObject({ usedMB: 301, expireDate: '2026-07-01T12:00:00.000Z' });

    await admin('users', 'suspend', bought.username);
    list = await listed();
    expect(list.status).toBe(200);
    expect(list.entry).toBeNull();
    await admin('users', 'unsuspend', bought.username);
    list = await listed();
    expect(list.entry).toMatchObject({ id, uuid });

    // A new password is a new VPN id (CONTRACTS §15), and still none of the password in it.
    const changed = await s.app.inject({
      method: 'POST',
      url: `/api/site/changepassword?currentpassword=${bought.password}&newpassword=Newpass12`,
      headers: { cookie },
    });
    expect(json(changed)).toMatchObject({ ok: true });
    list = await listed();
    const renewed = list.users?.find((u) => u.id === id)?.uuid;
    expect(renewed).toBe(await vpnId());
    expect(renewed).not.toBe(uuid);
    expect(renewed).not.toContain('Newpass12');

    // 50 GB used up: it leaves the list, and the dashboard says so.
    await v2bx.reportUserTraffic([{ uid: id, upload: 0, download: 50 * 2 ** 30 }]);
    list = await listed();
    expect(list.status).toBe(200);
    expect(list.users?.some((u) => u.id === id)).toBe(false);
    expect(accountStatus(await dashboard(), s.clock.now)).toEqual({ state: 'dataExceeded' });
    expect(dataRemainingPercent(await dashboard())).toBe(0);
    // More data from the operator: back in the list.
    await admin('users', 'add-data', bought.username, '10240');
    expect((await listed()).users?.some((u) => u.id === id)).toBe(true);
  });

  it('drops an account from the list when it expires, with no write to the database', async () => {
    const user = await s.createUser({ expireDate: '2026-06-01T13:00:00.000Z' });
    expect((await v2bx.getUserList()).users?.some((u) => u.id === user.id)).toBe(true);
    const later = await s.later(61, () => v2bx.getUserList());
    expect(later.status).toBe(200);
    expect(later.users?.some((u) => u.id === user.id)).toBe(false);
  });
});
