import {
  DEFAULT_SHOP_SETTINGS,
  FRAGMENT_FIELDS,
  fragmentProblem,
  isFragmentValue,
  isTomanPerUsd,
  type FragmentField,
  TOMAN_PER_USD_BOUNDS,
  shopNameProblem,
  shopUrlProblem,
  WALLET_MAX_ENTRY,
  type ShopSettings,
} from '@separ/domain';
import type { Config } from '../../platform/config.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction, type Db } from '../../platform/db/index.ts';
import { invalid } from '../../platform/errors.ts';

/**
 * The shop's settings (issue 23 §5) are rows of the `settings` table, one a setting. The app links
 * keep the rows the old `separ-admin app-links` wrote.
 */
export const SHOP_SETTING_ROWS: Record<keyof ShopSettings, string> = {
  shopName: 'shop_name',
  supportChatUrl: 'support_chat_url',
  channelUrl: 'channel_url',
  socialUrl: 'social_url',
  botUrl: 'bot_url',
  androidAppUrl: 'app_android_link',
  windowsAppUrl: 'app_win_link',
  freeEnabled: 'free_enabled',
  walletEnabled: 'wallet_enabled',
  walletMinTopup: 'wallet_min_topup',
  walletMaxTopup: 'wallet_max_topup',
  tomanPerUsd: 'toman_per_usd',
  referralPercent: 'referral_percent',
  fragmentPackets: 'fragment_packets',
  fragmentLength: 'fragment_length',
  fragmentInterval: 'fragment_interval',
  muxEnabled: 'mux_enabled',
  iranDirect: 'iran_direct',
};

const FIELDS = Object.keys(SHOP_SETTING_ROWS) as Array<keyof ShopSettings>;
const ROWS = Object.values(SHOP_SETTING_ROWS);
const URL_FIELDS = new Set<keyof ShopSettings>(['supportChatUrl', 'channelUrl', 'socialUrl', 'botUrl']);
/** The app downloads may be empty: the download page then offers no such app. */
const APP_FIELDS = new Set<keyof ShopSettings>(['androidAppUrl', 'windowsAppUrl']);

/** What the operator reads in errors: the names `separ-admin settings set` and the admin both show. */
const LABELS: Record<keyof ShopSettings, string> = {
  shopName: 'The shop name',
  supportChatUrl: 'The support chat link',
  channelUrl: 'The channel link',
  socialUrl: 'The social profile link',
  botUrl: 'The bot link',
  androidAppUrl: 'The Android app link',
  windowsAppUrl: 'The Windows app link',
  freeEnabled: 'The free-account switch',
  walletEnabled: 'The wallet switch',
  walletMinTopup: 'The smallest top-up',
  walletMaxTopup: 'The largest top-up',
  tomanPerUsd: 'The tomans per US dollar',
  referralPercent: 'The referral percent',
  fragmentPackets: 'The fragment packets',
  fragmentLength: 'The fragment length',
  fragmentInterval: 'The fragment interval',
  muxEnabled: 'The mux switch',
  iranDirect: 'The Iran-direct switch',
};

/** The switches (stored as 0 and 1) and the amounts in tomans (whole numbers, at most WALLET_MAX_ENTRY). */
const SWITCHES = new Set<keyof ShopSettings>(['freeEnabled', 'walletEnabled', 'muxEnabled', 'iranDirect']);
/** The fragment's values (CONTRACTS §14): Xray's syntax, empty for none; the three are set together. */
const FRAGMENTS = new Set<keyof ShopSettings>(FRAGMENT_FIELDS);
const AMOUNTS = new Set<keyof ShopSettings>(['walletMinTopup', 'walletMaxTopup']);
/** Whole percents, 0 to 100 (the referral reward; 0 turns it off). */
const PERCENTS = new Set<keyof ShopSettings>(['referralPercent']);
const isPercent = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100;
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1_000 && value <= WALLET_MAX_ENTRY;

/**
 * The settings before the operator has changed any: the built-in defaults, with what the server's
 * environment gives instead (SEPAR_SUPPORT_CHAT_URL, SEPAR_APP_ANDROID_LINK and _WINDOWS_LINK,
 * SEPAR_FREE_ENABLED). A stored setting wins over its environment variable.
 */
export function shopSettingsDefaults(config: Config): ShopSettings {
  return {
    ...DEFAULT_SHOP_SETTINGS,
    supportChatUrl: config.supportChatUrl || DEFAULT_SHOP_SETTINGS.supportChatUrl,
    androidAppUrl: config.appLinks.android.trim(),
    windowsAppUrl: config.appLinks.windows.trim(),
    freeEnabled: config.free.enabled,
  };
}

