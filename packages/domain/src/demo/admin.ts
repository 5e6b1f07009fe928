/**
 * The operators' console dataset (docs/ADMIN.md), once: 120 accounts, orders in every state, a few
 * nodes, the outbox, operators and their audit log, made from a seeded generator so that the mock
 * backend, every story and every test see the same rows. The plans and countries are the demo
 * catalogue's. `mockAdminData()` returns a fresh copy for each mock backend to change.
 */
import type {
  AdminAuditEntry,
  AdminCard,
  AdminCoupon,
  AdminCountry,
  AdminNode,
  AdminNodeHost,
  AdminOperatorRow,
  AdminOrderDetail,
  AdminOrderState,
  AdminOutboxRow,
  AdminPlan,
  AdminRadiusClient,
  AdminReferral,
  AdminServer,
  AdminUserDetail,
  ShopSettings,
} from '../admin.ts';
import { referralReward } from '../growth.ts';
import { DAY_MS as DAY, HOUR_MS as HOUR, MB } from '../units.ts';
import { DEMO_APP_LINKS, DEMO_COUNTRIES, demoAdminPlans } from './catalog.ts';

/** The mock's "now": stories and tests see the same ages and dates. */
export const MOCK_ADMIN_NOW = '2026-11-22T10:30:00.000Z';

/** The one-time code the `otp` operator signs in with. */
export const MOCK_ADMIN_OTP_CODE = '123456';

/** Operators of the mock, with their passwords: `admin` / `admin1234`; `otp` / `otp12345` with code 123456. */
export const MOCK_ADMIN_CREDENTIALS = {
  admin: 'admin1234',
  otp: 'otp12345',
  alice: 'alice-pass-2026',
  /** Locked by wrong one-time codes: signing in answers 423 `operator_locked` until an unlock. */
  reza: 'reza-pass-2026',
} as const;

/** A small seeded generator (mulberry32): the same rows every time. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

export interface MockAdminNode extends AdminNode {
  token: string;
}

export interface MockAdminOperator extends AdminOperatorRow {
  password: string;
}

/** An account as the mock keeps it: what its status is computed from. */
export interface MockAdminUser extends Omit<AdminUserDetail, 'status' | 'devices' | 'orders'> {
  suspended: boolean;
  password: string;
}

export type MockAdminOrder = AdminOrderDetail;

export interface AdminMockData {
  plans: AdminPlan[];
  nodes: MockAdminNode[];
  /** The nodes' extra addresses (CONTRACTS §14). */
  nodeHosts: AdminNodeHost[];
  radiusClients: AdminRadiusClient[];
  countries: AdminCountry[];
  servers: AdminServer[];
  users: MockAdminUser[];
  orders: MockAdminOrder[];
  /** The shop's cards for card-to-card transfers (CONTRACTS §11); `openOrders` is counted from `orders`. */
  cards: Array<Omit<AdminCard, 'openOrders'>>;
  /** The discount codes (CONTRACTS §12), newest first as the server lists them. */
  coupons: AdminCoupon[];
  /** The referred orders (issue 31 §4), newest first as the server lists them. */
  referrals: AdminReferral[];
  outbox: AdminOutboxRow[];
  operators: MockAdminOperator[];
  audit: AdminAuditEntry[];
  settings: ShopSettings;
  /** Bytes OpenConnect (RADIUS) carried in the last 30 days. */
  radiusTrafficBytes: number;
}

/** The console's plans: the demo catalogue's. */
export const MOCK_ADMIN_PLANS: readonly AdminPlan[] = demoAdminPlans();

