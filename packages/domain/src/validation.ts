/** The shortest new password the product accepts. */
export const MIN_PASSWORD_LENGTH = 6;

/** Passwords hold Latin letters and digits only. */
export const PASSWORD_PATTERN = /^[A-Za-z0-9]+$/;

/** The longest e-mail address (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;

const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/** Both username and password must be non-blank (after trimming); otherwise 'missingCredentials'. */
export function validateLogin(username: string, password: string): null | 'missingCredentials' {
  return isBlank(username) || isBlank(password) ? 'missingCredentials' : null;
}

/** A practical e-mail check: local@domain.tld with a letters-only TLD; surrounding spaces are ignored. */
export function isValidEmail(email: string): boolean {
  if (typeof email !== 'string') return false;
  const text = email.trim();
  if (text.length === 0 || text.length > MAX_EMAIL_LENGTH) return false;
  const local = text.slice(0, text.lastIndexOf('@'));
  if (local.length > 64) return false;
  return EMAIL_PATTERN.test(text);
}

/** The reasons a password change is refused before it is sent, in the order they are checked. */
export type PasswordChangeError = 'allFieldsRequired' | 'mismatch' | 'sameAsCurrent' | 'tooShort' | 'invalidCharacters';

/** True when the text is a valid password: Latin letters and digits only. */
export function isValidPasswordText(password: string): boolean {
  return PASSWORD_PATTERN.test(password);
}

/**
 * Checks, in this order: all fields filled; new equals confirmation; new differs from current;
 * new at least 6 characters; current and new only Latin letters and digits.
 */
export function validatePasswordChange(input: {
  current: string;
  next: string;
  confirm: string;
}): null | PasswordChangeError {
  const { current, next, confirm } = input;
  if (isBlank(current) || isBlank(next) || isBlank(confirm)) return 'allFieldsRequired';
  if (next !== confirm) return 'mismatch';
  if (next === current) return 'sameAsCurrent';
  if (next.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  if (!PASSWORD_PATTERN.test(current) || !PASSWORD_PATTERN.test(next)) return 'invalidCharacters';
  return null;
}

/** The English texts of SPEC §5 for the password rules, as a backend answers them (`{ ok: false, message }`). */
export const PASSWORD_CHANGE_MESSAGES: Record<PasswordChangeError, string> = {
  allFieldsRequired: 'Please fill in all fields',
  mismatch: 'New password and confirmation do not match',
  sameAsCurrent: 'New password cannot be the same as current password',
  tooShort: 'New password must be at least 6 characters',
  invalidCharacters: 'Invalid characters in password',
};

/**
 * The longest new password (CONTRACTS §15). It used to follow from the username, when the password
 * was part of the account's V2Ray id; the account now has a VPN id of its own.
 */
export const MAX_PASSWORD_LENGTH = 64;

/**
 * The longest password an account may be given: {@link MAX_PASSWORD_LENGTH} for every account. The
 * username is no longer counted; the parameter stays so that existing callers keep working.
 */
export function maxPasswordLength(_username?: string): number {
  return MAX_PASSWORD_LENGTH;
}

/** The server's refusal of a password longer than the limit. */
export function passwordTooLongMessage(max: number = MAX_PASSWORD_LENGTH): string {
  return `New password must be at most ${max} characters`;
}

/** The server's refusal of a password on its list of common passwords (CONTRACTS §15). */
export const PASSWORD_TOO_COMMON_MESSAGE = 'Password is too common';

/**
 * The machine-readable reasons a password change is refused, in the `code` of the server's
 * `{ ok: false, message, code }`: the rules of {@link validatePasswordChange}, and what only the
 * server can know. The page shows a text of its own for each, in the visitor's language.
 */
export type PasswordChangeRefusal = PasswordChangeError | 'tooLong' | 'passwordTooCommon' | 'currentIncorrect';

export const PASSWORD_CHANGE_REFUSALS: readonly PasswordChangeRefusal[] = [
  'allFieldsRequired',
  'mismatch',
  'sameAsCurrent',
  'tooShort',
  'invalidCharacters',
  'tooLong',
  'passwordTooCommon',
  'currentIncorrect',
];

export function isPasswordChangeRefusal(code: unknown): code is PasswordChangeRefusal {
  return typeof code === 'string' && (PASSWORD_CHANGE_REFUSALS as readonly string[]).includes(code);
}
