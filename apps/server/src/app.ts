import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import type { Config } from './platform/config.ts';
import { CONSENT_COOKIE } from '@separ/domain';
import { MESSAGE_KEYWORD, OPERATIONS_ROUTES } from '@separ/domain/contract';
import { createContext, type ShopContext } from './root.ts';
import type { DatabaseHandle } from './platform/db/index.ts';
import { originCheck } from './platform/http/csrf.ts';
import { NONCE_PLACEHOLDER, newNonce, securityHeaders } from './platform/http/headers.ts';
import { encodePage, markConsent, sessionRedirect, SitePages } from './web/pages.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { errorAnswer, sendError } from './platform/http/errors.ts';
import { declaredRefusal, serve } from './platform/http/contract.ts';
import { AppError } from './platform/errors.ts';
import { redactUrl } from './platform/http/redact.ts';
import { accountsAdminRoutes, appRoutes, siteRoutes } from './modules/accounts/index.ts';
import { paymentRoutes, paymentsAdminRoutes } from './modules/payments/index.ts';
import { nodesAdminRoutes, uniProxyRoutes } from './modules/nodes/index.ts';
import { adminRoutes } from './modules/operators/index.ts';
import { subscriptionRoutes } from './modules/subscriptions/index.ts';
import { botRoutes, messagingAdminRoutes, reminderRoutes } from './modules/messaging/index.ts';
import { catalogAdminRoutes, publicRoutes } from './modules/catalog/index.ts';
import { settingsAdminRoutes } from './modules/settings/index.ts';
import { walletRoutes } from './modules/wallet/index.ts';
import { cardRoutes, cardsAdminRoutes } from './modules/cards/index.ts';
import { growthAdminRoutes, growthRoutes, referralCookieHook } from './modules/growth/index.ts';
import { webhooksAdminRoutes } from './modules/webhooks/index.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { createMetrics, metricsRoutes, type RadiusCounts } from './modules/monitoring/index.ts';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  now?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** A context made beforehand (the background jobs share it). */
  context?: ShopContext;
  /** The RADIUS server's counts, for the metrics (main.ts runs the server). */
  radiusStats?: () => RadiusCounts | null;
}

/** The web build's fetch-ahead worker script. */
const FETCH_AHEAD_WORKER = /^\/assets\/fetchAhead\.worker-[A-Za-z0-9_-]{8,}\.js$/;

/** Requests slower than this are logged at info even when they succeed. */
const SLOW_REQUEST_MS = 500;

/** A file named by its content's hash: kept a year. Its brotli and gzip twins too (@fastify/static names them). */
const HASHED_ASSET = /-[A-Za-z0-9_-]{8,}\.(?:js|css|woff2?|png|jpe?g|webp|avif|svg)(?:\.br|\.gz)?$/;

/** The default log settings: structured, with secrets kept out (SPEC: no password, token or cookie in logs). */
export function defaultLogger(level = 'info'): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}

