import type { FastifyReply, FastifyRequest } from 'fastify';
import { USER_TOKEN_COOKIE, USERNAME_COOKIE } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { userForSession } from './sessions.ts';
import { AppError } from '../../platform/errors.ts';

/** Over HTTPS the session cookie carries the `__Host-` prefix: Secure, path /, no Domain — no subdomain can set or shadow it. */
export const HOST_TOKEN_COOKIE = `__Host-${USER_TOKEN_COOKIE}`;

declare module 'fastify' {
  interface FastifyInstance {
    /** Production mode (CONTRACTS §4): every cookie is Secure, whatever the request came over. */
    secureCookies: boolean;
  }
}

/**
 * Whether a cookie set in answer to this request is Secure: over HTTPS, and always in production,
 * whose public URL is https (finding 16: a proxy that does not say X-Forwarded-Proto made them
 * plain).
 */
export function cookieSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.secureCookies === true;
}

function tokenCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? HOST_TOKEN_COOKIE : USER_TOKEN_COOKIE;
}

/**
 * The session token the request carries, if any: over HTTPS only under the `__Host-` name
 * (CONTRACTS §15), which no sibling subdomain and no plain-HTTP answer can set.
 */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[tokenCookieName(request)];
}

/** The request's session token, if it carries a plausible one; 401 otherwise. */
export function requireToken(request: FastifyRequest): string {
  const token = sessionToken(request);
  if (!token || token.length > 200) throw new AppError('loginRequired');
  return token;
}

/** What a session token that names no live session gets. */
export const sessionEnded = () => new AppError('sessionEnded');

/** The logged-in user of the request's session cookie; 401 otherwise. */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  const user = await userForSession(ctx.db, requireToken(request), ctx.now());
  if (!user) throw sessionEnded();
  return user;
}

function cookieBase(request: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: cookieSecure(request) };
}

/** Sets the session cookie (HttpOnly) and the username cookie the page reads. */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  username: string,
  maxAgeSeconds: number,
) {
  const base = cookieBase(request);
  reply.setCookie(tokenCookieName(request), token, { ...base, httpOnly: true, maxAge: maxAgeSeconds });
  reply.setCookie(USERNAME_COOKIE, username, { ...base, httpOnly: false, maxAge: maxAgeSeconds });
}

/** Clears both login cookies. */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  const base = cookieBase(request);
  reply.clearCookie(tokenCookieName(request), { ...base, httpOnly: true });
  reply.clearCookie(USERNAME_COOKIE, { ...base, httpOnly: false });
}
