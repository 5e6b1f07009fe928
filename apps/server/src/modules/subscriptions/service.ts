import { randomBytes } from 'node:crypto';
import { parseServer } from '@separ/domain';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../platform/db/index.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { parseLink, type LinkSpec } from '../nodes/links.ts';
import { MB, refusal } from '../accounts/access.ts';
import { accountServers } from './servers.ts';

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

/** What a subscription carries: the account's V2Ray links (none when it may not connect), parsed. */
export async function subscriptionLinks(ctx: AppContext, user: UserRow, now: Date) {
  if (refusal(user, now) === 'suspended' || refusal(user, now) === 'expired') return { links: [], specs: [] };
  const servers = (await accountServers(ctx, user)).map((raw) => parseServer(raw));
  const links = servers.filter((server) => server.type === 'v2ray').flatMap((server) => server.links);
  const usable = links.map((link) => ({ link, spec: parseLink(link) })).filter((x) => x.spec !== null);
  return { links: usable.map((x) => x.link), specs: usable.map((x) => x.spec as LinkSpec) };
}

/** `subscription-userinfo`: bytes used and allowed (0: unlimited), and the expiry (0: not yet, or never). */
export function userInfo(user: Pick<UserRow, 'used_bytes' | 'allowed_mb' | 'expire_date'>): string {
  const total = Number(user.allowed_mb) === -1 ? 0 : Number(user.allowed_mb) * MB;
  const expire = user.expire_date ? Math.floor(Date.parse(user.expire_date) / 1000) : 0;
  return `upload=0; download=${Number(user.used_bytes)}; total=${total}; expire=${expire}`;
}
