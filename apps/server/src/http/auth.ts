import type { FastifyReply, FastifyRequest } from 'fastify';
import { USER_TOKEN_COOKIE, USERNAME_COOKIE } from '@separ/domain';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { userForSession } from '../services/sessions.ts';
import { unauthorized } from './errors.ts';

/** The logged-in user of the request's session cookie; 401 otherwise. */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  const token = request.cookies[USER_TOKEN_COOKIE];
  if (!token || token.length > 200) throw unauthorized();
  const user = await userForSession(ctx.db, token, ctx.now());
  if (!user) throw unauthorized('Your session has ended. Please log in again.');
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
  reply.setCookie(USER_TOKEN_COOKIE, token, { ...base, httpOnly: true, maxAge: maxAgeSeconds });
  reply.setCookie(USERNAME_COOKIE, username, { ...base, httpOnly: false, maxAge: maxAgeSeconds });
}

/** Clears both login cookies. */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  const base = cookieBase(request);
  reply.clearCookie(USER_TOKEN_COOKIE, { ...base, httpOnly: true });
  reply.clearCookie(USERNAME_COOKIE, { ...base, httpOnly: false });
}
