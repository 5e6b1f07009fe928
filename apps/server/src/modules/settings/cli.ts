import type { CommandRow } from '../../platform/cli.ts';
import type { ShopSettings } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import { invalid } from '../../platform/errors.ts';
import { getShopSettings, shopSettingsDefaults } from './shopSettings.ts';
import { changeShopSettings } from './admin.ts';

type Values = Record<string, string | string[] | boolean | undefined>;

/** separ-admin's options for the shop's settings, and the setting each sets. */
export const SETTINGS_OPTIONS = {
  'shop-name': 'shopName',
  'support-url': 'supportChatUrl',
  'channel-url': 'channelUrl',
  'social-url': 'socialUrl',
  'bot-url': 'botUrl',
  'android-url': 'androidAppUrl',
  'windows-url': 'windowsAppUrl',
  free: 'freeEnabled',
  wallet: 'walletEnabled',
  'wallet-min': 'walletMinTopup',
  'wallet-max': 'walletMaxTopup',
  'toman-per-usd': 'tomanPerUsd',
  'referral-percent': 'referralPercent',
  'fragment-packets': 'fragmentPackets',
  'fragment-length': 'fragmentLength',
  'fragment-interval': 'fragmentInterval',
  mux: 'muxEnabled',
  'iran-direct': 'iranDirect',
} as const satisfies Record<string, keyof ShopSettings>;

/** `--fragment 0`: no fragment (the three values emptied together). */
const FRAGMENT_OFF = 'fragment';

/** The parseArgs option specs of `separ-admin settings set` (spread into separ-admin's options). */
export const SETTINGS_OPTION_SPECS = Object.fromEntries(
  [...Object.keys(SETTINGS_OPTIONS), FRAGMENT_OFF].map((name) => [name, { type: 'string' as const }]),
) as Record<keyof typeof SETTINGS_OPTIONS | typeof FRAGMENT_OFF, { type: 'string' }>;

export const SETTINGS_HELP = `  settings show                                   (the shop's settings; "default" where none is set)
  settings set [--shop-name T] [--support-url U] [--channel-url U] [--social-url U] [--bot-url U]
               [--android-url U|""] [--windows-url U|""] [--free 0|1]
               [--wallet 0|1] [--wallet-min TOMANS] [--wallet-max TOMANS] [--toman-per-usd N]
                                                  (N tomans a US dollar: dollar prices and the crypto gateways; 0 = off)
               [--referral-percent 0-100]
               [--fragment-packets tlshello|1-3 --fragment-length 100-200 --fragment-interval 10-20 | --fragment 0]
                                                  (TLS fragmentation in the TLS and REALITY profiles; the three together)
               [--mux 0|1] [--iran-direct 0|1]
                                                  (mux where the transport allows it; Iranian addresses and .ir direct)
                                                  (seen by the site, e-mails and the bot within a second, no rebuild)`;

const LABELS: Record<keyof ShopSettings, string> = {
  shopName: 'shop name',
  supportChatUrl: 'support chat',
  channelUrl: 'channel',
  socialUrl: 'social profile',
  botUrl: 'bot',
  androidAppUrl: 'Android app',
  windowsAppUrl: 'Windows app',
  freeEnabled: 'free accounts',
  walletEnabled: 'wallet',
  walletMinTopup: 'smallest top-up',
  walletMaxTopup: 'largest top-up',
  tomanPerUsd: 'tomans per USD',
  referralPercent: 'referral %',
  fragmentPackets: 'frag. packets',
  fragmentLength: 'frag. length',
  fragmentInterval: 'frag. interval',
  muxEnabled: 'mux',
  iranDirect: 'Iran direct',
};

const shown = (value: string | boolean | number) =>
  typeof value === 'boolean' ? (value ? 'on' : 'off') : typeof value === 'number' ? String(value) : value || '-';

