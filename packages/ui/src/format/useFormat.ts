import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dataVolume, duration, parseDateTime, toPersianDigits, type DataVolume, type Duration } from '@separ/domain';

/** Number, price, data, duration and date formatting in the current language (Persian digits and calendar for fa). */
export interface Formatter {
  language: 'fa' | 'en';
  number(value: number, options?: Intl.NumberFormatOptions): string;
  toman(value: number): string;
  usd(value: number): string;
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

/** The formatter of the active language. */
export function useFormat(): Formatter {
  const { t, i18n } = useTranslation('common');
  const language: 'fa' | 'en' = i18n.language === 'en' ? 'en' : 'fa';
  return useMemo(() => {
    const locale = language === 'fa' ? 'fa-IR' : 'en-US';
    const dateLocale = language === 'fa' ? 'fa-IR-u-ca-persian' : 'en-US';
    const number = (value: number, options?: Intl.NumberFormatOptions) =>
      cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options)).format(value);
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
      usd: (value) => t('units.usd', { value: number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) }),
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
