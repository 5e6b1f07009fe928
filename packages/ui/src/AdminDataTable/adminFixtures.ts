/**
 * Admin data for the stories of the admin screens: fixed dates, the shapes of @separ/domain's
 * admin.ts. Stories only.
 */
import type {
  AdminAuditEntry,
  AdminCard,
  AdminCardOrderInfo,
  AdminCoupon,
  AdminGiftBatch,
  AdminOperatorRow,
  AdminOrderDetail,
  AdminOrderRow,
  AdminOutboxRow,
  AdminPage,
  AdminReconcileSummary,
  AdminTotpSetup,
  AdminUserDetail,
  AdminUserRow,
} from '@separ/domain';
import { GB } from '@separ/domain';

export const ADMIN_USERS: AdminUserRow[] = [
  {
    id: 1042,
    username: 'sp482913',
    email: 'maryam.k@example.com',
    status: 'active',
    expireDate: '2026-06-21T20:30:00.000Z',
    usedBytes: 18.4 * GB,
    allowedMB: 51200,
    devices: 2,
    allowedDevices: 2,
    createdAt: '2026-04-22T08:14:00.000Z',
  },
  {
    id: 1041,
    username: 'sp771204',
    email: 'reza.t@example.com',
    status: 'pending',
    expireDate: null,
    usedBytes: 0,
    allowedMB: 153600,
    devices: 0,
    allowedDevices: 2,
    createdAt: '2026-05-18T16:40:00.000Z',
  },
  {
    id: 1037,
    username: 'sp309455',
    email: null,
    status: 'expired',
    expireDate: '2026-05-02T20:30:00.000Z',
    usedBytes: 41.7 * GB,
    allowedMB: 51200,
    devices: 0,
    allowedDevices: 1,
    createdAt: '2026-04-02T11:05:00.000Z',
  },
  {
    id: 1029,
    username: 'sp650018',
    email: 'ali.n@example.com',
    status: 'depleted',
    expireDate: '2026-07-10T20:30:00.000Z',
    usedBytes: 50 * GB,
    allowedMB: 51200,
    devices: 1,
    allowedDevices: 1,
    createdAt: '2026-04-10T19:22:00.000Z',
  },
  {
    id: 1013,
    username: 'sp118846',
    email: 'sara.m@example.com',
    status: 'suspended',
    expireDate: '2026-08-30T20:30:00.000Z',
    usedBytes: 3.2 * GB,
    allowedMB: -1,
    devices: 0,
    allowedDevices: 5,
    createdAt: '2026-03-01T07:48:00.000Z',
  },
];

export const ADMIN_USERS_PAGE: AdminPage<AdminUserRow> = { items: ADMIN_USERS, total: 312, page: 1, pageSize: 25 };

export const ADMIN_ORDERS: AdminOrderRow[] = [
  {
    resNum: 'S20260521-482913',
    state: 'paid',
    gate: 'ird',
    provider: 'zarinpal',
    amount: 120000,
    planId: 1,
    email: 'maryam.k@example.com',
    username: 'sp482913',
    refNum: 'A00000000000000000000000000512348',
    failure: null,
    createdAt: '2026-05-21T09:12:00.000Z',
    paidAt: '2026-05-21T09:14:00.000Z',
  },
  {
    resNum: 'S20260521-113377',
    state: 'pending',
    gate: 'spay',
    provider: 'sizpay',
    amount: 320000,
    planId: 2,
    email: 'reza.t@example.com',
    username: null,
    refNum: null,
    failure: null,
    createdAt: '2026-05-21T08:40:00.000Z',
    paidAt: null,
  },
  {
    resNum: 'S20260520-905512',
    state: 'failed',
    gate: 'ird',
    provider: 'zarinpal',
    amount: 120000,
    planId: 1,
    email: 'ali.n@example.com',
    username: null,
    refNum: null,
    failure: 'canceled by user',
    createdAt: '2026-05-20T21:03:00.000Z',
    paidAt: null,
  },
  {
    resNum: 'S20260519-220461',
    state: 'expired',
    gate: 'spay',
    provider: 'sizpay',
    amount: 590000,
    planId: 3,
    email: 'sara.m@example.com',
    username: null,
    refNum: null,
    failure: null,
    createdAt: '2026-05-19T13:27:00.000Z',
    paidAt: null,
  },
];

