import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { credentialsToken, groupServersByCountry, linksClipboardText, parseServer, type RawServer } from './servers.ts';

function rawServer(overrides: Partial<RawServer> = {}): RawServer {
  return {
    id: 1,
    title: 'Germany 1 (xxx)',
    type: 2,
    countryCode: 'DE',
    server: JSON.stringify({ s: ['vless://xxx@de1.example.net:443', 'vmess://xxx@de1.example.net:8443'] }),
    ...overrides,
  };
}

const creds = { username: 'sepr1234', password: 'Pass99' };

describe('parseServer (SPEC §3 server)', () => {
  it('reads type 2 as v2ray and fills the credentials into title and links', () => {
    expect(parseServer(rawServer(), creds)).toEqual({
      id: 1,
      title: 'Germany 1 (sepr1234-Pass99)',
      type: 'v2ray',
      countryCode: 'DE',
      links: ['vless://sepr1234-Pass99@de1.example.net:443', 'vmess://sepr1234-Pass99@de1.example.net:8443'],
    });
  });

  it('reads any other type as openconnect', () => {
    expect(parseServer(rawServer({ type: 1 }), creds).type).toBe('openconnect');
    expect(parseServer(rawServer({ type: 0 }), creds).type).toBe('openconnect');
    expect(parseServer(rawServer({ type: '2' as unknown as number }), creds).type).toBe('v2ray');
  });

  it('shows a server whose JSON cannot be parsed as unknown, without links', () => {
    expect(parseServer(rawServer({ server: '{not json' }), creds)).toMatchObject({ type: 'unknown', links: [] });
    expect(parseServer(rawServer({ server: '[1]' }), creds)).toMatchObject({ type: 'unknown', links: [] });
    expect(parseServer(rawServer({ server: undefined as unknown as string }), creds)).toMatchObject({
      type: 'unknown',
      links: [],
    });
  });

  it('has no links when the JSON has no list s, and keeps only text links', () => {
    expect(parseServer(rawServer({ server: '{}' }), creds)).toMatchObject({ type: 'v2ray', links: [] });
    expect(parseServer(rawServer({ server: '{"s":["a",1,null,"b"]}' }), creds).links).toEqual(['a', 'b']);
  });

  it("writes 'unknown' for the placeholder when a credential is missing", () => {
    expect(parseServer(rawServer()).links[0]).toBe('vless://unknown@de1.example.net:443');
    expect(parseServer(rawServer(), { username: 'u' }).title).toBe('Germany 1 (unknown)');
    expect(parseServer(rawServer(), { username: null, password: 'p' }).title).toBe('Germany 1 (unknown)');
    expect(parseServer(rawServer(), { username: '', password: 'p' }).title).toBe('Germany 1 (unknown)');
  });

  it('leaves links without the placeholder unchanged (already filled by the server)', () => {
    const filled = rawServer({ server: JSON.stringify({ s: ['vless://ali-pw@h:1'] }), title: 'DE' });
    expect(parseServer(filled, creds).links).toEqual(['vless://ali-pw@h:1']);
  });

  it('returns the country code as text', () => {
    expect(parseServer(rawServer({ countryCode: 49 })).countryCode).toBe('49');
  });

  it('accepts an already parsed server object', () => {
    expect(parseServer(rawServer({ server: { s: ['x://xxx'] } as unknown as string }), creds).links).toEqual([
      'x://sepr1234-Pass99',
    ]);
  });

  it('never leaves a placeholder behind when credentials are given', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.string(), (links, title) => {
        const server = parseServer(rawServer({ title, server: JSON.stringify({ s: links }) }), {
          username: 'u',
          password: 'p',
        });
        for (const text of [server.title, ...server.links])
          expect(text.includes('xxx') && !text.includes('u-p')).toBe(false);
        expect(server.links).toHaveLength(links.length);
      }),
    );
  });
});

describe('credentialsToken', () => {
  it('joins username and password with a hyphen', () => {
    expect(credentialsToken(creds)).toBe('sepr1234-Pass99');
    expect(credentialsToken()).toBe('unknown');
  });
});

describe('groupServersByCountry', () => {
  const servers = [
    parseServer(rawServer({ id: 1, countryCode: 'DE' }), creds),
    parseServer(rawServer({ id: 2, countryCode: 'NL' }), creds),
    parseServer(rawServer({ id: 3, countryCode: 'DE' }), creds),
    parseServer(rawServer({ id: 4, countryCode: 'XX' }), creds),
  ];
  const countries = [
    { id: 'NL', title: 'Netherlands' },
    { id: 'JP', title: 'Japan' },
    { id: 'DE', title: 'Germany' },
    { id: 'NL', title: 'Netherlands again' },
  ];

  it('groups in the order of the countries and hides countries without servers', () => {
    expect(groupServersByCountry(servers, countries).map((g) => [g.country, g.servers.map((s) => s.id)])).toEqual([
      [{ id: 'NL', title: 'Netherlands' }, [2]],
      [{ id: 'DE', title: 'Germany' }, [1, 3]],
    ]);
  });

  it('matches numeric country ids with text country codes', () => {
    const numeric = [parseServer(rawServer({ id: 9, countryCode: 7 }))];
    expect(groupServersByCountry(numeric, [{ id: 7, title: 'Seven' }])).toEqual([
      { country: { id: '7', title: 'Seven' }, servers: numeric },
    ]);
  });

  it('is empty without servers', () => {
    expect(groupServersByCountry([], countries)).toEqual([]);
  });
});

describe('linksClipboardText', () => {
  it('joins links with line breaks', () => {
    expect(linksClipboardText(['a', 'b', 'c'])).toBe('a\nb\nc');
    expect(linksClipboardText([])).toBe('');
  });
});
