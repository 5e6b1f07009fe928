import type { FastifyReply, FastifyRequest } from 'fastify';
import { USER_TOKEN_COOKIE, USERNAME_COOKIE } from '@separ/domain';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { userForSession } from '../services/sessions.ts';
import { unauthorized } from './errors.ts';

/** Over HTTPS the session cookie carries the `__Host-` prefix: Secure, path /, no Domain — no subdomain can set or shadow it. */
export const HOST_TOKEN_COOKIE = `__Host-${USER_TOKEN_COOKIE}`;

function tokenCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? HOST_TOKEN_COOKIE : USER_TOKEN_COOKIE;
}

/** The session token the request carries, if any. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[HOST_TOKEN_COOKIE] ?? request.cookies[USER_TOKEN_COOKIE];
}

/** The request's session token, if it carries a plausible one; 401 otherwise. */
export function requireToken(request: FastifyRequest): string {
  const token = sessionToken(request);
  if (!token || token.length > 200) throw unauthorized();
  return token;
}

/** What a session token that names no live session gets. */
export const sessionEnded = () => unauthorized('Your session has ended. Please log in again.');

/** The logged-in user of the request's session cookie; 401 otherwise. */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  const user = await userForSession(ctx.db, requireToken(request), ctx.now());
  if (!user) throw sessionEnded();
  return user;
}

function cookieBase(request: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https' };
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
