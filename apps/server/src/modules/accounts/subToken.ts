import { randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/index.ts';
import type { UserRow } from '../../platform/db/schema.ts';

/** A new subscription token: 192 random bits (CONTRACTS §7 asks at least 128). */
export function newSubToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The account's token, made on first use. */
export async function ensureSubToken(db: Db, user: Pick<UserRow, 'id' | 'sub_token'>): Promise<string> {
  if (user.sub_token) return user.sub_token;
  const token = newSubToken();
  await db
    .updateTable('users')
    .set({ sub_token: token })
    .where('id', '=', user.id)
    .where('sub_token', 'is', null)
    .execute();
  const fresh = await db.selectFrom('users').select('sub_token').where('id', '=', user.id).executeTakeFirstOrThrow();
  return fresh.sub_token ?? token;
}

/** A new token: the old link answers 404 from now on. */
export async function resetSubToken(db: Db, userId: number): Promise<string> {
  const token = newSubToken();
  await db.updateTable('users').set({ sub_token: token }).where('id', '=', userId).execute();
  return token;
}

export function subscriptionUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/sub/${token}`;
}
