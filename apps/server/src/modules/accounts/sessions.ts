import type { Db } from '../../platform/db/index.ts';
import { prepare } from '../../platform/db/prepared.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { randomToken, tokenHash } from '../../platform/security/crypto.ts';
import { addDays } from '../../platform/clock.ts';

/** Starts a web session: the token goes to the cookie, only its hash to the database. */
export async function createSession(
  db: Db,
  userId: number,
  now: Date,
  days: number,
  meta: { ip?: string | null; userAgent?: string | null } = {},
): Promise<{ token: string; expiresAt: string }> {
  const token = randomToken();
  const expiresAt = addDays(now, days);
  await db
    .insertInto('sessions')
    .values({
      token_hash: tokenHash(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      last_seen_at: now.toISOString(),
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

const sessionUser = prepare<'tokenHash' | 'now', UserRow>((db, _kind, param) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', param('tokenHash'))
    .where('sessions.expires_at', '>', param('now')),
);

/** The user of a live session token, or undefined. */
export async function userForSession(db: Db, token: string, now: Date): Promise<UserRow | undefined> {
  const [user] = await sessionUser(db, { tokenHash: tokenHash(token), now: now.toISOString() });
  return user;
}

/** Ends one session. */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash(token)).execute();
}

/** Deletes the web sessions that have expired. */
export async function purgeExpiredSessions(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
