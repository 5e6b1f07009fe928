import i18next, { type i18n as I18n, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { withSeparNumberFormat } from '@separ/ui';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  LOCALE_FILE_PATH,
  LOCALE_LOAD_FIRST_DELAY_MS,
  LOCALE_LOAD_MAX_PARALLEL,
  LOCALE_LOAD_RETRIES,
  type Language,
} from '@separ/domain';

export const NAMESPACES = [
  'common',
  'home',
  'plans',
  'payment',
  'auth',
  'panel',
  'connect',
  'install',
  'download',
  'support',
  'free',
  'legal',
  'errors',
  // The operators' console (/admin) only: loaded by its own chunk, never by a public page.
  'admin',
] as const;

export interface I18nOptions {
  /** Bundled translations (tests); without them the files load from `/locales/{lng}/{ns}.json`. */
  resources?: Resource;
  /**
   * Translations a prerendered page brought along: used as they are, the rest loads over HTTP
   * (and the language is still detected).
   */
  initialResources?: Resource;
  /** A fixed language, skipping detection (tests). */
  lng?: Language;
  /** Where the translation files live; the page's origin by default. */
  localesBase?: string;
}

/** The stored value of SPEC §3 (`userLanguage`), consulted after the detector's own places. */
const savedChoice = {
  name: 'separUserLanguage',
  lookup(): string | undefined {
    try {
      const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
      return isLanguage(value) ? value : undefined;
    } catch {
      return undefined;
    }
  },
};

/**
 * i18next as SPEC §7 sets it up: files over HTTP with 5 retries doubling from 350 ms and at most
 * 10 parallel reads; the language detected from the `lng` query, the `i18next` cookie, local and
 * session storage, then the html tag, and cached in local storage (and the cookie, so the server
 * answers in the same language). The browser's own language is not consulted: Separ is Persian
 * first, and a visitor's choice is always one click away.
 */
export async function createI18n(options: I18nOptions = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  if (!options.resources) {
    const detector = new LanguageDetector();
    detector.addDetector(savedChoice);
    instance.use(HttpBackend).use(detector);
  }
  instance.use(initReactI18next);
  await instance.init({
    ...(options.resources ? { resources: options.resources } : {}),
    ...(!options.resources && options.initialResources
      ? { resources: options.initialResources, partialBundledLanguages: true }
      : {}),
    ...(options.lng ? { lng: options.lng } : {}),
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'languageOnly',
    ns: ['common', 'errors'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    maxRetries: LOCALE_LOAD_RETRIES,
    retryTimeout: LOCALE_LOAD_FIRST_DELAY_MS,
    maxParallelReads: LOCALE_LOAD_MAX_PARALLEL,
    backend: {
      loadPath: `${options.localesBase ?? ''}${LOCALE_FILE_PATH}`,
      addPath: `${options.localesBase ?? ''}/locales/add/{{lng}}/{{ns}}`,
    },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', savedChoice.name, 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      lookupSessionStorage: 'i18nextLng',
      caches: ['localStorage', 'cookie'],
      cookieOptions: { path: '/', sameSite: 'lax' },
    },
    react: { useSuspense: true },
  });
  return withSeparNumberFormat(instance);
}

/** The language i18next settled on, as one of ours. */
export function languageOf(instance: I18n): Language {
  const code = (instance.resolvedLanguage ?? instance.language ?? '').slice(0, 2);
  return isLanguage(code) ? code : DEFAULT_LANGUAGE;
}

/** SPEC §4: the page's language and direction, the body class, and the saved choice. */
export function applyDocumentLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  const dir = directionOf(language);
  document.documentElement.lang = language;
  document.documentElement.dir = dir;
  document.body.classList.remove('rtl', 'ltr');
  document.body.classList.add(dir);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage unavailable: the choice lasts for this page.
  }
}
