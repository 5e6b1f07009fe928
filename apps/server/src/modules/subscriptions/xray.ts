import type { LinkSpec } from '../nodes/index.ts';
import { IRAN, NO_DELIVERY, type Delivery } from './delivery.ts';

/**
 * Xray JSON (CONTRACTS §14): a complete Xray client config per link Xray can carry, as Happ (and
 * v2rayN and v2rayNG, through `?format=xray`) import an array of them. Each has a SOCKS and an HTTP
 * inbound on loopback, the proxy outbound first, then `direct` and `block` (and, with fragment,
 * the `fragment` freedom outbound the proxy dials through), and the shop's routing rules. Field
 * names as Xray's configuration documentation (xtls.github.io/config) writes them.
 */

export const SOCKS_PORT = 10808;
export const HTTP_PORT = 10809;

type Json = Record<string, unknown>;

/** Xray carries VLESS, VMess, Trojan and Shadowsocks; a Hysteria 2 link stays for the other formats. */
export function xrayCarries(spec: LinkSpec): boolean {
  return spec.protocol !== 'hysteria2';
}

/** The link's security as Xray sees it: Trojan is TLS unless its link says otherwise. */
function securityOf(spec: LinkSpec): 'none' | 'tls' | 'reality' {
  if (spec.protocol === 'shadowsocks') return 'none';
  return spec.security ?? (spec.protocol === 'trojan' ? 'tls' : 'none');
}

function streamSettings(spec: LinkSpec, delivery: Delivery): Json {
  const network = spec.protocol === 'shadowsocks' ? 'tcp' : (spec.network ?? 'tcp');
  const security = securityOf(spec);
  const stream: Json = { network, security };
  const host = spec.transportHost ? { host: spec.transportHost } : {};
  if (network === 'ws') stream.wsSettings = { path: spec.path ?? '/', ...host };
  else if (network === 'httpupgrade') stream.httpupgradeSettings = { path: spec.path ?? '/', ...host };
  else if (network === 'xhttp') stream.xhttpSettings = { path: spec.path ?? '/', ...host, mode: 'auto' };
  else if (network === 'grpc') stream.grpcSettings = { serviceName: spec.serviceName ?? '', multiMode: false };
  const serverName = spec.sni ? { serverName: spec.sni } : {};
  const fingerprint = spec.fingerprint ?? 'chrome';
  if (security === 'tls') stream.tlsSettings = { ...serverName, fingerprint, allowInsecure: false };
  if (security === 'reality')
    stream.realitySettings = {
      ...serverName,
      fingerprint,
      publicKey: spec.publicKey ?? '',
      shortId: spec.shortId ?? '',
      spiderX: '',
    };
  // Fragment splits the TLS Client Hello: the TLS and REALITY configs dial through it.
  if (delivery.fragment && security !== 'none') stream.sockopt = { dialerProxy: 'fragment' };
  return stream;
}

/**
 * Mux where the transport allows it: not with a VLESS flow (Vision breaks under Mux.Cool), not over
 * XHTTP (it multiplexes by itself, XMUX), and not for Shadowsocks (Xray's server takes no Mux.Cool).
 */
export function muxAllowed(spec: LinkSpec): boolean {
  if (spec.protocol === 'shadowsocks' || spec.protocol === 'hysteria2') return false;
  if (spec.protocol === 'vless' && spec.flow) return false;
  return (spec.network ?? 'tcp') !== 'xhttp';
}

/** The proxy outbound of a link Xray carries. */
export function xrayOutbound(spec: LinkSpec, delivery: Delivery = NO_DELIVERY): Json {
  const server = { address: spec.host, port: spec.port };
  let settings: Json;
  switch (spec.protocol) {
    case 'vless':
      settings = {
        vnext: [
          { ...server, users: [{ id: spec.id ?? '', encryption: 'none', ...(spec.flow ? { flow: spec.flow } : {}) }] },
        ],
      };
      break;
    case 'vmess':
      settings = { vnext: [{ ...server, users: [{ id: spec.id ?? '', alterId: 0, security: 'auto' }] }] };
      break;
    case 'trojan':
      settings = { servers: [{ ...server, password: spec.password ?? '' }] };
      break;
    default:
      settings = { servers: [{ ...server, method: spec.method ?? '', password: spec.password ?? '' }] };
  }
  return {
    tag: 'proxy',
    protocol: spec.protocol,
    settings,
    streamSettings: streamSettings(spec, delivery),
    ...(delivery.mux && muxAllowed(spec)
      ? { mux: { enabled: true, concurrency: 8, xudpConcurrency: 16, xudpProxyUDP443: 'reject' } }
      : {}),
  };
}

/** The routing: private addresses direct, then (Iran-direct) `.ir` domains and Iranian addresses, then the proxy. */
function routing(delivery: Delivery): Json {
  const direct = (rule: Json) => ({ type: 'field', ...rule, outboundTag: 'direct' });
  return {
    // Iranian addresses are known by IP: a domain that no domain rule names is resolved to match them.
    domainStrategy: delivery.iranDirect ? 'IPIfNonMatch' : 'AsIs',
    rules: [
      direct({ ip: ['geoip:private'] }),
      ...(delivery.iranDirect ? [direct({ domain: [IRAN.xrayDomain] }), direct({ ip: [IRAN.xrayIp] })] : []),
      { type: 'field', network: 'tcp,udp', outboundTag: 'proxy' },
    ],
  };
}

/** One complete Xray config for a link. */
export function xrayConfig(spec: LinkSpec, name: string, delivery: Delivery = NO_DELIVERY): Json {
  const fragmented = delivery.fragment !== null && securityOf(spec) !== 'none';
  return {
    remarks: name,
    log: { loglevel: 'warning' },
    inbounds: [
      {
        tag: 'socks',
        listen: '127.0.0.1',
        port: SOCKS_PORT,
        protocol: 'socks',
        settings: { auth: 'noauth', udp: true },
        sniffing: { enabled: true, destOverride: ['http', 'tls'], routeOnly: true },
      },
      {
        tag: 'http',
        listen: '127.0.0.1',
        port: HTTP_PORT,
        protocol: 'http',
        settings: {},
        sniffing: { enabled: true, destOverride: ['http', 'tls'], routeOnly: true },
      },
    ],
    outbounds: [
      xrayOutbound(spec, delivery),
      { tag: 'direct', protocol: 'freedom', settings: {} },
      { tag: 'block', protocol: 'blackhole', settings: {} },
      ...(fragmented
        ? [
            {
              tag: 'fragment',
              protocol: 'freedom',
              settings: { fragment: delivery.fragment },
              streamSettings: { sockopt: { tcpNoDelay: true } },
            },
          ]
        : []),
    ],
    routing: routing(delivery),
  };
}

/** The Xray JSON profile: an array of configs, one per link Xray can carry, named as the other formats name them. */
export function xrayProfile(specs: LinkSpec[], names: string[], delivery: Delivery = NO_DELIVERY): string {
  const configs = specs
    .map((spec, index) => (xrayCarries(spec) ? xrayConfig(spec, names[index]!, delivery) : null))
    .filter((config) => config !== null);
  return JSON.stringify(configs, null, 2);
}
