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
 * A V2Ray account's id is `username-password` (CONTRACTS §5), and Xray takes an id string of 1 to 30
 * bytes as it is (longer ones become UUIDs): the longest password an account may have is what is
 * left of 30 after the username and the hyphen.
 */
export const XRAY_ID_MAX_BYTES = 30;

export function maxPasswordLength(username: string): number {
  return XRAY_ID_MAX_BYTES - 1 - new TextEncoder().encode(username).length;
}

/** The server's refusal of a password that would make the account's V2Ray id too long. */
export function passwordTooLongMessage(max: number): string {
  return `New password must be at most ${max} characters`;
}
