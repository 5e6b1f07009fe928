import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidPasswordText } from '@separ/domain';
import { loadConfig } from '../src/platform/config.ts';
import { redactUrl } from '../src/platform/http/redact.ts';
import { json, startTestServer, type TestServer } from './harness.ts';
import {
  hashPassword,
  loadSecretKey,
  randomPassword,
  SecretBox,
  tokenHash,
  verifyPassword,
} from '../src/platform/security/crypto.ts';

describe('passwords', () => {
  it('hash with scrypt at OWASP cost by default and verify in constant time', async () => {
    const { scrypt } = loadConfig({});
    // OWASP Password Storage Cheat Sheet: equally strong scrypt settings (N, r=8, p).
    const owasp = [
      [2 ** 17, 1],
      [2 ** 16, 2],
      [2 ** 15, 3],
      [2 ** 14, 5],
      [2 ** 13, 10],
    ];
    expect(scrypt.r).toBeGreaterThanOrEqual(8);
    expect(owasp.some(([N, p]) => scrypt.N >= N! && scrypt.p >= p!)).toBe(true);
    const hash = await hashPassword('Secret123', scrypt);
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword('Secret123', hash)).toBe(true);
    expect(await verifyPassword('Secret124', hash)).toBe(false);
  });

  it('never match a malformed hash', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$a$b$c$d$e')).toBe(false);
  });

  it('generate passwords of Latin letters and digits', () => {
    for (let i = 0; i < 200; i++) {
      const password = randomPassword();
      expect(password).toHaveLength(12);
      expect(isValidPasswordText(password)).toBe(true);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[A-Za-z]/);
    }
  });
});

describe('secrets', () => {
  it('seal and open with AES-256-GCM, refusing tampered values', () => {
    const box = new SecretBox(Buffer.alloc(32, 7));
    const sealed = box.seal('k3Jd9QwZ');
    expect(sealed).not.toContain('k3Jd9QwZ');
    expect(box.open(sealed)).toBe('k3Jd9QwZ');
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('other').toString('base64url')].join('.');
    expect(() => box.open(tampered)).toThrow();
    expect(() => new SecretBox(Buffer.alloc(31)).seal('x')).toThrow();
    expect(() => box.open('junk')).toThrow();
  });

  it('generate a key file with mode 0600 once, or read the key from the environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'separ-key-'));
    const first = loadSecretKey(null, dir);
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(null, dir).equals(first)).toBe(true);
    expect(loadSecretKey('ab'.repeat(32), dir)).toEqual(Buffer.alloc(32, 0xab));
    expect(() => loadSecretKey('tooshort', dir)).toThrow(/32 bytes/);
  });

  it('store only hashes of tokens', () => {
    expect(tokenHash('abc')).not.toContain('abc');
    expect(tokenHash('abc')).toBe(tokenHash('abc'));
  });
});

describe('log redaction', () => {
  it('hides secret query parameters', () => {
    expect(redactUrl('/site_login?username=ali&password=Secret1')).toBe('/site_login?username=ali&password=[redacted]');
    expect(redactUrl('/api/site/changepassword?currentpassword=a&newpassword=b')).toBe(
      '/api/site/changepassword?currentpassword=[redacted]&newpassword=[redacted]',
    );
    expect(redactUrl('/paymentresult?data=eyJ1')).toBe('/paymentresult?data=[redacted]');
    expect(redactUrl('/getTelPlans')).toBe('/getTelPlans');
    expect(redactUrl('/x?%70assword=1')).toBe('/x?%70assword=[redacted]');
  });

  it('hides a subscription URL’s token', () => {
    expect(redactUrl('/sub/ws7n5uI2Yyb66lcDhfgw9hyPWTsmt7Td')).toBe('/sub/[redacted]');
    expect(redactUrl('/sub/ws7n5uI2Yyb66lcD?format=clash')).toBe('/sub/[redacted]?format=clash');
    expect(redactUrl('/subscribe/x')).toBe('/subscribe/x');
  });
});

describe('behind HTTPS (a proxy that says so, SEPAR_TRUST_PROXY=1)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite', { SEPAR_TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await s?.close();
  });
  const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' };

  it('sends HSTS and sets the session cookie with the __Host- prefix, Secure, HttpOnly', async () => {
    const { username, password } = await s.createUser();
    const response = await s.app.inject({
      method: 'POST',
      url: `/site_login?username=${username}&password=${password}`,
      headers: https,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const token = response.cookies.find((c) => c.name === '__Host-jwtUserToken')!;
    expect(token).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(token.domain).toBeUndefined();
    expect(response.cookies.find((c) => c.name === 'jwtUserToken')).toBeUndefined();
    const name = response.cookies.find((c) => c.name === 'jwtUserUsername')!;
    expect(name).toMatchObject({ secure: true, value: username });
    expect(name.httpOnly).toBeFalsy();
    const account = await s.app.inject({
      method: 'POST',
      url: '/api/site/account',
      headers: { ...https, cookie: `__Host-jwtUserToken=${token.value}` },
    });
    expect(json(account)).toMatchObject({ ok: true, username });
    const logout = await s.app.inject({
      method: 'POST',
      url: '/api/site/logout',
      headers: { ...https, cookie: `__Host-jwtUserToken=${token.value}` },
    });
    expect(logout.cookies.find((c) => c.name === '__Host-jwtUserToken')?.value).toBe('');
    const after = await s.app.inject({
      method: 'POST',
      url: '/api/site/account',
      headers: { ...https, cookie: `__Host-jwtUserToken=${token.value}` },
    });
    expect(after.statusCode).toBe(401);
  });
});
