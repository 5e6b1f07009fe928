import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAnswer = { status?: number; json?: unknown; raw?: string; hang?: boolean; delayMs?: number };

/** A local fake of a gateway's HTTP protocol: records requests and answers what the test says. */
export async function startFakeGateway(answer: (path: string, body: Record<string, unknown>) => FakeAnswer) {
  const requests: Array<{ path: string; body: Record<string, unknown> }> = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const path = req.url ?? '/';
    requests.push({ path, body });
    const reply = answer(path, body);
    if (reply.hang) return; // never answers: the client must time out
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
    res.end(reply.raw ?? JSON.stringify(reply.json ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
