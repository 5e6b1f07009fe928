import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { accountStatus } from '@separ/domain';
import { OPERATIONS_ROUTES, PROMETHEUS_MEDIA } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { serve } from '../../platform/http/contract.ts';
import { errorAnswer, sendError } from '../../platform/http/errors.ts';
import { accountOf } from '../accounts/index.ts';
import { ORDER_STATE_NAMES } from '../payments/index.ts';

/** What the RADIUS server did with packets (nodes' RadiusServer `stats`), read at each scrape. */
export interface RadiusCounts {
  accepted: number;
  rejected: number;
  accounted: number;
  dropped: number;
}

/**
 * The Prometheus metrics of one app instance (CONTRACTS §13), on a registry of its own (tests start
 * several servers in one process): the HTTP requests counted as they end, by route pattern and
 * status; the rest read at each scrape — orders and accounts from the database (so every process
 * answers the whole shop's), the RADIUS server's counts, the password-hash queue — with Node's
 * own process metrics.
 */
export class ShopMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'route' | 'status'>;

  constructor(ctx: AppContext, radius: () => RadiusCounts | null = () => null) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    // §13: a family named `*_total` is a counter. Node's counts of live handles, requests and
    // resources are gauges under such names: they are left out.
    for (const metric of this.registry.getMetricsAsArray())
      if (metric.name.endsWith('_total') && !(metric instanceof Counter)) this.registry.removeSingleMetric(metric.name);
    this.#requests = new Counter({
      name: 'separ_http_requests_total',
      help: 'HTTP requests answered, by route pattern (unmatched: no route) and status.',
      labelNames: ['route', 'status'],
      registers,
    });
    new Counter({
      name: 'separ_orders_total',
      help: 'Orders ever placed, by gate and state (read from the database at each scrape).',
      labelNames: ['gate', 'state'],
      registers,
      async collect() {
        const rows = await ctx.db
          .selectFrom('orders')
          .select((eb) => ['gate', 'state', eb.fn.countAll().as('n')])
          .groupBy(['gate', 'state'])
          .execute();
        this.reset();
        for (const row of rows)
          this.inc({ gate: row.gate, state: ORDER_STATE_NAMES[row.state] ?? String(row.state) }, Number(row.n));
      },
    });
    new Gauge({
      name: 'separ_accounts',
      help: 'VPN accounts by status (active, pending, expired, dataExceeded, suspended).',
      labelNames: ['status'],
      registers,
      async collect() {
        const users = await ctx.db
          .selectFrom('users')
          .select([
            'username',
            'expire_date',
            'used_bytes',
            'allowed_mb',
            'allowed_devices',
            'suspend',
            'subs_days',
            'ios',
          ])
          .execute();
        const now = ctx.now();
        const counts: Record<string, number> = { active: 0, pending: 0, expired: 0, dataExceeded: 0, suspended: 0 };
        for (const user of users) {
          const { state } = accountStatus(accountOf(user, { devices: [], payments: [] }), now);
          counts[state] = (counts[state] ?? 0) + 1;
        }
        this.reset();
        for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
      },
    });
    new Gauge({
      name: 'separ_node_last_seen_seconds',
      help: 'When each V2Ray node last made a UniProxy request, as a Unix time in seconds (nodes never heard from are left out).',
      labelNames: ['node', 'id'],
      registers,
      async collect() {
        const nodes = await ctx.db
          .selectFrom('nodes')
          .select(['id', 'name', 'last_seen_at'])
          .where('last_seen_at', 'is not', null)
          .execute();
        this.reset();
        for (const node of nodes)
          this.set({ node: node.name, id: String(node.id) }, Math.floor(Date.parse(node.last_seen_at!) / 1000));
      },
    });
    new Counter({
      name: 'separ_radius_requests_total',
      help: 'RADIUS packets from the OpenConnect servers, by outcome (accepted, rejected, accounted, dropped), this process.',
      labelNames: ['kind'],
      registers,
      collect() {
        const counts = radius() ?? { accepted: 0, rejected: 0, accounted: 0, dropped: 0 };
        this.reset();
        for (const kind of ['accepted', 'rejected', 'accounted', 'dropped'] as const) this.inc({ kind }, counts[kind]);
      },
    });
    new Gauge({
      name: 'separ_hash_queue_depth',
      help: 'Password checks waiting for the bounded hash queue, this process.',
      registers,
      collect() {
        this.set(ctx.secrets.passwords.queue.waiting);
      },
    });
  }

  /** Counts a request as it ends (an onResponse hook). */
  readonly count = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    this.#requests.inc({ route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) });
    done();
  };
}

/** Whether the request carries `Authorization: Bearer {token}`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header?.trim() ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * `GET /metrics` (CONTRACTS §13): 404 while SEPAR_METRICS_TOKEN is unset (no metrics are kept then),
 * 401 JSON without its bearer token, else the registry in Prometheus' text format.
 */
export async function metricsRoutes(app: FastifyInstance, ctx: AppContext, metrics: ShopMetrics | null) {
  serve(app, OPERATIONS_ROUTES.metrics, async (request, reply) => {
    const token = ctx.config.metricsToken;
    if (!metrics || !token) return sendError(reply, errorAnswer(new AppError('not_found')));
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendError(reply, errorAnswer(new AppError('metricsUnauthorized')));
    }
    const text = await metrics.registry.metrics();
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType.startsWith(PROMETHEUS_MEDIA) ? metrics.registry.contentType : PROMETHEUS_MEDIA)
      .send(text);
  });
}

/** The metrics of an app instance, when SEPAR_METRICS_TOKEN turns them on (else none are kept). */
export function createMetrics(ctx: AppContext, radius?: () => RadiusCounts | null): ShopMetrics | null {
  return ctx.config.metricsToken ? new ShopMetrics(ctx, radius) : null;
}
