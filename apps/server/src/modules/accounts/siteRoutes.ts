import type { FastifyInstance } from 'fastify';
import {
  canDisconnect,
  maxPasswordLength,
  PASSWORD_CHANGE_MESSAGES,
  PASSWORD_TOO_COMMON_MESSAGE,
  passwordTooLongMessage,
  validatePasswordChange,
} from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import {
  clearSessionCookies,
  requireToken,
  requireUser,
  sessionEnded,
  sessionToken,
  setSessionCookies,
} from './auth.ts';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../platform/http/errors.ts';
import { param, querySchema, requiredParam } from '../../platform/http/params.ts';
import { activeSince } from './access.ts';
import { accountForSession, changePassword } from './accounts.ts';
import { subscriptionUrl } from './subToken.ts';
import { checkCredentials } from './login.ts';
import { createSession, revokeSession } from './sessions.ts';
import { countAttempt, refundAttempt } from '../../platform/security/throttle.ts';
import { forgetRenewLink } from './renewal.ts';
import { Overloaded } from '../../platform/security/workQueue.ts';
import { isCommonPassword } from '../../platform/security/commonPasswords.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The login, session and panel calls of SPEC §7 and CONTRACTS §3. */
export async function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/site_login',
    { schema: { querystring: querySchema(['username', 'password']) } },
    async (request, reply) => {
      const username = param(request, 'username') ?? '';
      const password = param(request, 'password') ?? '';
      if (username.trim() === '' || password === '') throw badRequest('Please enter username and password');
      if (username.length > 64 || password.length > 128) throw new HttpError(401, 'Invalid username or password');
      const user = await checkCredentials(ctx, username, password, request.ip);
      if (!user) throw new HttpError(401, 'Invalid username or password');
      const days = ctx.config.sessionDays;
      const { token } = await createSession(ctx.db, user.id, ctx.now(), days, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookies(request, reply, token, user.username, days * 24 * 60 * 60);
      forgetRenewLink(request, reply);
      return { ok: true, username: user.username };
    },
  );

  app.post('/api/site/logout', { schema: { querystring: { type: 'object' } } }, async (request, reply) => {
    const token = sessionToken(request);
    if (token && token.length <= 200) await revokeSession(ctx.db, token);
    clearSessionCookies(request, reply);
    forgetRenewLink(request, reply);
    return { ok: true };
  });

  app.post('/api/site/account', { schema: { querystring: { type: 'object' } } }, async (request) => {
    const now = ctx.now();
    const found = await accountForSession(ctx.db, requireToken(request), now, activeSince(ctx, now));
    if (!found) throw sessionEnded();
    const { subToken, ...account } = found;
    const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
    return { ok: true, ...account, subUrl: subscriptionUrl(origin, subToken) };
  });

  app.post(
    '/api/site/changepassword',
    { schema: { querystring: querySchema(['currentpassword', 'newpassword']) } },
    async (request) => {
      const token = requireToken(request);
      const user = await requireUser(ctx, request);
      const current = requiredParam(request, 'currentpassword', 128);
      const next = requiredParam(request, 'newpassword', 128);
      const rule = validatePasswordChange({ current, next, confirm: next });
      if (rule) return { ok: false, message: PASSWORD_CHANGE_MESSAGES[rule], code: rule };
      if (next.length > maxPasswordLength()) return { ok: false, message: passwordTooLongMessage(), code: 'tooLong' };
      if (isCommonPassword(next)) return { ok: false, message: PASSWORD_TOO_COMMON_MESSAGE, code: 'passwordTooCommon' };
      // Counted before the check, like a login: parallel guesses cannot all pass.
      const key = `password:user:${user.id}`;
      const attempt = await countAttempt(ctx.db, key, ctx.config.loginLimits.perUserPerHour, HOUR_MS, ctx.now());
      if (attempt.blocked)
        throw tooManyRequests('Too many attempts. Please wait and try again.', attempt.retryAfterSeconds);
      let valid: boolean;
      try {
        valid = await ctx.secrets.passwords.verify(current, user.password_hash);
      } catch (error) {
        if (error instanceof Overloaded) await refundAttempt(ctx.db, key);
        throw error;
      }
      if (!valid) return { ok: false, message: 'Current password is incorrect', code: 'currentIncorrect' };
      await refundAttempt(ctx.db, key);
      // A new VPN id and subscription URL, the bot's chats unlinked, every other session ended.
      const ended = await changePassword(ctx, user.id, next, { keepSession: token });
      return { ok: true, message: 'Password changed successfully.', ...ended };
    },
  );

  app.post('/api/site/unlinkdevice', { schema: { querystring: querySchema(['sessionId']) } }, async (request) => {
    const user = await requireUser(ctx, request);
    const sessionId = requiredParam(request, 'sessionId', 100);
    if (!canDisconnect({ id: sessionId }))
      throw new HttpError(
        409,
        'An OpenConnect connection cannot be ended from the panel: it ends when its device disconnects.',
      );
    const result = await ctx.db
      .deleteFrom('devices')
      .where('id', '=', sessionId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('Device not found');
    return { ok: true };
  });
}
