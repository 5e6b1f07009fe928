/**
 * Model-based isolation (security issue §1): random sequences of two users' actions — buy, login,
 * change password, app login, unlink, logout, read — never let one user read or change the other's
 * data. A model of what each user owns is kept beside the real server and compared after every step.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, KINDS, startTestServer, type TestServer, resultData } from './harness.ts';
import { isCommonPassword } from '../src/platform/security/commonPasswords.ts';

type Who = 'a' | 'b';
type Action =
  | { kind: 'login'; who: Who }
  | { kind: 'logout'; who: Who }
  | { kind: 'read'; who: Who }
  | { kind: 'changePassword'; who: Who; next: string }
  | { kind: 'appLogin'; who: Who }
  | { kind: 'unlink'; who: Who; target: Who; pick: number }
  | { kind: 'stealLogin'; who: Who }
  | { kind: 'buy'; who: Who };

const who = fc.constantFrom<Who>('a', 'b');
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('login' as const), who }),
  fc.record({ kind: fc.constant('logout' as const), who }),
  fc.record({ kind: fc.constant('read' as const), who }),
  fc.record({ kind: fc.constant('changePassword' as const), who, next: fc.stringMatching(/^[A-Za-z0-9]{6,12}$/) }),
  fc.record({ kind: fc.constant('appLogin' as const), who }),
  fc.record({ kind: fc.constant('unlink' as const), who, target: who, pick: fc.nat(5) }),
  fc.record({ kind: fc.constant('stealLogin' as const), who }),
  fc.record({ kind: fc.constant('buy' as const), who }),
);

interface Person {
  username: string;
  password: string;
  cookie: string | null;
  devices: string[];
  allowed: number;
}

const other = (w: Who): Who => (w === 'a' ? 'b' : 'a');

for (const kind of KINDS) {
  describe(`two users on ${kind}`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer(kind, {
        SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000000',
        SEPAR_LOGIN_LIMIT_USER_HOUR: '1000000',
      });
    });
    afterAll(async () => {
      await s?.close();
    });

    const post = (url: string, cookie: string | null, payload?: unknown) =>
      s.app.inject({
        method: 'POST',
        url,
        headers: { ...(cookie ? { cookie } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { payload: JSON.stringify(payload) } : {}),
      });

    it('never lets one user read or change the other', async () => {
      let steps = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 25 }), async (actions) => {
          const people: Record<Who, Person> = {
            a: { ...(await s.createUser({ allowedDevices: 2, ios: 1 })), cookie: null, devices: [], allowed: 2 },
            b: { ...(await s.createUser({ allowedDevices: 3, ios: 0 })), cookie: null, devices: [], allowed: 3 },
          };
          const bought: string[] = [];
          for (const step of actions) {
            steps += 1;
            const me = people[step.who];
            const them = people[other(step.who)];
            switch (step.kind) {
              case 'login': {
                me.cookie = await s.login(me.username, me.password);
                break;
              }
              case 'logout': {
                const response = await post('/api/site/logout', me.cookie);
                expect(response.statusCode).toBe(200);
                me.cookie = null;
                break;
              }
              case 'read':
                break;
              case 'changePassword': {
                if (!me.cookie) {
                  const refused = await post(
                    `/api/site/changepassword?currentpassword=${me.password}&newpassword=${step.next}`,
                    null,
                  );
                  expect(refused.statusCode).toBe(401);
                  break;
                }
                const response = await post(
                  `/api/site/changepassword?currentpassword=${me.password}&newpassword=${step.next}`,
                  me.cookie,
                );
                const body = json<{ ok: boolean; code?: string }>(response);
                if (isCommonPassword(step.next)) {
                  // fast-check likes "000000" and "aaaaaa": refused as too common (CONTRACTS §15).
                  expect(body).toMatchObject({ ok: false, code: 'passwordTooCommon' });
                } else if (step.next !== me.password) {
                  expect(body.ok).toBe(true);
                  me.password = step.next;
                  // Other devices must use the new password (SPEC §2): the app sessions end.
                  me.devices = [];
                } else expect(body.ok).toBe(false);
                break;
              }
              case 'appLogin': {
                const response = await post('/api/app/login', null, {
                  username: me.username,
                  password: me.password,
                  deviceInfo: 'Android;14',
                });
                if (me.devices.length < me.allowed) {
                  expect(response.statusCode).toBe(200);
                  me.devices.push(json<{ deviceId: string }>(response).deviceId);
                } else expect(response.statusCode).toBe(403);
                break;
              }
              case 'unlink': {
                const target = people[step.target];
                const id = target.devices[step.pick % Math.max(1, target.devices.length)] ?? 'no-such-device';
                const response = await post(`/api/site/unlinkdevice?sessionId=${encodeURIComponent(id)}`, me.cookie);
                if (!me.cookie) expect(response.statusCode).toBe(401);
                else if (target === me && me.devices.includes(id)) {
                  expect(response.statusCode).toBe(200);
                  me.devices = me.devices.filter((d) => d !== id);
                } else expect(response.statusCode).toBe(404);
                break;
              }
              case 'stealLogin': {
                // My username with the other's password, and the other's with mine: never a session.
                for (const [username, password] of [
                  [me.username, them.password],
                  [them.username, me.password],
                ]) {
                  const response = await post(`/site_login?username=${username}&password=${password}`, null);
                  if (password !== people[username === me.username ? step.who : other(step.who)].password)
                    expect(response.statusCode).toBe(401);
                }
                break;
              }
              case 'buy': {
                const order = await post(
                  `/requestAccount2?plan_id=1&email=${step.who}@example.com&gate=ird`,
                  me.cookie,
                );
                const url = new URL(json<{ url: string }>(order).url);
                const paid = await s.app.inject({
                  method: 'POST',
                  url: url.pathname,
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                  payload: 'action=pay',
                });
                const back = await s.app.inject(String(paid.headers.location));
                const data = resultData(String(back.headers.location))!;
                const result = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as {
                  username: string;
                  renewed?: number;
                };
                // Signed in, the purchase renews the buyer's own account (issue #24), never the other's;
                // signed out, it makes a new account that belongs to neither.
                if (me.cookie) {
                  expect(result.renewed).toBe(1);
                  expect(result.username).toBe(me.username);
                } else {
                  expect(result.renewed).toBeFalsy();
                  bought.push(result.username);
                }
                break;
              }
            }
            // After every step: each signed-in user sees exactly their own account and devices.
            for (const key of ['a', 'b'] as Who[]) {
              const person = people[key];
              const response = await post('/api/site/account', person.cookie);
              if (!person.cookie) {
                expect(response.statusCode).toBe(401);
                continue;
              }
              const account = json<{ username: string; devices: Array<{ id: string }> }>(response);
              expect(account.username).toBe(person.username);
              expect(account.devices.map((d) => d.id).sort()).toEqual([...person.devices].sort());
              expect(bought).not.toContain(account.username);
            }
          }
        }),
        { numRuns: 30, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
      );
      console.info(`isolation ${kind}: ${steps} actions checked`);
    }, 300_000);
  });
}
