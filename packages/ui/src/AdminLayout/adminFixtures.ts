/**
 * Realistic console data for the stories: the shapes of @separ/domain's admin.ts with fixed dates,
 * so that screenshots never depend on the clock. Stories only.
 */
import type {
  AdminCountry,
  AdminNode,
  AdminNodeSecret,
  AdminOverview,
  AdminPlan,
  AdminRadiusClient,
  AdminServer,
  ShopSettings,
} from '@separ/domain';
import { MOCK_ADMIN_PLANS } from '@separ/domain/demo';
import { GB } from '@separ/domain';

/** The last 30 UTC days up to 2026-11-24, oldest first, with a weekly rhythm and a quiet day. */
const revenueByDay: AdminOverview['revenueByDay'] = Array.from({ length: 30 }, (_, index) => {
  const day = new Date(Date.UTC(2026, 9, 26 + index)).toISOString().slice(0, 10);
  const orders = index === 11 ? 0 : 6 + ((index * 7) % 11) + (index % 7 === 4 ? 9 : 0);
  return { day, orders, toman: orders * 145_000 + ((index * 37_000) % 120_000) };
});

export const ADMIN_OVERVIEW: AdminOverview = {
  revenue: {
    today: revenueByDay[29]!.toman,
    week: revenueByDay.slice(-7).reduce((sum, point) => sum + point.toman, 0),
    month: revenueByDay.reduce((sum, point) => sum + point.toman, 0),
  },
  // Crypto orders this week and this month, none today.
  revenueUsdCents: { today: 0, week: 4_180, month: 12_540 },
  revenueByDay,
  orders: { paid: 412, failed: 37, pending: 4, expired: 58 },
  accounts: { total: 2841, newToday: 17, newWeek: 96, active: 1634 },
  trafficByNode: [
    { node: 'de-fra-1', bytes: 4210 * GB },
    { node: 'nl-ams-1', bytes: 3388 * GB },
    { node: 'fi-hel-1', bytes: 1905 * GB },
    { node: 'tr-ist-1', bytes: 1230 * GB },
    { node: 'OpenConnect', bytes: 812 * GB },
  ],
  nodes: { online: 3, total: 4 },
  outboxBacklog: 6,
};

/** A new shop: nothing sold, nothing carried yet. */
export const ADMIN_OVERVIEW_EMPTY: AdminOverview = {
  revenue: { today: 0, week: 0, month: 0 },
  revenueUsdCents: { today: 0, week: 0, month: 0 },
  revenueByDay: revenueByDay.map((point) => ({ ...point, toman: 0, orders: 0 })),
  orders: { paid: 0, failed: 0, pending: 0, expired: 0 },
  accounts: { total: 0, newToday: 0, newWeek: 0, active: 0 },
  trafficByNode: [],
  nodes: { online: 0, total: 0 },
  outboxBacklog: 0,
};

/** The demo catalogue's plans, as the console lists them. */
export const ADMIN_PLANS: AdminPlan[] = [...MOCK_ADMIN_PLANS];

export const ADMIN_COUNTRIES: AdminCountry[] = [
  { code: 'DE', title: 'Germany', titleFa: 'آلمان' },
  { code: 'NL', title: 'Netherlands', titleFa: 'هلند' },
  { code: 'FI', title: 'Finland', titleFa: 'فنلاند' },
  { code: 'TR', title: 'Turkey', titleFa: 'ترکیه' },
];

