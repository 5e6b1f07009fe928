import { isValidPasswordText, maxPasswordLength, MIN_PASSWORD_LENGTH, toLatinDigits } from '@separ/domain';

/** Why a number typed in a form is refused. */
export type NumberFieldError = 'required' | 'notWhole' | 'tooSmall' | 'tooLarge';

/** Days an extension adds at most (ten years), and megabytes a top-up adds at most (10 TB). */
export const MAX_EXTEND_DAYS = 3650;
export const MAX_ADD_MB = 10 * 1024 * 1024;

/**
 * A whole number typed with Latin, Persian or Arabic-Indic digits (thousands separators allowed),
 * between min and max, or why not.
 */
export function parseWholeNumber(
  text: string,
  min: number,
  max: number,
): { ok: true; value: number } | { ok: false; error: NumberFieldError } {
  const plain = toLatinDigits(text)
    .trim()
    .replace(/[,\u066c\u060c\s]/g, '');
  if (plain === '') return { ok: false, error: 'required' };
  if (!/^\d+$/.test(plain)) return { ok: false, error: 'notWhole' };
  const value = Number(plain);
  if (value < min) return { ok: false, error: 'tooSmall' };
  if (value > max) return { ok: false, error: 'tooLarge' };
  return { ok: true, value };
}

/** Why a password an operator chose is refused. */
export type NewPasswordError = 'tooShort' | 'invalidCharacters' | 'tooLong';

/**
 * A password the operator types for an account (empty: the server makes one): letters and digits,
 * six at least, 64 at most (CONTRACTS §15).
 */
export function checkNewPassword(password: string, username: string): NewPasswordError | null {
  if (password === '') return null;
  if (!isValidPasswordText(password)) return 'invalidCharacters';
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  if (password.length > maxPasswordLength(username)) return 'tooLong';
  return null;
}
