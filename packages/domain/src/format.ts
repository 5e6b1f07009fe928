import { MB_PER_GB } from './units.ts';

/** A data allowance as numbers only; words and digits are the UI's job. */
export type DataVolume = { kind: 'unlimited' } | { kind: 'amount'; value: number; unit: 'GB' | 'MB' };

/** A subscription length reduced to its largest whole unit. */
export type Duration = { value: number; unit: 'year' | 'month' | 'day' };

/** The allowance value that means "no data limit". */
export const UNLIMITED_MB = -1;

/** Rounds to one decimal place. */
export function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/** -1 -> unlimited; 1024 MB or more -> GB (mb / 1024), else MB; the value rounded to one decimal. */
export function dataVolume(mb: number): DataVolume {
  if (mb === UNLIMITED_MB) return { kind: 'unlimited' };
  const safe = Number.isFinite(mb) ? mb : 0;
  if (safe >= MB_PER_GB) return { kind: 'amount', value: roundToTenth(safe / MB_PER_GB), unit: 'GB' };
  return { kind: 'amount', value: roundToTenth(safe), unit: 'MB' };
}

/** 365 days or more -> whole years; 30 or more -> whole months; otherwise days. */
export function duration(days: number): Duration {
  if (days >= 365) return { value: Math.floor(days / 365), unit: 'year' };
  if (days >= 30) return { value: Math.floor(days / 30), unit: 'month' };
  return { value: days, unit: 'day' };
}

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** Replaces the ASCII digits 0-9 with Persian digits ۰-۹; everything else is unchanged. */
export function toPersianDigits(text: string | number): string {
  return String(text).replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)] as string);
}

/** Replaces Persian (۰-۹) and Arabic-Indic (٠-٩) digits with ASCII digits, for parsing what people type. */
export function toLatinDigits(text: string): string {
  return text.replace(/[۰-۹٠-٩]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}
