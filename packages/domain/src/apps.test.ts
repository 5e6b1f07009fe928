import { describe, expect, it } from 'vitest';
import { appsFor, CLIENT_APPS, CLIENT_PLATFORMS, platformFromUserAgent } from './apps.ts';

const SUB = 'https://shop.example.com/sub/AbC_d-123?x=1&y=2';

describe('the client apps table', () => {
  it('builds each app’s import link, encoding the URL where the app decodes it', () => {
    const link = (id: string) => CLIENT_APPS.find((app) => app.id === id)!.importLink(SUB, 'Separ VPN');
    const encoded = encodeURIComponent(SUB);
    expect(link('v2rayng')).toBe(`v2rayng://install-config?url=${encoded}#Separ%20VPN`);
    expect(link('hiddify')).toBe(`hiddify://import/${SUB}#Separ%20VPN`);
    expect(link('singbox')).toBe(`sing-box://import-remote-profile?url=${encoded}#Separ%20VPN`);
    expect(link('streisand')).toBe(`streisand://import/${SUB}`);
    expect(link('shadowrocket')).toBe(`sub://${Buffer.from(SUB).toString('base64')}`);
    expect(link('happ')).toBe(`happ://add/${SUB}`);
    // Clash Verge Rev reads everything after url= as the URL.
    expect(link('clash-verge')).toMatch(new RegExp(`&url=${encoded.replace(/[.?*+^$()|[\]\\]/g, '\\$&')}$`));
    expect(link('karing')).toBe(`karing://install-config?url=${encoded}&name=Separ%20VPN`);
    expect(link('nekobox')).toBe(`sn://subscription?url=${encoded}&name=Separ%20VPN`);
    expect(link('v2rayn')).toBeNull();
    // Each link's URL comes back whole from its own parameter.
    expect(new URL(link('v2rayng')!.replace('v2rayng://', 'https://x/')).searchParams.get('url')).toBe(SUB);
  });

  it('has apps for every platform, with a download for each platform it names', () => {
    for (const platform of CLIENT_PLATFORMS) expect(appsFor(platform).length, platform).toBeGreaterThan(1);
    for (const app of CLIENT_APPS)
      for (const platform of app.platforms)
        expect(app.downloads[platform], `${app.id} ${platform}`).toMatch(/^https:\/\//);
  });

  it('tells the platform from a browser’s User-Agent', () => {
    const cases: Array<[string, string]> = [
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36', 'android'],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile Safari/604.1',
        'ios',
      ],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', 'windows'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15', 'macos'],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'linux'],
      ['curl/8.5.0', 'android'],
    ];
    for (const [ua, platform] of cases) expect(platformFromUserAgent(ua), ua).toBe(platform);
  });
});
