import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * A request parameter from the query string (as the spec's client sends it) or the body (JSON or
 * form). Text only; trimmed of nothing, so passwords stay exact.
 */
export function param(request: FastifyRequest, name: string): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  const value = query?.[name] ?? (body && typeof body === 'object' ? body[name] : undefined);
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : undefined;
}

/** A required, non-blank parameter of at most `max` characters; otherwise 400. */
export function requiredParam(request: FastifyRequest, name: string, max = 256): string {
  const value = param(request, name);
  if (value === undefined || value.trim() === '') throw new AppError('missingParameter', { name });
  if (value.length > max) throw new AppError('parameterTooLong', { name });
  return value;
}

/** The JSON schema of a query string whose named parameters are optional strings. */
export function querySchema(names: string[], max = 256) {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string', maxLength: max }])),
  } as const;
}
