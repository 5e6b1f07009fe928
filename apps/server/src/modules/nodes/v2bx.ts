import type { NodeRow } from '../../platform/db/schema.ts';

/**
 * The entry of V2bX's config.json ("Nodes") that points a server at this node (docs/NODES.md):
 * Separ's address, the node's id and token, its type, and the core and certificate it needs.
 */
export function v2bxNodeEntry(node: NodeRow, apiHost: string, token = '<the node token>'): Record<string, unknown> {
  const core = node.protocol === 'hysteria2' ? 'sing' : 'xray';
  // TLS with a certificate of its own: V2bX gets one (Let's Encrypt over HTTP here); REALITY needs none.
  const needsCertificate = node.security === 'tls' || node.protocol === 'trojan' || node.protocol === 'hysteria2';
  return {
    Core: core,
    ApiHost: apiHost,
    ApiKey: token,
    NodeID: node.id,
    NodeType: node.protocol,
    Timeout: 30,
    ListenIP: '0.0.0.0',
    SendIP: '0.0.0.0',
    DeviceOnlineMinTraffic: 200,
    ...(core === 'xray' ? { EnableProxyProtocol: false, EnableUot: true, EnableTFO: true, DNSType: 'UseIPv4' } : {}),
    LimitConfig: { EnableRealtime: false, SpeedLimit: 0, DeviceLimit: 0, ConnLimit: 0 },
    CertConfig: needsCertificate
      ? {
          CertMode: 'http',
          CertDomain: node.server_name ?? node.host,
          CertFile: `/etc/V2bX/cert/${node.server_name ?? node.host}.crt`,
          KeyFile: `/etc/V2bX/cert/${node.server_name ?? node.host}.key`,
          Email: 'ops@example.com',
        }
      : { CertMode: 'none' },
  };
}
