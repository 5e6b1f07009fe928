/**
 * The client apps a buyer imports the subscription into, and how: one table (the subscription
 * page, the panel's Connect page and the install guide read it). Each import link was checked
 * against the app's own source where it is public (the research notes: v2rayNG's UrlSchemeActivity,
 * hiddify-app's link_parsers.dart, sing-box's docs/clients/general.md, clash-verge-rev's
 * resolve/scheme.rs, Karing's scheme_handler.dart, NekoBoxForAndroid's MainActivity); Streisand,
 * Shadowrocket and Happ are closed source, and their forms are the ones Remnawave's subscription
 * page uses (`checked: false`).
 */

export type ClientPlatform = 'android' | 'ios' | 'windows' | 'macos' | 'linux';
export const CLIENT_PLATFORMS: ClientPlatform[] = ['android', 'ios', 'windows', 'macos', 'linux'];

export interface ClientApp {
  id: string;
  name: string;
  platforms: ClientPlatform[];
  /** The link that opens the app with the subscription to import, or null (v2rayN: copy the URL). */
  importLink(subscriptionUrl: string, profileName: string): string | null;
  /** Where to get it, per platform. */
  downloads: Partial<Record<ClientPlatform, string>>;
  /** Whether the import link was checked against the app's own source. */
  checked: boolean;
}

const enc = encodeURIComponent;

/** Standard base64 of a URL's text (Shadowrocket's sub:// links), without Buffer. */
function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export const CLIENT_APPS: ClientApp[] = [
  {
    id: 'v2rayng',
    name: 'v2rayNG',
    platforms: ['android'],
    importLink: (url, name) => `v2rayng://install-config?url=${enc(url)}#${enc(name)}`,
    downloads: { android: 'https://github.com/2dust/v2rayNG/releases/latest' },
    checked: true,
  },
  {
    id: 'hiddify',
    name: 'Hiddify',
    platforms: ['android', 'ios', 'windows', 'macos', 'linux'],
    importLink: (url, name) => `hiddify://import/${url}#${enc(name)}`,
    downloads: {
      android: 'https://play.google.com/store/apps/details?id=app.hiddify.com',
      ios: 'https://apps.apple.com/us/app/hiddify-proxy-vpn/id6596777532',
      windows: 'https://github.com/hiddify/hiddify-app/releases/latest/download/Hiddify-Windows-Setup-x64.exe',
      macos: 'https://github.com/hiddify/hiddify-app/releases/latest/download/Hiddify-MacOS.dmg',
      linux: 'https://github.com/hiddify/hiddify-app/releases/latest/download/Hiddify-Linux-x64.AppImage',
    },
    checked: true,
  },
  {
    id: 'singbox',
    name: 'sing-box',
    platforms: ['android', 'ios', 'macos'],
    importLink: (url, name) => `sing-box://import-remote-profile?url=${enc(url)}#${enc(name)}`,
    downloads: {
      android: 'https://play.google.com/store/apps/details?id=io.nekohasekai.sfa',
      ios: 'https://apps.apple.com/app/sing-box-vt/id6673731168',
      macos: 'https://apps.apple.com/app/sing-box-vt/id6673731168',
    },
    checked: true,
  },
  {
    id: 'streisand',
    name: 'Streisand',
    platforms: ['ios'],
    importLink: (url) => `streisand://import/${url}`,
    downloads: { ios: 'https://apps.apple.com/app/streisand/id6450534064' },
    checked: false,
  },
  {
    id: 'shadowrocket',
    name: 'Shadowrocket',
    platforms: ['ios'],
    importLink: (url) => `sub://${base64(url)}`,
    downloads: { ios: 'https://apps.apple.com/app/shadowrocket/id932747118' },
    checked: false,
  },
  {
    id: 'happ',
    name: 'Happ',
    platforms: ['android', 'ios', 'windows'],
    importLink: (url) => `happ://add/${url}`,
    downloads: {
      android: 'https://play.google.com/store/apps/details?id=com.happproxy',
      ios: 'https://apps.apple.com/us/app/happ-proxy-utility/id6504287215',
      windows: 'https://github.com/Happ-proxy/happ-desktop/releases/latest/download/setup-Happ.x64.exe',
    },
    checked: false,
  },
  {
    id: 'clash-verge',
    name: 'Clash Verge Rev',
    platforms: ['windows', 'macos', 'linux'],
    // Clash Verge Rev takes everything after url= as the URL: it goes last.
    importLink: (url, name) => `clash://install-config?name=${enc(name)}&url=${enc(url)}`,
    downloads: {
      windows: 'https://github.com/clash-verge-rev/clash-verge-rev/releases/latest',
      macos: 'https://github.com/clash-verge-rev/clash-verge-rev/releases/latest',
      linux: 'https://github.com/clash-verge-rev/clash-verge-rev/releases/latest',
    },
    checked: true,
  },
  {
    id: 'karing',
    name: 'Karing',
    platforms: ['android', 'ios', 'windows', 'macos'],
    importLink: (url, name) => `karing://install-config?url=${enc(url)}&name=${enc(name)}`,
    downloads: {
      android: 'https://github.com/KaringX/karing/releases/latest',
      ios: 'https://apps.apple.com/us/app/karing/id6472431552',
      windows: 'https://github.com/KaringX/karing/releases/latest',
      macos: 'https://github.com/KaringX/karing/releases/latest',
    },
    checked: true,
  },
  {
    id: 'nekobox',
    name: 'NekoBox',
    platforms: ['android'],
    importLink: (url, name) => `sn://subscription?url=${enc(url)}&name=${enc(name)}`,
    downloads: { android: 'https://github.com/MatsuriDayo/NekoBoxForAndroid/releases/latest' },
    checked: true,
  },
  {
    id: 'v2rayn',
    name: 'v2rayN',
    platforms: ['windows', 'macos', 'linux'],
    importLink: () => null,
    downloads: {
      windows: 'https://github.com/2dust/v2rayN/releases/latest',
      macos: 'https://github.com/2dust/v2rayN/releases/latest',
      linux: 'https://github.com/2dust/v2rayN/releases/latest',
    },
    checked: true,
  },
];

/** The apps for a platform, in the table's order. */
export function appsFor(platform: ClientPlatform): ClientApp[] {
  return CLIENT_APPS.filter((app) => app.platforms.includes(platform));
}

/** The visitor's platform from the browser's User-Agent (Android before Linux, iOS before macOS). */
export function platformFromUserAgent(userAgent: string): ClientPlatform {
  const ua = userAgent.toLowerCase();
  if (ua.includes('android')) return 'android';
  if (/iphone|ipad|ipod/.test(ua)) return 'ios';
  if (ua.includes('windows')) return 'windows';
  if (ua.includes('mac os') || ua.includes('macintosh')) return 'macos';
  if (ua.includes('linux') || ua.includes('x11')) return 'linux';
  return 'android';
}
