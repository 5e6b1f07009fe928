import {
  FRAGMENT_FIELDS,
  isFragmentValue,
  toLatinDigits,
  WALLET_MAX_ENTRY,
  type FragmentField,
  type ShopSettings,
} from '@separ/domain';
import type { Checked, FieldErrors } from '../AdminForm';
import { isHttpUrl, parseWhole } from '../AdminLayout/numbers';

/** The settings that are web addresses, in the form's order. */
export const SETTINGS_URL_FIELDS = [
  'supportChatUrl',
  'channelUrl',
  'socialUrl',
  'botUrl',
  'androidAppUrl',
  'windowsAppUrl',
] as const satisfies ReadonlyArray<keyof ShopSettings>;

export type SettingsUrlField = (typeof SETTINGS_URL_FIELDS)[number];

/** The addresses the shop cannot do without: the support chat is on every page. */
export const REQUIRED_URL_FIELDS: ReadonlySet<SettingsUrlField> = new Set(['supportChatUrl']);

/** The top-up bounds, in tomans as typed (Persian or Latin digits, separators or not). */
export const SETTINGS_AMOUNT_FIELDS = ['walletMinTopup', 'walletMaxTopup'] as const satisfies ReadonlyArray<
  keyof ShopSettings
>;
export type SettingsAmountField = (typeof SETTINGS_AMOUNT_FIELDS)[number];

export type SettingsField = 'shopName' | SettingsUrlField | SettingsAmountField | FragmentField;
export type SettingsFieldError =
  | 'required'
  | 'tooLong'
  | 'url'
  | 'amount'
  | 'minAboveMax'
  /** A fragment value that is not a whole number or a range within its bounds (packets: or tlshello). */
  | 'fragment'
  /** Some fragment values given and some not: the three go together. */
  | 'fragmentTogether';

export const SHOP_NAME_MAX = 60;

/** A top-up bound in whole tomans, as the server takes it: from 1,000 to the largest entry. */
export const TOPUP_BOUND = { min: 1_000, max: WALLET_MAX_ENTRY } as const;

/** The settings as the form edits them: the amounts as typed. */
export type SettingsDraft = Omit<ShopSettings, SettingsAmountField> & Record<SettingsAmountField, string>;

/** The form's draft of the settings: the amounts as text, in the form's digits. */
export function settingsDraft(settings: ShopSettings, digits: (value: number) => string = String): SettingsDraft {
  return {
    ...settings,
    walletMinTopup: digits(settings.walletMinTopup),
    walletMaxTopup: digits(settings.walletMaxTopup),
  };
}

/** Checks the form: the settings to send (trimmed), or the fields to correct. Empty optional addresses hide their link. */
export function validateSettings(draft: SettingsDraft): Checked<ShopSettings, SettingsField, SettingsFieldError> {
  const errors: FieldErrors<SettingsField, SettingsFieldError> = {};
  const shopName = draft.shopName.trim();
  if (!shopName) errors.shopName = 'required';
  else if (shopName.length > SHOP_NAME_MAX) errors.shopName = 'tooLong';
  const amounts = {} as Record<SettingsAmountField, number>;
  for (const field of SETTINGS_AMOUNT_FIELDS) {
    const value = parseWhole(draft[field]);
    if (draft[field].trim() === '') errors[field] = 'required';
    else if (value === null || value < TOPUP_BOUND.min || value > TOPUP_BOUND.max) errors[field] = 'amount';
    else amounts[field] = value;
  }
  if (!errors.walletMinTopup && !errors.walletMaxTopup && amounts.walletMinTopup > amounts.walletMaxTopup)
    errors.walletMinTopup = 'minAboveMax';
  const settings: ShopSettings = { ...draft, shopName, ...amounts };
  // Fragment (CONTRACTS §14): Xray's syntax, the three together or none; digits in either script.
  const fragment = Object.fromEntries(
    FRAGMENT_FIELDS.map((field) => [field, toLatinDigits(draft[field].trim()).toLowerCase().replace(/\s+/g, '')]),
  ) as Record<FragmentField, string>;
  const someFragment = FRAGMENT_FIELDS.some((field) => fragment[field] !== '');
  for (const field of FRAGMENT_FIELDS) {
    settings[field] = fragment[field];
    if (fragment[field] === '') {
      if (someFragment) errors[field] = 'fragmentTogether';
    } else if (!isFragmentValue(field, fragment[field])) errors[field] = 'fragment';
  }
  for (const field of SETTINGS_URL_FIELDS) {
    const value = draft[field].trim();
    settings[field] = value;
    if (!value) {
      if (REQUIRED_URL_FIELDS.has(field)) errors[field] = 'required';
    } else if (!isHttpUrl(value)) errors[field] = 'url';
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input: settings };
}
