import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_ROUTES as R } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { cookieSecure } from '../accounts/index.ts';
import { adminErrorAnswer, errorAnswer, sendError } from '../../platform/http/errors.ts';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.ts';
import { listAudit } from '../../platform/audit.ts';
import { actor, done, listQuery, optionalText, type AdminRoutes } from '../../platform/http/admin.ts';
import { adminRouteKey, OWN_SESSION_ROUTES, roleMayUse, type OperatorRole } from '@separ/domain';
import { addToken, listTokens, revokeToken, tokenFor } from './tokens.ts';
import { refusalOf, serve } from '../../platform/http/contract.ts';
import {
  addOperator,
  checkCurrentCode,
  disableTotp,
  enableTotp,
  listOperators,
  operatorForSession,
  operatorOf,
  parseRole,
  removeOperator,
  roleOf,
  setOperatorRole,
  setUpTotp,
  signIn,
  signOut,
  unlockOperator,
} from './operators.ts';
import { overview } from './overview.ts';
import { userAction, type UserActionInput } from '../accounts/index.ts';
import { userDetail } from './userDetail.ts';

/** The web admin's cookie (CONTRACTS §8): never the customers' jwtUserToken. */
export const ADMIN_COOKIE = 'separ_admin';
/** Over HTTPS: Secure, path /, no Domain. */
export const HOST_ADMIN_COOKIE = `__Host-${ADMIN_COOKIE}`;

const unauthenticated = () => new AppError('unauthenticated');

/** The catch-all under /api/admin: what matches no route answers 404 whatever the role. */
const NO_ROUTE = '/api/admin/*';

/** The token of `Authorization: Bearer …`, or undefined when the request carries none. */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

/** Over HTTPS only the `__Host-` name is read (CONTRACTS §15): a sibling subdomain cannot set it. */
function adminToken(request: FastifyRequest): string | undefined {
  return request.cookies[request.protocol === 'https' ? HOST_ADMIN_COOKIE : ADMIN_COOKIE];
}

