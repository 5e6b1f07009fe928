import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// The node routes take the platform's context with the node caches (caches.ts).
import type { NodesContext as AppContext } from './caches.ts';
import type { NodeRow } from '../../platform/db/schema.ts';
import { AppError, isAppError } from '../../platform/errors.ts';
import { tokenHash } from '../../platform/security/crypto.ts';
import { aliveCounts, reportAlive } from './alive.ts';
import { buildNodeConfig } from './nodeConfig.ts';
import { applyPush, readPush } from './traffic.ts';
import { MB } from '@separ/domain';
import { NODE_ROUTES, type NodeQuery } from '@separ/domain/contract';
import { serve } from '../../platform/http/contract.ts';

/** The node types V2bX sends, and Xboard's aliases (app/Models/Server.php TYPE_ALIASES). */
const NODE_TYPES: Record<string, string> = {
  vless: 'vless',
  vmess: 'vmess',
  v2ray: 'vmess',
  trojan: 'trojan',
  shadowsocks: 'shadowsocks',
  hysteria2: 'hysteria2',
  hysteria: 'hysteria2',
};

/** The largest body a node may send: a push or alive report for some 100,000 accounts. */
const NODE_BODY_LIMIT = 8 * MB;

const sha1 = (body: string | Buffer) => createHash('sha1').update(body).digest('hex');

/** Whether the request's If-None-Match names this ETag (a substring test, as Xboard's). */
function notModified(request: FastifyRequest, hash: string): boolean {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && header !== '' && header.includes(hash);
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The Xboard UniProxy v1 API for V2bX (CONTRACTS §5), under /api/v1/server/UniProxy: config, user,
 * push, alive, alivelist and status, each with the query `node_id`, `node_type` and `token`.
 * A wrong token or an unknown node is 403, a node_type that is not the node's is 400.
 */
export async function uniProxyRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    // Xboard reads a node's body whatever its Content-Type says (its commit 93200ac): so do we.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NODE_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    /** The token each node last proved, against the hash it proved: a node polling again costs no hash. */
    const proved = new Map<number, { token: string; hash: string }>();

    scope.addHook('onRequest', (_request, reply, done) => {
      reply.forMachines = true;
      done();
    });

    async function authenticate(request: FastifyRequest): Promise<NodeRow> {
      const query = request.query as NodeQuery;
      const id = typeof query.node_id === 'string' && /^\d{1,9}$/.test(query.node_id) ? Number(query.node_id) : null;
      const token = typeof query.token === 'string' ? query.token : '';
      const node = id === null ? undefined : await ctx.nodes.registry.get(id);
      if (!node || token === '' || token.length > 200) throw new AppError('unknownNode');
      const known = proved.get(node.id);
      if (!known || known.hash !== node.token_hash || !sameHash(known.token, token)) {
        if (!sameHash(tokenHash(token), node.token_hash)) throw new AppError('unknownNode');
        proved.set(node.id, { token, hash: node.token_hash });
      }
      const type = typeof query.node_type === 'string' ? NODE_TYPES[query.node_type.toLowerCase()] : undefined;
      if (type !== node.protocol)
        throw new AppError('wrongNodeType', { given: String(query.node_type ?? '(none)'), protocol: node.protocol });
      return node;
    }

    function jsonBody(request: FastifyRequest): unknown {
      const raw = request.body;
      if (typeof raw !== 'string' || raw.trim() === '') return null;
      try {
        return JSON.parse(raw);
      } catch {
        return null;
      }
    }

    // The contract's routes (@separ/domain/contract NODE_ROUTES): the query is checked and bounded, the
    // JSON answers are serialised with their schemas (config and user are sent as the text they hash).
    const R = NODE_ROUTES;

    serve(scope, R.config, async (request, reply) => {
      const node = await authenticate(request);
      ctx.nodes.registry.seen(node.id);
      const body = JSON.stringify(buildNodeConfig(node, ctx.secrets.box, ctx.config.nodeIntervals));
      return sendTagged(request, reply, body, sha1(body), 'application/json; charset=utf-8');
    });

    serve(scope, R.user, async (request, reply) => {
      const node = await authenticate(request);
      const msgpack = String(request.headers['x-response-format'] ?? '').includes('msgpack');
      const answer = await ctx.nodes.users.answer(node, msgpack ? 'msgpack' : 'json');
      ctx.nodes.registry.seen(node.id, answer.count);
      return sendTagged(request, reply, answer.body, answer.sha1, answer.contentType);
    });

    serve(scope, R.push, async (request) => {
      const node = await authenticate(request);
      const body = jsonBody(request);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('invalidPushData');
      ctx.nodes.registry.seen(node.id);
      let usage;
      try {
        usage = readPush(body, Number(node.rate), await ctx.nodes.users.listedIds(node));
      } catch (error) {
        if (!isAppError(error, 'implausibleReport')) throw error;
        ctx.log.warn({ node: node.id, ...error.logDetails }, 'push refused: an entry above 10 TB');
        throw error;
      }
      await applyPush(ctx, node, usage);
      return { status: 'success', message: 'success', data: true, error: null } as const;
    });

    serve(scope, R.alive, async (request) => {
      const node = await authenticate(request);
      const body = jsonBody(request);
      if (body === null)
        throw new AppError('invalidOnlineData', undefined, { details: { error: 'Invalid online data' } });
      ctx.nodes.registry.seen(node.id);
      await reportAlive(ctx, node, body, {
        listed: await ctx.nodes.users.listedIds(node),
        limits: await ctx.nodes.users.deviceLimits(),
      });
      return { data: true } as const;
    });

    serve(scope, R.alivelist, async (request) => {
      await authenticate(request);
      return { alive: await aliveCounts(ctx.db, ctx.now()) };
    });

    serve(scope, R.status, async (request) => {
      const node = await authenticate(request);
      const load = readStatus(jsonBody(request));
      if (!load) throw new AppError('invalidStatusReport');
      ctx.nodes.registry.seen(node.id);
      await ctx.db
        .updateTable('nodes')
        .set({ load_status: JSON.stringify({ ...load, updated_at: ctx.now().toISOString() }) })
        .where('id', '=', node.id)
        .execute();
      return { data: true, code: 0, message: 'success' } as const;
    });
  });
}

/** An answer with its ETag, or 304 with nothing (as Xboard's: V2bX keeps the ETag it has). */
function sendTagged(request: FastifyRequest, reply: FastifyReply, body: string | Buffer, hash: string, type: string) {
  if (notModified(request, hash)) return reply.code(304).send();
  return reply.header('etag', `"${hash}"`).header('cache-control', 'no-cache').type(type).send(body);
}

/** Xboard's status report: cpu (%) and mem, swap and disk totals and use (bytes). */
function readStatus(body: unknown) {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const cpu = Number(b.cpu);
  if (!Number.isFinite(cpu) || cpu < 0 || cpu > 100) return null;
  const pair = (value: unknown) => {
    const v = (value ?? {}) as Record<string, unknown>;
    const total = Number(v.total);
    const used = Number(v.used);
    return Number.isInteger(total) && Number.isInteger(used) && total >= 0 && used >= 0 ? { total, used } : null;
  };
  const [mem, swap, disk] = [pair(b.mem), pair(b.swap), pair(b.disk)];
  return mem && swap && disk ? { cpu, mem, swap, disk } : null;
}