export const ADMIN_ORDERS_PAGE: AdminPage<AdminOrderRow> = { items: ADMIN_ORDERS, total: 4, page: 1, pageSize: 25 };

export const ADMIN_ORDER_PAID: AdminOrderDetail = {
  ...ADMIN_ORDERS[0]!,
  authority: 'A00000000000000000000000000512348',
  history: [
    { at: '2026-05-21T09:12:00.000Z', from: null, to: 'pending', actor: 'shop', detail: null },
    { at: '2026-05-21T09:14:00.000Z', from: 'pending', to: 'paid', actor: 'gateway', detail: 'verified, ref 512348' },
  ],
  receipt: { sentAt: '2026-05-21T09:14:30.000Z', attempts: 1, lastError: null },
};

export const ADMIN_ORDER_PENDING: AdminOrderDetail = {
  ...ADMIN_ORDERS[1]!,
  authority: 'SZ-88410233',
  history: [
    { at: '2026-05-21T08:40:00.000Z', from: null, to: 'pending', actor: 'shop', detail: null },
    { at: '2026-05-21T09:00:00.000Z', from: 'pending', to: 'pending', actor: 'reconcile', detail: 'bank: still open' },
  ],
  receipt: null,
};

export const ADMIN_RECONCILE: AdminReconcileSummary = {
  checked: 14,
  completed: 2,
  failed: 3,
  expired: 5,
  open: 3,
  unknown: 1,
  busy: 0,
  errors: 0,
};

export const ADMIN_USER_DETAIL: AdminUserDetail = {
  ...ADMIN_USERS[0]!,
  planId: 1,
  pendingDays: 0,
  ios: false,
  subUrl: 'https://shop.example.com/sub/Xk3pQ9vRtY2mWb7nLs4dHf8c',
  devicesList: [
    { id: 'd1', kind: 'app', info: 'Android;14;Separ 2.3.1', since: '2026-05-18T18:42:00.000Z' },
    { id: 'v2ray-3', kind: 'v2ray', info: '5.22.0 · 185.12.40.7', since: '2026-05-20T07:10:00.000Z' },
  ],
  orders: [ADMIN_ORDERS[0]!],
};

export const ADMIN_USER_SUSPENDED: AdminUserDetail = {
  ...ADMIN_USERS[4]!,
  planId: 4,
  pendingDays: 0,
  ios: true,
  subUrl: 'https://shop.example.com/sub/Pq7Lm2nVb8Xc4Zs9Kd3Hf6Jt',
  devicesList: [],
  orders: [],
};

export const ADMIN_OUTBOX: AdminOutboxRow[] = [
  {
    id: 88,
    kind: 'receipt',
    recipient: 'reza.t@example.com',
    subject: 'رسید پرداخت سپر — S20260521-113377',
    attempts: 3,
    lastError: '421 4.7.0 Try again later',
    sentAt: null,
    createdAt: '2026-05-21T08:41:00.000Z',
  },
  {
    id: 87,
    kind: 'reminder',
    recipient: 'maryam.k@example.com',
    subject: 'Your Separ plan ends in 3 days',
    attempts: 1,
    lastError: null,
    sentAt: '2026-05-21T06:00:12.000Z',
    createdAt: '2026-05-21T06:00:00.000Z',
  },
  {
    id: 86,
    kind: 'receipt',
    recipient: 'maryam.k@example.com',
    subject: 'رسید پرداخت سپر — S20260521-482913',
    attempts: 1,
    lastError: null,
    sentAt: '2026-05-21T09:14:30.000Z',
    createdAt: '2026-05-21T09:14:05.000Z',
  },
];

export const ADMIN_OUTBOX_PAGE: AdminPage<AdminOutboxRow> = { items: ADMIN_OUTBOX, total: 3, page: 1, pageSize: 25 };

export const ADMIN_OPERATORS: AdminOperatorRow[] = [
  {
    id: 1,
    username: 'alice',
    role: 'owner',
    totpEnabled: true,
    createdAt: '2026-03-01T07:00:00.000Z',
    lastLoginAt: '2026-05-21T08:55:00.000Z',
  },
  {
    id: 2,
    username: 'bahram',
    role: 'owner',
    totpEnabled: false,
    createdAt: '2026-04-12T10:30:00.000Z',
    lastLoginAt: null,
  },
];

export const ADMIN_TOTP_SETUP: AdminTotpSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Separ:bahram?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Separ',
};

