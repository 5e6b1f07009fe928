import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asRecord, type AdminListQuery, type OperatorRole } from '@separ/domain';
import type { OperatorRow } from '../db/schema.ts';
import { invalid } from '../errors.ts';

/**
 * What every module's admin routes share (docs/ADMIN.md): the operator the console's scope signed
 * in (modules/operators), who the audit log names, and the list query every table sends. Each
 * module mounts its own admin routes on that scope; the composition root (app.ts) hands them over.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the operators module's sign-in check on every admin route but sign-in itself. */
    operator?: OperatorRow;
    /** Set instead of `operator` for a request with an API token (CONTRACTS §13). */
    apiToken?: { name: string; role: OperatorRole };
  }
}

/** A module's admin routes, mounted on the console's scope (every route behind an operator's session). */
export type AdminRoutes<C> = (admin: FastifyInstance, ctx: C) => void | Promise<void>;

/** Who the audit log names: the signed-in operator, or the API token by its name. */
export const actor = (request: FastifyRequest): string => request.operator?.username ?? request.apiToken!.name;

/** The origin the operator's browser reached us at. */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** `{ ok: true }` once `work` is done: the answer of a change that returns nothing else (a removal). */
export async function done(work: Promise<unknown>): Promise<{ ok: true }> {
  await work;
  return { ok: true };
}

/** Text, or undefined when absent or empty (an empty form field means "not given"). */
export function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function int(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n)) throw invalid(`${name} must be a whole number.`);
  return n;
}

/** A table's search, page and sort from the query string. */
export function listQuery(raw: unknown): AdminListQuery {
  const q = asRecord(raw);
  const dir = q.dir === 'asc' || q.dir === 'desc' ? q.dir : undefined;
  return {
    q: typeof q.q === 'string' ? q.q : undefined,
    page: int(q.page, 'page'),
    pageSize: int(q.pageSize, 'pageSize'),
    sort: typeof q.sort === 'string' ? q.sort : undefined,
    dir,
  };
}
