import { luhnValid, normalizeCardNumber, REJECT_REASON_MAX, toLatinDigits } from '@separ/domain';

/** The longest holder's name and bank name the contract takes (AdminCardInput). */
export const CARD_TEXT_MAX = 100;

export type CardFormError =
  'numberRequired' | 'numberLength' | 'numberCheck' | 'holderRequired' | 'holderLong' | 'bankLong';

export interface CardFormErrors {
  number?: CardFormError;
  holder?: CardFormError;
  bank?: CardFormError;
}

/**
 * What is wrong with a new card, field by field: the number as typed (Persian digits, spaces and
 * dashes accepted, as the domain's `normalizeCardNumber`) must be 16 digits that pass the Luhn
 * check; a holder is required; both names at most {@link CARD_TEXT_MAX} characters.
 */
export function checkNewCard(number: string, holder: string, bank: string): CardFormErrors {
  const errors: CardFormErrors = {};
  const digits = toLatinDigits(number).replace(/\D/g, '');
  if (number.trim() === '') errors.number = 'numberRequired';
  else if (normalizeCardNumber(number) === null)
    errors.number = digits.length === 16 && !luhnValid(digits) ? 'numberCheck' : 'numberLength';
  if (holder.trim() === '') errors.holder = 'holderRequired';
  else if (holder.trim().length > CARD_TEXT_MAX) errors.holder = 'holderLong';
  if (bank.trim().length > CARD_TEXT_MAX) errors.bank = 'bankLong';
  return errors;
}

export type ReasonError = 'reasonRequired' | 'reasonLong';

/** A rejection's reason: required, at most the domain's REJECT_REASON_MAX characters once trimmed. */
export function checkRejectReason(reason: string): ReasonError | null {
  const trimmed = reason.trim();
  if (trimmed === '') return 'reasonRequired';
  return trimmed.length > REJECT_REASON_MAX ? 'reasonLong' : null;
}

/** The admin API's codes a card screen says in its own words. */
export type CardRefusal = 'conflict' | 'invalid' | 'not_found';
const CARD_REFUSALS: readonly string[] = ['conflict', 'invalid', 'not_found'];

/**
 * The code of a refused call, when it is one of those: the container's error (`code`) or an RTK
 * Query error's body (`data.code`). Never the message: the screen speaks the operator's language.
 */
export function cardRefusal(error: unknown): CardRefusal | null {
  if (typeof error !== 'object' || error === null) return null;
  const own = (error as { code?: unknown }).code;
  const data = (error as { data?: unknown }).data;
  const body = typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : undefined;
  const code = typeof own === 'string' ? own : body;
  return typeof code === 'string' && CARD_REFUSALS.includes(code) ? (code as CardRefusal) : null;
}
