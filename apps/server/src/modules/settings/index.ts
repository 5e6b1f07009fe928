// The settings module's public face: the shop's settings (links, texts, the free plan…), the
// key-value store under them, and their command.
export { changeShopSettings } from './admin.ts';
export { runSettings, SETTINGS_COMMANDS, SETTINGS_HELP, SETTINGS_OPTION_SPECS } from './cli.ts';
export { currentShopSettings, getShopSettings } from './shopSettings.ts';
export { getSetting, setSetting } from './store.ts';
export { settingsAdminRoutes } from './adminRoutes.ts';
