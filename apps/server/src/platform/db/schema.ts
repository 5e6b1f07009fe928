import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Times are ISO 8601 text in UTC on both databases; flags are 0/1 integers. */
export interface PlansTable {
  id: Generated<number>;
  title: string;
  active: number;
  ios: number;
  allowed_mb: number;
  subs_days: number;
  allowed_devices: number;
  discount: string | null;
  price_toman: string;
  price_credit: string;
  sort_order: number;
  created_at: string;
  /** CONTRACTS §14: none, day, week or month (0029_reset). */
  reset: Generated<string>;
}

export interface CountriesTable {
  id: string;
  title: string;
  title_fa: string;
  sort_order: number;
}

export interface ServersTable {
  id: Generated<number>;
  title: string;
  type: number;
  country_code: string;
  server: string;
  active: number;
  sort_order: number;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  password_enc: string;
  email: string | null;
  expire_date: string | null;
  /** Data used, in bytes (the API's usedMB is this in megabytes, rounded up). */
  used_bytes: number;
  allowed_mb: number;
  allowed_devices: number;
  suspend: number;
  subs_days: number;
  ios: number;
  plan_id: number | null;
  created_at: string;
  updated_at: string;
  /** The subscription link's token (null until the account first asks for it). */
  sub_token: Generated<string | null>;
  /** 1 once the account's unsubscribe link was followed: no more reminder e-mails. */
  reminders_off: Generated<number>;
  /** Mbit/s the V2Ray nodes allow this account (null: no limit). */
  speed_limit_mbps: Generated<number | null>;
  /**
   * The VPN id (CONTRACTS §5): a random UUID, unrelated to the password, that the nodes receive and
   * the generated links carry; a password change replaces it. Set for every account (0013_vpn_id).
   */
  vpn_id: string;
  /** The account's referral code (CONTRACTS §12), made on first use (0019_growth). */
  referral_code: Generated<string | null>;
  /** The subscription's start, from which its data resets are counted (0029_reset). */
  reset_anchor: Generated<string | null>;
  /** How many resets of the current subscription were made (0029_reset). */
  resets_done: Generated<number>;
}

