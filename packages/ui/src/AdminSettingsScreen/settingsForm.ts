import type { ShopSettings } from '@separ/domain';
import type { Checked, FieldErrors } from '../AdminForm';
import { isHttpUrl } from '../AdminLayout/numbers';

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

export type SettingsField = 'shopName' | SettingsUrlField;
export type SettingsFieldError = 'required' | 'tooLong' | 'url';

export const SHOP_NAME_MAX = 60;

/** Checks the form: the settings to send (trimmed), or the fields to correct. Empty optional addresses hide their link. */
export function validateSettings(draft: ShopSettings): Checked<ShopSettings, SettingsField, SettingsFieldError> {
  const errors: FieldErrors<SettingsField, SettingsFieldError> = {};
  const shopName = draft.shopName.trim();
  if (!shopName) errors.shopName = 'required';
  else if (shopName.length > SHOP_NAME_MAX) errors.shopName = 'tooLong';
  const settings: ShopSettings = { ...draft, shopName };
  for (const field of SETTINGS_URL_FIELDS) {
    const value = draft[field].trim();
    settings[field] = value;
    if (!value) {
      if (REQUIRED_URL_FIELDS.has(field)) errors[field] = 'required';
    } else if (!isHttpUrl(value)) errors[field] = 'url';
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input: settings };
}