export const MOCK_ADMIN_SETTINGS: ShopSettings = {
  shopName: 'Separ',
  supportChatUrl: 'https://t.me/separ_support',
  channelUrl: 'https://t.me/separ_channel',
  socialUrl: 'https://instagram.com/separ.vpn',
  botUrl: 'https://t.me/separ_bot',
  androidAppUrl: DEMO_APP_LINKS.app_android_link,
  windowsAppUrl: DEMO_APP_LINKS.app_win_link,
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

const NAMES = [
  'ali',
  'sara',
  'reza',
  'maryam',
  'mohammad',
  'zahra',
  'hossein',
  'fatemeh',
  'amir',
  'neda',
  'kaveh',
  'leila',
  'babak',
  'shirin',
  'arash',
  'parisa',
];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'proton.me', 'example.ir'];
const DEVICE_INFO = {
  app: ['Android;14', 'Android;13', 'Windows;11', 'iOS;17.5'],
  v2ray: ['v2rayNG 1.9.16', 'Hiddify 2.5.7', 'Streisand 1.6', 'NekoBox 1.3.4'],
  openconnect: ['AnyConnect 4.10', 'OpenConnect 9.12'],
} as const;
const FAILURES = ['cancelled by the payer', 'insufficient funds', 'gateway timeout', 'card expired', 'wrong PIN'];

/** A node's token (32 URL-safe characters), the same for the same node and round. */
export function mockNodeToken(id: number, round = 0): string {
  const r = random(9_000 + id * 31 + round);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from({ length: 32 }, () => alphabet[r.int(0, alphabet.length - 1)]).join('');
}

/** The first node's extra addresses: a CDN in front of it, a clean IP, and a relay paused. */
const MOCK_NODE_HOSTS: ReadonlyArray<Omit<AdminNodeHost, 'createdAt'>> = [
  {
    id: 1,
    nodeId: 1,
    address: 'cdn.separ.example',
    port: null,
    sni: 'de1.vpn.separ.example',
    host: 'de1.vpn.separ.example',
    remark: 'CDN',
    paused: false,
    sort: 0,
  },
  {
    id: 2,
    nodeId: 1,
    address: '203.0.113.24',
    port: 2053,
    sni: null,
    host: null,
    remark: null,
    paused: false,
    sort: 1,
  },
  {
    id: 3,
    nodeId: 1,
    address: 'relay.separ.example',
    port: 8443,
    sni: null,
    host: null,
    remark: 'Relay',
    paused: true,
    sort: 2,
  },
];

function nodes(now: number): MockAdminNode[] {
  const node = (
    id: number,
    fields: Pick<AdminNode, 'name' | 'protocol' | 'host' | 'port' | 'network' | 'security' | 'country'> &
      Partial<AdminNode>,
  ): MockAdminNode => {
    const online = fields.online ?? true;
    return {
      id,
      serverName: null,
      rate: 1,
      active: true,
      online,
      lastSeenAt: iso(online ? now - 40_000 : now - 3 * DAY - 5 * HOUR),
      trafficBytes: 0,
      settings: {},
      token: mockNodeToken(id),
      ...fields,
    };
  };
  return [
    node(1, {
      name: 'de-1',
      protocol: 'vless',
      host: 'de1.vpn.separ.example',
      port: 443,
      network: 'tcp',
      security: 'reality',
      serverName: 'www.microsoft.com',
      country: 'DE',
      trafficBytes: 1_840 * 1024 * MB,
      settings: {
        flow: 'xtls-rprx-vision',
        realityDest: 'www.microsoft.com',
        realityDestPort: 443,
        realityShortId: '6ba85179e30d4fc2',
      },
    }),
    node(2, {
      name: 'nl-1',
      protocol: 'vmess',
      host: 'nl1.vpn.separ.example',
      port: 443,
      network: 'ws',
      security: 'tls',
      serverName: 'nl1.vpn.separ.example',
      country: 'NL',
      trafficBytes: 960 * 1024 * MB,
      settings: { path: '/separ', transportHost: 'nl1.vpn.separ.example' },
    }),
    node(3, {
      name: 'fi-1',
      protocol: 'trojan',
      host: 'fi1.vpn.separ.example',
      port: 8443,
      network: 'grpc',
      security: 'tls',
      serverName: 'fi1.vpn.separ.example',
      country: 'FI',
      rate: 1.5,
      trafficBytes: 412 * 1024 * MB,
      settings: { serviceName: 'separ-grpc' },
    }),
    node(4, {
      name: 'tr-1',
      protocol: 'hysteria2',
      host: 'tr1.vpn.separ.example',
      port: 443,
      network: 'udp',
      security: 'tls',
      serverName: 'tr1.vpn.separ.example',
      country: 'TR',
      online: false,
      trafficBytes: 88 * 1024 * MB,
      settings: { upMbps: 200, downMbps: 500, obfsPassword: null },
    }),
    node(5, {
      name: 'jp-old',
      protocol: 'shadowsocks',
      host: 'jp1.vpn.separ.example',
      port: 8388,
      network: 'tcp',
      security: 'none',
      country: 'JP',
      active: false,
      online: false,
      settings: { cipher: '2022-blake3-aes-128-gcm' },
    }),
  ];
}

