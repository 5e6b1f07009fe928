import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import radius from 'radius';

/**
 * RADIUS packets (RFC 2865, 2866, 3579) through `radius` (retailnext/node-radius: a pure-JS codec
 * with the RFC dictionaries, kept since 2018, no dependencies), behind the checks it does not do
 * well: it compares authenticators as UTF-8 strings (lossy, not constant-time), so both the
 * Accounting-Request authenticator and a request's Message-Authenticator are checked here first with
 * timingSafeEqual; and every reply carries a Message-Authenticator as its first attribute (the
 * Blast-RADIUS hardening, CVE-2024-3596), which its encoder cannot do.
 */

export const CODE = { accessRequest: 1, accessAccept: 2, accessReject: 3, accountingRequest: 4 } as const;
const MESSAGE_AUTHENTICATOR = 80;
const PROXY_STATE = 33;

export type Packet = radius.RadiusPacket & { authenticator: Buffer };

/** A packet's own length field, or null for what is no RADIUS packet (too short, too long, truncated). */
export function packetLength(raw: Buffer): number | null {
  if (raw.length < 20) return null;
  const length = raw.readUInt16BE(2);
  return length < 20 || length > 4096 || length > raw.length ? null : length;
}

/** RFC 2866 §3: Request Authenticator = MD5(Code + Id + Length + 16 zero octets + Attributes + Secret). */
export function accountingAuthenticatorValid(raw: Buffer, secret: string): boolean {
  const packet = Buffer.from(raw.subarray(0, raw.readUInt16BE(2)));
  const got = Buffer.from(packet.subarray(4, 20));
  packet.fill(0, 4, 20);
  return timingSafeEqual(got, createHash('md5').update(packet).update(secret).digest());
}

/**
 * RFC 3579 §3.2 for an Access-Request: HMAC-MD5(secret, the packet with the attribute's value
 * zeroed). true or false when the attribute is there (a malformed packet is false), null when not.
 */
export function messageAuthenticatorValid(raw: Buffer, secret: string): boolean | null {
  const length = raw.readUInt16BE(2);
  const packet = Buffer.from(raw.subarray(0, length));
  for (let offset = 20; offset + 2 <= length;) {
    const type = packet[offset]!;
    const size = packet[offset + 1]!;
    if (size < 2 || offset + size > length) return false;
    if (type === MESSAGE_AUTHENTICATOR) {
      if (size !== 18) return false;
      const got = Buffer.from(packet.subarray(offset + 2, offset + 18));
      packet.fill(0, offset + 2, offset + 18);
      return timingSafeEqual(got, createHmac('md5', secret).update(packet).digest());
    }
    offset += size;
  }
  return null;
}

/** Decodes a packet whose authenticators were checked (decode throws on anything malformed). */
export function decodePacket(raw: Buffer, secret: string): Packet {
  return radius.decode({ packet: raw.subarray(0, raw.readUInt16BE(2)), secret }) as Packet;
}

export type Attribute = [string, string | number | Buffer];

/**
 * An Access-Accept or Access-Reject: Message-Authenticator first, Proxy-State echoed, then the
 * Message-Authenticator's HMAC over the reply carrying the request's authenticator, then the
 * Response Authenticator = MD5(Code + Id + Length + Request Authenticator + Attributes + Secret).
 */
export function accessReply(
  request: Packet,
  code: 'Access-Accept' | 'Access-Reject',
  attributes: Attribute[],
  secret: string,
): Buffer {
  const proxyState = request.raw_attributes.filter((attribute) => attribute[0] === PROXY_STATE);
  const reply = radius.encode({
    code,
    identifier: request.identifier,
    secret,
    add_message_authenticator: false,
    attributes: [[MESSAGE_AUTHENTICATOR, Buffer.alloc(16)], ...attributes, ...proxyState],
    authenticator: request.authenticator,
  } as radius.EncodeArgs & { authenticator: Buffer });
  request.authenticator.copy(reply, 4);
  createHmac('md5', secret).update(reply).digest().copy(reply, 22);
  createHash('md5').update(reply).update(secret).digest().copy(reply, 4);
  return reply;
}

/** An Accounting-Response (RFC 2866: no attributes of its own; Proxy-State echoed). */
export function accountingReply(request: Packet, secret: string): Buffer {
  return radius.encode_response({ packet: request, code: 'Accounting-Response', secret });
}

/** A counter pair as totals: RFC 2869's Gigawords carry what the 32-bit octet counter wrapped. */
export function octets(low: unknown, gigawords: unknown): number {
  const value = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : 0);
  return value(gigawords) * 2 ** 32 + value(low);
}
