import { createHash } from 'node:crypto';
import { stringify } from 'yaml';
import type { LinkSpec } from '../nodes/index.ts';
import { IRAN, NO_DELIVERY, type Delivery } from './delivery.ts';

/**
 * The subscription's three formats (CONTRACTS §7) from the account's V2Ray links: the links
 * themselves (base64, one a line), Clash.Meta (mihomo) YAML, and sing-box JSON. The proxies are made
 * from each link's content (nodes/links.ts parses the hand-written templates and the nodes' links
 * alike), in the field names of mihomo's and sing-box's own configuration documentation.
 */

/**
 * Xray's id for a string that is no UUID (common/uuid ParseString): UUIDv5 of the string under the
 * nil namespace. Xray-based apps take `username-password` as it is; mihomo and sing-box are given
 * the UUID Xray maps it to, which the node accepts as the same user.
 */
export function xrayUuid(id: string): string {
  if (/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(id)) return id.toLowerCase();
  const hash = createHash('sha1').update(Buffer.alloc(16)).update(id, 'utf8').digest().subarray(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Names unique within one profile (clients refuse duplicates): "Germany 1", "Germany 1 (2)". */
export function uniqueNames(specs: LinkSpec[]): string[] {
  const seen = new Map<string, number>();
  return specs.map((spec, index) => {
    const base = spec.name.trim() || `${spec.protocol}-${index + 1}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

export const GROUP = 'Separ';
const AUTO = 'Auto';
const TEST_URL = 'https://www.gstatic.com/generate_204';

/** mihomo's proxy for a link; null for what it cannot carry (xhttp). */
function clashProxy(spec: LinkSpec, name: string): Record<string, unknown> | null {
  const common = {
    name,
    type: spec.protocol === 'shadowsocks' ? 'ss' : spec.protocol,
    server: spec.host,
    port: spec.port,
    udp: true,
  };
  const network = spec.network ?? 'tcp';
  if (network === 'xhttp') return null;
  const transport: Record<string, unknown> =
    network === 'ws'
      ? {
          network: 'ws',
          'ws-opts': {
            path: spec.path ?? '/',
            ...(spec.transportHost ? { headers: { Host: spec.transportHost } } : {}),
          },
        }
      : network === 'httpupgrade'
        ? {
            network: 'ws',
            'ws-opts': {
              path: spec.path ?? '/',
              'v2ray-http-upgrade': true,
              ...(spec.transportHost ? { headers: { Host: spec.transportHost } } : {}),
            },
          }
        : network === 'grpc'
          ? { network: 'grpc', 'grpc-opts': { 'grpc-service-name': spec.serviceName ?? '' } }
          : { network: 'tcp' };
  const tls = (key: 'servername' | 'sni') =>
    spec.security === 'tls' || spec.security === 'reality'
      ? {
          tls: true,
          ...(spec.sni ? { [key]: spec.sni } : {}),
          'client-fingerprint': spec.fingerprint ?? 'chrome',
          ...(spec.security === 'reality'
            ? { 'reality-opts': { 'public-key': spec.publicKey ?? '', 'short-id': spec.shortId ?? '' } }
            : {}),
        }
      : { tls: false };
  switch (spec.protocol) {
    case 'vless':
      return {
        ...common,
        uuid: xrayUuid(spec.id ?? ''),
        ...transport,
        ...tls('servername'),
        ...(spec.flow ? { flow: spec.flow } : {}),
      };
    case 'vmess':
      return {
        ...common,
        uuid: xrayUuid(spec.id ?? ''),
        alterId: 0,
        cipher: 'auto',
        ...transport,
        ...tls('servername'),
      };
    case 'trojan': {
      const { tls: _tls, ...secured } = tls('sni');
      return { ...common, password: spec.password ?? '', ...transport, ...secured };
    }
    case 'shadowsocks':
      return { ...common, cipher: spec.method ?? '', password: spec.password ?? '' };
    case 'hysteria2':
      return {
        ...common,
        password: spec.password ?? '',
        ...(spec.sni ? { sni: spec.sni } : {}),
        ...(spec.obfsPassword ? { obfs: 'salamander', 'obfs-password': spec.obfsPassword } : {}),
      };
  }
}

/**
 * A Clash.Meta profile: the proxies, a group to choose from (with an automatic pick), everything
 * through it (with Iran-direct, `.ir` domains and Iranian addresses first go direct).
 */
export function clashProfile(specs: LinkSpec[], delivery: Delivery = NO_DELIVERY): string {
  const names = uniqueNames(specs);
  const proxies = specs
    .map((spec, index) => clashProxy(spec, names[index]!))
    .filter((proxy): proxy is Record<string, unknown> => proxy !== null);
  const proxyNames = proxies.map((proxy) => String(proxy.name));
  const profile = {
    'mixed-port': 7890,
    'allow-lan': false,
    mode: 'rule',
    'log-level': 'warning',
    proxies,
    'proxy-groups': [
      { name: GROUP, type: 'select', proxies: proxyNames.length > 0 ? [AUTO, ...proxyNames] : ['DIRECT'] },
      ...(proxyNames.length > 0
        ? [{ name: AUTO, type: 'url-test', url: TEST_URL, interval: 300, tolerance: 50, proxies: proxyNames }]
        : []),
    ],
    rules: [
      'IP-CIDR,127.0.0.0/8,DIRECT,no-resolve',
      'IP-CIDR,192.168.0.0/16,DIRECT,no-resolve',
      ...(delivery.iranDirect ? IRAN.clash : []),
      `MATCH,${GROUP}`,
    ],
  };
  return stringify(profile, { lineWidth: 0 });
}

/** sing-box's outbound for a link; null for what it cannot carry (xhttp). */
function singBoxOutbound(spec: LinkSpec, tag: string): Record<string, unknown> | null {
  const network = spec.network ?? 'tcp';
  if (network === 'xhttp') return null;
  const common = { tag, server: spec.host, server_port: spec.port };
  const transport =
    network === 'ws'
      ? {
          transport: {
            type: 'ws',
            path: spec.path ?? '/',
            ...(spec.transportHost ? { headers: { Host: spec.transportHost } } : {}),
          },
        }
      : network === 'httpupgrade'
        ? {
            transport: {
              type: 'httpupgrade',
              path: spec.path ?? '/',
              ...(spec.transportHost ? { host: spec.transportHost } : {}),
            },
          }
        : network === 'grpc'
          ? { transport: { type: 'grpc', service_name: spec.serviceName ?? '' } }
          : {};
  const tls =
    spec.security === 'tls' ||
    spec.security === 'reality' ||
    spec.protocol === 'trojan' ||
    spec.protocol === 'hysteria2'
      ? {
          tls: {
            enabled: true,
            ...(spec.sni ? { server_name: spec.sni } : {}),
            ...(spec.protocol === 'hysteria2'
              ? {}
              : { utls: { enabled: true, fingerprint: spec.fingerprint ?? 'chrome' } }),
            ...(spec.security === 'reality'
              ? { reality: { enabled: true, public_key: spec.publicKey ?? '', short_id: spec.shortId ?? '' } }
              : {}),
          },
        }
      : {};
  switch (spec.protocol) {
    case 'vless':
      return {
        type: 'vless',
        ...common,
        uuid: xrayUuid(spec.id ?? ''),
        ...(spec.flow ? { flow: spec.flow } : {}),
        ...tls,
        ...transport,
      };
    case 'vmess':
      return {
        type: 'vmess',
        ...common,
        uuid: xrayUuid(spec.id ?? ''),
        security: 'auto',
        alter_id: 0,
        ...tls,
        ...transport,
      };
    case 'trojan':
      return { type: 'trojan', ...common, password: spec.password ?? '', ...tls, ...transport };
    case 'shadowsocks':
      return { type: 'shadowsocks', ...common, method: spec.method ?? '', password: spec.password ?? '' };
    case 'hysteria2':
      return {
        type: 'hysteria2',
        ...common,
        password: spec.password ?? '',
        ...(spec.obfsPassword ? { obfs: { type: 'salamander', password: spec.obfsPassword } } : {}),
        ...tls,
      };
  }
}

/**
 * A sing-box profile as the sing-box apps (SFA, SFI, Hiddify, Karing) import it: a TUN inbound, the
 * servers with a selector and an automatic pick, DNS through the tunnel, private addresses direct.
 * The DNS servers are written in the form of the client's core when it names its version (SFA and
 * SFI do: "sing-box 1.12.0"): 1.12 and later take typed servers, and the old form, which earlier
 * cores need, goes away in 1.14.
 */
export function singBoxProfile(
  specs: LinkSpec[],
  version: [number, number] | null = null,
  delivery: Delivery = NO_DELIVERY,
): string {
  const names = uniqueNames(specs);
  const outbounds = specs
    .map((spec, index) => singBoxOutbound(spec, names[index]!))
    .filter((outbound): outbound is Record<string, unknown> => outbound !== null);
  const tags = outbounds.map((outbound) => String(outbound.tag));
  const typedDns = version !== null && (version[0] > 1 || version[1] >= 12);
  const profile = {
    log: { level: 'warn' },
    dns: typedDns
      ? {
          servers: [
            { type: 'tls', tag: 'remote', server: '1.1.1.1', detour: GROUP },
            { type: 'local', tag: 'local' },
          ],
          final: 'remote',
        }
      : {
          servers: [
            { tag: 'remote', address: 'tls://1.1.1.1', detour: GROUP },
            { tag: 'local', address: 'local', detour: 'direct' },
          ],
          final: 'remote',
        },
    inbounds: [
      {
        type: 'tun',
        tag: 'tun-in',
        address: ['172.19.0.1/30', 'fdfe:dcba:9876::1/126'],
        auto_route: true,
        strict_route: true,
      },
    ],
    outbounds: [
      { type: 'selector', tag: GROUP, outbounds: tags.length > 0 ? [AUTO, ...tags] : ['direct'] },
      ...(tags.length > 0 ? [{ type: 'urltest', tag: AUTO, outbounds: tags, url: TEST_URL, interval: '5m' }] : []),
      ...outbounds,
      { type: 'direct', tag: 'direct' },
    ],
    route: {
      rules: [
        { action: 'sniff' },
        { protocol: 'dns', action: 'hijack-dns' },
        { ip_is_private: true, outbound: 'direct' },
        // Iran-direct: `.ir` domains, and Iranian addresses by SagerNet's geoip rule set (fetched through the proxy).
        ...(delivery.iranDirect
          ? [
              { domain_suffix: ['.ir'], outbound: 'direct' },
              { rule_set: [IRAN.singBoxRuleSet.tag], outbound: 'direct' },
            ]
          : []),
      ],
      ...(delivery.iranDirect ? { rule_set: [{ ...IRAN.singBoxRuleSet, download_detour: GROUP }] } : {}),
      final: GROUP,
      auto_detect_interface: true,
    },
  };
  return JSON.stringify(profile, null, 2);
}

/** The links, one a line, base64 (what v2rayNG, v2rayN, Streisand, Shadowrocket and Happ read). */
export function base64Profile(links: string[]): string {
  return Buffer.from(links.join('\n'), 'utf8').toString('base64');
}