function users(now: number, r: ReturnType<typeof random>): MockAdminUser[] {
  const list: MockAdminUser[] = [];
  for (let i = 0; i < 120; i += 1) {
    const plan = r.pick(MOCK_ADMIN_PLANS.filter((p) => p.active));
    // Newest first by index: a few today, most of them over four months.
    const createdAt =
      now - (i < 3 ? i * 2 * HOUR + HOUR : i < 10 ? i * 15 * HOUR : i * 24 * HOUR + r.int(0, 20) * HOUR);
    const kind =
      i === 0
        ? 'active'
        : r.pick([
            'active',
            'active',
            'active',
            'active',
            'pending',
            'expired',
            'expired',
            'depleted',
            'suspended',
          ] as const);
    const allowedBytes = plan.allowedMB === -1 ? 200 * 1024 * MB : plan.allowedMB * MB;
    let expireDate: string | null = null;
    let usedBytes = 0;
    if (kind !== 'pending') {
      const started = createdAt + r.int(1, 48) * HOUR;
      const ends = started + plan.days * DAY;
      expireDate = iso(
        kind === 'expired' ? Math.min(ends, now - r.int(1, 40) * DAY) : Math.max(ends, now + r.int(2, 60) * DAY),
      );
      usedBytes =
        kind === 'depleted' && plan.allowedMB !== -1
          ? plan.allowedMB * MB + r.int(0, 500) * MB
          : Math.floor(allowedBytes * r.next() * 0.9);
    }
    const name = NAMES[i % NAMES.length]!;
    const username = i === 0 ? 'demo' : `sp${String(104_217 + i * 3_371).slice(0, 6)}`;
    const deviceCount = kind === 'pending' || kind === 'expired' ? 0 : r.int(0, plan.devices);
    list.push({
      id: 1_000 + 120 - i,
      username,
      email: i % 6 === 5 ? null : `${name}${i > 15 ? i : ''}@${DOMAINS[i % DOMAINS.length]}`,
      expireDate,
      usedBytes,
      allowedMB: plan.allowedMB,
      allowedDevices: plan.devices,
      createdAt: iso(createdAt),
      planId: plan.id,
      pendingDays: kind === 'pending' ? plan.days : 0,
      ios: plan.ios,
      subUrl: `https://separ.example/sub/${mockNodeToken(2_000 + i).slice(0, 22)}`,
      devicesList: Array.from({ length: deviceCount }, (_, d) => {
        const deviceKind = r.pick(['app', 'v2ray', 'v2ray', 'openconnect'] as const);
        return {
          id: `${username}-dev-${d + 1}`,
          kind: deviceKind,
          info: r.pick(DEVICE_INFO[deviceKind]),
          since: iso(now - r.int(1, 30 * 24) * HOUR),
        };
      }),
      suspended: kind === 'suspended',
      password: `Pw${String(1_000 + i * 7)}x`,
    });
  }
  return list;
}

