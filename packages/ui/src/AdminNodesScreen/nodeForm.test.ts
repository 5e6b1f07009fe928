import { describe, expect, it } from 'vitest';
import type { AdminNode } from '@separ/domain';
import {
  draftFromNode,
  EMPTY_NODE_DRAFT,
  nodeFieldsShown,
  splitLinks,
  validateCountry,
  validateNodeDraft,
  validateRadiusClient,
  validateServer,
  withProtocol,
  type NodeDraft,
} from './nodeForm';

const reality: NodeDraft = {
  ...EMPTY_NODE_DRAFT,
  name: ' de-fra-1 ',
  host: 'fra1.separ.example',
  port: '۴۴۳',
  serverName: 'www.microsoft.com',
  realityPrivateKey: 'kPriv',
  realityShortId: '6BA85179',
  realityDest: 'www.microsoft.com',
  country: 'DE',
};

describe('the node form', () => {
  it('sends a VLESS REALITY node with the transport fields that do not apply as null', () => {
    expect(validateNodeDraft(reality, false)).toEqual({
      ok: true,
      input: {
        name: 'de-fra-1',
        protocol: 'vless',
        host: 'fra1.separ.example',
        port: 443,
        network: 'tcp',
        path: null,
        transportHost: null,
        serviceName: null,
        security: 'reality',
        serverName: 'www.microsoft.com',
        realityPrivateKey: 'kPriv',
        realityShortId: '6ba85179',
        realityDest: 'www.microsoft.com',
        realityDestPort: 443,
        flow: 'xtls-rprx-vision',
        cipher: null,
        obfsPassword: null,
        country: 'DE',
        rate: 1,
        active: true,
      },
    });
  });

  it('keeps the private key of a node being edited when the field is left empty', () => {
    const result = validateNodeDraft({ ...reality, realityPrivateKey: '' }, true);
    expect(result.ok).toBe(true);
    expect(result.ok && 'realityPrivateKey' in result.input).toBe(false);
    // A new node without one: the server makes the key pair.
    const fresh = validateNodeDraft({ ...reality, realityPrivateKey: '', serverName: '', realityDest: '' }, false);
    expect(fresh.ok).toBe(true);
    expect(fresh.ok && fresh.input).toMatchObject({ serverName: null, realityDest: null });
    expect(fresh.ok && 'realityPrivateKey' in fresh.input).toBe(false);
  });

  it('names every wrong field', () => {
    const result = validateNodeDraft(
      {
        ...reality,
        name: '',
        host: 'not a host',
        port: '70000',
        serverName: 'not a host',
        realityShortId: 'xyz',
        realityDest: 'not a host either',
        realityDestPort: '',
        rate: '0',
      },
      false,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'required',
        host: 'host',
        port: 'port',
        serverName: 'host',
        realityShortId: 'shortId',
        realityDest: 'host',
        realityDestPort: 'required',
        rate: 'rate',
      },
    });
  });

  it('asks for a gRPC service name and a path that starts with a slash', () => {
    const grpc = withProtocol({ ...reality, security: 'tls', network: 'grpc' }, 'trojan');
    expect(validateNodeDraft(grpc, false)).toMatchObject({ ok: false, errors: { serviceName: 'required' } });
    const ws = { ...grpc, network: 'ws', path: 'ws' };
    expect(validateNodeDraft(ws, false)).toMatchObject({ ok: false, errors: { path: 'path' } });
    expect(validateNodeDraft({ ...ws, path: '/ws' }, false)).toMatchObject({
      ok: true,
      input: { protocol: 'trojan', network: 'ws', path: '/ws', serviceName: null, flow: null },
    });
  });

  it('offers what each protocol takes', () => {
    const hy = withProtocol(reality, 'hysteria2');
    expect(hy).toMatchObject({ network: 'udp', security: 'tls', flow: '' });
    expect(nodeFieldsShown(hy)).toMatchObject({ network: false, security: false, hysteria: true, reality: false });
    const result = validateNodeDraft({ ...hy, upMbps: '۲۰۰', downMbps: 'fast' }, false);
    expect(result).toMatchObject({ ok: false, errors: { downMbps: 'whole' } });
    expect(validateNodeDraft({ ...hy, upMbps: '200', downMbps: '' }, false)).toMatchObject({
      ok: true,
      input: { upMbps: 200, realityPrivateKey: null, realityDest: null },
    });
    const ss = withProtocol(reality, 'shadowsocks');
    expect(ss).toMatchObject({ network: 'tcp', security: 'none' });
    expect(nodeFieldsShown(ss)).toMatchObject({ cipher: true, serverName: false, flow: false });
    expect(withProtocol(reality, 'vmess')).toMatchObject({ security: 'none' });
  });

  it('fills the form from a node', () => {
    const node: AdminNode = {
      id: 2,
      name: 'nl-ams-1',
      protocol: 'vmess',
      host: 'ams1.separ.example',
      port: 8443,
      network: 'ws',
      security: 'tls',
      serverName: null,
      country: null,
      rate: 1.5,
      active: false,
      online: false,
      lastSeenAt: null,
      trafficBytes: 0,
      settings: { path: '/ws', transportHost: 'cdn.example', realityDestPort: null },
    };
    expect(draftFromNode(node)).toMatchObject({
      port: '8443',
      path: '/ws',
      transportHost: 'cdn.example',
      serverName: '',
      country: '',
      rate: '1.5',
      active: false,
      realityDestPort: '443',
    });
    expect(validateNodeDraft(draftFromNode(node), true)).toMatchObject({
      ok: true,
      input: { rate: 1.5, country: null },
    });
  });
});

describe('the RADIUS, country and server forms', () => {
  it('check a RADIUS client', () => {
    expect(validateRadiusClient({ ip: '198.51.100.7', secret: 'longenough', name: '' })).toEqual({});
    expect(validateRadiusClient({ ip: 'host.example', secret: 'short', name: 'x'.repeat(65) })).toEqual({
      ip: 'ip',
      secret: 'secretShort',
      name: 'tooLong',
    });
    expect(validateRadiusClient({ ip: '', secret: '', name: '' })).toEqual({ ip: 'required', secret: 'required' });
  });

  it('check a country: two letters, not there yet, both names', () => {
    const existing = [{ code: 'DE', title: 'Germany', titleFa: 'آلمان' }];
    expect(validateCountry({ code: 'nl', title: 'Netherlands', titleFa: 'هلند' }, existing)).toEqual({});
    expect(validateCountry({ code: 'de', title: '', titleFa: ' ' }, existing)).toEqual({
      code: 'duplicate',
      title: 'required',
      titleFa: 'required',
    });
    expect(validateCountry({ code: 'DEU', title: 'x', titleFa: 'y' }, existing)).toEqual({ code: 'code' });
  });

  it('check a server template and its links, one a line', () => {
    expect(splitLinks(' a \n\n b\r\n')).toEqual(['a', 'b']);
    expect(validateServer({ title: 'DE 1', type: 2, country: 'DE', links: 'vless://xxx@h:443#a\nss://abc' })).toEqual(
      {},
    );
    expect(validateServer({ title: 'DE 1', type: 2, country: 'DE', links: 'h.example:443' })).toEqual({
      links: 'link',
    });
    expect(validateServer({ title: 'NL', type: 1, country: 'NL', links: 'ams1.separ.example:4443' })).toEqual({});
    expect(validateServer({ title: '', type: 1, country: '', links: ' ' })).toEqual({
      title: 'required',
      country: 'required',
      links: 'required',
    });
  });
});
