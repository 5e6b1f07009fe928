/** The transfer page's own rules: the picture it takes, and the countdown's text. */
import { RECEIPT_IMAGE_MAX_BYTES } from '@separ/domain';

/** The picture types a receipt may be: what the server tells by the bytes. */
export const RECEIPT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** What the page says of a picture before sending it: null when it may be sent. */
export function receiptImageProblem(file: { type: string; size: number }): 'invalidImage' | 'imageTooLarge' | null {
  if (!(RECEIPT_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalidImage';
  return file.size > RECEIPT_IMAGE_MAX_BYTES ? 'imageTooLarge' : null;
}

/** The whole seconds from `now` (ms) to `expiresAt`, never below 0. */
export function secondsLeft(expiresAt: string, now: number): number {
  const end = Date.parse(expiresAt);
  return Number.isNaN(end) ? 0 : Math.max(0, Math.floor((end - now) / 1000));
}

/** Seconds as mm:ss (minutes may pass 59: an hour is 60:00). */
export function clockText(seconds: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}
