import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminOperatorRow, AdminPage } from '@separ/domain';
import { runAdmin } from '../src/cli/admin.ts';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';

/**
 * The operators' second factor (CONTRACTS §15, security review findings 4, 9 and 13): wrong codes
 * counted per operator and per client, a lock after 5 in 15 minutes that only the command line or
 * another operator lifts, no refund of the sign-in attempt before the code passes, the current code
 * to replace the secret or add an operator, and every failure audited with the operator's name.
 */
describe.each(KINDS)("operators' one-time codes, on %s", (kind) => {
  let s: TestServer;
  let alice: string;
  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines.join('\n');
  };
  const post = (url: string, body: unknown, cookie = '', remoteAddress = '127.0.0.1') =>
    s.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
    });
  const signIn = async (username: string, password: string, otp?: string, remoteAddress = '127.0.0.1') => {
    const response = await post('/api/admin/login', { username, password, ...(otp ? { otp } : {}) }, '', remoteAddress);
    const set = response.cookies.find((c) => c.name === 'separ_admin');
    return { response, cookie: set ? `separ_admin=${set.value}` : '' };
  };
  /** Moves the clock one step on, so that the next code is a new one (a code is good once). */
  const step = () => {
    s.clock.now = new Date(s.clock.now.getTime() + 30_000);
  };
  /** An operator with one-time codes on: its password, a session, and its authenticator. */
  async function withCodes(username: string) {
    const password = `${username} password 1`;
    // An owner: the operators these tests add and unlock are the owner's to manage (CONTRACTS §13).
    await cli('operators', 'add', username, '--password', password, '--role', 'owner');
    const { cookie } = await signIn(username, password);
    const setup = json<{ secret: string }>(await post('/api/admin/totp/setup', {}, cookie));
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    const code = () => totp.generate({ timestamp: s.clock.now.getTime() });
    step();
    const on = await post('/api/admin/totp/enable', { code: code() }, cookie);
    expect(on.statusCode, on.body).toBe(200);
    step();
    return { password, cookie, code, wrong: () => (code() === '000000' ? '111111' : '000000') };
  }
  const audit = async (q: string) =>
    json<AdminPage<AdminAuditEntry>>(
      await s.app.inject({
        url: `/api/admin/audit?q=${encodeURIComponent(q)}&pageSize=100`,
        headers: { cookie: alice },
      }),
    ).items;
  const throttleCount = async (key: string) =>
    Number(
      (await s.database.db.selectFrom('throttle').select('count').where('key', '=', key).executeTakeFirst())?.count ??
        0,
    );

  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000' });
    await cli('operators', 'add', 'alice', '--password', 'alice password 1');
    alice = (await signIn('alice', 'alice password 1')).cookie;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('locks the sign-in after 5 wrong codes, even with the right code, until separ-admin unlocks it', async () => {
    const carol = await withCodes('carol');
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn('carol', carol.password, carol.wrong(), '203.0.113.1');
      expect(wrong.response.statusCode).toBe(401);
      expect(json(wrong.response)).toMatchObject({ code: 'bad_otp' });
    }
    const locked = await signIn('carol', carol.password, carol.code());
    expect(locked.response.statusCode).toBeGreaterThanOrEqual(400);
    expect(json(locked.response)).toMatchObject({ ok: false, code: 'operator_locked' });
    expect(locked.cookie).toBe('');
    // Still locked once the 15 minutes have passed: only an unlock lifts it.
    s.clock.now = new Date(s.clock.now.getTime() + 20 * 60_000);
    alice = (await signIn('alice', 'alice password 1')).cookie;
    expect(json((await signIn('carol', carol.password, carol.code())).response)).toMatchObject({
      code: 'operator_locked',
    });
    const listed = json<{ items: AdminOperatorRow[] }>(
      await s.app.inject({ url: '/api/admin/operators', headers: { cookie: alice } }),
    ).items;
    expect(listed.find((o) => o.username === 'carol')).toMatchObject({ locked: true });
    expect(await cli('operators', 'list')).toMatch(/carol.*locked/);

    expect(await cli('operators', 'unlock', 'carol')).toMatch(/unlocked/);
    step();
    const back = await signIn('carol', carol.password, carol.code());
    expect(back.response.statusCode, back.response.body).toBe(200);
    // Audited with the operator's name: each wrong code, the lock and the unlock.
    const entries = await audit('operator.');
    const forCarol = entries.filter((e) => e.target === 'operator:carol');
    expect(forCarol.filter((e) => e.action === 'operator.otp-wrong')).toHaveLength(5);
    expect(forCarol.filter((e) => e.action === 'operator.otp-wrong').every((e) => e.operator === 'carol')).toBe(true);
    expect(forCarol.find((e) => e.action === 'operator.lock')).toBeDefined();
    expect(forCarol.find((e) => e.action === 'operator.unlock')?.operator).toMatch(/@cli$/);
  });

  it('another operator unlocks from the admin (audited), never itself', async () => {
    const dave = await withCodes('dave');
    for (let i = 0; i < 5; i++) await signIn('dave', dave.password, dave.wrong(), '203.0.113.2');
    expect(json((await signIn('dave', dave.password, dave.code())).response)).toMatchObject({
      code: 'operator_locked',
    });
    // Dave's own session (signed in before the lock) cannot lift it.
    expect((await post('/api/admin/operators/dave/unlock', {}, dave.cookie)).statusCode).toBe(409);
    const unlocked = await post('/api/admin/operators/dave/unlock', {}, alice);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    step();
    expect((await signIn('dave', dave.password, dave.code())).response.statusCode).toBe(200);
    const entry = (await audit('operator.unlock')).find((e) => e.target === 'operator:dave');
    expect(entry?.operator).toBe('alice');
    expect((await post('/api/admin/operators/nobody/unlock', {}, alice)).statusCode).toBe(404);
  });

  it('does not refund the sign-in attempt until the code passes', async () => {
    const erin = await withCodes('erin');
    const before = await throttleCount('login:operator:erin');
    expect((await signIn('erin', erin.password)).response.statusCode).toBe(401); // otp_required
    expect((await signIn('erin', erin.password, erin.wrong(), '203.0.113.3')).response.statusCode).toBe(401);
    expect(await throttleCount('login:operator:erin')).toBe(before + 2);
    // A sign-in that passes both takes back its own attempt; the two that stopped at the code stay.
    const right = await signIn('erin', erin.password, erin.code());
    expect(right.response.statusCode).toBe(200);
    expect(await throttleCount('login:operator:erin')).toBe(before + 2);
  });

  it('counts wrong codes per client too: one address cannot spread its guesses over operators', async () => {
    const frank = await withCodes('frank');
    const grace = await withCodes('grace');
    const attacker = '198.51.100.66';
    for (let i = 0; i < 3; i++) await signIn('frank', frank.password, frank.wrong(), attacker);
    for (let i = 0; i < 2; i++) await signIn('grace', grace.password, grace.wrong(), attacker);
    const refused = await signIn('grace', grace.password, grace.code(), attacker);
    expect(refused.response.statusCode).toBe(429);
    expect(json(refused.response)).toMatchObject({ ok: false, code: 'throttled' });
    // Neither operator is locked: from their own address, the right code signs them in.
    expect((await signIn('grace', grace.password, grace.code())).response.statusCode).toBe(200);
    step();
    expect((await signIn('frank', frank.password, frank.code())).response.statusCode).toBe(200);
  });

  it('needs the current code to replace the secret or to add an operator, once codes are on', async () => {
    const heidi = await withCodes('heidi');
    const setupWithout = await post('/api/admin/totp/setup', {}, heidi.cookie);
    expect(setupWithout.statusCode).toBe(401);
    expect(json(setupWithout)).toMatchObject({ code: 'otp_required' });
    const setupWrong = await post('/api/admin/totp/setup', { code: heidi.wrong() }, heidi.cookie, '203.0.113.5');
    expect(setupWrong.statusCode).toBe(401);
    expect(json(setupWrong)).toMatchObject({ code: 'bad_otp' });
    const setupRight = await post('/api/admin/totp/setup', { code: heidi.code() }, heidi.cookie);
    expect(setupRight.statusCode, setupRight.body).toBe(200);
    step();

    const addWithout = await post('/api/admin/operators', { username: 'ivan' }, heidi.cookie);
    expect(addWithout.statusCode).toBe(401);
    expect(json(addWithout)).toMatchObject({ code: 'otp_required' });
    const addWrong = await post(
      '/api/admin/operators',
      { username: 'ivan', code: heidi.wrong() },
      heidi.cookie,
      '203.0.113.5',
    );
    expect(json(addWrong)).toMatchObject({ code: 'bad_otp' });
    const added = await post('/api/admin/operators', { username: 'ivan', code: heidi.code() }, heidi.cookie);
    expect(added.statusCode, added.body).toBe(200);
    // An operator without codes adds as before.
    expect((await post('/api/admin/operators', { username: 'judy' }, alice)).statusCode).toBe(200);
    // The wrong codes of a session count toward the lock like those of a sign-in.
    for (let i = 0; i < 3; i++)
      await post('/api/admin/totp/disable', { code: heidi.wrong() }, heidi.cookie, '203.0.113.5');
    const locked = await post('/api/admin/totp/setup', { code: heidi.code() }, heidi.cookie);
    expect(json(locked)).toMatchObject({ code: 'operator_locked' });
    expect((await audit('operator.otp-wrong')).filter((e) => e.operator === 'heidi')).toHaveLength(5);
  });

  it('audits a failed sign-in with the operator name, the same for an unknown one', async () => {
    const wrong = await signIn('alice', 'not the password', undefined, '203.0.113.6');
    expect(json(wrong.response)).toMatchObject({ code: 'bad_credentials' });
    await signIn('mallory', 'whatever password', undefined, '203.0.113.6');
    const entries = await audit('operator.sign-in-failed');
    expect(entries.find((e) => e.target === 'operator:alice')).toMatchObject({
      operator: 'alice',
      after: { reason: 'bad_credentials' },
    });
    expect(entries.find((e) => e.target === 'operator:mallory')).toMatchObject({ operator: 'mallory' });
  });
});
