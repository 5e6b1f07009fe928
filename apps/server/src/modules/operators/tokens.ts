import type { OperatorRole } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { randomToken, tokenHash } from '../../platform/security/crypto.ts';
import { parseRole } from './operators.ts';

/**
 * API tokens (CONTRACTS §13): `Authorization: Bearer {token}` opens the admin API with the token's
 * role, and what it changes is audited under the token's name. A token is printed once; the shop keeps
 * its SHA-256 only (the token is 256 random bits: a fast hash is enough, nothing to guess).
 */

/** Every token starts so: a leaked one is recognisable (and a secret scanner can look for it). */
export const TOKEN_PREFIX = 'separ_';

/** A token's name: 1 to 64 Latin letters, digits, dots, dashes or underscores. */
const TOKEN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** How often a token's last use is written (not on every request). */
const TOUCH_EVERY_MS = 60_000;

export interface ApiTokenInfo {
  name: string;
  role: OperatorRole;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
}

export async function addToken(
  ctx: AppContext,
  input: { name: string; role: unknown },
  actor: Actor,
): Promise<{ name: string; role: OperatorRole; token: string }> {
  const name = String(input.name ?? '').trim();
  if (!TOKEN_NAME.test(name))
    throw invalid('The token name must be 1 to 64 Latin letters, digits, dots, dashes or underscores.');
  const role = parseRole(input.role);
  const token = `${TOKEN_PREFIX}${randomToken()}`;
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('api_tokens').select('id').where('name', '=', name).executeTakeFirst();
    if (taken) throw conflict(`A token named ${name} exists already.`);
    await trx
      .insertInto('api_tokens')
      .values({ name, role, token_hash: tokenHash(token), created_at: now, created_by: actor, last_used_at: null })
      .execute();
    await audit(trx, ctx, { actor, action: 'token.add', target: `token:${name}`, after: { name, role } });
  });
  return { name, role, token };
}

export async function listTokens(ctx: AppContext): Promise<ApiTokenInfo[]> {
  const rows = await ctx.db.selectFrom('api_tokens').selectAll().orderBy('name').execute();
  return rows.map((row) => ({
    name: row.name,
    role: parseRoleOrLeast(row.role),
    createdAt: row.created_at,
    createdBy: row.created_by,
    lastUsedAt: row.last_used_at,
  }));
}

export async function revokeToken(ctx: AppContext, name: string, actor: Actor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('api_tokens').selectAll().where('name', '=', name).executeTakeFirst();
    if (!row) throw notFound(`No token named ${name}.`);
    await trx.deleteFrom('api_tokens').where('id', '=', row.id).execute();
    await audit(trx, ctx, { actor, action: 'token.revoke', target: `token:${name}`, before: { name, role: row.role } });
  });
}

function parseRoleOrLeast(value: string): OperatorRole {
  try {
    return parseRole(value);
  } catch {
    return 'support';
  }
}

/** The token a Bearer header names, or undefined (unknown, revoked, or not one of ours). */
export async function tokenFor(
  ctx: AppContext,
  bearer: string,
): Promise<{ name: string; role: OperatorRole } | undefined> {
  if (!bearer.startsWith(TOKEN_PREFIX) || bearer.length > 200) return undefined;
  const row = await ctx.db
    .selectFrom('api_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash(bearer))
    .executeTakeFirst();
  if (!row) return undefined;
  const now = ctx.now();
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= TOUCH_EVERY_MS)
    await ctx.db.updateTable('api_tokens').set({ last_used_at: now.toISOString() }).where('id', '=', row.id).execute();
  return { name: row.name, role: parseRoleOrLeast(row.role) };
}
