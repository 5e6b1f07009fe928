/** A NAS's side of RADIUS for the tests: packets made with `radius`, sent over UDP, replies checked. */
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { createHmac } from 'node:crypto';
import radius from 'radius';

export interface Reply {
  code: string;
  attributes: Record<string, unknown>;
  /** The reply's first attribute type (80: Message-Authenticator). */
  firstAttribute: number | null;
  raw: Buffer;
}

/** A free UDP port on 127.0.0.1. */
export async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** Sends a packet and waits for the answer; null when none comes (the server dropped it). */
export async function exchange(port: number, packet: Buffer, timeoutMs = 1500): Promise<Buffer | null> {
  const socket = createSocket('udp4');
  try {
    return await new Promise<Buffer | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs);
      socket.once('message', (message) => {
        clearTimeout(timer);
        resolve(message);
      });
      socket.send(packet, port, '127.0.0.1');
    });
  } finally {
    socket.close();
  }
}

let identifier = 0;

/** Encodes a request, as a NAS would. */
export function request(
  code: 'Access-Request' | 'Accounting-Request',
  secret: string,
  attributes: Array<[string, unknown]>,
  options: { messageAuthenticator?: boolean } = {},
): Buffer {
  identifier = (identifier + 1) % 256;
  return radius.encode({
    code,
    secret,
    identifier,
    attributes: attributes as radius.EncodeArgs['attributes'],
    add_message_authenticator: options.messageAuthenticator ?? false,
  });
}

/**
 * Sends a request and reads the reply (its authenticator checked against the request). A test that
 * a packet is dropped keeps the short default; one that runs many requests at once on a busy
 * machine waits as long as a NAS does (ocserv's radcli: 10 s).
 */
export async function ask(port: number, secret: string, packet: Buffer, timeoutMs?: number): Promise<Reply | null> {
  const raw = await exchange(port, packet, timeoutMs);
  if (!raw) return null;
  if (!radius.verify_response({ request: packet, response: raw, secret }))
    throw new Error('the reply does not verify with the secret');
  const decoded = radius.decode({ packet: raw, secret });
  return {
    code: decoded.code,
    attributes: decoded.attributes as Record<string, unknown>,
    firstAttribute: raw.length > 20 ? raw[20]! : null,
    raw,
  };
}

/** Rewrites a packet's Message-Authenticator so that it no longer verifies. */
export function breakMessageAuthenticator(packet: Buffer): Buffer {
  const copy = Buffer.from(packet);
  for (let offset = 20; offset < copy.length; offset += copy[offset + 1]!) {
    if (copy[offset] === 80) {
      createHmac('md5', 'not-the-secret')
        .update(copy)
        .digest()
        .copy(copy, offset + 2);
      return copy;
    }
  }
  throw new Error('no Message-Authenticator');
}

/**
 * FreeRADIUS's radclient (freeradius-utils): exit code 0 for Accept/Response, and what it printed.
 * Asynchronous: the server under test may run in this very process.
 */
export function radclient(
  port: number,
  kind: 'auth' | 'acct',
  secret: string,
  attributes: string,
): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('radclient', ['-x', '-r', '1', '-t', '2', `127.0.0.1:${port}`, kind, secret]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, out }));
    child.stdin.end(attributes);
  });
}
