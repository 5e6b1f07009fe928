import { DEFAULT_SHOP_LINKS } from '@separ/domain';

/**
 * External addresses of the product. All open in a new tab. The shop's own (support chat, channel,
 * social profile, bot) are the operator's settings: screens take them from `useShopLinks()`, and
 * these are only their defaults.
 */
export const EXTERNAL_LINKS = {
  supportChat: DEFAULT_SHOP_LINKS.supportChatUrl,
  channel: DEFAULT_SHOP_LINKS.channelUrl,
  social: DEFAULT_SHOP_LINKS.socialUrl,
  bot: DEFAULT_SHOP_LINKS.botUrl,
  tools: {
    ipCheck: 'https://ipleak.net/',
    ipLookup: 'https://ipinfo.io/',
    dnsLeak: 'https://www.dnsleaktest.com/',
    webrtcLeak: 'https://browserleaks.com/webrtc',
    ipv6: 'https://test-ipv6.com/',
    passwordGenerator: 'https://passwordsgenerator.net/',
  },
  clients: {
    ios: 'https://apps.apple.com/app/streisand/id6450534064',
    mac: 'https://apps.apple.com/app/v2box-v2ray-client/id6446814690',
    linux: 'https://github.com/MatsuriDayo/nekoray/releases',
    chromeos: 'https://play.google.com/store/apps/details?id=com.v2ray.ang',
  },
} as const;

/** The five header links (SPEC §2): features and pricing are anchors of the home page. */
export const NAV_LINKS = [
  { key: 'features', to: '/#features' },
  { key: 'pricing', to: '/#pricing' },
  { key: 'download', to: '/download' },
  { key: 'support', to: '/support' },
  { key: 'install', to: '/install' },
] as const;
