import { toLatinDigits } from '@separ/domain';

/** An operator's name: 3 to 32 Latin letters, digits, dots, dashes or underscores, starting with a letter. */
export const OPERATOR_USERNAME = /^[A-Za-z][A-Za-z0-9._-]{2,31}$/;
/** A password an operator is given by hand: 10 characters at least (else one is generated). */
export const MIN_OPERATOR_PASSWORD = 10;

export type OperatorFormError = 'usernameRequired' | 'usernameInvalid' | 'passwordShort';

/** What is wrong with a new operator's name and optional password, field by field. */
export function checkNewOperator(
  username: string,
  password: string,
): {
  username?: OperatorFormError;
  password?: OperatorFormError;
} {
  const errors: { username?: OperatorFormError; password?: OperatorFormError } = {};
  const name = username.trim();
  if (name === '') errors.username = 'usernameRequired';
  else if (!OPERATOR_USERNAME.test(name)) errors.username = 'usernameInvalid';
  if (password !== '' && password.length < MIN_OPERATOR_PASSWORD) errors.password = 'passwordShort';
  return errors;
}

/** A one-time code as typed (spaces, Persian digits) in six Latin digits, or null when it is not one. */
export function normalizeOtp(code: string): string | null {
  const digits = toLatinDigits(code).replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A TOTP secret in groups of four, easier to type into an authenticator by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Refusals of the admin API that concern the signed-in operator's one-time code, each said in the
 * screen's own words: no code sent (`otp_required`), a wrong one (`bad_otp`), the operator locked by
 * wrong codes (`operator_locked`), too many wrong codes from this client (`throttled`).
 */
export type CodeRefusal = 'otp_required' | 'bad_otp' | 'operator_locked' | 'throttled';
const CODE_REFUSALS: readonly string[] = ['otp_required', 'bad_otp', 'operator_locked', 'throttled'];

/**
 * The refusal of a rejected call, when it is one of those: read from the container's error (`code`)
 * or from an RTK Query error's body (`data.code`).
 */
export function codeRefusal(error: unknown): CodeRefusal | null {
  if (typeof error !== 'object' || error === null) return null;
  const own = (error as { code?: unknown }).code;
  const data = (error as { data?: unknown }).data;
  const body = typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : undefined;
  const code = typeof own === 'string' ? own : body;
  return typeof code === 'string' && CODE_REFUSALS.includes(code) ? (code as CodeRefusal) : null;
}
