import { isIPv6 } from 'node:net';
import type { NodeRow } from '../../platform/db/schema.ts';
import type { SecretBox } from '../../platform/security/crypto.ts';

/**
 * A share link's content, whatever its scheme: what client apps (v2rayNG, v2rayN, Hiddify, sing-box,
 * Streisand, Shadowrocket…) import from vless://, vmess://, trojan://, ss:// and hysteria2:// links,
 * in the de facto formats of v2rayN/Xray (VLESS, Trojan), v2rayN's base64 JSON (VMess), SIP002 and
 * SIP022 (Shadowsocks) and Hysteria 2's URI scheme.
 */
export interface LinkSpec {
  protocol: 'vless' | 'vmess' | 'trojan' | 'shadowsocks' | 'hysteria2';
  name: string;
  host: string;
  port: number;
  /** VLESS and VMess: the user id. */
  id?: string;
  /** Trojan, Shadowsocks and Hysteria 2: the password. */
  password?: string;
  /** Shadowsocks: the cipher. */
  method?: string;
  network?: string;
  path?: string;
  transportHost?: string;
  serviceName?: string;
  security?: 'none' | 'tls' | 'reality';
  sni?: string;
  fingerprint?: string;
  publicKey?: string;
  shortId?: string;
  flow?: string;
  /** Hysteria 2: the salamander obfuscation password. */
  obfsPassword?: string;
}

const hostPart = (host: string) => (isIPv6(host) ? `[${host}]` : host);
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const unb64 = (text: string) => Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');

function query(entries: Array<[string, string | undefined]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) if (value !== undefined && value !== '') params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The transport's query parameters, as v2rayN writes them. */
function transportQuery(spec: LinkSpec): Array<[string, string | undefined]> {
  const network = spec.network ?? 'tcp';
  return [
    ['type', network],
    ['path', ['ws', 'httpupgrade', 'xhttp'].includes(network) ? spec.path : undefined],
    ['host', spec.transportHost],
    ['serviceName', network === 'grpc' ? spec.serviceName : undefined],
    ['mode', network === 'grpc' ? 'gun' : undefined],
  ];
}

function securityQuery(spec: LinkSpec): Array<[string, string | undefined]> {
  const security = spec.security ?? 'none';
  return [
    ['security', security],
    ['sni', security === 'none' ? undefined : spec.sni],
    ['fp', security === 'none' ? undefined : (spec.fingerprint ?? 'chrome')],
    ['pbk', security === 'reality' ? spec.publicKey : undefined],
    ['sid', security === 'reality' ? spec.shortId : undefined],
  ];
}

/** The link for a spec. */
export function formatLink(spec: LinkSpec): string {
  const at = `${hostPart(spec.host)}:${spec.port}`;
  const name = `#${encodeURIComponent(spec.name)}`;
  switch (spec.protocol) {
    case 'vless':
      return `vless://${encodeURIComponent(spec.id ?? '')}@${at}${query([
        ['encryption', 'none'],
        ['flow', spec.flow],
        ...securityQuery(spec),
        ...transportQuery(spec),
      ])}${name}`;
    case 'vmess': {
      const network = spec.network ?? 'tcp';
      const json = {
        v: '2',
        ps: spec.name,
        add: spec.host,
        port: String(spec.port),
        id: spec.id ?? '',
        aid: '0',
        scy: 'auto',
        net: network,
        type: network === 'grpc' ? 'gun' : 'none',
        host: spec.transportHost ?? '',
        path: network === 'grpc' ? (spec.serviceName ?? '') : (spec.path ?? ''),
        tls: spec.security === 'tls' ? 'tls' : '',
        sni: spec.security === 'tls' ? (spec.sni ?? '') : '',
        fp: spec.security === 'tls' ? (spec.fingerprint ?? 'chrome') : '',
      };
      return `vmess://${b64(JSON.stringify(json))}`;
    }
    case 'trojan':
      return `trojan://${encodeURIComponent(spec.password ?? '')}@${at}${query([
        ...securityQuery({ ...spec, security: spec.security ?? 'tls' }),
        ...transportQuery(spec),
      ])}${name}`;
    case 'shadowsocks': {
      const method = spec.method ?? '';
      // SIP022: a 2022 password holds base64 keys, so userinfo is percent-encoded, not base64.
      const userinfo = method.startsWith('2022-')
        ? `${encodeURIComponent(method)}:${encodeURIComponent(spec.password ?? '')}`
        : b64url(`${method}:${spec.password ?? ''}`);
      return `ss://${userinfo}@${at}${name}`;
    }
    case 'hysteria2':
      return `hysteria2://${encodeURIComponent(spec.password ?? '')}@${at}${query([
        ['sni', spec.sni],
        ['obfs', spec.obfsPassword ? 'salamander' : undefined],
        ['obfs-password', spec.obfsPassword],
      ])}${name}`;
  }
}

