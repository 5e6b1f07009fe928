import type { FastifyInstance } from 'fastify';
import { canDisconnect, DAY_SECONDS, HOUR_MS, maxPasswordLength, validatePasswordChange } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import {
  clearSessionCookies,
  requireToken,
  requireUser,
  sessionEnded,
  sessionToken,
  setSessionCookies,
} from './auth.ts';
import { AppError, tooManyAttempts } from '../../platform/errors.ts';
import { param, requiredParam } from '../../platform/http/params.ts';
import { serve } from '../../platform/http/contract.ts';
import { LOGIN_LIMITS, PANEL_LIMITS, PANEL_ROUTES, SITE_ROUTES } from '@separ/domain/contract';
import { activeSince } from './access.ts';
import { accountForSession, changePassword } from './accounts.ts';
import { subscriptionUrl } from './subToken.ts';
import { accountReset } from './resets.ts';
import { subscriptionOrigin } from '../../platform/config.ts';
import { checkCredentials } from './login.ts';
import { createSession, revokeSession } from './sessions.ts';
import { throttledAttempt } from '../../platform/security/throttle.ts';
import { forgetRenewLink } from './renewal.ts';
import { isCommonPassword } from '../../platform/security/commonPasswords.ts';

/** The login, session and panel calls of SPEC §7 and CONTRACTS §3. */
export async function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  // The fields come from the body (form or JSON) or the query; the handler checks them itself, so
  // that a blank or long one answers in the spec's words (SITE_ROUTES.login).
  serve(app, SITE_ROUTES.login, async (request, reply) => {
    const username = param(request, 'username') ?? '';
    const password = param(request, 'password') ?? '';
    if (username.trim() === '' || password === '') throw new AppError('missingCredentials');
    if (username.length > LOGIN_LIMITS.username || password.length > LOGIN_LIMITS.password)
      throw new AppError('bad_credentials');
    const user = await checkCredentials(ctx, username, password, request.ip);
    if (!user) throw new AppError('bad_credentials');
    const days = ctx.config.sessionDays;
    const { token } = await createSession(ctx.db, user.id, ctx.now(), days, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    setSessionCookies(request, reply, token, user.username, days * DAY_SECONDS);
    forgetRenewLink(request, reply);
    return { ok: true as const, username: user.username };
  });

  serve(app, SITE_ROUTES.logout, async (request, reply) => {
    const token = sessionToken(request);
    if (token && token.length <= 200) await revokeSession(ctx.db, token);
    clearSessionCookies(request, reply);
    forgetRenewLink(request, reply);
    return { ok: true as const };
  });

  serve(app, PANEL_ROUTES.account, async (request) => {
    const now = ctx.now();
    const found = await accountForSession(ctx.db, requireToken(request), now, activeSince(ctx, now));
    if (!found) throw sessionEnded();
    const { subToken, userId, ...account } = found;
    const origin = subscriptionOrigin(ctx.config, `${request.protocol}://${request.host}`);
    // A plan whose data resets: its period and the next reset (CONTRACTS §14).
    const reset = await accountReset(ctx.db, userId, now);
    return { ok: true as const, ...account, subUrl: subscriptionUrl(origin, subToken), ...reset };
  });

  // As the login, the handler checks the fields: a refused password answers 200 `{ ok: false }`.
  serve(app, PANEL_ROUTES.changePassword, async (request) => {
    const token = requireToken(request);
    const user = await requireUser(ctx, request);
    const current = requiredParam(request, 'currentpassword', PANEL_LIMITS.password);
    const next = requiredParam(request, 'newpassword', PANEL_LIMITS.password);
    const rule = validatePasswordChange({ current, next, confirm: next });
    // The refusals of the rules answer 200 `{ ok: false, message, code }` (the table's status).
    if (rule) throw new AppError(rule);
    if (next.length > maxPasswordLength()) throw new AppError('tooLong', { max: maxPasswordLength() });
    if (isCommonPassword(next)) throw new AppError('passwordTooCommon');
    // Counted before the check, like a login: parallel guesses cannot all pass.
    const key = `password:user:${user.id}`;
    const attempt = await throttledAttempt(
      ctx.db,
      ctx.now(),
      [{ key, limit: ctx.config.loginLimits.perUserPerHour, windowMs: HOUR_MS }],
      (_, [state]) => tooManyAttempts(state!.retryAfterSeconds),
      async () => ((await ctx.secrets.passwords.verify(current, user.password_hash)) ? true : null),
    );
    if (!attempt.passed) throw new AppError('currentIncorrect');
    await attempt.refund();
    // A new VPN id and subscription URL, the bot's chats unlinked, every other session ended.
    const ended = await changePassword(ctx, user.id, next, { keepSession: token });
    return { ok: true as const, message: 'Password changed successfully.', ...ended };
  });

  serve(app, PANEL_ROUTES.unlinkDevice, async (request) => {
    const user = await requireUser(ctx, request);
    const sessionId = requiredParam(request, 'sessionId', PANEL_LIMITS.sessionId);
    if (!canDisconnect({ id: sessionId })) throw new AppError('deviceNotDisconnectable');
    const result = await ctx.db
      .deleteFrom('devices')
      .where('id', '=', sessionId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError('deviceNotFound');
    return { ok: true as const };
  });
}
