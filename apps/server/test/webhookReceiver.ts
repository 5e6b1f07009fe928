import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its path, headers and raw body, byte for byte. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

/**
 * A webhook receiver on 127.0.0.1 (CONTRACTS §13 tests): records every request, and answers each path
 * by its script — a list of statuses taken in turn (the last one repeats); `redirect` answers 302 to
 * `/redirect-target`, which must never be asked.
 */
export async function startWebhookReceiver(scripts: Record<string, number[]> = {}) {
  const received: Received[] = [];
  const served = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!;
      received.push({ path, headers: request.headers, raw: Buffer.concat(chunks) });
      if (path === '/redirect') {
        response.writeHead(302, { location: `${url}/redirect-target` }).end();
        return;
      }
      const script = scripts[path] ?? [200];
      const n = served.get(path) ?? 0;
      served.set(path, n + 1);
      const status = script[Math.min(n, script.length - 1)]!;
      // A long answer: the shop reads only its start.
      response
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status >= 300 ? `failure ${status} ${'x'.repeat(50_000)}` : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** The requests to one path. */
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
