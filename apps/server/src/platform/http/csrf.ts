import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Gateway returns come cross-site from the bank by design. */
const EXEMPT = [/^\/payment\/callback\//];

function hostOf(value: string): string | null {
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Refuses a state-changing request whose Origin (or, lacking it, Referer) names another site than
 * ours or a configured one. A request with neither comes from no browser and is judged by its
 * credentials alone.
 */
export function originCheck(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((origin) => hostOf(origin)).filter((h): h is string => h !== null));
  // A callback hook: it runs on every request, and a promise per request is measurable (docs/BENCHMARKS.md).
  return function checkOrigin(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    if (SAFE_METHODS.has(request.method)) return done();
    const path = request.url.split('?')[0] ?? '';
    if (EXEMPT.some((pattern) => pattern.test(path))) return done();
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    const source = origin ?? referer;
    if (source === undefined) return done();
    const host = source === 'null' ? null : hostOf(source);
    const own = hostOf(`${request.protocol}://${request.host}`) ?? request.host.toLowerCase();
    if (host !== null && (host === own || allowed.has(host))) return done();
    done(new AppError('cross_site'));
  };
}
