/**
 * Labels of the overview's charts. The charts draw their SVG left to right (text anchors keep their
 * meaning) and run their axes right to left for Persian; Persian labels are embedded right to left
 * so that "۱۴ آبان" reads in its own order inside the left-to-right drawing.
 */
import { GB, MB } from '@separ/domain';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A `YYYY-MM-DD` day (a UTC day, as the server counts) as "۱۴ آبان" / "Nov 5", or with the year in full. */
export function dayLabel(day: string, language: 'fa' | 'en', style: 'short' | 'long' = 'short'): string {
  const time = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(time)) return day;
  const locale = language === 'fa' ? 'fa-IR-u-ca-persian' : 'en-US';
  const key = `${locale} ${style}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: style === 'short' ? 'short' : 'long',
      ...(style === 'long' ? { year: 'numeric', weekday: 'long' } : {}),
      timeZone: 'UTC',
    });
    dayFormats.set(key, format);
  }
  return format.format(time);
}

/** A large number in a few characters for an axis: "۱۲٫۵ میلیون", "12.5M". */
export function compactNumber(value: number, language: 'fa' | 'en'): string {
  const locale = language === 'fa' ? 'fa-IR' : 'en-US';
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/** Right-to-left embedding for a Persian label drawn in a left-to-right SVG. */
export function embedRtl(text: string, language: 'fa' | 'en'): string {
  return language === 'fa' ? `\u202b${text}\u202c` : text;
}

/** Bytes as megabytes, the unit the formatter's `data` takes. */
export function bytesToMB(bytes: number): number {
  return bytes / MB;
}

/** True when a series has nothing to draw (no point, or every point zero). */
export function isEmptySeries(values: number[]): boolean {
  return values.every((value) => !value);
}

/** The unit an axis of traffic counts in, chosen by its largest value: TB from 1 TB, GB from 1 GB, else MB. */
export function trafficUnit(maxBytes: number): { unit: 'tb' | 'gb' | 'mb'; bytes: number } {
  if (maxBytes >= 1024 * GB) return { unit: 'tb', bytes: 1024 * GB };
  if (maxBytes >= GB) return { unit: 'gb', bytes: GB };
  return { unit: 'mb', bytes: MB };
}
