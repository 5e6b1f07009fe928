import { CONSENT_COOKIE, consentAnswer, USER_TOKEN_COOKIE, USERNAME_COOKIE } from '@separ/domain';

/** The cookie's value, or null. */
export function readCookie(
  name: string,
  cookies = typeof document === 'undefined' ? '' : document.cookie,
): string | null {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return part.slice(index + 1).trim();
    }
  }
  return null;
}

/**
 * Somebody is logged in when the readable username cookie is there (CONTRACTS §3; the token cookie
 * itself is HttpOnly). A cookie named like the token, set by a backend that makes it readable, counts too.
 */
export function hasSession(): boolean {
  return Boolean(readCookie(USERNAME_COOKIE) || readCookie(USER_TOKEN_COOKIE));
}

/** Forgets both cookies in the page (the server clears the HttpOnly one on logout). */
export function clearSessionCookies(): void {
  if (typeof document === 'undefined') return;
  for (const name of [USERNAME_COOKIE, USER_TOKEN_COOKIE]) {
    document.cookie = `${name}=; path=/; max-age=0`;
    document.cookie = `${name}=; path=/; max-age=0; secure`;
  }
}

/** Tells the server the visitor's cookie answer, so that its pages come without the banner (or with it, once forgotten). */
export function rememberConsent(accepted: boolean | null): void {
  if (typeof document === 'undefined') return;
  const value = accepted === null ? '' : consentAnswer(accepted);
  if (readCookie(CONSENT_COOKIE) === (value || null)) return;
  document.cookie = value
    ? `${CONSENT_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`
    : `${CONSENT_COOKIE}=; path=/; max-age=0`;
}