export const ADMIN_AUDIT: AdminAuditEntry[] = [
  {
    id: 501,
    at: '2026-05-21T09:20:00.000Z',
    operator: 'alice',
    action: 'user.extend',
    target: 'user:sp482913',
    before: { expireDate: '2026-06-21T20:30:00.000Z' },
    after: { expireDate: '2026-07-21T20:30:00.000Z' },
  },
  {
    id: 500,
    at: '2026-05-21T09:05:00.000Z',
    operator: 'alice',
    action: 'plan.update',
    target: 'plan:3',
    before: { title: 'Six months 300 GB', toman: 560000, active: true, days: 180 },
    after: { title: 'Six months 300 GB', toman: 590000, active: false, days: 180 },
  },
  {
    id: 499,
    at: '2026-05-20T22:31:00.000Z',
    operator: 'root@cli',
    action: 'order.complete',
    target: 'order:S20260520-771100',
    before: { state: 'pending', refNum: null },
    after: { state: 'paid', refNum: '774400221' },
  },
  {
    id: 498,
    at: '2026-05-20T18:02:00.000Z',
    operator: 'bahram',
    action: 'operator.add',
    target: 'operator:bahram',
    before: null,
    after: { username: 'bahram' },
  },
  {
    id: 497,
    at: '2026-05-20T17:45:00.000Z',
    operator: 'alice',
    action: 'user.suspend',
    target: 'user:sp118846',
    before: { suspended: false },
    after: { suspended: true },
  },
];

export const ADMIN_AUDIT_PAGE: AdminPage<AdminAuditEntry> = { items: ADMIN_AUDIT, total: 5, page: 1, pageSize: 25 };

// --- Card-to-card (CONTRACTS §11) ------------------------------------------------------------------

/** The card pool: two cards offered to new card orders, one withdrawn. Numbers pass the Luhn check. */
export const ADMIN_CARDS: AdminCard[] = [
  {
    id: 1,
    number: '6037997512345670',
    holder: 'مریم کاظمی',
    bank: 'ملی',
    enabled: true,
    openOrders: 2,
    createdAt: '2026-03-02T08:00:00.000Z',
  },
  {
    id: 2,
    number: '6104332847619029',
    holder: 'Reza Tehrani',
    bank: 'ملت',
    enabled: true,
    openOrders: 1,
    createdAt: '2026-04-11T10:30:00.000Z',
  },
  {
    id: 3,
    number: '5892105530188470',
    holder: 'علی نوری',
    bank: null,
    enabled: false,
    openOrders: 0,
    createdAt: '2026-01-20T12:00:00.000Z',
  },
];