/** Builds the whole server: API, translation files and the built web app, on one origin. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request, at the end, and at info only when it matters (see the onResponse hook):
    // per-request access logs at info cost a third of the throughput (docs/BENCHMARKS.md).
    logController: new LogController({ disableRequestLogging: true }),
    // Only the proxies named (SEPAR_TRUST_PROXY=1: the loopback one) are believed about the client.
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // The contract's schemas carry their refusal's message under `x-message` (@separ/domain/contract).
    ajv: {
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        allErrors: false,
        keywords: [MESSAGE_KEYWORD],
      },
    },
  });

  // In production every cookie is Secure (http/auth.ts cookieSecure).
  app.decorate('secureCookies', config.production);
  const ctx: ShopContext = options.context ?? createContext(config, database, options.now ?? systemClock);
  ctx.log = app.log;

  // The spec's client posts `Content-Type: application/json` with an empty body: a valid request.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('invalidJson'), undefined);
    }
  });
  await app.register(formbody);
  // Any other body is ignored: the calls take their parameters from the query string.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
  await app.register(cookie);

  // The Prometheus metrics (CONTRACTS §13), of this instance: kept only when SEPAR_METRICS_TOKEN is set.
  const metrics = createMetrics(ctx, options.radiusStats);
  if (metrics) app.addHook('onResponse', metrics.count);

  app.addHook('onRequest', originCheck(config.allowedOrigins));
  app.addHook('onSend', securityHeaders());
  // A referral link (`?ref=`, CONTRACTS §12) leaves its 30-day cookie, whatever the request.
  referralCookieHook(app);
  // Refusals (429, 503) are what a flood is made of: a log line each would let the flood write the
  // logs too. They are counted and summed up every ten seconds instead.
  const refused = { count: 0, since: Date.now() };
  const refusalSummary = setInterval(() => {
    if (refused.count === 0) return;
    app.log.warn(
      { refused: refused.count, seconds: Math.round((Date.now() - refused.since) / 1000) },
      'requests refused as throttled or busy (429/503)',
    );
    refused.count = 0;
  }, 10_000);
  refusalSummary.unref();
  app.addHook('onClose', async () => clearInterval(refusalSummary));
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const responseTime = reply.elapsedTime;
    if (status === 429 || status === 503) {
      if (refused.count++ === 0) refused.since = Date.now();
      request.log.debug({ req: request, res: { statusCode: status }, responseTime }, 'request refused');
    } else if (status >= 400 || responseTime > SLOW_REQUEST_MS)
      request.log.info({ req: request, res: { statusCode: status }, responseTime }, 'request completed');
    else request.log.debug({ req: request, res: { statusCode: status }, responseTime }, 'request completed');
    done();
  });

  // Every error answer: `{ ok: false, message, code }`, its status and headers from the code (http/errors.ts).
  // A refusal by a contract's schema that says its own message (`x-message`) answers it.
  app.setErrorHandler((error, request, reply) => {
    const declared = (error as FastifyError).validation ? declaredRefusal(error as FastifyError, request) : null;
    const answer = errorAnswer(declared === null ? error : new AppError('invalid', { text: declared }));
    if (answer.failure === 'database') request.log.error({ err: error }, 'database unavailable');
    else if (answer.failure === 'internal') request.log.error({ err: error }, 'request failed');
    return sendError(reply, answer);
  });

  await registerOpenApi(app);
  await publicRoutes(app, ctx);
  await siteRoutes(app, ctx);
  await botRoutes(app, ctx);
  await walletRoutes(app, ctx);
  await appRoutes(app, ctx);
  await paymentRoutes(app, ctx);
  await cardRoutes(app, ctx);
  await growthRoutes(app, ctx);
  await uniProxyRoutes(app, ctx);
  // The console's API: one signed-in scope, each module's admin routes mounted in it.
  await adminRoutes(app, ctx, [
    catalogAdminRoutes,
    nodesAdminRoutes,
    accountsAdminRoutes,
    paymentsAdminRoutes,
    cardsAdminRoutes,
    growthAdminRoutes,
    messagingAdminRoutes,
    settingsAdminRoutes,
    webhooksAdminRoutes,
  ]);

  serve(app, OPERATIONS_ROUTES.health, async (_request, reply) => {
    try {
      await ctx.db.selectFrom('settings').select('key').limit(1).execute();
      return { ok: true } as const;
    } catch {
      return sendError(reply, errorAnswer(new AppError('databaseUnavailable')));
    }
  });

  await metricsRoutes(app, ctx, metrics);

  // The prerendered pages' fetch-ahead worker (apps/web/src/fetchAhead.worker.ts, issue 28 §3): a
  // worker runs under its own script's policy, and this one fetches the app's code and translations
  // from this origin; it may do that and nothing else.
  app.addHook('onSend', async (request, reply, payload) => {
    if (FETCH_AHEAD_WORKER.test(request.url.split('?')[0] ?? ''))
      reply.header('content-security-policy', "default-src 'none'; connect-src 'self'");
    return payload;
  });

  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  const pages = hasWeb ? new SitePages(config.webDist, ctx) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      // The pages themselves are served below, with this response's CSP nonce in them.
      index: false,
      allowedPath: (path) => path !== '/index.html' && !path.startsWith('/prerendered/'),
      // The build writes .br and .gz twins; each visitor gets the smallest their browser accepts.
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  /** The page for this address and language, with this response's CSP nonce, compressed as the browser accepts. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    // The login page and the panel: where the session says the visitor belongs (issue 28 §2).
    const elsewhere = await sessionRedirect(ctx, request, reply);
    if (elsewhere) return reply.header('cache-control', 'no-store').redirect(elsewhere, 302);
    const nonce = newNonce();
    reply.cspNonce = nonce;
    const page = await pages!.pageFor(request.url, request.cookies.i18next);
    const html = markConsent(page.html.replaceAll(NONCE_PLACEHOLDER, nonce), request.cookies[CONSENT_COOKIE]);
    const { body, encoding } = encodePage(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    if (page.language) reply.header('content-language', page.language);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', [reply.getHeader('vary'), 'Accept-Encoding, Cookie'].filter(Boolean).join(', '))
      .type('text/html; charset=utf-8')
      .send(body);
  }
  if (hasWeb) app.get('/', { schema: { hide: true } }, async (request, reply) => sendPage(request, reply));
  await subscriptionRoutes(app, ctx, { sendPage: hasWeb ? sendPage : null });
  await reminderRoutes(app, ctx);

  // The card transfer's page (`/payment/card/{resNum}`, CONTRACTS §11) is the app's; the rest of `/payment/` the gateways'.
  const API_PATH = /^\/(api|site_|getTelPlans|requestAccount|appinfo|locales|payment\/(?!card\/)|sandbox\/|sub\/)/;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && isPage && !API_PATH.test(path) && !/\.[a-z0-9]{1,8}$/i.test(path)) {
      // Every app route is served by the single-page app; unknown paths show the home page.
      return sendPage(request, reply);
    }
    return sendError(reply, errorAnswer(new AppError('not_found')));
  });

  return app;
}