function fromUrl(url: URL) {
  const p = url.searchParams;
  const value = (key: string) => p.get(key) ?? undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const security = value('security');
  return {
    host,
    port: Number(url.port),
    name: decodeURIComponent(url.hash.slice(1)),
    user: decodeURIComponent(url.username),
    network: value('type') ?? 'tcp',
    path: value('path'),
    transportHost: value('host'),
    serviceName: value('serviceName'),
    security: (['tls', 'reality', 'none'].includes(security ?? '') ? security : undefined) as
      LinkSpec['security'] | undefined,
    sni: value('sni') ?? value('peer'),
    fingerprint: value('fp'),
    publicKey: value('pbk'),
    shortId: value('sid'),
    flow: value('flow'),
    value,
  };
}

const validPort = (port: number) => Number.isInteger(port) && port > 0 && port < 65_536;

/** Reads a share link back; null for what is not one of the five kinds, or is broken. */
export function parseLink(link: string): LinkSpec | null {
  const text = link.trim();
  try {
    const scheme = text.slice(0, text.indexOf('://')).toLowerCase();
    if (scheme === 'vmess') {
      const json = JSON.parse(unb64(text.slice('vmess://'.length))) as Record<string, unknown>;
      const str = (key: string) => (json[key] === undefined || json[key] === null ? '' : String(json[key]));
      const network = str('net') || 'tcp';
      const spec: LinkSpec = {
        protocol: 'vmess',
        name: str('ps'),
        host: str('add'),
        port: Number(str('port')),
        id: str('id'),
        network,
        security: str('tls') === 'tls' ? 'tls' : 'none',
        ...(str('host') ? { transportHost: str('host') } : {}),
        ...(network === 'grpc' ? { serviceName: str('path') } : str('path') ? { path: str('path') } : {}),
        ...(str('sni') ? { sni: str('sni') } : {}),
        ...(str('fp') ? { fingerprint: str('fp') } : {}),
      };
      return spec.host && validPort(spec.port) ? spec : null;
    }
    if (scheme === 'ss') {
      const rest = text.slice('ss://'.length);
      const hash = rest.indexOf('#');
      const name = hash >= 0 ? decodeURIComponent(rest.slice(hash + 1)) : '';
      let body = hash >= 0 ? rest.slice(0, hash) : rest;
      body = body.split('?')[0]!.replace(/\/$/, '');
      // Legacy: the whole method:password@host:port in base64.
      if (!body.includes('@')) body = unb64(body);
      const at = body.lastIndexOf('@');
      let userinfo = body.slice(0, at);
      const url = new URL(`ss://x@${body.slice(at + 1)}`);
      userinfo = userinfo.includes(':') ? decodeURIComponent(userinfo) : unb64(decodeURIComponent(userinfo));
      const colon = userinfo.indexOf(':');
      if (colon < 0) return null;
      const decode = (part: string) => (/%[0-9a-f]{2}/i.test(part) ? decodeURIComponent(part) : part);
      const spec: LinkSpec = {
        protocol: 'shadowsocks',
        name,
        host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: Number(url.port),
        method: decode(userinfo.slice(0, colon)),
        password: decode(userinfo.slice(colon + 1)),
      };
      return spec.host && validPort(spec.port) ? spec : null;
    }
    if (!['vless', 'trojan', 'hysteria2', 'hy2'].includes(scheme)) return null;
    const url = new URL(text.replace(/^hy2:\/\//i, 'hysteria2://'));
    const u = fromUrl(url);
    if (!u.host || !validPort(u.port)) return null;
    const common = { name: u.name, host: u.host, port: u.port };
    const optional = <T extends object>(entries: T) =>
      Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
    // What VLESS and Trojan links share: the transport and its security, when given.
    const transport = optional({
      path: u.path,
      transportHost: u.transportHost,
      serviceName: u.serviceName,
      sni: u.sni,
      fingerprint: u.fingerprint,
      publicKey: u.publicKey,
      shortId: u.shortId,
    });
    if (scheme === 'vless')
      return {
        protocol: 'vless',
        ...common,
        id: u.user,
        network: u.network,
        security: u.security ?? 'none',
        ...transport,
        ...optional({ flow: u.flow }),
      };
    if (scheme === 'trojan')
      return {
        protocol: 'trojan',
        ...common,
        password: u.user,
        network: u.network,
        security: u.security ?? 'tls',
        ...transport,
      };
    return {
      protocol: 'hysteria2',
      ...common,
      password: u.user,
      ...optional({
        sni: u.sni,
        obfsPassword: u.value('obfs') === 'salamander' ? u.value('obfs-password') : undefined,
      }),
    };
  } catch {
    return null;
  }
}

/** The Shadowsocks password of an account on a node: V2bX's keys for the 2022 ciphers, else the id. */
export function shadowsocksPassword(node: Pick<NodeRow, 'cipher'>, serverKey: string | null, id: string): string {
  if (!node.cipher?.startsWith('2022-') || !serverKey) return id;
  // V2bX (core/xray/ss.go): the user key is the base64 of the id's first 16 (or 32) bytes.
  return `${serverKey}:${Buffer.from(id).subarray(0, 16).toString('base64')}`;
}

/** The link an account gets for a node: the node's settings and the account's id (`username-password`). */
export function nodeLinkSpec(node: NodeRow, id: string, box: SecretBox): LinkSpec {
  const common = { name: node.name, host: node.host, port: node.port };
  const transport = {
    network: node.network,
    ...(node.path ? { path: node.path } : {}),
    ...(node.transport_host ? { transportHost: node.transport_host } : {}),
    ...(node.service_name ? { serviceName: node.service_name } : {}),
  };
  const security = node.security as 'none' | 'tls' | 'reality';
  const secured = {
    security,
    ...(security !== 'none' && node.server_name ? { sni: node.server_name } : {}),
    ...(security !== 'none' ? { fingerprint: 'chrome' } : {}),
    ...(security === 'reality'
      ? { publicKey: node.reality_public_key ?? '', shortId: node.reality_short_id ?? '' }
      : {}),
  };
  switch (node.protocol) {
    case 'vless':
      return { protocol: 'vless', ...common, id, ...transport, ...secured, ...(node.flow ? { flow: node.flow } : {}) };
    case 'vmess':
      return { protocol: 'vmess', ...common, id, ...transport, ...secured };
    case 'trojan':
      return { protocol: 'trojan', ...common, password: id, ...transport, ...secured };
    case 'shadowsocks':
      return {
        protocol: 'shadowsocks',
        ...common,
        method: node.cipher ?? '',
        password: shadowsocksPassword(node, node.server_key ? box.open(node.server_key) : null, id),
      };
    default:
      return {
        protocol: 'hysteria2',
        ...common,
        password: id,
        ...(node.server_name ? { sni: node.server_name } : {}),
        ...(node.obfs_password ? { obfsPassword: node.obfs_password } : {}),
      };
  }
}
