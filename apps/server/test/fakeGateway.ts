import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAnswer = { status?: number; json?: unknown; raw?: string; hang?: boolean; delayMs?: number };

/** A request as the fake received it: method, headers and the body read as JSON or as a form. */
export interface FakeCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** How the body came: JSON, a form (application/x-www-form-urlencoded), or none. */
  encoding: 'json' | 'form' | 'none';
  body: Record<string, unknown>;
}

function readBody(req: IncomingMessage, text: string): Pick<FakeCall, 'encoding' | 'body'> {
  if (!text) return { encoding: 'none', body: {} };
  if ((req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
    return { encoding: 'form', body: Object.fromEntries(new URLSearchParams(text)) };
  return { encoding: 'json', body: JSON.parse(text) as Record<string, unknown> };
}

/**
 * A local fake of a gateway's HTTP protocol: records requests (path and body in `requests`; method,
 * headers and the body's encoding too in `calls`) and answers what the test says.
 */
export async function startFakeGateway(
  answer: (path: string, body: Record<string, unknown>, call: FakeCall) => FakeAnswer,
) {
  const requests: Array<{ path: string; body: Record<string, unknown> }> = [];
  const calls: FakeCall[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const { encoding, body } = readBody(req, text);
    const path = req.url ?? '/';
    requests.push({ path, body });
    const call: FakeCall = { method: req.method ?? 'GET', path, headers: req.headers, encoding, body };
    calls.push(call);
    const reply = answer(path, body, call);
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
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
