/**
 * `GET /metrics` (CONTRACTS §13), on both databases: 404 JSON while SEPAR_METRICS_TOKEN is unset,
 * 401 JSON without its bearer token, and Prometheus' text format with it, whose counters move with
 * the requests and orders.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorAnswer, firstRefusal, OPERATIONS_ROUTES } from '@separ/domain/contract';
import { createNode } from '../src/modules/nodes/records.ts';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Reads Prometheus' text format strictly: every line a comment or a sample, every sample's family typed. */
function parseMetrics(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const typed = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (typed) {
      types.set(typed[1]!, typed[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|NaN|Nan|\+Inf|-Inf)(?: -?[0-9]+)?$/.exec(
      line,
    );
    expect(sample, `not a line of the text format: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample![2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    samples.push({ name: sample![1]!, labels, value: Number(sample![3]) });
  }
  for (const sample of samples) {
    const family = [...types.keys()].find(
      (name) => sample.name === name || /^_(bucket|sum|count|total|created)$/.test(sample.name.slice(name.length)),
    );
    expect(family, `${sample.name} has no TYPE`).toBeDefined();
  }
  return { types, samples };
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);

describe('the metrics without SEPAR_METRICS_TOKEN', () => {
  it('are not there: 404 JSON with a code, with or without a token', async () => {
    const s = await startTestServer('sqlite');
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const answer = await s.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(answer.statusCode).toBe(404);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(json(answer)).toMatchObject({ ok: false, code: 'not_found' });
      }
    } finally {
      await s.close();
    }
  });
});

describe.each(KINDS)('the metrics behind SEPAR_METRICS_TOKEN, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await s?.close();
  });

  const scrape = async () => {
    const answer = await s.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(firstRefusal(OPERATIONS_ROUTES.metrics.media['text/plain'], answer.body)).toBeNull();
    return parseMetrics(answer.body);
  };

  it('refuse a missing, wrong or differently spelled token with 401 JSON and a code', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer ',
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const answer = await s.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(answer.statusCode, String(authorization)).toBe(401);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(json(answer)).toMatchObject({ ok: false, code: 'metricsUnauthorized' });
      expect(firstRefusal(ErrorAnswer, json(answer))).toBeNull();
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(answer.body).not.toContain('separ_');
    }
  });

  it('answer every family of §13 in the text format, counters typed as counters', async () => {
    await s.createUser();
    const suspended = await s.createUser();
    await s.database.db.updateTable('users').set({ suspend: 1 }).where('id', '=', suspended.id).execute();
    const node = await createNode(s.ctx, {
      name: 'Frankfurt-1',
      protocol: 'vless',
      host: 'de1.example.com',
      port: 443,
      country: 'DE',
    });
    await s.database.db
      .updateTable('nodes')
      .set({ last_seen_at: '2026-06-01T11:59:00.000Z' })
      .where('id', '=', node.id)
      .execute();
    const { types, samples } = await scrape();
    expect(types.get('separ_http_requests_total')).toBe('counter');
    expect(types.get('separ_orders_total')).toBe('counter');
    expect(types.get('separ_radius_requests_total')).toBe('counter');
    expect(types.get('separ_accounts')).toBe('gauge');
    expect(types.get('separ_node_last_seen_seconds')).toBe('gauge');
    expect(types.get('separ_hash_queue_depth')).toBe('gauge');
    expect([...types.keys()].filter((name) => name.startsWith('process_')).length).toBeGreaterThan(3);
    for (const [name, type] of types) if (name.endsWith('_total')) expect(type, name).toBe('counter');
    expect(valueOf(samples, 'separ_accounts', { status: 'suspended' })).toBe(1);
    expect(valueOf(samples, 'separ_accounts', { status: 'active' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'separ_node_last_seen_seconds', { node: 'Frankfurt-1', id: String(node.id) })).toBe(
      Date.parse('2026-06-01T11:59:00.000Z') / 1000,
    );
    expect(valueOf(samples, 'separ_hash_queue_depth', {})).toBe(0);
    expect(samples.filter((sample) => sample.name === 'separ_radius_requests_total')).toHaveLength(4);
    // The sample dashboard asks only for families that are there.
    const dashboard = readFileSync(join(import.meta.dirname, '../../../docs/grafana-dashboard.json'), 'utf8');
    const asked = new Set(dashboard.match(/\b(?:separ|process)_[a-z_]+/g));
    expect(asked.size).toBeGreaterThanOrEqual(7);
    for (const family of asked) expect(types.has(family), family).toBe(true);
  });

  it('count requests by route pattern and status, and orders by gate and state, upwards', async () => {
    const before = (await scrape()).samples;
    const ordersBefore = valueOf(before, 'separ_orders_total', { gate: 'ird', state: 'pending' });
    for (let i = 0; i < 3; i++) {
      const ordered = await s.app.inject({
        method: 'POST',
        url: `/requestAccount2?plan_id=1&email=metrics${i}@example.com&gate=ird`,
        headers: { 'content-type': 'application/json' },
      });
      expect(ordered.statusCode, ordered.body).toBe(200);
    }
    await s.app.inject({ method: 'GET', url: '/api/site/card/NO-SUCH-ORDER' });
    await s.app.inject({ method: 'GET', url: '/api/site/card/NO-SUCH-ORDER-EITHER' });
    await s.app.inject({ method: 'POST', url: '/api/no-such-route' });
    const after = (await scrape()).samples;
    const requests = (labels: Record<string, string>) =>
      valueOf(after, 'separ_http_requests_total', labels) - valueOf(before, 'separ_http_requests_total', labels);
    expect(requests({ route: '/requestAccount2', status: '200' })).toBe(3);
    // The route's pattern, never the raw address.
    expect(requests({ route: '/api/site/card/:resNum' })).toBe(2);
    expect(after.some((sample) => sample.labels.route?.includes('NO-SUCH'))).toBe(false);
    expect(requests({ route: 'unmatched', status: '404' })).toBe(1);
    // The previous scrape itself was counted.
    expect(requests({ route: '/metrics', status: '200' })).toBe(1);
    expect(valueOf(after, 'separ_orders_total', { gate: 'ird', state: 'pending' })).toBe(ordersBefore + 3);
  });
});
