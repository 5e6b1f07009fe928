export { AdminSettingsScreen, type AdminSettingsScreenProps } from './AdminSettingsScreen';
export { SETTINGS_URL_FIELDS, validateSettings, type SettingsField, type SettingsFieldError } from './settingsForm';