function orders(now: number, r: ReturnType<typeof random>, accounts: MockAdminUser[]): MockAdminOrder[] {
  const list: MockAdminOrder[] = [];
  const count = 180;
  for (let i = 0; i < count; i += 1) {
    // Oldest first, over the last 60 days; the newest ones today, the last three within half an hour
    // (two of them still open: a reconciliation leaves them waiting).
    const spread =
      now - Math.floor(((count - i) / count) * 60 * DAY) + r.int(0, 3) * HOUR - (i >= count - 6 ? 0 : 4 * HOUR);
    const createdAt = i >= count - 3 ? now - (count - i) * 9 * 60_000 : spread;
    const state: AdminOrderState =
      i >= count - 3
        ? (['pending', 'pending', 'paid'] as const)[i - (count - 3)]!
        : r.pick([
            'paid',
            'paid',
            'paid',
            'paid',
            'paid',
            'paid',
            'failed',
            'failed',
            'expired',
            'expired',
            'pending',
          ] as const);
    const account = accounts[r.int(0, accounts.length - 1)]!;
    const plan = MOCK_ADMIN_PLANS.find((p) => p.id === account.planId) ?? MOCK_ADMIN_PLANS[0]!;
    const gate = r.pick(['ird', 'spay'] as const);
    const resNum = String(1_800_000_000 + i * 137);
    const paidAt = state === 'paid' ? iso(createdAt + r.int(1, 6) * 60_000) : null;
    const email = account.email ?? `${NAMES[i % NAMES.length]}.${i}@${DOMAINS[i % DOMAINS.length]}`;
    const failure = state === 'failed' ? r.pick(FAILURES) : null;
    const history: MockAdminOrder['history'] = [
      { at: iso(createdAt), from: null, to: 'pending', actor: 'customer', detail: `gateway ${gate}` },
    ];
    if (state !== 'pending')
      history.push({
        at: paidAt ?? iso(createdAt + (state === 'expired' ? 2 * HOUR : r.int(1, 9) * 60_000)),
        from: 'pending',
        to: state,
        actor: state === 'expired' ? 'reconcile' : 'gateway',
        detail: failure ?? (state === 'paid' ? 'verified' : 'no payment within the time allowed'),
      });
    list.push({
      resNum,
      state,
      gate,
      provider: gate,
      amount: plan.toman,
      planId: plan.id,
      email,
      username: state === 'paid' ? account.username : null,
      refNum: state === 'paid' ? `GW-${String(88_000_000 + i * 7_919)}` : null,
      failure,
      createdAt: iso(createdAt),
      paidAt,
      authority: `A${String(10_000_000 + i * 4_241).padStart(10, '0')}`,
      history,
      receipt:
        state === 'paid'
          ? {
              sentAt: i % 17 === 3 ? null : iso(Date.parse(paidAt!) + 12_000),
              attempts: i % 17 === 3 ? 3 : 1,
              lastError: i % 17 === 3 ? '421 4.7.0 Try again later' : null,
            }
          : null,
    });
  }
  return list.reverse();
}

/**
 * The demo discount codes, newest first: one of each state the console shows (active, disabled,
 * expired, used up) and each kind of limit.
 */
function coupons(now: number): AdminCoupon[] {
  const base = { maxUses: null, perUser: null, firstPurchase: false, plans: null, from: null, until: null };
  return [
    {
      ...base,
      id: 5,
      code: 'NOWRUZ1406',
      percent: 20,
      amount: null,
      maxUses: 500,
      perUser: 1,
      from: iso(now - 5 * DAY),
      until: iso(now + 25 * DAY),
      uses: 137,
      disabled: false,
      createdAt: iso(now - 6 * DAY),
    },
    {
      ...base,
      id: 4,
      code: 'WELCOME',
      percent: null,
      amount: 50_000,
      firstPurchase: true,
      plans: [1, 2],
      uses: 42,
      disabled: false,
      createdAt: iso(now - 30 * DAY),
    },
    {
      ...base,
      id: 3,
      code: 'YALDA',
      percent: 15,
      amount: null,
      until: iso(now - 70 * DAY),
      uses: 88,
      disabled: false,
      createdAt: iso(now - 100 * DAY),
    },
    {
      ...base,
      id: 2,
      code: 'FRIENDS10',
      percent: 10,
      amount: null,
      maxUses: 10,
      uses: 10,
      disabled: false,
      createdAt: iso(now - 120 * DAY),
    },
    {
      ...base,
      id: 1,
      code: 'LAUNCH',
      percent: 30,
      amount: null,
      uses: 3,
      disabled: true,
      createdAt: iso(now - 200 * DAY),
    },
  ];
}

/** The demo card pool: two cards offered to new card orders, one withdrawn. Numbers pass the Luhn check. */
function cards(now: number): AdminMockData['cards'] {
  return [
    {
      id: 1,
      number: '6037997512345670',
      holder: 'مریم کاظمی',
      bank: 'ملی',
      enabled: true,
      createdAt: iso(now - 80 * DAY),
    },
    {
      id: 2,
      number: '6104332847619029',
      holder: 'Reza Tehrani',
      bank: 'ملت',
      enabled: true,
      createdAt: iso(now - 40 * DAY),
    },
    {
      id: 3,
      number: '5892105530188470',
      holder: 'علی نوری',
      bank: null,
      enabled: false,
      createdAt: iso(now - 120 * DAY),
    },
  ];
}