/** A finished data period of an account whose plan resets (CONTRACTS §14), kept as its history. */
export interface UsagePeriodsTable {
  id: Generated<number>;
  user_id: number;
  started_at: string;
  ended_at: string;
  used_bytes: number;
  created_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface DevicesTable {
  id: string;
  user_id: number;
  device_info: string;
  login_at: string;
  token_hash: string;
  last_seen_at: string;
  /** A subscription's device (CONTRACTS §14): the hardware id its client sent; null for an app login. */
  hwid: Generated<string | null>;
  /** What the client said of the device with its hardware id (x-device-os, x-ver-os, x-device-model). */
  device_os: Generated<string | null>;
  os_version: Generated<string | null>;
  device_model: Generated<string | null>;
}

export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  res_num: string;
  ref_num: string;
  state: number;
  amount: number;
  plan_id: number;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface ThrottleTable {
  key: string;
  count: number;
  window_start: string;
  window_ends: string | null;
}

/** A VPN node run by V2bX (CONTRACTS §5): its inbound, as the UniProxy config describes it. */
export interface NodesTable {
  id: Generated<number>;
  name: string;
  /** Set while the node is reported silent (no UniProxy request for SEPAR_NODE_SILENT_MINUTES), else null. */
  silent_since: string | null;
  token_hash: string;
  created_at: string;
  protocol: string;
  host: string;
  port: number;
  network: string;
  path: string | null;
  transport_host: string | null;
  service_name: string | null;
  security: string;
  server_name: string | null;
  reality_public_key: string | null;
  /** Sealed (SecretBox): given to that node only. */
  reality_private_key: string | null;
  reality_short_id: string | null;
  reality_dest: string | null;
  reality_dest_port: number;
  flow: string | null;
  cipher: string | null;
  /** Sealed: the Shadowsocks 2022 server key. */
  server_key: string | null;
  up_mbps: number;
  down_mbps: number;
  obfs_password: string | null;
  country_code: string | null;
  rate: number;
  active: number;
  last_seen_at: string | null;
  load_status: string | null;
  users_count: number;
  updated_at: string | null;
}

export interface NodeAliveTable {
  node_id: number;
  user_id: number;
  ip: string;
  seen_at: string;
}

export interface NodeTrafficTable {
  node_id: number;
  day: string;
  bytes: number;
}

export interface RadiusClientsTable {
  id: Generated<number>;
  ip: string;
  name: string;
  secret_sealed: string;
  require_message_authenticator: number;
  created_at: string;
}

export interface RadiusSessionsTable {
  id: Generated<number>;
  client_id: number;
  session_id: string;
  user_id: number | null;
  username: string;
  calling_station: string | null;
  framed_ip: string | null;
  client_info: string | null;
  started_at: string;
  updated_at: string;
  stopped_at: string | null;
  counted_bytes: number;
}

export interface ListVersionsTable {
  name: string;
  version: number;
}

/** An order: 0 pending, 1 failed, 2 paid, 3 expired (the payment states of SPEC §4, plus expiry). */
export interface OrdersTable {
  id: Generated<number>;
  res_num: string;
  plan_id: number;
  email: string;
  gate: string;
  provider: string;
  amount: number;
  state: number;
  authority: string | null;
  ref_num: string | null;
  user_id: number | null;
  lang: string;
  failure: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** Who settles the order now, and until when (a lease; a crashed holder's claim runs out). */
  claim_token: string | null;
  claimed_until: string | null;
  /** Reconciliation: how often the gateway could not be reached, and when to ask again. */
  check_attempts: Generated<number>;
  next_check_at: string | null;
  /** The gateway's last answer, as our adapter read it. */
  last_answer: string | null;
  /** A renewal: the account the order extends (null: it makes a new account). */
  renew_user_id: Generated<number | null>;
  /** A wallet top-up (CONTRACTS §10): the account whose wallet it fills, and the tomans (null: a plan). */
  topup_user_id: Generated<number | null>;
  topup_toman: Generated<number | null>;
  /** An order in dollars (CONTRACTS §12): its amount in cents and the tomans a dollar was (null: rials). */
  amount_usd_cents: Generated<number | null>;
  toman_per_usd: Generated<number | null>;
  /** A crypto order completed by its gateway's callback: the result page's payload, sealed, shown once. */
  result_sealed: Generated<string | null>;
  /** A discount code (0019_growth): the code, upper-case, and the tomans it took off (`amount` is after it). */
  coupon_code: Generated<string | null>;
  discount_toman: Generated<number | null>;
  /** The account whose referral link brought the buyer (0019_growth). */
  referrer_user_id: Generated<number | null>;
}

/** A discount code (0019_growth): percent or fixed tomans, with its limits. */
export interface CouponsTable {
  id: Generated<number>;
  code: string;
  percent: number | null;
  amount_toman: number | null;
  max_uses: number | null;
  per_user: number | null;
  first_purchase: number;
  /** The plans it is for, as ids joined by commas (null: every plan). */
  plans: string | null;
  starts_at: string | null;
  ends_at: string | null;
  /** Completed orders that used it (never past max_uses). */
  uses: Generated<number>;
  disabled_at: string | null;
  created_by: string | null;
  created_at: string;
}

/** One counted use of a discount code: one an order. */
export interface CouponUsesTable {
  id: Generated<number>;
  coupon_id: number;
  order_id: number;
  user_id: number | null;
  /** The order's e-mail, lower-case ('' when none). */
  email: string;
  discount_toman: number;
  created_at: string;
}

/** A gift code (0019_growth), kept only as its MAC. */
export interface GiftCodesTable {
  id: Generated<number>;
  code_mac: string;
  amount: number;
  expires_at: string | null;
  used_by: number | null;
  used_at: string | null;
  batch: string;
  created_by: string | null;
  created_at: string;
}

/** An order's history: every change of state and every gateway answer, who made it and when. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  at: string;
  from_state: number | null;
  to_state: number;
  /** 'buyer', 'return', 'reconcile', 'operator:<name>' */
  actor: string;
  detail: string | null;
}

/** The built-in test bank's own record of a payment. */
export interface SandboxPaymentsTable {
  authority: string;
  order_id: string;
  amount: number;
  callback_url: string;
  state: string;
  ref_num: string | null;
  created_at: string;
}

/** Mail waiting to be sent; the body is sealed because a receipt holds credentials. */
export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  subject: string;
  body_sealed: string;
  order_id: number | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Claimed by a process that is sending it, until then. */
  claimed_until: string | null;
}

