import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeAccount } from '@separ/domain';
import { runAdmin } from '../../../cli/admin.ts';
import { json, KINDS, startTestServer, type TestServer } from '../../../../test/harness.ts';
import { installed } from '../../../../test/peers.ts';
import {
  ask,
  breakMessageAuthenticator,
  exchange,
  freeUdpPort,
  radclient,
  request,
} from '../../../../test/radiusClient.ts';
import { RadiusServer } from './server.ts';

const SECRET = 'testing123-separ';

describe.each(KINDS)('the RADIUS server, on %s', (kind) => {
  let s: TestServer;
  let server: RadiusServer;
  let auth: number;
  let acct: number;
  const admin = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines.join('\n');
  };

  beforeAll(async () => {
    for (const program of ['radclient'])
      if (!installed(program)) throw new Error(`${program} is not installed: apt-get install -y freeradius-utils`);
    [auth, acct] = [await freeUdpPort(), await freeUdpPort()];
    s = await startTestServer(kind, {
      SEPAR_RADIUS_AUTH_PORT: String(auth),
      SEPAR_RADIUS_ACCT_PORT: String(acct),
      SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000',
    });
    expect(await admin('radius-clients', 'add', '--ip', '127.0.0.1', '--secret', SECRET, '--name', 'oc-de1')).toMatch(
      /^RADIUS client \d+ added/,
    );
    server = new RadiusServer(s.ctx);
    expect(await server.start()).toEqual({ auth, acct });
  });
  afterAll(async () => {
    await server?.stop();
    await s?.close();
  });

  const login = (username: string, password: string, extra: Array<[string, unknown]> = [], ma = false) =>
    ask(
      auth,
      SECRET,
      request(
        'Access-Request',
        SECRET,
        [['User-Name', username], ['User-Password', password], ['NAS-Identifier', 'oc-de1'], ...extra],
        {
          messageAuthenticator: ma,
        },
      ),
    );
  const accounting = (attributes: Array<[string, unknown]>) =>
    ask(acct, SECRET, request('Accounting-Request', SECRET, attributes));
  const used = async (id: number) =>
    Number(
      (await s.database.db.selectFrom('users').select('used_bytes').where('id', '=', id).executeTakeFirstOrThrow())
        .used_bytes,
    );

  it('accepts an account’s credentials with Session-Timeout and Acct-Interim-Interval, Message-Authenticator first', async () => {
    const user = await s.createUser({ expireDate: '2026-06-02T12:00:00.000Z' });
    const reply = await login(user.username, user.password);
    expect(reply?.code).toBe('Access-Accept');
    expect(reply?.firstAttribute).toBe(80);
    expect(reply?.attributes['Session-Timeout']).toBe(86_400);
    expect(reply?.attributes['Acct-Interim-Interval']).toBe(60);
    // With a Message-Authenticator of its own, valid: accepted too (radius checks the reply's).
    expect((await login(user.username, user.password, [], true))?.code).toBe('Access-Accept');
    // A pending account gets its whole period: it starts with the session.
    const pending = await s.createUser({ subsDays: 30, expireDate: null });
    expect((await login(pending.username, pending.password))?.attributes['Session-Timeout']).toBe(30 * 86_400);
  });

  it('rejects, saying why: wrong credentials, suspended, expired, out of data', async () => {
    const user = await s.createUser();
    const reject = async (username: string, password: string) => {
      const reply = await login(username, password);
      expect(reply?.code).toBe('Access-Reject');
      expect(reply?.firstAttribute).toBe(80);
      return reply?.attributes['Reply-Message'];
    };
    expect(await reject(user.username, 'wrong-password')).toBe('Invalid username or password');
    expect(await reject('nobody-here', 'whatever')).toBe('Invalid username or password');
    const suspended = await s.createUser();
    await admin('users', 'suspend', suspended.username);
    expect(await reject(suspended.username, suspended.password)).toBe(
      'This account is suspended. Please contact support.',
    );
    const expired = await s.createUser({ expireDate: '2026-05-01T00:00:00.000Z' });
    expect(await reject(expired.username, expired.password)).toBe(
      'This subscription has expired. Please buy a new plan.',
    );
    const over = await s.createUser({ allowedMB: 1 });
    await s.database.db
      .updateTable('users')
      .set({ used_bytes: 2 * 1024 * 1024 })
      .where('id', '=', over.id)
      .execute();
    expect(await reject(over.username, over.password)).toBe(
      'This account has used all of its data. Please upgrade your plan.',
    );
  });

  it('counts each byte of a session once, starts a pending account, ends the session, and lists it as a device meanwhile', async () => {
    const user = await s.createUser({ subsDays: 30, expireDate: null, allowedDevices: 1 });
    const session = [
      ['User-Name', user.username],
      ['Acct-Session-Id', `sess-${kind}-1`],
      ['Calling-Station-Id', '198.51.100.4'],
    ] as Array<[string, unknown]>;
    const start = await accounting([
      ['Acct-Status-Type', 'Start'],
      ...session,
      ['Connect-Info', 'Open AnyConnect VPN Agent v9.01-3'],
    ]);
    expect(start?.code).toBe('Accounting-Response');
    const started = await s.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(started.subs_days).toBe(0);
    expect(started.expire_date).toBe('2026-07-01T12:00:00.000Z');

    // The device list shows the connection; the panel cannot end it.
    const cookie = await s.login(user.username, user.password);
    const account = normalizeAccount(
      json(await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } })),
    );
    expect(account.devices).toEqual([
      {
        id: expect.stringMatching(/^openconnect-\d+$/),
        deviceInfo: 'OpenConnect;9.01-3',
        loginAt: '2026-06-01T12:00:00.000Z',
      },
    ]);
    const unlink = await s.app.inject({
      method: 'POST',
      url: `/api/site/unlinkdevice?sessionId=${account.devices[0]!.id}`,
      headers: { cookie },
    });
    expect(unlink.statusCode).toBe(409);
    expect(json(unlink)).toEqual({
      ok: false,
      message: 'An OpenConnect connection cannot be ended from the panel: it ends when its device disconnects.',
      code: 'deviceNotDisconnectable',
    });
    // At its limit of one device: a second OpenConnect login is refused.
    const second = await login(user.username, user.password);
    expect(second?.attributes['Reply-Message']).toBe(
      'Device limit reached: this account allows 1 device(s) at once. Disconnect one and try again.',
    );

    const interim = [
      ['Acct-Status-Type', 'Interim-Update'],
      ...session,
      ['Acct-Input-Octets', 1000],
      ['Acct-Output-Octets', 5000],
    ] as Array<[string, unknown]>;
    expect((await accounting(interim))?.code).toBe('Accounting-Response');
    expect(await used(user.id)).toBe(6000);
    // The same packet again (a retransmission): nothing more.
    expect((await accounting(interim))?.code).toBe('Accounting-Response');
    expect(await used(user.id)).toBe(6000);
    // The counters wrapped: Gigawords carry the rest (2^32 + 2000 in, 9000 out).
    await accounting([
      ['Acct-Status-Type', 'Interim-Update'],
      ...session,
      ['Acct-Input-Octets', 2000],
      ['Acct-Input-Gigawords', 1],
      ['Acct-Output-Octets', 9000],
    ]);
    expect(await used(user.id)).toBe(2 ** 32 + 11_000);
    // An older update arriving late changes nothing.
    await accounting(interim);
    expect(await used(user.id)).toBe(2 ** 32 + 11_000);
    await accounting([
      ['Acct-Status-Type', 'Stop'],
      ...session,
      ['Acct-Input-Octets', 3000],
      ['Acct-Input-Gigawords', 1],
      ['Acct-Output-Octets', 9000],
      ['Acct-Terminate-Cause', 'User-Request'],
    ]);
    expect(await used(user.id)).toBe(2 ** 32 + 12_000);
    // Ended: the device goes, and the account may log in again.
    const after = normalizeAccount(
      json(await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } })),
    );
    expect(after.devices).toEqual([]);
    expect((await login(user.username, user.password))?.code).toBe('Access-Accept');
  });

  it('forgets a session that misses two interim updates', async () => {
    const user = await s.createUser({ allowedDevices: 1 });
    await accounting([
      ['Acct-Status-Type', 'Start'],
      ['User-Name', user.username],
      ['Acct-Session-Id', `sess-${kind}-2`],
    ]);
    expect((await login(user.username, user.password))?.code).toBe('Access-Reject');
    const later = await s.later(3, () => login(user.username, user.password));
    expect(later?.code).toBe('Access-Accept');
  });

  it('ends a client’s sessions when it says it restarted (Accounting-On)', async () => {
    const user = await s.createUser({ allowedDevices: 1 });
    await accounting([
      ['Acct-Status-Type', 'Start'],
      ['User-Name', user.username],
      ['Acct-Session-Id', `sess-${kind}-3`],
    ]);
    expect((await login(user.username, user.password))?.code).toBe('Access-Reject');
    expect(
      (
        await accounting([
          ['Acct-Status-Type', 'Accounting-On'],
          ['NAS-Identifier', 'oc-de1'],
        ])
      )?.code,
    ).toBe('Accounting-Response');
    expect((await login(user.username, user.password))?.code).toBe('Access-Accept');
  });

  it('drops what it must not answer: a wrong Message-Authenticator, a wrong accounting authenticator, a wrong code', async () => {
    const user = await s.createUser();
    const good = request(
      'Access-Request',
      SECRET,
      [
        ['User-Name', user.username],
        ['User-Password', user.password],
      ],
      {
        messageAuthenticator: true,
      },
    );
    expect(await exchange(auth, breakMessageAuthenticator(good), 500)).toBeNull();
    const forged = request('Accounting-Request', 'the-wrong-secret', [
      ['Acct-Status-Type', 'Start'],
      ['User-Name', user.username],
      ['Acct-Session-Id', 'x'],
    ]);
    expect(await exchange(acct, forged, 500)).toBeNull();
    expect(await exchange(acct, good, 500)).toBeNull();
    expect(await exchange(auth, Buffer.from('not radius at all, just bytes'), 500)).toBeNull();
    expect(server.stats.dropped).toBeGreaterThanOrEqual(4);
  });

  it('answers the packets Debian 12’s ocserv sent (captured), and radclient’s', async () => {
    const golden = JSON.parse(readFileSync(join(import.meta.dirname, 'ocserv-packets.json'), 'utf8')) as {
      secret: string;
      packets: Array<{ direction: string; code: string; hex: string }>;
    };
    await admin('radius-clients', 'remove', '127.0.0.1');
    await admin('radius-clients', 'add', '--ip', '127.0.0.1', '--secret', golden.secret);
    await server.refresh();
    try {
      await s.createUser({ username: 'alice', password: 'wonderland' });
      const [access] = golden.packets.filter((p) => p.code === 'Access-Request');
      const reply = await exchange(auth, Buffer.from(access!.hex, 'hex'));
      expect(reply?.[0]).toBe(2);
      const wrong = golden.packets.filter((p) => p.code === 'Access-Request')[1]!;
      expect((await exchange(auth, Buffer.from(wrong.hex, 'hex')))?.[0]).toBe(3);
      for (const packet of golden.packets.filter((p) => p.code === 'Accounting-Request'))
        expect((await exchange(acct, Buffer.from(packet.hex, 'hex')))?.[0]).toBe(5);
    } finally {
      await admin('radius-clients', 'remove', '127.0.0.1');
      await admin('radius-clients', 'add', '--ip', '127.0.0.1', '--secret', SECRET);
      await server.refresh();
    }
    const user = await s.createUser();
    const ok = await radclient(
      auth,
      'auth',
      SECRET,
      `User-Name = "${user.username}"\nUser-Password = "${user.password}"\nMessage-Authenticator = 0x00\n`,
    );
    expect(ok.status, ok.out).toBe(0);
    expect(ok.out).toMatch(/Received Access-Accept/);
    expect(ok.out).toMatch(/Session-Timeout = \d+/);
    const bad = await radclient(auth, 'auth', SECRET, `User-Name = "${user.username}"\nUser-Password = "nope"\n`);
    expect(bad.status).toBe(1);
    expect(bad.out).toMatch(/Reply-Message = "Invalid username or password"/);
    const start = await radclient(
      acct,
      'acct',
      SECRET,
      `Acct-Status-Type = Start, User-Name = "${user.username}", Acct-Session-Id = "rc-${kind}"`,
    );
    expect(start.status, start.out).toBe(0);
    expect(start.out).toMatch(/Received Accounting-Response/);
  });

  it('drops packets from addresses that are not its clients, and hears a new client within ten seconds', async () => {
    await admin('radius-clients', 'remove', '127.0.0.1');
    await server.refresh();
    const user = await s.createUser();
    expect(await login(user.username, user.password)).toBeNull();
    await admin('radius-clients', 'add', '--ip', '127.0.0.1', '--secret', SECRET, '--require-message-authenticator');
    let reply = null;
    for (let i = 0; i < 40 && !reply; i++) {
      reply = await login(user.username, user.password, [], true);
      if (!reply) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(reply?.code).toBe('Access-Accept');
    // This client must send a Message-Authenticator: without one, the packet is dropped.
    expect(await login(user.username, user.password)).toBeNull();
    expect(await admin('radius-clients', 'list')).toMatch(/127\.0\.0\.1\t127\.0\.0\.1\trequires Message-Authenticator/);
  }, 20_000);
});
