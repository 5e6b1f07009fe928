import { parseServer, MB } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { parseLink, type LinkSpec } from '../nodes/index.ts';
import { refusal } from '../accounts/index.ts';
import { accountServers } from './servers.ts';

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
