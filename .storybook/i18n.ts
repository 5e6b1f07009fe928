import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { withSeparNumberFormat } from '@separ/ui';

/** Storybook and the story tests bundle every translation file, so that each story renders at once. */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

const resources: Resource = {};
for (const [path, content] of Object.entries(files)) {
  const [, lng, ns] = /locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
  if (!lng || !ns) continue;
  resources[lng] = { ...resources[lng], [ns]: content };
}

export const storyI18n = i18n.createInstance();
void storyI18n.use(initReactI18next).init({
  resources,
  lng: 'fa',
  fallbackLng: 'fa',
  ns: Object.keys(resources.fa ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
withSeparNumberFormat(storyI18n);
