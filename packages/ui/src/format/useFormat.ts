import { useMemo } from 'react';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dataVolume, duration, parseDateTime, toPersianDigits, type DataVolume, type Duration } from '@separ/domain';

/** Number, price, data, duration and date formatting in the current language (Persian digits and calendar for fa). */
export interface Formatter {
  language: 'fa' | 'en';
  number(value: number, options?: Intl.NumberFormatOptions): string;
  toman(value: number): string;
  usd(value: number): string;
  /**
   * An amount paid: its tomans, or for an order paid in dollars (CONTRACTS §12) both, each
   * language's own currency first (English `$2.50 (150,000 Toman)`, Persian the tomans first).
   */
  paid(toman: number, usd?: number | null): string;
  data(value: DataVolume | number): string;
  duration(value: Duration | number): string;
  devices(count: number): string;
  percent(value: number): string;
  date(iso: string | null | undefined): string;
  dateTime(iso: string | null | undefined): string;
  digits(text: string | number): string;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One Intl formatter per locale and options: creating one costs far more than using it. */
function cached<F>(cache: Map<string, F>, locale: string, options: object | undefined, make: () => F): F {
  const key = `${locale} ${JSON.stringify(options ?? {})}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

const SEPARATORS = { fa: { group: '\u066c', decimal: '\u066b' }, en: { group: ',', decimal: '.' } } as const;

/**
 * A non-negative number as Intl.NumberFormat writes it for fa-IR or en-US with at most
 * `maximumFractionDigits` decimals (grouped thousands, Persian digits and separators for fa).
 * The first Persian Intl.NumberFormat costs about 50 ms of a slow phone's main thread while a
 * prerendered page hydrates (docs/BENCHMARKS.md); prices, plan sizes and counts take this path.
 * Returns null for what only Intl writes (negatives, other options), and useFormat falls back to it.
 */
export function plainNumber(value: number, language: 'fa' | 'en', options?: Intl.NumberFormatOptions): string | null {
  const { maximumFractionDigits = 3, ...other } = options ?? {};
  if (Object.keys(other).length > 0 || !Number.isFinite(value) || value < 0 || value >= 1e21) return null;
  if (!Number.isInteger(maximumFractionDigits) || maximumFractionDigits < 0 || maximumFractionDigits > 20) return null;
  // Intl rounds the number's shortest decimal form (9.95, not 9.9499…) half away from zero.
  const shortest = String(value);
  if (shortest.includes('e')) return null;
  const [whole = '0', fraction = ''] = roundDecimal(shortest, maximumFractionDigits).split('.');
  const { group, decimal } = SEPARATORS[language];
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, group);
  const decimals = fraction.replace(/0+$/, '');
  const text = decimals ? `${grouped}${decimal}${decimals}` : grouped;
  return language === 'fa' ? toPersianDigits(text) : text;
}

/** What Intl.NumberFormat reads of its options (i18next passes the whole call's options along). */
const NUMBER_OPTIONS = [
  'localeMatcher',
  'numberingSystem',
  'style',
  'currency',
  'currencyDisplay',
  'currencySign',
  'unit',
  'unitDisplay',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
  'roundingPriority',
  'roundingIncrement',
  'roundingMode',
  'trailingZeroDisplay',
  'notation',
  'compactDisplay',
  'useGrouping',
  'signDisplay',
] as const;

/**
 * Gives an i18next instance this formatting for `{{count, number}}` in the translations: its
 * built-in formatter creates a Persian Intl.NumberFormat, with the cost above.
 */
export function withSeparNumberFormat(i18n: I18n): I18n {
  i18n.services.formatter?.add(
    'number',
    (value: unknown, lng: string | undefined, options: Record<string, unknown>) => {
      const picked = Object.fromEntries(
        NUMBER_OPTIONS.filter((key) => key in options).map((key) => [key, options[key]]),
      );
      const language = lng?.startsWith('en') ? 'en' : lng?.startsWith('fa') ? 'fa' : null;
      const fast = language && typeof value === 'number' ? plainNumber(value, language, picked) : null;
      return fast ?? new Intl.NumberFormat(lng, picked).format(value as number);
    },
  );
  return i18n;
}

/** A plain decimal string ("9.95") rounded half away from zero to at most `digits` decimals. */
function roundDecimal(text: string, digits: number): string {
  const point = text.indexOf('.');
  if (point < 0 || text.length - point - 1 <= digits) return text;
  const kept = text.slice(0, point + 1 + digits).replace(/\.$/, '');
  if (text[point + 1 + digits]! < '5') return kept;
  // Add one unit of the last kept digit, carrying leftwards ("9.9" → "10.0").
  const chars = kept.split('');
  let i = chars.length - 1;
  for (; i >= 0; i--) {
    if (chars[i] === '.') continue;
    if (chars[i] !== '9') {
      chars[i] = String(Number(chars[i]) + 1);
      break;
    }
    chars[i] = '0';
  }
  return (i < 0 ? '1' : '') + chars.join('');
}

/** The formatter of the active language. */
export function useFormat(): Formatter {
  const { t, i18n } = useTranslation('common');
  const language: 'fa' | 'en' = i18n.language === 'en' ? 'en' : 'fa';
  return useMemo(() => {
    const locale = language === 'fa' ? 'fa-IR' : 'en-US';
    const dateLocale = language === 'fa' ? 'fa-IR-u-ca-persian' : 'en-US';
    const number = (value: number, options?: Intl.NumberFormatOptions) =>
      plainNumber(value, language, options) ??
      cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options)).format(value);
    const usd = (value: number) => number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const fmtDate = (iso: string | null | undefined, withTime: boolean) => {
      const time = parseDateTime(iso);
      if (time === null) return '—';
      const options: Intl.DateTimeFormatOptions = {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
        timeZone: 'Asia/Tehran',
      };
      return cached(dateFormats, dateLocale, options, () => new Intl.DateTimeFormat(dateLocale, options)).format(time);
    };
    return {
      language,
      number,
      digits: (text) => (language === 'fa' ? toPersianDigits(text) : String(text)),
      toman: (value) => t('units.toman', { value: number(value) }),
      usd: (value) => t('units.usd', { value: usd(value) }),
      paid: (toman, dollars) =>
        dollars
          ? t('units.tomanAndUsd', {
              toman: t('units.toman', { value: number(toman) }),
              usd: t('units.usd', { value: usd(dollars) }),
            })
          : t('units.toman', { value: number(toman) }),
      data: (value) => {
        const volume = typeof value === 'number' ? dataVolume(value) : value;
        if (volume.kind === 'unlimited') return t('units.unlimited');
        return t(volume.unit === 'GB' ? 'units.gb' : 'units.mb', {
          value: number(volume.value, { maximumFractionDigits: 1 }),
        });
      },
      duration: (value) => {
        const d = typeof value === 'number' ? duration(value) : value;
        return t(`units.${d.unit}`, { count: d.value });
      },
      devices: (count) => t('units.device', { count }),
      percent: (value) => t('units.percent', { value: number(value) }),
      date: (iso) => fmtDate(iso, false),
      dateTime: (iso) => fmtDate(iso, true),
    };
  }, [language, t]);
}