/**
 * Card orders whose buyers sent a receipt that waits for an operator (CONTRACTS §11), newest first:
 * pending order rows whose `card` says `awaiting_review`, each with its own unique amount; the
 * second a renewal (its account named), the third without an image.
 */
function cardOrders(now: number): MockAdminOrder[] {
  const plans = [
    MOCK_ADMIN_PLANS[1] ?? MOCK_ADMIN_PLANS[0]!,
    MOCK_ADMIN_PLANS[0]!,
    MOCK_ADMIN_PLANS[2] ?? MOCK_ADMIN_PLANS[0]!,
  ];
  const made = [
    {
      minutes: 48,
      email: 'sara.h@example.com',
      username: null,
      cardId: 1,
      offset: 370,
      tracking: '402918375',
      image: true,
    },
    {
      minutes: 95,
      email: 'demo@separ.example',
      username: 'demo',
      cardId: 2,
      offset: 1_240,
      tracking: '118204736652',
      image: true,
    },
    {
      minutes: 140,
      email: 'hamid.r@example.com',
      username: null,
      cardId: 1,
      offset: 90,
      tracking: '77120934',
      image: false,
    },
  ];
  return made.map((order, index) => {
    const plan = plans[index]!;
    const createdAt = now - order.minutes * 60_000;
    const receiptAt = iso(createdAt + 11 * 60_000);
    return {
      resNum: String(1_900_000_000 + index * 211),
      state: 'pending',
      gate: 'card',
      provider: 'card',
      amount: plan.toman,
      planId: plan.id,
      email: order.email,
      username: order.username,
      refNum: null,
      failure: null,
      createdAt: iso(createdAt),
      paidAt: null,
      authority: null,
      history: [{ at: iso(createdAt), from: null, to: 'pending', actor: 'customer', detail: 'gateway card' }],
      receipt: null,
      card: {
        state: 'awaiting_review',
        cardId: order.cardId,
        amountRials: plan.toman * 10 + order.offset,
        tracking: order.tracking,
        hasImage: order.image,
        receiptAt,
        reason: null,
      },
    };
  });
}

function outbox(
  now: number,
  r: ReturnType<typeof random>,
  allOrders: MockAdminOrder[],
  accounts: MockAdminUser[],
): AdminOutboxRow[] {
  const rows: AdminOutboxRow[] = [];
  const paid = allOrders.filter((o) => o.state === 'paid').slice(0, 28);
  for (const order of paid) {
    rows.push({
      id: 0,
      kind: 'receipt',
      recipient: order.email,
      subject: `Your Separ VPN account — order ${order.resNum}`,
      attempts: order.receipt!.attempts,
      lastError: order.receipt!.lastError,
      sentAt: order.receipt!.sentAt,
      createdAt: order.paidAt!,
    });
  }
  const reminders = [
    ['expires3d', 'Your Separ subscription ends in 3 days'],
    ['expires1d', 'Your Separ subscription ends tomorrow'],
    ['expired', 'Your Separ subscription has ended'],
    ['data80', 'You have used 80% of your Separ data'],
    ['data100', 'You have used all of your Separ data'],
  ] as const;
  const withEmail = accounts.filter((a) => a.email);
  for (let i = 0; i < 16; i += 1) {
    const [kind, subject] = reminders[i % reminders.length]!;
    const waiting = i % 5 === 1;
    rows.push({
      id: 0,
      kind: `reminder:${kind}`,
      recipient: withEmail[(i * 7) % withEmail.length]!.email!,
      subject,
      attempts: waiting ? r.int(1, 4) : 1,
      lastError: waiting ? r.pick(['connect ETIMEDOUT 10.0.0.25:587', '550 5.1.1 Mailbox unavailable']) : null,
      sentAt: waiting ? null : iso(now - i * 9 * HOUR - 60_000),
      createdAt: iso(now - i * 9 * HOUR - 120_000),
    });
  }
  rows.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return rows.map((row, index) => ({ ...row, id: rows.length - index }));
}

