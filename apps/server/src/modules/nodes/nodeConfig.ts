import type { NodeRow } from '../../platform/db/schema.ts';
import type { SecretBox } from '../../platform/security/crypto.ts';

/** The intervals a node is told to keep (seconds). */
export interface Intervals {
  push: number;
  pull: number;
}

/**
 * The transport settings as Xray's `infra/conf` reads them (V2bX unmarshals `networkSettings`
 * straight into those structs): null for plain tcp.
 */
export function networkSettings(node: NodeRow): Record<string, unknown> | null {
  switch (node.network) {
    case 'ws':
      return { path: node.path ?? '/', headers: node.transport_host ? { Host: node.transport_host } : {} };
    case 'grpc':
      return { serviceName: node.service_name ?? '' };
    case 'httpupgrade':
      return { path: node.path ?? '/', host: node.transport_host ?? '' };
    case 'xhttp':
      return { path: node.path ?? '/', host: node.transport_host ?? '', mode: 'auto' };
    default:
      return null;
  }
}

const TLS_CODE = { none: 0, tls: 1, reality: 2 } as const;

/**
 * The node's inbound as Xboard's `ServerService::buildNodeConfig` answers `GET config`
 * (cedar2025/Xboard), in the types V2bX's `api/panel/node.go` decodes: integers for the ports, `tls`
 * and the Mbps, a string for REALITY's `server_port`, `networkSettings` always present (null or an
 * object), `base_config` with integer intervals. Keys come in a fixed order, so that the same
 * settings give the same bytes (V2bX rebuilds its node whenever they change).
 */
export function buildNodeConfig(node: NodeRow, box: SecretBox, intervals: Intervals): Record<string, unknown> {
  const base = {
    protocol: node.protocol === 'hysteria2' ? 'hysteria' : node.protocol,
    listen_ip: '0.0.0.0',
    server_port: node.port,
    network: node.protocol === 'shadowsocks' || node.protocol === 'hysteria2' ? null : node.network,
    networkSettings: node.protocol === 'shadowsocks' || node.protocol === 'hysteria2' ? null : networkSettings(node),
  };
  const tlsSettings = { server_name: node.server_name, allow_insecure: false };
  const realitySettings = () => ({
    server_name: node.server_name,
    server_port: String(node.reality_dest_port),
    public_key: node.reality_public_key,
    private_key: node.reality_private_key ? box.open(node.reality_private_key) : null,
    short_id: node.reality_short_id,
    allow_insecure: false,
    ...(node.reality_dest ? { dest: node.reality_dest } : {}),
  });
  const tls = TLS_CODE[node.security as keyof typeof TLS_CODE] ?? 0;
  let answer: Record<string, unknown>;
  switch (node.protocol) {
    case 'vless':
      answer = {
        ...base,
        tls,
        flow: node.flow,
        decryption: null,
        tls_settings: tls === 2 ? realitySettings() : tlsSettings,
        multiplex: null,
      };
      break;
    case 'vmess':
      answer = { ...base, tls, tls_settings: tlsSettings, multiplex: null };
      break;
    case 'trojan':
      answer = {
        ...base,
        host: node.host,
        server_name: node.server_name,
        multiplex: null,
        tls: 1,
        tls_settings: tlsSettings,
      };
      break;
    case 'shadowsocks':
      answer = {
        ...base,
        cipher: node.cipher,
        plugin: null,
        plugin_opts: null,
        server_key: node.server_key ? box.open(node.server_key) : null,
      };
      break;
    default:
      // hysteria2: Xboard's `hysteria` node at version 2.
      answer = {
        ...base,
        version: 2,
        host: node.host,
        server_name: node.server_name,
        tls_settings: tlsSettings,
        up_mbps: node.up_mbps,
        down_mbps: node.down_mbps,
        obfs: node.obfs_password ? 'salamander' : null,
        'obfs-password': node.obfs_password,
      };
  }
  return { ...answer, base_config: { push_interval: intervals.push, pull_interval: intervals.pull } };
}