/** The settings from the stored rows over the defaults; a row that is not valid (written by hand) is ignored. */
function fromRows(defaults: ShopSettings, rows: ReadonlyArray<{ key: string; value: string }>): ShopSettings {
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const settings = { ...defaults };
  for (const field of FIELDS) {
    const value = stored.get(SHOP_SETTING_ROWS[field]);
    if (value === undefined) continue;
    if (SWITCHES.has(field)) {
      if (value === '0' || value === '1') (settings as Record<string, unknown>)[field] = value === '1';
    } else if (PERCENTS.has(field)) {
      if (/^\d{1,3}$/.test(value) && isPercent(Number(value)))
        (settings as Record<string, unknown>)[field] = Number(value);
    } else if (AMOUNTS.has(field)) {
      if (/^\d{1,12}$/.test(value) && isAmount(Number(value)))
        (settings as Record<string, unknown>)[field] = Number(value);
    } else if (field === 'tomanPerUsd') {
      if (/^\d{1,12}$/.test(value) && isTomanPerUsd(Number(value))) settings.tomanPerUsd = Number(value);
    } else if (FRAGMENTS.has(field)) {
      if (value === '' || isFragmentValue(field as FragmentField, value))
        (settings as Record<string, unknown>)[field] = value;
    } else if (field === 'shopName') {
      if (!shopNameProblem(value)) settings.shopName = value.trim();
    } else if (!shopUrlProblem(value) || (APP_FIELDS.has(field) && value === '')) {
      (settings as Record<string, unknown>)[field] = value;
    }
  }
  // Bounds that cross (written by hand) fall back to the defaults.
  if (settings.walletMinTopup > settings.walletMaxTopup) {
    settings.walletMinTopup = defaults.walletMinTopup;
    settings.walletMaxTopup = defaults.walletMaxTopup;
  }
  // A fragment missing one of its values (written by hand) is none.
  if (fragmentProblem(settings) !== null) for (const field of FRAGMENT_FIELDS) settings[field] = '';
  return settings;
}

function readRows(db: Db) {
  return db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ROWS).orderBy('key').execute();
}

/** The shop's settings as they are now (one query). */
export async function getShopSettings(ctx: Pick<AppContext, 'db' | 'config'>): Promise<ShopSettings> {
  return fromRows(shopSettingsDefaults(ctx.config), await readRows(ctx.db));
}

/**
 * Checks a change the operator asks for (the admin's JSON body, or the command line's options):
 * known settings only, each of its type and rules. Throws `invalid` naming the first problem.
 */
export function checkShopSettingsPatch(patch: unknown): Partial<ShopSettings> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch))
    throw invalid('The settings must be an object of the settings to change.');
  const checked: Partial<ShopSettings> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (!(field in SHOP_SETTING_ROWS)) throw invalid(`There is no setting "${field}".`);
    const key = field as keyof ShopSettings;
    const label = LABELS[key];
    if (SWITCHES.has(key)) {
      if (typeof value !== 'boolean') throw invalid(`${label} must be true or false.`);
      (checked as Record<string, unknown>)[key] = value;
      continue;
    }
    if (PERCENTS.has(key)) {
      if (!isPercent(value)) throw invalid(`${label} must be a whole number from 0 to 100.`);
      (checked as Record<string, unknown>)[key] = value;
      continue;
    }
    if (AMOUNTS.has(key)) {
      if (!isAmount(value))
        throw invalid(
          `${label} must be a whole number of tomans from 1,000 to ${WALLET_MAX_ENTRY.toLocaleString('en-US')}.`,
        );
      (checked as Record<string, unknown>)[key] = value;
      continue;
    }
    if (key === 'tomanPerUsd') {
      if (!isTomanPerUsd(value))
        throw invalid(
          `${label} must be a whole number from ${TOMAN_PER_USD_BOUNDS.min} to ${TOMAN_PER_USD_BOUNDS.max.toLocaleString('en-US')}, or 0 for no dollar prices.`,
        );
      checked.tomanPerUsd = value;
      continue;
    }
    if (typeof value !== 'string') throw invalid(`${label} must be text.`);
    if (FRAGMENTS.has(key)) {
      const text = value.trim().toLowerCase();
      if (text !== '' && !isFragmentValue(key as FragmentField, text))
        // The message of the three together names this value's own rule.
        throw invalid(
          fragmentProblem({ fragmentPackets: '1', fragmentLength: '1', fragmentInterval: '1', [key]: text })!,
        );
      (checked as Record<string, unknown>)[key] = text;
      continue;
    }
    if (key === 'shopName') {
      const problem = shopNameProblem(value);
      if (problem) throw invalid(problem);
      checked.shopName = value.trim();
      continue;
    }
    const url = value.trim();
    if (APP_FIELDS.has(key) && url === '') {
      (checked as Record<string, unknown>)[key] = '';
      continue;
    }
    const problem = shopUrlProblem(url);
    if (problem) throw invalid(`${label} must be ${problem}${URL_FIELDS.has(key) ? '' : ', or empty for none'}.`);
    (checked as Record<string, unknown>)[key] = url;
  }
  return checked;
}