function audit(
  now: number,
  r: ReturnType<typeof random>,
  accounts: MockAdminUser[],
  allOrders: MockAdminOrder[],
): AdminAuditEntry[] {
  const entries: AdminAuditEntry[] = [];
  for (let i = 0; i < 64; i += 1) {
    const at = iso(now - (i + 1) * 7 * HOUR - r.int(0, 50) * 60_000);
    const operator = r.pick(['admin', 'admin', 'alice', 'root@cli', 'otp']);
    const account = accounts[r.int(0, accounts.length - 1)]!;
    const choice = i % 8;
    if (choice === 0)
      entries.push({
        id: 0,
        at,
        operator,
        action: 'user.suspend',
        target: `user:${account.username}`,
        before: { suspended: false },
        after: { suspended: true },
      });
    else if (choice === 1)
      entries.push({
        id: 0,
        at,
        operator,
        action: 'user.extend',
        target: `user:${account.username}`,
        before: { expireDate: '2026-11-30T00:00:00.000Z' },
        after: { expireDate: '2026-12-30T00:00:00.000Z' },
      });
    else if (choice === 2)
      entries.push({
        id: 0,
        at,
        operator,
        action: 'user.add-data',
        target: `user:${account.username}`,
        before: { allowedMB: 51_200 },
        after: { allowedMB: 61_440 },
      });
    else if (choice === 3) {
      const order = allOrders[r.int(0, allOrders.length - 1)]!;
      entries.push({
        id: 0,
        at,
        operator,
        action: 'order.complete',
        target: `order:${order.resNum}`,
        before: { state: 'pending' },
        after: { state: 'paid', refNum: 'HAND-4411' },
      });
    } else if (choice === 4)
      entries.push({
        id: 0,
        at,
        operator,
        action: 'plan.update',
        target: 'plan:3',
        before: { toman: 240_000 },
        after: { toman: 250_000 },
      });
    else if (choice === 5)
      entries.push({ id: 0, at, operator, action: 'node.rotate-token', target: 'node:2', before: null, after: null });
    else if (choice === 6)
      entries.push({
        id: 0,
        at,
        operator,
        action: 'settings.update',
        target: 'settings',
        before: { freeEnabled: false },
        after: { freeEnabled: true },
      });
    else
      entries.push({
        id: 0,
        at,
        operator,
        action: 'outbox.resend',
        target: `outbox:${r.int(1, 40)}`,
        before: null,
        after: null,
      });
  }
  // reza's fifth wrong one-time code locked their sign-in (CONTRACTS §15), newest of all.
  const target = 'operator:reza';
  const locked = iso(now - 20 * 60_000);
  entries.unshift(
    {
      id: 0,
      at: locked,
      operator: 'reza',
      action: 'operator.lock',
      target,
      before: { locked: false },
      after: { locked: true, wrongCodes: 5 },
    },
    {
      id: 0,
      at: locked,
      operator: 'reza',
      action: 'operator.otp-wrong',
      target,
      before: null,
      after: { wrongCodes: 5 },
    },
  );
  return entries.map((entry, index) => ({ ...entry, id: entries.length - index }));
}

/**
 * The demo's referred orders, newest first: every fifth order carries one of three inviters (and
 * the inviter's own renewals among them), paid at the demo's referral percent when it completed.
 */
function referrals(orders: readonly MockAdminOrder[], accounts: readonly MockAdminUser[]): AdminReferral[] {
  const inviters = accounts.slice(3, 6);
  if (inviters.length === 0) return [];
  return orders
    .filter((_, index) => index % 5 === 2)
    .map((order, index): AdminReferral => {
      const inviter = inviters[index % 7 === 3 ? 0 : index % inviters.length]!;
      const own = index % 7 === 3;
      const paid = order.state === 'paid';
      const reward = paid && !own ? referralReward(order.amount, MOCK_ADMIN_SETTINGS.referralPercent) : 0;
      return {
        resNum: order.resNum,
        state: order.state,
        inviter: inviter.username,
        buyerUsername: own ? inviter.username : paid ? order.username : null,
        buyerEmail: own ? (inviter.email ?? order.email) : order.email,
        amount: order.amount,
        usdCents: null,
        createdAt: order.createdAt,
        paidAt: order.paidAt,
        reward,
        noReward: reward > 0 ? null : !paid ? 'notCompleted' : own ? 'ownAccount' : 'percentOff',
      };
    });
}

