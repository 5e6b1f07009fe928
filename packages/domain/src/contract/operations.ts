/** What the operator's monitoring calls: the health check and the Prometheus metrics (CONTRACTS §13). */
import { ErrorAnswer, NoQuery, NoJson, OkAnswer, route, Type } from './common.ts';

/** Prometheus' text exposition format, as `/metrics` answers it. */
export const PROMETHEUS_MEDIA = 'text/plain; version=0.0.4';

export const OPERATIONS_ROUTES = {
  health: route({
    method: 'GET',
    url: '/healthz',
    summary: 'Health check: the database answers.',
    tags: ['operations'],
    answer: OkAnswer,
    answers: {
      '503': {
        description: 'The database does not answer: `databaseUnavailable`.',
        content: { 'application/json': ErrorAnswer },
      },
    },
  }),
  metrics: route({
    method: 'GET',
    url: '/metrics',
    summary:
      'Prometheus metrics, behind `Authorization: Bearer {SEPAR_METRICS_TOKEN}`: 401 `metricsUnauthorized` without the token, 404 `not_found` when no token is set.',
    tags: ['operations'],
    querystring: NoQuery,
    answer: NoJson,
    media: {
      'text/plain': Type.String({
        maxLength: 4_000_000,
        description:
          'Prometheus text format 0.0.4 (`Content-Type: text/plain; version=0.0.4; charset=utf-8`): separ_http_requests_total{route,status}, separ_orders_total{gate,state}, separ_accounts{status}, separ_node_last_seen_seconds{node}, separ_radius_requests_total{kind}, separ_hash_queue_depth and process_* (counters end in _total).',
      }),
    },
    errors: ['metricsUnauthorized', 'not_found'],
  }),
};