export const ADMIN_NODES: AdminNode[] = [
  {
    id: 1,
    name: 'de-fra-1',
    protocol: 'vless',
    host: 'fra1.separ.example',
    port: 443,
    network: 'tcp',
    security: 'reality',
    serverName: 'www.microsoft.com',
    country: 'DE',
    rate: 1,
    active: true,
    online: true,
    lastSeenAt: '2026-11-24T11:58:00.000Z',
    trafficBytes: 4210 * GB,
    settings: {
      flow: 'xtls-rprx-vision',
      realityShortId: '6ba85179e30d4fc2',
      realityDest: 'www.microsoft.com',
      realityDestPort: 443,
    },
  },
  {
    id: 2,
    name: 'nl-ams-1',
    protocol: 'vmess',
    host: 'ams1.separ.example',
    port: 8443,
    network: 'ws',
    security: 'tls',
    serverName: 'ams1.separ.example',
    country: 'NL',
    rate: 1,
    active: true,
    online: true,
    lastSeenAt: '2026-11-24T11:59:00.000Z',
    trafficBytes: 3388 * GB,
    settings: { path: '/ws', transportHost: 'ams1.separ.example' },
  },
  {
    id: 3,
    name: 'fi-hel-1',
    protocol: 'trojan',
    host: '203.0.113.24',
    port: 443,
    network: 'grpc',
    security: 'tls',
    serverName: 'hel1.separ.example',
    country: 'FI',
    rate: 1.5,
    active: true,
    online: true,
    lastSeenAt: '2026-11-24T11:57:00.000Z',
    trafficBytes: 1905 * GB,
    settings: { serviceName: 'separ' },
  },
  {
    id: 4,
    name: 'tr-ist-1',
    protocol: 'hysteria2',
    host: 'ist1.separ.example',
    port: 36712,
    network: 'udp',
    security: 'tls',
    serverName: 'ist1.separ.example',
    country: 'TR',
    rate: 1,
    active: true,
    online: false,
    lastSeenAt: '2026-11-23T19:12:00.000Z',
    trafficBytes: 1230 * GB,
    settings: { upMbps: 200, downMbps: 500 },
  },
];

export const ADMIN_NODE_SECRET: AdminNodeSecret = {
  node: ADMIN_NODES[0]!,
  token: 'nt_7Qm2vX9kLp4sR8wZ3yB6cD1fG5hJ0tN',
  v2bxConfig: JSON.stringify(
    {
      Nodes: [
        {
          Core: 'xray',
          ApiHost: 'https://shop.separ.example',
          ApiKey: 'nt_7Qm2vX9kLp4sR8wZ3yB6cD1fG5hJ0tN',
          NodeID: 1,
          NodeType: 'vless',
          Timeout: 30,
        },
      ],
    },
    null,
    2,
  ),
};

export const ADMIN_RADIUS_CLIENTS: AdminRadiusClient[] = [
  {
    id: 1,
    ip: '198.51.100.7',
    name: 'ocserv-fra',
    requireMessageAuthenticator: true,
    createdAt: '2026-09-02T08:15:00.000Z',
  },
  {
    id: 2,
    ip: '2001:db8::42',
    name: 'ocserv-ams',
    requireMessageAuthenticator: false,
    createdAt: '2026-10-18T16:40:00.000Z',
  },
];

export const ADMIN_SERVERS: AdminServer[] = [
  {
    id: 1,
    title: 'آلمان ۱',
    type: 2,
    country: 'DE',
    links: ['vless://xxx@fra1.separ.example:443?security=reality#DE-1'],
    active: true,
  },
  { id: 2, title: 'هلند OpenConnect', type: 1, country: 'NL', links: ['ams1.separ.example:4443'], active: true },
];

export const ADMIN_SETTINGS: ShopSettings = {
  shopName: 'سپر',
  supportChatUrl: 'https://t.me/separ_support',
  channelUrl: 'https://t.me/separ_news',
  socialUrl: 'https://instagram.com/separ.vpn',
  botUrl: 'https://t.me/separ_bot',
  androidAppUrl: 'https://shop.separ.example/apps/separ.apk',
  windowsAppUrl: 'https://shop.separ.example/apps/separ-setup.exe',
  freeEnabled: true,
  walletEnabled: true,
  walletMinTopup: 10_000,
  walletMaxTopup: 50_000_000,
  tomanPerUsd: 0,
  referralPercent: 10,
  fragmentPackets: 'tlshello',
  fragmentLength: '100-200',
  fragmentInterval: '10-20',
  muxEnabled: false,
  iranDirect: true,
};