/** A fresh copy of the admin mock's data, as of `now`. */
export function mockAdminData(now: number = Date.parse(MOCK_ADMIN_NOW)): AdminMockData {
  const r = random(20_261_122);
  const accounts = users(now, r);
  const allOrders = orders(now, r, accounts);
  return {
    plans: MOCK_ADMIN_PLANS.map((p) => ({ ...p })),
    nodes: nodes(now),
    nodeHosts: MOCK_NODE_HOSTS.map((h) => ({ ...h, createdAt: iso(now - 9 * DAY) })),
    radiusClients: [
      {
        id: 1,
        ip: '203.0.113.10',
        name: 'ocserv de-2',
        requireMessageAuthenticator: true,
        createdAt: iso(now - 90 * DAY),
      },
      {
        id: 2,
        ip: '198.51.100.24',
        name: 'ocserv sg-1',
        requireMessageAuthenticator: false,
        createdAt: iso(now - 41 * DAY),
      },
    ],
    countries: DEMO_COUNTRIES.map((c) => ({ code: c.id, title: c.title, titleFa: c.title_fa })),
    servers: [
      {
        id: 1,
        title: 'Germany 1 — xxx',
        type: 2,
        country: 'DE',
        links: ['vless://xxx@de1.vpn.separ.example:443?type=ws&security=tls&path=%2Fsepar#DE1-WS'],
        active: true,
      },
      {
        id: 2,
        title: 'Germany 2 (OpenConnect)',
        type: 1,
        country: 'DE',
        links: ['https://xxx@de2.vpn.separ.example:4443/separ'],
        active: true,
      },
      {
        id: 3,
        title: 'Netherlands 1',
        type: 2,
        country: 'NL',
        links: [
          'vless://xxx@nl1.vpn.separ.example:443?type=ws&security=tls&path=%2Fsepar#NL1-WS',
          'vless://xxx@nl1.vpn.separ.example:8443?type=grpc&security=reality#NL1-gRPC',
        ],
        active: true,
      },
      {
        id: 4,
        title: 'Singapore 1',
        type: 1,
        country: 'SG',
        links: ['https://xxx@sg1.vpn.separ.example:4443/separ'],
        active: false,
      },
    ],
    users: accounts,
    // The card orders after the rest were drawn: the seeded rows stay what they were.
    orders: [...cardOrders(now), ...allOrders],
    cards: cards(now),
    coupons: coupons(now),
    referrals: referrals(allOrders, accounts),
    outbox: outbox(now, r, allOrders, accounts),
    operators: [
      {
        id: 1,
        username: 'admin',
        role: 'owner',
        totpEnabled: false,
        createdAt: iso(now - 200 * DAY),
        lastLoginAt: iso(now - 2 * HOUR),
        password: MOCK_ADMIN_CREDENTIALS.admin,
      },
      {
        id: 2,
        username: 'otp',
        role: 'owner',
        totpEnabled: true,
        createdAt: iso(now - 120 * DAY),
        lastLoginAt: iso(now - 3 * DAY),
        password: MOCK_ADMIN_CREDENTIALS.otp,
      },
      {
        id: 3,
        username: 'alice',
        role: 'owner',
        totpEnabled: true,
        createdAt: iso(now - 30 * DAY),
        lastLoginAt: null,
        password: MOCK_ADMIN_CREDENTIALS.alice,
      },
      {
        id: 4,
        username: 'reza',
        role: 'support',
        totpEnabled: true,
        createdAt: iso(now - 60 * DAY),
        lastLoginAt: iso(now - 5 * DAY),
        locked: true,
        password: MOCK_ADMIN_CREDENTIALS.reza,
      },
    ],
    audit: audit(now, r, accounts, allOrders),
    settings: { ...MOCK_ADMIN_SETTINGS },
    radiusTrafficBytes: 530 * 1024 * MB,
  };
}