function rowValue(field: keyof ShopSettings, settings: ShopSettings): string {
  const value = settings[field];
  return typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
}

/**
 * Changes some of the shop's settings in one transaction, after checking them all
 * (checkShopSettingsPatch). Returns the settings before and after, for the caller's audit log.
 * Every server process sees the change within its check interval (SEPAR_PLANS_CACHE_CHECK_MS, a
 * second by default); this one at once.
 */
export async function updateShopSettings(
  ctx: Pick<AppContext, 'db' | 'config' | 'database'>,
  patch: Partial<ShopSettings>,
): Promise<{ before: ShopSettings; after: ShopSettings }> {
  const checked = checkShopSettingsPatch(patch);
  const result = await inTransaction(ctx.db, async (trx) => {
    const before = await getShopSettings({ db: trx, config: ctx.config });
    const after = { ...before, ...checked };
    if (after.walletMinTopup > after.walletMaxTopup)
      throw invalid('The smallest top-up may not be more than the largest.');
    const fragment = fragmentProblem(after);
    if (fragment) throw invalid(fragment);
    for (const field of FIELDS) {
      if (!(field in checked)) continue;
      const value = rowValue(field, after);
      await trx
        .insertInto('settings')
        .values({ key: SHOP_SETTING_ROWS[field], value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }
    return { before, after };
  });
  caches.get(ctx.database)?.invalidate();
  return result;
}

interface Snapshot {
  settings: ShopSettings;
  /** Changes whenever any setting does (the stored rows themselves, with the defaults). */
  version: string;
}

/**
 * One process's copy of the settings for what is served often (pages, subscription headers): read
 * again at most once per `checkEveryMs` — the rows themselves, one indexed query, so that a change
 * made any way (`separ-admin settings`, the admin, another process) is seen within that
 * time without a query per request.
 */
class ShopSettingsCache {
  private snapshot: Snapshot | null = null;
  private checkedAt = -Infinity;
  private pending: Promise<Snapshot> | null = null;

  private readonly ctx: Pick<AppContext, 'db' | 'config'>;
  private readonly checkEveryMs: number;

  constructor(ctx: Pick<AppContext, 'db' | 'config'>, checkEveryMs: number) {
    this.ctx = ctx;
    this.checkEveryMs = checkEveryMs;
  }

  private async load(): Promise<Snapshot> {
    this.checkedAt = performance.now();
    const defaults = shopSettingsDefaults(this.ctx.config);
    const rows = await readRows(this.ctx.db);
    const version = JSON.stringify([defaults, rows]);
    if (this.snapshot?.version !== version) this.snapshot = { settings: fromRows(defaults, rows), version };
    return this.snapshot;
  }

  get(): Promise<Snapshot> {
    if (this.snapshot && performance.now() - this.checkedAt < this.checkEveryMs) return Promise.resolve(this.snapshot);
    this.pending ??= this.load().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  invalidate() {
    this.checkedAt = -Infinity;
  }
}

/** One cache per database a process has open (the server's, a test's). */
const caches = new WeakMap<object, ShopSettingsCache>();

/**
 * The shop's settings for what is served often, with a version that changes with them: at most a
 * check interval old (SEPAR_PLANS_CACHE_CHECK_MS, the plans' own; a second by default).
 */
export function currentShopSettings(ctx: Pick<AppContext, 'db' | 'config' | 'database'>): Promise<Snapshot> {
  let cache = caches.get(ctx.database);
  if (!cache) {
    // The database itself, not a transaction of it: the cache outlives the caller.
    cache = new ShopSettingsCache({ db: ctx.database.db, config: ctx.config }, ctx.config.plansCacheCheckMs);
    caches.set(ctx.database, cache);
  }
  return cache.get();
}