function hostOf(value: string): string | null {
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Every admin request, reading or writing, names our own site when it names one: a cross-site
 * Origin (or Referer) is refused before anything else. The session cookie is SameSite=Strict too.
 */
function refuseCrossSite(ctx: AppContext, request: FastifyRequest) {
  const source = request.headers.origin ?? request.headers.referer;
  if (source === undefined) return;
  const host = source === 'null' ? null : hostOf(source);
  const own = hostOf(`${request.protocol}://${request.host}`) ?? request.host.toLowerCase();
  const allowed = ctx.config.allowedOrigins.map(hostOf);
  if (host !== null && (host === own || allowed.includes(host))) return;
  throw new AppError('cross_site');
}

/**
 * The web admin's API (docs/ADMIN.md): one scope in which every route but sign-in needs an
 * operator's session and refuses a cross-site request. This module mounts its own routes there
 * (sign-in, one-time codes, operators, the overview, an account's page and actions, the audit log);
 * each other module mounts its own (`modules` — the composition root names them, app.ts).
 */
export async function adminRoutes<C extends AppContext>(app: FastifyInstance, ctx: C, modules: Array<AdminRoutes<C>>) {
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      refuseCrossSite(ctx, request);
      if (request.routeOptions.config && (request.routeOptions.config as { public?: boolean }).public) return;
      const key = adminRouteKey(
        request.method,
        request.routeOptions.url ?? '',
        request.params as Record<string, unknown>,
      );
      let role: OperatorRole;
      const bearer = bearerOf(request);
      if (bearer !== undefined) {
        // An API token (CONTRACTS §13): its role, audited under its name; no session of its own.
        const found = await tokenFor(ctx, bearer);
        if (!found) throw unauthenticated();
        if ((OWN_SESSION_ROUTES as readonly string[]).includes(key))
          throw new AppError('forbidden', { text: 'An API token has no session: this is for a signed-in operator.' });
        request.apiToken = found;
        role = found.role;
      } else {
        const token = adminToken(request);
        if (!token) throw unauthenticated();
        const operator = await operatorForSession(ctx, token);
        if (!operator) throw unauthenticated();
        request.operator = operator;
        role = roleOf(operator);
      }
      // One table for every admin route (packages/domain roles.ts); what is no route answers 404 below.
      if (request.routeOptions.url !== NO_ROUTE && !roleMayUse(role, key))
        throw new AppError('forbidden', { text: `The ${role} role does not allow this.` });
    });
    admin.addHook('onSend', async (_request, reply, payload) => {
      // Nothing of the admin is kept by a browser's or a proxy's cache.
      reply.header('cache-control', 'no-store');
      return payload;
    });

    // The admin's codes (http/errors.ts adminErrorAnswer); a failure of ours goes on to the app's handler.
    // A request the contract's schemas refuse answers as the routes' own checks did: a bad path
    // parameter 404 `not_found`, anything else 400 `invalid` with the refusing schema's message.
    admin.setErrorHandler((error: Error, request, reply) => {
      const refused = refusalOf(error as FastifyError, request);
      const answer = adminErrorAnswer(
        refused ? (refused.status === 404 ? notFound(refused.message) : invalid(refused.message)) : error,
      );
      if (!answer) throw error;
      return sendError(reply, answer);
    });

    function cookieOptions(request: FastifyRequest) {
      return {
        path: '/',
        sameSite: 'strict' as const,
        httpOnly: true,
        secure: cookieSecure(request),
      };
    }
    const cookieName = (request: FastifyRequest) => (request.protocol === 'https' ? HOST_ADMIN_COOKIE : ADMIN_COOKIE);

    serve(
      admin,
      R.login,
      async (request, reply) => {
        const { username, password, otp } = request.body;
        const { token, operator } = await signIn(
          ctx,
          { username, password, otp: otp === '' ? undefined : otp },
          { ip: request.ip, userAgent: request.headers['user-agent'] },
        );
        // A session cookie (no Max-Age): it ends with the browser, and the server ends it sooner.
        reply.setCookie(cookieName(request), token, cookieOptions(request));
        return operatorOf(operator);
      },
      { public: true },
    );
    serve(
      admin,
      R.logout,
      async (request, reply) => {
        const token = adminToken(request);
        if (token) await signOut(ctx, token);
        reply.clearCookie(cookieName(request), cookieOptions(request));
        return { ok: true as const };
      },
      { public: true },
    );
    serve(admin, R.me, async (request) => operatorOf(request.operator!));
    // With codes on, a new secret needs the current code (field `code`, CONTRACTS §15).
    serve(admin, R.totpSetup, async (request) =>
      setUpTotp(ctx, request.operator!, { code: optionalText(request.body.code), ip: request.ip }),
    );
    serve(admin, R.totpEnable, async (request) => enableTotp(ctx, request.operator!, request.body.code));
    serve(admin, R.totpDisable, async (request) => disableTotp(ctx, request.operator!, request.body.code, request.ip));

    serve(admin, R.overview, async () => overview(ctx));

    serve(admin, R.user, async (request) => userDetail(ctx, request.params.username));
    serve(admin, R.userAction, async (request) => {
      const { username, action } = request.params;
      const body = request.body;
      const input: UserActionInput | null =
        action === 'suspend' || action === 'unsuspend' || action === 'end-devices'
          ? { action }
          : action === 'extend'
            ? { action, days: body.days ?? NaN }
            : action === 'add-data'
              ? { action, mb: body.mb ?? NaN }
              : action === 'reset-password'
                ? { action, password: optionalText(body.password) }
                : null;
      if (!input) throw notFound(`No action ${action}.`);
      const result = await userAction(ctx, username, input, actor(request));
      return { ...(await userDetail(ctx, username)), ...(result.password ? { password: result.password } : {}) };
    });

    serve(admin, R.operators, async () => ({ items: await listOperators(ctx) }));
    serve(admin, R.createOperator, async (request) => {
      const { username, password, code, role } = request.body;
      // An operator with codes on adds another only with the current code (CONTRACTS §15).
      if (request.operator) await checkCurrentCode(ctx, request.operator, optionalText(code), request.ip);
      return addOperator(
        ctx,
        {
          username,
          password: optionalText(password),
          role: role === undefined || role === '' ? undefined : parseRole(role),
        },
        actor(request),
      );
    });
    serve(admin, R.setOperatorRole, async (request) =>
      setOperatorRole(ctx, request.params.username, parseRole(request.body.role), actor(request)),
    );
    serve(admin, R.tokens, async () => ({ items: await listTokens(ctx) }));
    serve(admin, R.createToken, async (request) => addToken(ctx, request.body, actor(request)));
    serve(admin, R.revokeToken, async (request) => done(revokeToken(ctx, request.params.name, actor(request))));
    // Another operator lifts a lock of wrong one-time codes (never the locked operator's own session).
    serve(admin, R.unlockOperator, async (request) => unlockOperator(ctx, request.params.username, actor(request)));
    serve(admin, R.deleteOperator, async (request) => {
      const username = request.params.username;
      if (username === request.operator?.username) throw conflict('You cannot remove yourself; another operator can.');
      await removeOperator(ctx, username, actor(request));
      return { ok: true as const };
    });

    for (const mount of modules) await mount(admin, ctx);

    serve(admin, R.audit, async (request) => listAudit(ctx, listQuery(request.query)));

    // Anything else under /api/admin answers as the admin does: 401 first, then 404.
    admin.all('/api/admin/*', async (_request, reply: FastifyReply) => sendError(reply, errorAnswer(notFound())));
  });
}
