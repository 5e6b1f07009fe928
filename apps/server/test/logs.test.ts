import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, defaultLogger } from '../src/app.ts';
import { startTestServer, type TestServer } from './harness.ts';

describe('logs', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('never carry a password, token or cookie through a whole journey', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = { ...(defaultLogger('debug') as object), stream };
    const app = await buildApp({
      config: s.config,
      database: s.database,
      now: () => s.clock.now,
      logger: logger as never,
    });
    const user = await s.createUser({ ios: 1 });
    const login = await app.inject({
      method: 'POST',
      url: `/site_login?username=${user.username}&password=${user.password}`,
    });
    const token = login.cookies.find((c) => c.name === 'jwtUserToken')?.value ?? '';
    const cookie = `jwtUserToken=${token}`;
    await app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } });
    await app.inject({ method: 'POST', url: '/api/site/servers', headers: { cookie } });
    await app.inject({
      method: 'POST',
      url: `/api/site/changepassword?currentpassword=${user.password}&newpassword=Another99`,
      headers: { cookie, authorization: 'Bearer abc' },
    });
    const device = await app.inject({
      method: 'POST',
      url: '/api/app/login',
      payload: { username: user.username, password: 'Another99', deviceInfo: 'iOS;17' },
    });
    expect(device.statusCode, device.body).toBe(200);
    const deviceToken = JSON.parse(device.body).token as string;
    await app.inject({ method: 'POST', url: '/api/site/logout', headers: { cookie } });
    await app.close();
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    expect(log).toContain('/site_login');
    for (const secret of [user.password, 'Another99', token, deviceToken]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(log).not.toContain(secret);
    }
  });
});
