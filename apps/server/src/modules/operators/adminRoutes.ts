import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asRecord, type AdminListQuery } from '@separ/domain';
// The console's API reaches the gateways (reconciliation, orders completed by hand).
import type { PaymentsContext as AppContext } from '../payments/index.ts';
import type { OperatorRow } from '../../platform/db/schema.ts';
import { cookieSecure } from '../accounts/index.ts';
import { adminErrorAnswer, errorAnswer, sendError } from '../../platform/http/errors.ts';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.ts';
import { listAudit } from '../../platform/audit.ts';
import { changeShopSettings } from '../settings/index.ts';
import { getShopSettings } from '../settings/index.ts';
import {
  addCountry,
  addServer,
  createPlan,
  listCountries,
  listPlans,
  listServers,
  removeCountry,
  removeServer,
  updatePlan,
} from '../catalog/index.ts';
import {
  addNode,
  addRadius,
  adminNodes,
  adminRadiusClients,
  deleteNode,
  editNode,
  removeRadius,
  rotateToken,
} from '../nodes/index.ts';
import {
  addOperator,
  checkCurrentCode,
  disableTotp,
  enableTotp,
  listOperators,
  operatorForSession,
  operatorOf,
  removeOperator,
  setUpTotp,
  signIn,
  signOut,
  unlockOperator,
} from './operators.ts';
import {
  completeOrderByHand,
  listOutbox,
  orderDetail,
  reconcileNow,
  resendOutbox,
  searchOrders,
} from '../payments/index.ts';
import { overview } from './overview.ts';
import { userAction, searchUsers, type UserActionInput } from '../accounts/index.ts';
import { userDetail } from './userDetail.ts';

/** The web admin's cookie (CONTRACTS §8): never the customers' jwtUserToken. */
export const ADMIN_COOKIE = 'separ_admin';
/** Over HTTPS: Secure, path /, no Domain. */
export const HOST_ADMIN_COOKIE = `__Host-${ADMIN_COOKIE}`;

declare module 'fastify' {
  interface FastifyRequest {
    operator?: OperatorRow;
  }
}

const unauthenticated = () => new AppError('unauthenticated');

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

function text(value: unknown, name: string, max = 200): string {
  if (typeof value !== 'string' || value.length > max) throw invalid(`${name} is required (text).`);
  return value;
}

function int(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n)) throw invalid(`${name} must be a whole number.`);
  return n;
}

