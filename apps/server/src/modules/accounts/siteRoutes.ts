import type { FastifyInstance } from 'fastify';
import {
  canDisconnect,
  maxPasswordLength,
  PASSWORD_CHANGE_MESSAGES,
  PASSWORD_TOO_COMMON_MESSAGE,
  passwordTooLongMessage,
  validatePasswordChange,
} from '@separ/domain';
import type { AppContext } from '../../context.ts';
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
import { accountForSession, changePassword } from './accounts.ts';
import { checkCredentials } from './login.ts';
import { createSession, revokeSession } from './sessions.ts';
import { countAttempt, refundAttempt } from '../../platform/security/throttle.ts';
import { accountServers } from '../subscriptions/servers.ts';
import { subscriptionUrl } from '../subscriptions/service.ts';
import { activeSince } from '../nodes/radius/service.ts';
import { createLinkCode, LINK_CODE_MINUTES } from '../messaging/botService.ts';
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

  app.post('/api/site/servers', { schema: { querystring: { type: 'object' } } }, async (request) => {
    const user = await requireUser(ctx, request);
    const lng = languageOf(request.headers.cookie, (request.query as Record<string, unknown>).lng);
    const [servers, countries] = await Promise.all([
      accountServers(ctx, user),
      ctx.db.selectFrom('countries').selectAll().orderBy('sort_order').orderBy('id').execute(),
    ]);
    return {
      ok: true,
      servers,
      countries: countries.map((c) => ({
        id: c.id,
        title: lng === 'fa' ? c.title_fa : c.title,
        title_en: c.title,
        title_fa: c.title_fa,
      })),
    };
  });

  /**
   * A one-time code for linking the messaging bot (issue #24): 8 digits, good once for 10 minutes;
   * sent to the bot's My account, it links that chat to this account.
   */
  app.post('/api/site/botcode', { schema: { querystring: { type: 'object' } } }, async (request) => {
    const user = await requireUser(ctx, request);
    const { code, expiresAt } = await createLinkCode(ctx, user.id);
    return { ok: true, code, expiresAt, minutes: LINK_CODE_MINUTES };
  });

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

/** The visitor's language: the lng query, then the i18next cookie; Persian otherwise. */
export function languageOf(cookieHeader: string | undefined, lngQuery: unknown): 'fa' | 'en' {
  if (lngQuery === 'en' || lngQuery === 'fa') return lngQuery;
  const match = /(?:^|;\s*)i18next=(en|fa)\b/.exec(cookieHeader ?? '');
  return match?.[1] === 'en' ? 'en' : 'fa';
}
