/**
 * Issue 34 (CONTRACTS §5 and §15): the VPN id that nodes and links carry instead of the login
 * password, a password change that closes every other way in, and node reports that are bounded
 * and scoped — on both databases. Each of these failed on the code before the issue.
 */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkAccount, linkedAccount } from '../src/modules/messaging/botService.ts';
import { searchUsers, userAction } from '../src/modules/accounts/admin.ts';
import { userDetail } from '../src/modules/operators/userDetail.ts';
import { overview } from '../src/modules/operators/overview.ts';
import { createNode } from '../src/modules/nodes/records.ts';
import { account as accountPacket, addRadiusClient, type RadiusClient } from '../src/modules/nodes/radius/service.ts';
import type { Packet } from '../src/modules/nodes/radius/codec.ts';
import { MAX_USED_BYTES } from '../src/modules/nodes/traffic.ts';
import { commonPasswordCount } from '../src/platform/security/commonPasswords.ts';
import { CodeMigrationProvider } from '../src/platform/db/migrations.ts';
import { openDatabase } from '../src/platform/db/index.ts';
import { loadConfig } from '../src/platform/config.ts';
import { freshDatabase, json, KINDS, startTestServer, type TestServer } from './harness.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(KINDS)('credentials and node reports, on %s', (kind) => {
  let s: TestServer;
  let node: { id: number; token: string };
  let nodeQuery: string;

  beforeAll(async () => {
    s = await startTestServer(kind);
    node = await createNode(s.ctx, {
      name: 'DE VLESS',
      protocol: 'vless',
      host: 'de.example.com',
      port: 443,
      security: 'tls',
      country: 'DE',
    });
    nodeQuery = `node_id=${node.id}&node_type=vless&token=${node.token}`;
  });
  afterAll(async () => {
    await s?.close();
  });

  const nodeList = async () => {
    const answer = await s.app.inject(`/api/v1/server/UniProxy/user?${nodeQuery}`);
    return { status: answer.statusCode, body: answer.body };
  };
  const push = (body: unknown) =>
    s.app.inject({ method: 'POST', url: `/api/v1/server/UniProxy/push?${nodeQuery}`, payload: JSON.stringify(body) });
  const alive = (body: unknown) =>
    s.app.inject({ method: 'POST', url: `/api/v1/server/UniProxy/alive?${nodeQuery}`, payload: JSON.stringify(body) });
  const usedBytes = async (id: number) =>
    Number(
      (await s.database.db.selectFrom('users').select('used_bytes').where('id', '=', id).executeTakeFirstOrThrow())
        .used_bytes,
    );
  const accountOf = async (cookie: string) =>
    json<{ ok: boolean; subUrl: string; username: string }>(
      await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }),
    );
  const subPath = (url: string) => new URL(url).pathname;

  it('gives the nodes and the generated links a VPN id of the account’s own, never its password', async () => {
    const user = await s.createUser({ password: 'Kq7zWm3xPt9v' });
    expect(user.vpnId).toMatch(UUID);
    const list = await nodeList();
    expect(list.status).toBe(200);
    const users = (JSON.parse(list.body) as { users: Array<{ id: number; uuid: string }> }).users;
    expect(users.find((u) => u.id === user.id)?.uuid).toBe(user.vpnId);
    expect(list.body).not.toContain('Kq7zWm3xPt9v');

    const cookie = await s.login(user.username, user.password);
    const servers = json<{ servers: Array<{ id: number; server: string }> }>(
      await s.app.inject({ method: 'POST', url: '/api/site/servers', headers: { cookie } }),
    ).servers;
    const nodeServer = servers.find((server) => server.id === 1_000_000 + node.id)!;
    expect(nodeServer.server).toContain(user.vpnId);
    expect(nodeServer.server).not.toContain('Kq7zWm3xPt9v');
    // The subscription as v2rayNG reads it: the node's link carries the VPN id.
    const { subUrl } = await accountOf(cookie);
    const links = Buffer.from(
      (await s.app.inject({ url: subPath(subUrl), headers: { 'user-agent': 'v2rayNG/1.9.5' } })).body,
      'base64',
    ).toString('utf8');
    const nodeLink = links.split('\n').find((link) => link.includes('de.example.com'))!;
    expect(nodeLink).toContain(user.vpnId);
    expect(nodeLink).not.toContain('Kq7zWm3xPt9v');
  });

  it('closes every other way in when the password changes: VPN id, subscription URL, bot chats, sessions', async () => {
    const user = await s.createUser({ password: 'Start1234xyz' });
    const keep = await s.login(user.username, user.password);
    const other = await s.login(user.username, user.password);
    const before = await accountOf(keep);
    expect((await s.app.inject(subPath(before.subUrl))).statusCode).toBe(200);
    await linkAccount(s.ctx, 'chat-900', user.username, user.password);
    expect((await linkedAccount(s.ctx, 'chat-900'))?.id).toBe(user.id);

    const changed = await s.app.inject({
      method: 'POST',
      url: '/api/site/changepassword',
      headers: { cookie: keep, 'content-type': 'application/json' },
      payload: { currentpassword: 'Start1234xyz', newpassword: 'Changed9876abc' },
    });
    expect(json(changed)).toMatchObject({ ok: true, chatsUnlinked: 1, sessionsEnded: 1 });

    // The old subscription URL is gone, the panel shows the new one, which works.
    const after = await accountOf(keep);
    expect(after.ok).toBe(true);
    expect(after.subUrl).not.toBe(before.subUrl);
    expect((await s.app.inject(subPath(before.subUrl))).statusCode).toBe(404);
    expect((await s.app.inject(subPath(after.subUrl))).statusCode).toBe(200);
    // The old VPN id is in no node's list; a new one is.
    const list = await nodeList();
    expect(list.body).not.toContain(user.vpnId);
    const row = await s.database.db
      .selectFrom('users')
      .select('vpn_id')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.vpn_id).toMatch(UUID);
    expect(row.vpn_id).not.toBe(user.vpnId);
    expect(list.body).toContain(row.vpn_id);
    // The chat linked before is not linked now; the other session has ended.
    expect(await linkedAccount(s.ctx, 'chat-900')).toBeNull();
    expect(
      (await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie: other } })).statusCode,
    ).toBe(401);
  });

  it('does the same when an operator resets the password', async () => {
    const user = await s.createUser();
    const cookie = await s.login(user.username, user.password);
    const { subUrl } = await accountOf(cookie);
    await linkAccount(s.ctx, 'chat-901', user.username, user.password);
    const done = await userAction(s.ctx, user.username, { action: 'reset-password' }, 'test@cli');
    expect(done).toMatchObject({ chatsUnlinked: 1, sessionsEnded: 1 });
    expect((await s.app.inject(subPath(subUrl))).statusCode).toBe(404);
    expect(await linkedAccount(s.ctx, 'chat-901')).toBeNull();
    expect((await nodeList()).body).not.toContain(user.vpnId);
  });

  it('refuses a common password and takes a long one', async () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    const user = await s.createUser({ password: 'Plain7777xyz' });
    const cookie = await s.login(user.username, user.password);
    const change = (next: string, current = 'Plain7777xyz') =>
      s.app.inject({
        method: 'POST',
        url: '/api/site/changepassword',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ currentpassword: current, newpassword: next }).toString(),
      });
    for (const common of ['123456', 'password1', 'Qwerty123'])
      expect(json(await change(common))).toEqual({
        ok: false,
        message: 'Password is too common',
        code: 'passwordTooCommon',
      });
    expect(json(await change('a'.repeat(65)))).toMatchObject({ ok: false, code: 'tooLong' });
    const long = 'Lg4'.repeat(13) + 'x'; // 40 characters
    expect(long).toHaveLength(40);
    expect(json(await change(long))).toMatchObject({ ok: true });
    expect(await s.login(user.username, long)).toMatch(/^jwtUserToken=/);
    await expect(
      userAction(s.ctx, user.username, { action: 'reset-password', password: 'iloveyou' }, 'test@cli'),
    ).rejects.toThrow(/too common/);
  });

  it('refuses a 2^60-byte push whole, and the shop keeps answering', async () => {
    const user = await s.createUser({ allowedMB: -1 });
    const small = await s.createUser();
    const huge = await push({ [small.id]: [1000, 0], [user.id]: [2 ** 60, 0] });
    expect(huge.statusCode).toBe(400);
    expect(json(huge)).toMatchObject({ ok: false, code: 'implausibleReport' });
    // Nothing of it was applied, not even the plausible entry.
    expect(await usedBytes(small.id)).toBe(0);
    expect(await usedBytes(user.id)).toBe(0);
    // Pushes of 9 TB at the node's rate 1 still never pass 2^53 − 1.
    for (let i = 0; i < 3; i++) expect((await push({ [user.id]: [9e12, 0] })).statusCode).toBe(200);
    expect(await usedBytes(user.id)).toBe(27e12);
    expect((await nodeList()).status).toBe(200);
    expect(
      (await s.app.inject({ method: 'POST', url: `/site_login?username=${user.username}&password=${user.password}` }))
        .statusCode,
    ).toBe(200);
  });

  it('caps usage at 2^53 − 1 and reads a row that holds more without failing any list', async () => {
    const user = await s.createUser({ allowedMB: -1 });
    // A row written before the cap (or by hand): 2^60 bytes.
    await sql`update users set used_bytes = ${sql.lit(2 ** 60)} where id = ${user.id}`.execute(s.database.db);
    s.ctx.nodes.users.invalidate();
    expect((await nodeList()).status).toBe(200);
    expect(
      (await s.app.inject({ method: 'POST', url: `/site_login?username=${user.username}&password=${user.password}` }))
        .statusCode,
    ).toBe(200);
    const cookie = await s.login(user.username, user.password);
    expect((await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } })).statusCode).toBe(
      200,
    );
    expect((await searchUsers(s.ctx, { page: 1, size: 20 } as never)).total).toBeGreaterThan(0);
    expect((await userDetail(s.ctx, user.username)).username).toBe(user.username);
    await overview(s.ctx);
    // A push on top of it brings it down to the cap, never past it.
    expect((await push({ [user.id]: [10, 0] })).statusCode).toBe(200);
    expect(await usedBytes(user.id)).toBe(MAX_USED_BYTES);
    expect((await nodeList()).status).toBe(200);
  });

  it('ignores push and alive entries for accounts outside the node’s list, and counts a few addresses at most', async () => {
    const listed = await s.createUser({ allowedDevices: 1 });
    const suspended = await s.createUser();
    await s.database.db.updateTable('users').set({ suspend: 1 }).where('id', '=', suspended.id).execute();
    const pending = await s.createUser({ subsDays: 30, expireDate: null });
    await s.database.db.updateTable('users').set({ suspend: 1 }).where('id', '=', pending.id).execute();
    expect((await push({ [listed.id]: [100, 0], [suspended.id]: [5000, 0], [pending.id]: [5000, 0] })).statusCode).toBe(
      200,
    );
    expect(await usedBytes(listed.id)).toBe(100);
    expect(await usedBytes(suspended.id)).toBe(0);
    // A pending account outside the list is not started by a node that cannot serve it.
    const row = await s.database.db
      .selectFrom('users')
      .select(['subs_days', 'expire_date'])
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ subs_days: 30, expire_date: null });

    const ips = Array.from({ length: 20 }, (_, i) => `198.51.100.${i + 1}`);
    expect((await alive({ [listed.id]: ips, [suspended.id]: ips })).statusCode).toBe(200);
    const counts = json<{ alive: Record<string, number> }>(
      await s.app.inject(`/api/v1/server/UniProxy/alivelist?${nodeQuery}`),
    ).alive;
    expect(counts[String(listed.id)]).toBe(3); // allowedDevices + 2
    expect(counts[String(suspended.id)]).toBeUndefined();
  });

  it('ignores a RADIUS accounting delta above 10 TB (Gigawords), and keeps counting after it', async () => {
    const { id } = await addRadiusClient(s.ctx, { ip: '127.0.0.9', secret: 'radius-secret' });
    const client: RadiusClient = {
      id,
      ip: '127.0.0.9',
      name: 'oc',
      secret: 'radius-secret',
      requireMessageAuthenticator: false,
    };
    const user = await s.createUser();
    const packet = (type: string, octets: number, gigawords = 0) =>
      ({
        code: 'Accounting-Request',
        identifier: 1,
        authenticator: Buffer.alloc(16),
        attributes: {
          'Acct-Status-Type': type,
          'Acct-Session-Id': 'sess-1',
          'User-Name': user.username,
          'Acct-Input-Octets': octets,
          'Acct-Input-Gigawords': gigawords,
          'Acct-Output-Octets': 0,
        },
      }) as unknown as Packet;
    await accountPacket(s.ctx, client, packet('Start', 0));
    await accountPacket(s.ctx, client, packet('Interim-Update', 2, 2 ** 21)); // 2^53 + 2 octets
    expect(await usedBytes(user.id)).toBe(0);
    await accountPacket(s.ctx, client, packet('Interim-Update', 5000));
    expect(await usedBytes(user.id)).toBe(5000);
    expect((await nodeList()).status).toBe(200);
  });
});

