/** Helpers for the tests against real peers (v2ray, ocserv, openconnect, radclient): processes, ports, SOCKS. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';

/** Whether a program is installed (CI installs them: .ci/run). */
export function installed(program: string): boolean {
  return ['/usr/bin', '/usr/sbin', '/bin', '/sbin'].some((dir) => existsSync(join(dir, program)));
}

/** Waits until something listens on the TCP port. */
export async function waitForPort(port: number, child?: ChildProcess, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}

/** Starts a program, keeping what it says for the error message. */
export function startPeer(program: string, args: string[]): ChildProcess & { output(): string } {
  const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] }) as ChildProcess & { output(): string };
  let said = '';
  const keep = (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.output = () => said;
  return child;
}

export async function stopPeer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A self-signed certificate for a name, made with openssl. */
export function selfSignedCertificate(dir: string, name: string): { cert: string; key: string } {
  const cert = join(dir, `${name}.crt`);
  const key = join(dir, `${name}.key`);
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=DNS:${name}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  return { cert, key };
}

/** A local HTTP server that answers every request with `size` bytes: what the VPN carries. */
export async function payloadServer(size: number) {
  const body = Buffer.alloc(size, 0x61);
  const server = createServer((socket) => {
    socket.once('data', () => {
      socket.end(
        Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${size}\r\nconnection: close\r\n\r\n`), body]),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * GET http://127.0.0.1:{port}/ through a SOCKS5 proxy (RFC 1928, no authentication): the body's
 * length, or an error when the proxy or the tunnel behind it refuses.
 */
export function fetchThroughSocks(socksPort: number, targetPort: number, timeoutMs = 8000): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(socksPort, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('timeout'));
    }, timeoutMs);
    let stage = 0;
    let buffer = Buffer.alloc(0);
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    socket.on('error', fail);
    socket.on('connect', () => socket.write(Buffer.from([5, 1, 0])));
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (stage === 0 && buffer.length >= 2) {
        if (buffer[1] !== 0) return fail(new Error('socks: no method'));
        buffer = buffer.subarray(2);
        stage = 1;
        const port = Buffer.alloc(2);
        port.writeUInt16BE(targetPort);
        socket.write(Buffer.concat([Buffer.from([5, 1, 0, 1, 127, 0, 0, 1]), port]));
      }
      if (stage === 1 && buffer.length >= 10) {
        if (buffer[1] !== 0) return fail(new Error(`socks: refused (${buffer[1]})`));
        buffer = buffer.subarray(10);
        stage = 2;
        socket.write('GET / HTTP/1.1\r\nhost: target\r\nconnection: close\r\n\r\n');
      }
    });
    socket.on('end', () => {
      clearTimeout(timer);
      if (stage < 2) return reject(new Error('socks: closed before the tunnel was up'));
      const text = buffer.toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      if (!text.startsWith('HTTP/1.1 200') || head < 0) return reject(new Error('no answer through the tunnel'));
      resolve(buffer.length - head - 4);
    });
  });
}
