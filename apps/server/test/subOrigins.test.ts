import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';
import { runAdmin } from '../src/cli/admin.ts';
import { loadConfig, newDomainFor, subOrigins } from '../src/platform/config.ts';

describe('SEPAR_SUB_ORIGINS (CONTRACTS §14)', () => {
  it('takes bare http(s) origins, first one first', () => {
    expect(subOrigins(undefined)).toEqual([]);
    expect(subOrigins(' https://new.example.com/ , http://10.0.0.5:8080,https://OLD.example.com:443')).toEqual([
      'https://new.example.com',
      'http://10.0.0.5:8080',
      'https://old.example.com',
    ]);
  });

  it.each([
    'ftp://sub.example.com',
    'https://sub.example.com/path',
    'https://sub.example.com/?x=1',
    'https://sub.example.com#top',
    'https://user:pw@sub.example.com',
    'sub.example.com',
    'https://',
    'javascript:alert(1)',
  ])('refuses %s, and the server does not start on it', (entry) => {
    expect(() => subOrigins(entry)).toThrow(/SEPAR_SUB_ORIGINS/);
    expect(() => loadConfig({ SEPAR_SUB_ORIGINS: `https://ok.example.com,${entry}` })).toThrow(/SEPAR_SUB_ORIGINS/);
  });

  it('names the first origin only on another listed origin', () => {
    const config = {
      subOrigins: ['https://new.example.com:8443', 'https://mirror.example.net'],
      publicUrl: 'https://shop.example.com',
    };
    expect(newDomainFor(config, 'https', 'mirror.example.net')).toBe('new.example.com:8443');
    expect(newDomainFor(config, 'https', 'shop.example.com:443')).toBe('new.example.com:8443');
    expect(newDomainFor(config, 'https', 'new.example.com:8443')).toBeNull();
    expect(newDomainFor(config, 'https', 'elsewhere.example.org')).toBeNull();
    expect(newDomainFor(config, 'https', 'bad host/../x')).toBeNull();
    expect(newDomainFor({ subOrigins: [], publicUrl: 'https://shop.example.com' }, 'https', 'a.example')).toBeNull();
  });
});

describe.each(KINDS)('subscription origins, on %s', (kind) => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startTestServer(kind, {
      SEPAR_PUBLIC_URL: 'https://shop.example.com',
      SEPAR_SUB_ORIGINS: 'https://sub2.example.org:8443,https://sub1.example.net',
    });
    const user = await s.createUser();
    cookie = await s.login(user.username, user.password);
  });
  afterAll(() => s.close());

  const account = async () =>
    json<{ subUrl: string }>(await s.app.inject({ method: 'POST', url: '/api/site/account', headers: { cookie } }));

  it('gives subUrl on the first origin, over SEPAR_PUBLIC_URL', async () => {
    const { subUrl } = await account();
    expect(subUrl).toMatch(/^https:\/\/sub2\.example\.org:8443\/sub\/[A-Za-z0-9_-]+$/);
    const reset = json<{ subUrl: string }>(
      await s.app.inject({ method: 'POST', url: '/api/site/sub/reset', headers: { cookie } }),
    );
    expect(reset.subUrl.startsWith('https://sub2.example.org:8443/sub/')).toBe(true);
  });

  it('answers on every listed origin; new-domain only off the first', async () => {
    const path = new URL((await account()).subUrl).pathname;
    const get = (host: string) =>
      s.app.inject({ method: 'GET', url: path, headers: { host, 'user-agent': 'Happ/1.63.1' } });
    const first = await get('sub2.example.org:8443');
    expect(first.statusCode).toBe(200);
    expect(first.headers['new-domain']).toBeUndefined();
    for (const host of ['sub1.example.net', 'shop.example.com']) {
      const other = await get(host);
      expect(other.statusCode).toBe(200);
      expect(other.headers['new-domain']).toBe('sub2.example.org:8443');
      expect(other.body).toBe(first.body);
    }
    // A host the shop does not list is not told to move anywhere.
    expect((await get('attacker.example')).headers['new-domain']).toBeUndefined();
    // X-Forwarded-Host from a proxy the shop does not trust changes nothing.
    const spoofed = await s.app.inject({
      method: 'GET',
      url: path,
      headers: { host: 'sub2.example.org:8443', 'x-forwarded-host': 'sub1.example.net', 'user-agent': 'Happ/1.63.1' },
    });
    expect(spoofed.headers['new-domain']).toBeUndefined();
  });

  it('shows the operator the current origin', async () => {
    const lines: string[] = [];
    await runAdmin(['operators', 'add', 'olivia', '--password', 'owner-pass-2026'], s.ctx, (line) => lines.push(line));
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'olivia', password: 'owner-pass-2026' }),
    });
    const set = login.cookies.find((c) => c.name === 'separ_admin')!;
    const overview = await s.app.inject({
      method: 'GET',
      url: '/api/admin/overview',
      headers: { cookie: `separ_admin=${set.value}` },
    });
    expect(overview.statusCode).toBe(200);
    expect(json(overview).subscriptionOrigins).toEqual({
      current: 'https://sub2.example.org:8443',
      others: ['https://sub1.example.net', 'https://shop.example.com'],
    });
  });
});