describe.each(KINDS)('the VPN id migration, on %s', (kind) => {
  it('gives every existing account a VPN id of its own, and the nodes’ list moves when one changes', async () => {
    const fresh = await freshDatabase(kind);
    const config = loadConfig({ SEPAR_DATA_DIR: fresh.dataDir, ...(fresh.url ? { DATABASE_URL: fresh.url } : {}) });
    const database = openDatabase({ ...config, poolSize: 2 });
    try {
      const migrator = new Migrator({ db: database.db, provider: new CodeMigrationProvider(database.kind) });
      expect((await migrator.migrateTo('0012_renewal')).error).toBeUndefined();
      const at = '2026-01-01T00:00:00.000Z';
      for (const username of ['old1', 'old2', 'old3'])
        await sql`insert into users (username, password_hash, password_enc, email, expire_date, used_bytes,
            allowed_mb, allowed_devices, suspend, subs_days, ios, plan_id, created_at, updated_at)
          values (${username}, 'h', 'e', null, null, 0, 100, 1, 0, 30, 0, null, ${at}, ${at})`.execute(database.db);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await database.db.selectFrom('users').select(['username', 'vpn_id']).execute();
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(row.vpn_id).toMatch(UUID);
      expect(new Set(rows.map((row) => row.vpn_id)).size).toBe(3);
      const version = async () =>
        Number(
          (
            await database.db
              .selectFrom('list_versions')
              .select('version')
              .where('name', '=', 'users')
              .executeTakeFirstOrThrow()
          ).version,
        );
      const before = await version();
      await database.db
        .updateTable('users')
        .set({ vpn_id: '11111111-1111-4111-8111-111111111111' })
        .where('username', '=', 'old1')
        .execute();
      expect(await version()).toBe(before + 1);
    } finally {
      await database.close();
      await fresh.dispose();
    }
  });
});