function listQuery(raw: unknown): AdminListQuery {
  const q = asRecord(raw);
  const dir = q.dir === 'asc' || q.dir === 'desc' ? q.dir : undefined;
  return {
    q: typeof q.q === 'string' ? q.q : undefined,
    page: int(q.page, 'page'),
    pageSize: int(q.pageSize, 'pageSize'),
    sort: typeof q.sort === 'string' ? q.sort : undefined,
    dir,
  };
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const numberParam = (request: FastifyRequest, name = 'id'): number => {
  const value = Number(asRecord(request.params)[name]);
  if (!Number.isInteger(value) || value <= 0) throw notFound('Not found');
  return value;
};
const textParam = (request: FastifyRequest, name: string): string => String(asRecord(request.params)[name] ?? '');

/** The origin the operator's browser reached us at. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The operator's name as the audit log writes it. */
const actor = (request: FastifyRequest) => request.operator!.username;

/** The web admin's API (docs/ADMIN.md): every route but sign-in needs an operator's session. */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request) => {
      refuseCrossSite(ctx, request);
      if (request.routeOptions.config && (request.routeOptions.config as { public?: boolean }).public) return;
      const token = adminToken(request);
      if (!token) throw unauthenticated();
      const operator = await operatorForSession(ctx, token);
      if (!operator) throw unauthenticated();
      request.operator = operator;
    });
    admin.addHook('onSend', async (_request, reply, payload) => {
      // Nothing of the admin is kept by a browser's or a proxy's cache.
      reply.header('cache-control', 'no-store');
      return payload;
    });

    // The admin's codes (http/errors.ts adminErrorAnswer); a failure of ours goes on to the app's handler.
    admin.setErrorHandler((error: Error, _request, reply) => {
      const answer = adminErrorAnswer(error);
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

    admin.post('/api/admin/login', { config: { public: true } }, async (request, reply) => {
      const body = asRecord(request.body);
      const { token, operator } = await signIn(
        ctx,
        {
          username: text(body.username, 'username', 64),
          password: text(body.password, 'password', 256),
          otp: optionalText(body.otp),
        },
        { ip: request.ip, userAgent: request.headers['user-agent'] },
      );
      // A session cookie (no Max-Age): it ends with the browser, and the server ends it sooner.
      reply.setCookie(cookieName(request), token, cookieOptions(request));
      return operatorOf(operator);
    });
    admin.post('/api/admin/logout', { config: { public: true } }, async (request, reply) => {
      const token = adminToken(request);
      if (token) await signOut(ctx, token);
      reply.clearCookie(cookieName(request), cookieOptions(request));
      return { ok: true };
    });
    admin.get('/api/admin/me', async (request) => operatorOf(request.operator!));
    // With codes on, a new secret needs the current code (field `code`, CONTRACTS §15).
    admin.post('/api/admin/totp/setup', async (request) =>
      setUpTotp(ctx, request.operator!, { code: optionalText(asRecord(request.body).code), ip: request.ip }),
    );
    admin.post('/api/admin/totp/enable', async (request) =>
      enableTotp(ctx, request.operator!, text(asRecord(request.body).code, 'code', 20)),
    );
    admin.post('/api/admin/totp/disable', async (request) =>
      disableTotp(ctx, request.operator!, text(asRecord(request.body).code, 'code', 20), request.ip),
    );

    admin.get('/api/admin/overview', async () => overview(ctx));

    admin.get('/api/admin/plans', async () => ({ items: await listPlans(ctx) }));
    admin.post('/api/admin/plans', async (request) => createPlan(ctx, asRecord(request.body) as never, actor(request)));
    admin.patch('/api/admin/plans/:id', async (request) =>
      updatePlan(ctx, numberParam(request), asRecord(request.body), actor(request)),
    );

    admin.get('/api/admin/nodes', async () => ({ items: await adminNodes(ctx) }));
    admin.post('/api/admin/nodes', async (request) =>
      addNode(ctx, asRecord(request.body), actor(request), originOf(request)),
    );
    admin.patch('/api/admin/nodes/:id', async (request) =>
      editNode(ctx, numberParam(request), asRecord(request.body), actor(request)),
    );
    admin.post('/api/admin/nodes/:id/rotate-token', async (request) =>
      rotateToken(ctx, numberParam(request), actor(request), originOf(request)),
    );
    admin.delete('/api/admin/nodes/:id', async (request) => {
      await deleteNode(ctx, numberParam(request), actor(request));
      return { ok: true };
    });

    admin.get('/api/admin/radius-clients', async () => ({ items: await adminRadiusClients(ctx) }));
    admin.post('/api/admin/radius-clients', async (request) => {
      const body = asRecord(request.body);
      return addRadius(
        ctx,
        {
          ip: text(body.ip, 'ip', 64),
          secret: text(body.secret, 'secret', 256),
          name: optionalText(body.name),
          requireMessageAuthenticator: body.requireMessageAuthenticator === true,
        },
        actor(request),
      );
    });
    admin.delete('/api/admin/radius-clients/:id', async (request) => {
      await removeRadius(ctx, String(numberParam(request)), actor(request));
      return { ok: true };
    });

    admin.get('/api/admin/countries', async () => ({ items: await listCountries(ctx) }));
    admin.post('/api/admin/countries', async (request) =>
      addCountry(ctx, asRecord(request.body) as never, actor(request)),
    );
    admin.delete('/api/admin/countries/:code', async (request) => {
      await removeCountry(ctx, textParam(request, 'code'), actor(request));
      return { ok: true };
    });
    admin.get('/api/admin/servers', async () => ({ items: await listServers(ctx) }));
    admin.post('/api/admin/servers', async (request) =>
      addServer(ctx, asRecord(request.body) as never, actor(request)),
    );
    admin.delete('/api/admin/servers/:id', async (request) => {
      await removeServer(ctx, numberParam(request), actor(request));
      return { ok: true };
    });

    admin.get('/api/admin/users', async (request) => searchUsers(ctx, listQuery(request.query)));
    admin.get('/api/admin/users/:username', async (request) => userDetail(ctx, textParam(request, 'username')));
    admin.post('/api/admin/users/:username/:action', async (request) => {
      const username = textParam(request, 'username');
      const action = textParam(request, 'action');
      const body = asRecord(request.body);
      const input: UserActionInput | null =
        action === 'suspend' || action === 'unsuspend' || action === 'end-devices'
          ? { action }
          : action === 'extend'
            ? { action, days: int(body.days, 'days') ?? NaN }
            : action === 'add-data'
              ? { action, mb: int(body.mb, 'mb') ?? NaN }
              : action === 'reset-password'
                ? { action, password: optionalText(body.password) }
                : null;
      if (!input) throw notFound(`No action ${action}.`);
      const result = await userAction(ctx, username, input, actor(request));
      return { ...(await userDetail(ctx, username)), ...(result.password ? { password: result.password } : {}) };
    });

    admin.get('/api/admin/orders', async (request) => {
      const q = asRecord(request.query);
      return searchOrders(ctx, {
        ...listQuery(q),
        state: optionalText(q.state) as never,
        gate: optionalText(q.gate),
        from: optionalText(q.from),
        to: optionalText(q.to),
      });
    });
    admin.get('/api/admin/orders/:resNum', async (request) => orderDetail(ctx, textParam(request, 'resNum')));
    admin.post('/api/admin/orders/:resNum/complete', async (request) => {
      const done = await completeOrderByHand(
        ctx,
        textParam(request, 'resNum'),
        text(asRecord(request.body).ref, 'ref', 64),
        actor(request),
      );
      return done.detail;
    });
    admin.post('/api/admin/payments/reconcile', async (request) => reconcileNow(ctx, actor(request)));

    admin.get('/api/admin/outbox', async (request) => {
      const q = asRecord(request.query);
      return listOutbox(ctx, { ...listQuery(q), state: optionalText(q.state) as never });
    });
    admin.post('/api/admin/outbox/:id/resend', async (request) =>
      resendOutbox(ctx, numberParam(request), actor(request)),
    );

    admin.get('/api/admin/operators', async () => ({ items: await listOperators(ctx) }));
    admin.post('/api/admin/operators', async (request) => {
      const body = asRecord(request.body);
      // An operator with codes on adds another only with the current code (CONTRACTS §15).
      await checkCurrentCode(ctx, request.operator!, optionalText(body.code), request.ip);
      return addOperator(
        ctx,
        { username: text(body.username, 'username', 64), password: optionalText(body.password) },
        actor(request),
      );
    });
    // Another operator lifts a lock of wrong one-time codes (never the locked operator's own session).
    admin.post('/api/admin/operators/:username/unlock', async (request) =>
      unlockOperator(ctx, textParam(request, 'username'), actor(request)),
    );
    admin.delete('/api/admin/operators/:username', async (request) => {
      const username = textParam(request, 'username');
      if (username === request.operator!.username) throw conflict('You cannot remove yourself; another operator can.');
      await removeOperator(ctx, username, actor(request));
      return { ok: true };
    });

    admin.get('/api/admin/settings', async () => getShopSettings(ctx));
    admin.put('/api/admin/settings', async (request) => {
      const { after } = await changeShopSettings(ctx, asRecord(request.body), actor(request));
      return after;
    });

    admin.get('/api/admin/audit', async (request) => listAudit(ctx, listQuery(request.query)));

    // Anything else under /api/admin answers as the admin does: 401 first, then 404.
    admin.all('/api/admin/*', async (_request, reply: FastifyReply) => sendError(reply, errorAnswer(notFound())));
  });
}