/** A receipt photo as a bank app's screenshot looks, drawn (no text, no font): for the stories' <img>. */
export const RECEIPT_IMAGE_URL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="520" viewBox="0 0 300 520">' +
    '<rect width="300" height="520" fill="#f8fafc"/>' +
    '<rect width="300" height="84" fill="#1d4ed8"/>' +
    '<circle cx="150" cy="150" r="34" fill="#15803d"/>' +
    '<path d="M134 150l11 11 21-23" stroke="#fff" stroke-width="8" fill="none"/>' +
    '<rect x="70" y="204" width="160" height="16" rx="8" fill="#0f172a"/>' +
    [252, 296, 340, 384, 428]
      .map(
        (y, i) =>
          `<rect x="28" y="${y}" width="${70 + (i % 2) * 20}" height="12" rx="6" fill="#94a3b8"/>` +
          `<rect x="${172 - (i % 3) * 20}" y="${y}" width="${100 + (i % 3) * 20}" height="12" rx="6" fill="#334155"/>`,
      )
      .join('') +
    '<rect x="28" y="472" width="244" height="28" rx="14" fill="#dbeafe"/>' +
    '</svg>',
)}`;

const cardOrder = (
  resNum: string,
  row: Pick<AdminOrderRow, 'amount' | 'planId' | 'email' | 'username' | 'createdAt'>,
  card: Omit<AdminCardOrderInfo, 'state' | 'reason'>,
): AdminOrderRow => ({
  resNum,
  state: 'pending',
  gate: 'card',
  provider: 'card',
  refNum: null,
  failure: null,
  paidAt: null,
  ...row,
  card: { ...card, state: 'awaiting_review', reason: null },
});

/** Card orders whose receipt waits for an operator, oldest first: a new account, a renewal, one without an image. */
export const ADMIN_RECEIPTS: AdminOrderRow[] = [
  cardOrder(
    '1900000422',
    { amount: 120000, planId: 1, email: 'hamid.r@example.com', username: null, createdAt: '2026-05-21T07:50:00.000Z' },
    { cardId: 1, amountRials: 1200090, tracking: '77120934', hasImage: false, receiptAt: '2026-05-21T08:01:00.000Z' },
  ),
  cardOrder(
    '1900000211',
    {
      amount: 320000,
      planId: 2,
      email: 'maryam.k@example.com',
      username: 'sp482913',
      createdAt: '2026-05-21T08:35:00.000Z',
    },
    {
      cardId: 2,
      amountRials: 3201240,
      tracking: '118204736652',
      hasImage: true,
      receiptAt: '2026-05-21T08:46:00.000Z',
    },
  ),
  cardOrder(
    '1900000000',
    { amount: 120000, planId: 1, email: 'sara.h@example.com', username: null, createdAt: '2026-05-21T09:22:00.000Z' },
    { cardId: 1, amountRials: 1200370, tracking: '402918375', hasImage: true, receiptAt: '2026-05-21T09:33:00.000Z' },
  ),
];

/** The time the coupon stories judge the codes' states at. */
export const ADMIN_COUPONS_NOW = Date.parse('2026-11-26T12:00:00.000Z');

const COUPON_BASE = { maxUses: null, perUser: null, firstPurchase: false, plans: null, from: null, until: null };

/** The discount codes, newest first: one of each state and each kind of limit. */
export const ADMIN_COUPONS: AdminCoupon[] = [
  {
    ...COUPON_BASE,
    id: 6,
    code: 'YALDA1405',
    percent: 25,
    amount: null,
    from: '2026-12-21T00:00:00.000Z',
    until: '2026-12-23T00:00:00.000Z',
    uses: 0,
    disabled: false,
    createdAt: '2026-11-25T09:10:00.000Z',
  },
  {
    ...COUPON_BASE,
    id: 5,
    code: 'NOWRUZ',
    percent: 20,
    amount: null,
    maxUses: 500,
    perUser: 1,
    until: '2026-12-31T00:00:00.000Z',
    uses: 137,
    disabled: false,
    createdAt: '2026-11-20T08:00:00.000Z',
  },
  {
    ...COUPON_BASE,
    id: 4,
    code: 'WELCOME',
    percent: null,
    amount: 50_000,
    firstPurchase: true,
    plans: [1, 2],
    uses: 42,
    disabled: false,
    createdAt: '2026-10-27T10:00:00.000Z',
  },
  {
    ...COUPON_BASE,
    id: 3,
    code: 'SUMMER',
    percent: 15,
    amount: null,
    until: '2026-09-01T00:00:00.000Z',
    uses: 88,
    disabled: false,
    createdAt: '2026-06-01T10:00:00.000Z',
  },
  {
    ...COUPON_BASE,
    id: 2,
    code: 'FRIENDS10',
    percent: 10,
    amount: null,
    maxUses: 10,
    uses: 10,
    disabled: false,
    createdAt: '2026-05-10T10:00:00.000Z',
  },
  {
    ...COUPON_BASE,
    id: 1,
    code: 'LAUNCH',
    percent: 30,
    amount: null,
    uses: 3,
    disabled: true,
    createdAt: '2026-01-05T10:00:00.000Z',
  },
];

/** The plans a code may be limited to, as the add dialog lists them. */
export const ADMIN_COUPON_PLANS = [
  { id: 1, title: 'یک ماهه ۵۰ گیگ' },
  { id: 2, title: 'سه ماهه ۱۵۰ گیگ' },
  { id: 3, title: 'یک ماهه نامحدود' },
  { id: 4, title: 'سالانه نامحدود' },
];

/** A batch of gift codes as the server answers it, shown once. */
export const ADMIN_GIFT_BATCH: AdminGiftBatch = {
  codes: ['G-7KQ2-M9XD-4HRT-W8PZ', 'G-C3VN-62JB-QY5E-TK1A', 'G-R8FD-WZ47-N2MC-HX6G', 'G-J5PT-8A3Q-DV9K-ME2B'],
  amount: 100_000,
  expiresAt: '2027-01-31T00:00:00.000Z',
};