/** The wallet's ledger (0015_wallet): inserted, never updated. */
export interface WalletEntriesTable {
  id: Generated<number>;
  user_id: number;
  /** The account's entries counted from 1. */
  seq: number;
  kind: string;
  /** Signed tomans. */
  amount: number;
  /** The balance after this entry, in tomans. */
  balance: number;
  ref: string | null;
  /** An operator's reason (adjustments). */
  note: string | null;
  /** Who wrote it: an operator, `<unix user>@cli`, or null for the shop itself. */
  actor: string | null;
  created_at: string;
}

/** The shop's cards for card-to-card transfers (0017_cards). */
export interface CardsTable {
  id: Generated<number>;
  /** 16 Latin digits. */
  number: string;
  holder: string;
  bank: string | null;
  enabled: number;
  /** Set when an operator removed it: offered to nobody, kept for its orders. */
  removed_at: string | null;
  created_at: string;
}

/** A card order's transfer (0017_cards): beside its row in orders. */
export interface CardOrdersTable {
  order_id: number;
  card_id: number;
  /** Rials asked. */
  amount: number;
  /** The amount while the order is open, null once closed: unique, so no two open orders share one. */
  open_amount: number | null;
  /** awaiting_transfer, awaiting_review, paid, rejected, expired (paid is the order row's to say first). */
  state: string;
  expires_at: string;
  /** The operator's reason for a rejection. */
  reason: string | null;
  /** The payment result's payload (base64 JSON) once approved, sealed: the waiting page shows it. */
  result_sealed: string | null;
  /** The messaging chat that asked for the order (the bot's card flow), else null. */
  bot_chat: string | null;
  /** 1 once that chat was told of the order's outcome (paid, rejected or expired). */
  bot_told: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A buyer's receipt for a card order (0017_cards). */
export interface CardReceiptsTable {
  id: Generated<number>;
  order_id: number;
  /** Latin digits; null for a receipt the bot took as a photo alone. */
  tracking: string | null;
  /** The image's bytes, metadata stripped (bytea on PostgreSQL, blob on SQLite). */
  image: Uint8Array | null;
  image_type: string | null;
  image_sha256: string | null;
  image_bytes: number | null;
  created_at: string;
}

export interface Database {
  coupons: CouponsTable;
  coupon_uses: CouponUsesTable;
  gift_codes: GiftCodesTable;
  cards: CardsTable;
  card_orders: CardOrdersTable;
  card_receipts: CardReceiptsTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  sandbox_payments: SandboxPaymentsTable;
  outbox: OutboxTable;
  plans: PlansTable;
  countries: CountriesTable;
  servers: ServersTable;
  users: UsersTable;
  sessions: SessionsTable;
  devices: DevicesTable;
  payments: PaymentsTable;
  settings: SettingsTable;
  throttle: ThrottleTable;
  nodes: NodesTable;
  node_alive: NodeAliveTable;
  node_traffic: NodeTrafficTable;
  node_hosts: NodeHostsTable;
  list_versions: ListVersionsTable;
  radius_clients: RadiusClientsTable;
  radius_sessions: RadiusSessionsTable;
  bot_users: BotUsersTable;
  free_quota: FreeQuotaTable;
  reminders: RemindersTable;
  bot_link_codes: BotLinkCodesTable;
  operators: OperatorsTable;
  api_tokens: ApiTokensTable;
  wallet_entries: WalletEntriesTable;
  admin_sessions: AdminSessionsTable;
  audit_log: AuditLogTable;
  shop_events: ShopEventsTable;
  gateway_health: GatewayHealthTable;
  operator_chats: OperatorChatsTable;
  operator_chat_codes: OperatorChatCodesTable;
  backup_runs: BackupRunsTable;
  usage_periods: UsagePeriodsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

/** A scheduled backup's period (0025_backup): taken by one process, then its file, or its error. */
export interface BackupRunsTable {
  /** The period's start (ISO): unique, so one process makes the period's backup. */
  slot: string;
  started_at: string;
  finished_at: string | null;
  /** The file's name in the data directory's backups/. */
  file: string | null;
  bytes: number | null;
  error: string | null;
  /** How many operators' chats received every part. */
  sent_to: number | null;
}

/** A gateway's failures in a row (0024_ops): three tell the operators' chat once, a success starts again. */
export interface GatewayHealthTable {
  provider: string;
  failures: number;
  last_error: string | null;
  /** When the operators' chat was told of this run of failures (null: not yet, or recovered since). */
  alerted_at: string | null;
  /** How many runs of failures were told: the next one's event key. */
  alerts: Generated<number>;
  updated_at: string;
}

/** An operator of the web admin (CONTRACTS §8). */
export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  totp_sealed: string | null;
  totp_pending_sealed: string | null;
  totp_last_step: Generated<number>;
  created_at: string;
  last_login_at: string | null;
  /** When wrong one-time codes locked the sign-in (0014_operator_lock); null while it is open. */
  locked_at: Generated<string | null>;
  /** owner, admin, sales or support (0026_roles_tokens, CONTRACTS §13). */
  role: Generated<string>;
}

/** An API token (CONTRACTS §13): its name and role, and the SHA-256 of the token shown once. */
export interface ApiTokensTable {
  id: Generated<number>;
  name: string;
  role: string;
  token_hash: string;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
}

/** A web admin session: the hash of the `separ_admin` cookie's token. */
export interface AdminSessionsTable {
  token_hash: string;
  operator_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

/** One change an operator made: who, what, the target, before and after (JSON), when. */
/** What the shop tells outside the admin (platform/events.ts), with the operators' chat's delivery. */
export interface ShopEventsTable {
  id: Generated<number>;
  kind: string;
  /** Unique: the same happening is recorded once. */
  key: string;
  /** JSON. */
  data: string;
  created_at: string;
  /** The operators' chat: claimed by a process until then, and sent. */
  chat_claimed_until: string | null;
  chat_sent_at: string | null;
}

/** A chat linked to an operator with `separ-admin operators link-chat` (CONTRACTS §13). */
export interface OperatorChatsTable {
  messaging_id: string;
  operator: string;
  created_at: string;
}

/** One-time codes that link a chat to an operator (hashed, good once for 10 minutes). */
export interface OperatorChatCodesTable {
  code_mac: string;
  operator: string;
  expires_at: string;
  used_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  operator: string;
  action: string;
  target: string;
  before_json: string | null;
  after_json: string | null;
}

/** A reminder sent: once per account, kind and subscription period (its expiry). */
export interface RemindersTable {
  user_id: number;
  kind: string;
  period: string;
  sent_at: string;
}

/** A messaging user of the bot (CONTRACTS §9). */
export interface BotUsersTable {
  messaging_id: string;
  language: Generated<string>;
  user_id: number | null;
  free_user_id: number | null;
  free_at: string | null;
  created_at: string;
}

/** A one-time code from the panel that links a chat to the account in the bot: its MAC, never the code. */
export interface BotLinkCodesTable {
  code_mac: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Free accounts given on a day (UTC), for the daily quota. */
export interface FreeQuotaTable {
  day: string;
  given: number;
}

export type PlanRow = Selectable<PlansTable>;
export type NewPlan = Insertable<PlansTable>;
export type UserRow = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ServerRow = Selectable<ServersTable>;
export type CountryRow = Selectable<CountriesTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NodeRow = Selectable<NodesTable>;
export type NodeHostRow = Selectable<NodeHostsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
export type OperatorRow = Selectable<OperatorsTable>;

/** A webhook (0027_webhooks): its URL, events (comma-separated) and sealed signing secret. */
export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  events: string;
  secret_enc: string;
  created_at: string;
  created_by: string;
}

/** One event for one webhook (0027_webhooks): unique by (webhook_id, event_key). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event_key: string;
  event: string;
  /** The JSON body, as first built: every attempt sends the same bytes. */
  body: string;
  attempts: number;
  /** Null once delivered or given up. */
  next_attempt_at: string | null;
  claimed_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  failed_at: string | null;
}

/** An extra address of a V2Ray node (0028_node_hosts, CONTRACTS §14). */
export interface NodeHostsTable {
  id: Generated<number>;
  node_id: number;
  /** A domain name or an IP address buyers connect to instead of the node's host. */
  address: string;
  /** null: the node's port. */
  port: number | null;
  /** null: the node's SNI (TLS and REALITY). */
  sni: string | null;
  /** null: the node's host header (ws, httpupgrade, xhttp). */
  host: string | null;
  remark: string | null;
  /** 1: left out of the links, kept for later. */
  paused: Generated<number>;
  sort: Generated<number>;
  created_at: string;
}