/** The options given, as a change of the settings (checked by the service). */
export function settingsPatch(values: Values): Partial<ShopSettings> {
  const patch: Record<string, string | boolean | number> = {};
  for (const [option, field] of Object.entries(SETTINGS_OPTIONS)) {
    const value = values[option];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw invalid(`--${option} takes one value.`);
    if (field === 'freeEnabled' || field === 'walletEnabled' || field === 'muxEnabled' || field === 'iranDirect') {
      if (value !== '0' && value !== '1') throw invalid(`--${option} must be 0 (off) or 1 (on).`);
      patch[field] = value === '1';
    } else if (field === 'referralPercent') {
      if (!/^\d{1,3}$/.test(value.trim())) throw invalid(`--${option} takes a whole number from 0 to 100.`);
      patch[field] = Number(value.trim());
    } else if (field === 'walletMinTopup' || field === 'walletMaxTopup') {
      const digits = value.replaceAll(',', '').trim();
      if (!/^\d{1,12}$/.test(digits)) throw invalid(`--${option} takes a whole number of tomans.`);
      patch[field] = Number(digits);
    } else if (field === 'tomanPerUsd') {
      const digits = value.replaceAll(',', '').trim();
      if (!/^\d{1,12}$/.test(digits))
        throw invalid(`--${option} takes a whole number of tomans (0 turns dollars off).`);
      patch[field] = Number(digits);
    } else {
      patch[field] = value;
    }
  }
  const off = values[FRAGMENT_OFF];
  if (off !== undefined) {
    if (off !== '0')
      throw invalid(
        '--fragment takes 0 (no fragment); set one with --fragment-packets, --fragment-length and --fragment-interval.',
      );
    if (['fragment-packets', 'fragment-length', 'fragment-interval'].some((option) => values[option] !== undefined))
      throw invalid(
        '--fragment 0 turns fragment off: give it without --fragment-packets, --fragment-length or --fragment-interval.',
      );
    Object.assign(patch, { fragmentPackets: '', fragmentLength: '', fragmentInterval: '' });
  }
  return patch as Partial<ShopSettings>;
}

/** `separ-admin settings show|set`: the same service as the admin's `GET/PUT /api/admin/settings`. */
export async function runSettings(
  command: string | undefined,
  values: Values,
  ctx: AppContext,
  out: (line: string) => void,
  actor: string,
): Promise<void> {
  const fields = Object.keys(LABELS) as Array<keyof ShopSettings>;
  const width = Math.max(...Object.values(LABELS).map((label) => label.length)) + 3;
  const line = (field: keyof ShopSettings, text: string) => `${`${LABELS[field]}:`.padEnd(width)}${text}`;
  if (command === 'show') {
    const settings = await getShopSettings(ctx);
    const defaults = shopSettingsDefaults(ctx.config);
    for (const field of fields)
      out(line(field, `${shown(settings[field])}${settings[field] === defaults[field] ? '  (default)' : ''}`));
    return;
  }
  if (command === 'set') {
    const patch = settingsPatch(values);
    if (Object.keys(patch).length === 0)
      throw invalid(
        `Nothing to change: give at least one of ${[...Object.keys(SETTINGS_OPTIONS), FRAGMENT_OFF]
          .map((option) => `--${option}`)
          .join(', ')}.`,
      );
    const { before, after } = await changeShopSettings(ctx, patch, actor);
    const changed = fields.filter((field) => before[field] !== after[field]);
    for (const field of changed) out(line(field, `${shown(before[field])} -> ${shown(after[field])}`));
    out(
      changed.length === 0
        ? 'Nothing changed: the settings were already so.'
        : 'Saved. The site, e-mails and the bot use them within a second; no rebuild or restart.',
    );
    return;
  }
  throw invalid(`Unknown command "settings ${command ?? ''}". Use settings show or settings set.`);
}

/** separ-admin's settings (read by runSettings above): the function the web admin's Settings screen calls. */
export const SETTINGS_COMMANDS: Array<CommandRow<AppContext>> = [
  {
    command: 'settings',
    group: true,
    async run({ ctx, values, positionals, out, actor }) {
      await runSettings(positionals[1], values, ctx, out, actor);
    },
  },
];
