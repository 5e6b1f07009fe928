/**
 * The shop's settings the operator changes without a rebuild (issue 23 §5): their defaults, their
 * rules, and the links the pages carry. The server stores them (`separ-admin settings`, the admin's
 * `PUT /api/admin/settings`); the site is built with the defaults and shows what the server gives it.
 */
import type { ShopSettings } from './admin.ts';
import { SUPPORT_CHAT_URL, type Language } from './constants.ts';
import { WALLET_TOPUP_DEFAULTS } from './wallet.ts';
import { DEFAULT_REFERRAL_PERCENT } from './growth.ts';
import { DEFAULT_DELIVERY_SETTINGS } from './delivery.ts';

/** The shop's name until the operator gives another. */
export const DEFAULT_SHOP_NAME = 'Separ';

/** The default name as each language writes it (an operator's own name is written as given). */
export const DEFAULT_SHOP_NAMES: Record<Language, string> = { fa: 'سپر', en: DEFAULT_SHOP_NAME };

export const SHOP_NAME_MAX_LENGTH = 40;

/** The longest link an operator may set. */
export const SHOP_URL_MAX_LENGTH = 500;

/** The links the site's pages show: the support chat, the channel, the social profile and the bot. */
export type ShopLinks = Pick<ShopSettings, 'supportChatUrl' | 'channelUrl' | 'socialUrl' | 'botUrl'>;

export const SHOP_LINK_KEYS = ['supportChatUrl', 'channelUrl', 'socialUrl', 'botUrl'] as const satisfies ReadonlyArray<
  keyof ShopLinks
>;

/** The links the site is built with. */
export const DEFAULT_SHOP_LINKS: ShopLinks = {
  supportChatUrl: SUPPORT_CHAT_URL,
  channelUrl: 'https://t.me/separ_vpn',
  socialUrl: 'https://www.instagram.com/separ.vpn',
  botUrl: 'https://t.me/separ_vpn_bot',
};

/** Every setting's default (the server's environment may give others: see the server's config). */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  shopName: DEFAULT_SHOP_NAME,
  ...DEFAULT_SHOP_LINKS,
  androidAppUrl: '',
  windowsAppUrl: '',
  freeEnabled: true,
  walletEnabled: true,
  walletMinTopup: WALLET_TOPUP_DEFAULTS.min,
  walletMaxTopup: WALLET_TOPUP_DEFAULTS.max,
  tomanPerUsd: 0,
  referralPercent: DEFAULT_REFERRAL_PERCENT,
  ...DEFAULT_DELIVERY_SETTINGS,
};

/**
 * The id of the JSON block the server puts into a page when its links are not the defaults: the
 * app renders with them, so that it finds what the server wrote into the page's HTML.
 */
export const SHOP_DATA_ID = 'separ-shop';

/** Why a shop name cannot be used, or null: 1 to 40 characters, none of them a control character. */
export function shopNameProblem(value: string): string | null {
  const name = value.trim();
  if (name.length === 0) return 'The shop name may not be empty.';
  if ([...name].length > SHOP_NAME_MAX_LENGTH)
    return `The shop name may be at most ${SHOP_NAME_MAX_LENGTH} characters long.`;
  // eslint-disable-next-line no-control-regex -- matching control characters is the point: the name goes into e-mail subjects and headers
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name))
    return 'The shop name may not hold line breaks or control characters.';
  return null;
}

/**
 * Why a link cannot be used, or null: an absolute http(s) address with a host, without spaces, at
 * most 500 characters. (A `tg://` link opens only where the messaging app is installed; its
 * `https://t.me/…` form opens everywhere, and in the app where it is.)
 */
export function shopUrlProblem(value: string): string | null {
  if (value.length > SHOP_URL_MAX_LENGTH) return `at most ${SHOP_URL_MAX_LENGTH} characters`;
  if (/[\s<>"'`\\]/.test(value) || !/^https?:\/\//i.test(value))
    return 'an http:// or https:// address without spaces or quotes, such as https://t.me/your_support';
  // A host (a name or an address, with a port if any), and no user name before it.
  const [authority] = value.replace(/^https?:\/\//i, '').split(/[/?#]/);
  if (!/^(?:[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/iu.test(authority!))
    return 'an address with a host and without a user name, such as https://t.me/your_support';
  return null;
}

export function isShopUrl(value: unknown): value is string {
  return typeof value === 'string' && shopUrlProblem(value) === null;
}

/** The links that differ from the defaults: what a page must carry (nothing, with the defaults). */
export function changedShopLinks(links: ShopLinks): Partial<ShopLinks> {
  const changed: Partial<ShopLinks> = {};
  for (const key of SHOP_LINK_KEYS) if (links[key] !== DEFAULT_SHOP_LINKS[key]) changed[key] = links[key];
  return changed;
}

/** The links from a page's JSON block: each valid one given, the default for the rest. */
export function shopLinksFrom(value: unknown): ShopLinks {
  const given = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const links = { ...DEFAULT_SHOP_LINKS };
  for (const key of SHOP_LINK_KEYS) {
    const link = given[key];
    if (isShopUrl(link)) links[key] = link;
  }
  return links;
}

/** The shop's name in a language: the default is written in each language's script, another as given. */
export function shopNameIn(name: string, language: Language): string {
  return name === DEFAULT_SHOP_NAME ? DEFAULT_SHOP_NAMES[language] : name;
}
