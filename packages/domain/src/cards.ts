/**
 * Card-to-card transfers (CONTRACTS §11): the shop's card numbers, the bank's tracking numbers and
 * the unique amount that tells one open card order's deposit from another's. Pure rules: the server
 * stores and enforces them, the web app and the bot read the same.
 */
import { toLatinDigits } from './format.ts';

/** The gate a purchase or a wallet top-up names to be paid by a card-to-card transfer (`gate=card`). */
export const CARD_GATE = 'card';
export type CardGate = typeof CARD_GATE;

/** How often the transfer page asks again while the order is open (awaiting the transfer or the review). */
export const CARD_TRANSFER_POLL_MS = 5_000;

/** What a card order is, as the buyer's transfer page sees it. */
export const CARD_ORDER_STATES = ['awaiting_transfer', 'awaiting_review', 'paid', 'rejected', 'expired'] as const;
export type CardOrderState = (typeof CARD_ORDER_STATES)[number];

export function isCardOrderState(value: unknown): value is CardOrderState {
  return typeof value === 'string' && (CARD_ORDER_STATES as readonly string[]).includes(value);
}

/** Spaces (any kind, and the zero-width ones phones paste), hyphens and dashes between groups of digits. */
const SEPARATORS = /[\s\u200b-\u200f\u2010-\u2015\u2212-]/g;

/** The Luhn check of a string of digits (ISO/IEC 7812): every card number carries it in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A card number as typed or pasted (Persian or Arabic digits, spaces or hyphens between the groups)
 * as its 16 Latin digits; null unless it is 16 digits that pass the Luhn check.
 */
export function normalizeCardNumber(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 64) return null;
  const digits = toLatinDigits(input).replace(SEPARATORS, '');
  return /^[0-9]{16}$/.test(digits) && luhnValid(digits) ? digits : null;
}

/** A card number in four groups of four, as a bank app shows it (`6037 9975 1234 5678`). */
export function formatCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The shortest and longest tracking (reference) number a bank gives for a transfer. */
export const TRACKING_DIGITS = { min: 6, max: 20 } as const;

/**
 * A bank's tracking number as the buyer typed it (Persian or Arabic digits, spaces) as Latin digits,
 * so that one number is one number however it was written; null unless 6 to 20 digits.
 */
export function normalizeTracking(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 100) return null;
  const digits = toLatinDigits(input).replace(SEPARATORS, '');
  return new RegExp(`^[0-9]{${TRACKING_DIGITS.min},${TRACKING_DIGITS.max}}$`).test(digits) ? digits : null;
}

/**
 * The unique amount: a card order asks for its price in rials (tomans × 10) plus an offset below
 * 100,000 rials that no other open card order has, so that a deposit names its order. Offsets are
 * whole tomans (multiples of 10 rials) from 1 toman, so the amount reads the same in tomans.
 */
export const CARD_OFFSET = { step: 10, min: 10, below: 100_000 } as const;

/** Every offset a card order may take, smallest first. */
export function cardOffsets(): number[] {
  const offsets: number[] = [];
  for (let o = CARD_OFFSET.min; o < CARD_OFFSET.below; o += CARD_OFFSET.step) offsets.push(o);
  return offsets;
}

/** Whether `amount` (rials) is a card order's amount for a price of `tomans`: the price × 10 plus a valid offset. */
export function isCardAmountFor(tomans: number, amount: number): boolean {
  const offset = amount - tomans * 10;
  return (
    Number.isSafeInteger(amount) &&
    offset >= CARD_OFFSET.min &&
    offset < CARD_OFFSET.below &&
    offset % CARD_OFFSET.step === 0
  );
}

/**
 * The amounts (rials) a new card order for `tomans` may ask, smallest first, that none of the `taken`
 * amounts of the open card orders is; at most `count` of them.
 */
export function freeCardAmounts(tomans: number, taken: ReadonlySet<number>, count: number): number[] {
  const free: number[] = [];
  for (let o = CARD_OFFSET.min; o < CARD_OFFSET.below && free.length < count; o += CARD_OFFSET.step) {
    const amount = tomans * 10 + o;
    if (!taken.has(amount)) free.push(amount);
  }
  return free;
}

/** The largest receipt image the shop keeps: 2 MiB. */
export const RECEIPT_IMAGE_MAX_BYTES = 2_097_152;

/** The longest reason an operator gives for a rejection. */
export const REJECT_REASON_MAX = 300;
