import { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_PAGE_SIZES, type AdminListQuery } from '@separ/domain';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseKind } from './index.ts';
import { invalid } from '../errors.ts';

/** The page a list query asks for, checked: page from 1, a page size of ADMIN_PAGE_SIZES. */
export function pageOf(query: AdminListQuery): { page: number; pageSize: number; offset: number } {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? ADMIN_DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) throw invalid('page must be a whole number from 1.');
  if (!(ADMIN_PAGE_SIZES as readonly number[]).includes(pageSize))
    throw invalid(`pageSize must be one of ${ADMIN_PAGE_SIZES.join(', ')}.`);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/**
 * A LIKE pattern for what starts with `text`. Its % and backslashes are dropped (the two databases
 * escape differently); an _ stays a one-character wildcard, which can only widen a search.
 */
export function searchPattern(text: string): string {
  return `${text.replace(/[\\%]/g, '')}%`;
}

/**
 * `column` starts with `text`, whatever the case, through the search indexes of migration 0011:
 * SQLite's LIKE is case-insensitive and uses a NOCASE index; PostgreSQL's uses lower(column).
 */
export function startsWith(kind: DatabaseKind, column: string, text: string): RawBuilder<SqlBool> {
  const pattern = searchPattern(text);
  return kind === 'postgres'
    ? sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern.toLowerCase()}`
    : sql<SqlBool>`${sql.ref(column)} like ${pattern}`;
}

/** The sort column a list allows, else its default. */
export function sortOf<T extends string>(allowed: Record<string, T>, sort: string | undefined, fallback: T): T {
  if (sort === undefined || sort === '') return fallback;
  const column = allowed[sort];
  if (!column) throw invalid(`sort must be one of ${Object.keys(allowed).join(', ')}.`);
  return column;
}
