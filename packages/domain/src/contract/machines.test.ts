import { describe, expect, it } from 'vitest';
import {
  firstRefusal,
  NODE_ROUTES,
  NodeAliveBody,
  NodeConfig,
  NodePushBody,
  NodeQuery,
  NodeStatusBody,
  OPERATIONS_ROUTES,
  SUBSCRIPTION_ROUTES,
  SubscriptionParams,
  SubscriptionQuery,
  type RouteContract,
} from './index.ts';

/** The texts of a schema that have no bound, by path (properties and additional properties). */
function unbounded(schema: Record<string, unknown>, path: string): string[] {
  const found: string[] = [];
  if (schema.type === 'string' && schema.maxLength === undefined && schema.const === undefined && !schema.enum)
    found.push(path);
  for (const [key, child] of Object.entries((schema.properties as Record<string, object>) ?? {}))
    found.push(...unbounded(child as Record<string, unknown>, `${path}.${key}`));
  if (typeof schema.additionalProperties === 'object')
    found.push(...unbounded(schema.additionalProperties as Record<string, unknown>, `${path}.*`));
  return found;
}

const ROUTES: Record<string, RouteContract> = {
  ...NODE_ROUTES,
  ...SUBSCRIPTION_ROUTES,
  ...OPERATIONS_ROUTES,
};

describe('the contract of the routes programs call', () => {
  it('bounds every query and path text the server checks; the subscription page’s lng was always any text', () => {
    const found = Object.entries(ROUTES).flatMap(([name, route]) =>
      (['params', 'querystring'] as const).flatMap((part) =>
        route[part] ? unbounded(route[part] as Record<string, unknown>, `${name}.${part}`) : [],
      ),
    );
    expect(found).toEqual(['subscription.querystring.lng']);
  });

  it('takes the query V2bX sends, without requiring any part (a missing token is 403, not a refusal)', () => {
    expect(firstRefusal(NodeQuery, { node_id: '1', node_type: 'vless', token: 'x'.repeat(32) })).toBeNull();
    expect(firstRefusal(NodeQuery, {})).toBeNull();
    expect(firstRefusal(NodeQuery, { token: 'x'.repeat(301) })).not.toBeNull();
    expect(firstRefusal(NodeQuery, { other: 'x'.repeat(301) })).not.toBeNull();
  });

  it('describes the bodies V2bX posts, which the server reads itself', () => {
    for (const route of [NODE_ROUTES.push, NODE_ROUTES.alive, NODE_ROUTES.status]) {
      expect(route.lenientBody).toBe(true);
      expect(route.body).toBeDefined();
    }
    expect(firstRefusal(NodePushBody, { '12': [1024, 4096], '7': [0, 0] })).toBeNull();
    expect(firstRefusal(NodePushBody, { '12': [1024] })).not.toBeNull();
    expect(firstRefusal(NodeAliveBody, { '12': ['203.0.113.1', '203.0.113.2_3'] })).toBeNull();
    const pair = { total: 10, used: 1 };
    expect(firstRefusal(NodeStatusBody, { cpu: 12.5, mem: pair, swap: pair, disk: pair })).toBeNull();
    expect(firstRefusal(NodeStatusBody, { cpu: 300, mem: pair, swap: pair, disk: pair })).not.toBeNull();
  });

  it('tells the node types’ configs apart, and needs the intervals in every one', () => {
    const config = {
      protocol: 'vmess',
      listen_ip: '0.0.0.0',
      server_port: 10086,
      network: 'ws',
      networkSettings: { path: '/vmess', headers: {} },
      tls: 0,
      tls_settings: { server_name: null, allow_insecure: false },
      multiplex: null,
      base_config: { push_interval: 60, pull_interval: 60 },
    };
    expect(firstRefusal(NodeConfig, config)).toBeNull();
    expect(firstRefusal(NodeConfig, { ...config, protocol: 'tuic' })).not.toBeNull();
    expect(firstRefusal(NodeConfig, { ...config, base_config: { push_interval: '60', pull_interval: 60 } })).not.toBe(
      null,
    );
  });

  it('takes a subscription token of 16 to 64 URL-safe characters and the formats it forces', () => {
    expect(firstRefusal(SubscriptionParams, { token: 'A'.repeat(32) })).toBeNull();
    expect(firstRefusal(SubscriptionParams, { token: 'A'.repeat(15) })).not.toBeNull();
    expect(firstRefusal(SubscriptionParams, { token: `${'A'.repeat(20)}$` })).not.toBeNull();
    expect(firstRefusal(SubscriptionQuery, { format: 'clash', lng: 'en' })).toBeNull();
    expect(firstRefusal(SubscriptionQuery, { format: 'xray' })).toBeNull();
    expect(firstRefusal(SubscriptionQuery, { format: 'v2ray-json' })).not.toBeNull();
  });
});
