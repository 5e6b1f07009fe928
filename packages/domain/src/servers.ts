import { asRecord, toNumber, toText } from './records.ts';

/** A server as the backend sends it; `server` is JSON text whose field `s` lists the connection links. */
export interface RawServer {
  id: number;
  title: string;
  type: number;
  countryCode: string | number;
  server: string;
}

/** The connection protocol of a server. */
export type ServerType = 'v2ray' | 'openconnect' | 'unknown';

/** A server ready to show: its type named and its links listed, with credentials filled in. */
export interface Server {
  id: number;
  title: string;
  type: ServerType;
  countryCode: string;
  links: string[];
}

/** The placeholder in link templates that stands for "username-password". */
export const CREDENTIALS_PLACEHOLDER = 'xxx';

/** The server type number that means v2ray; any other number is openconnect. */
export const V2RAY_TYPE = 2;

function parseLinks(server: unknown): string[] | null {
  let value: unknown = server;
  if (typeof server === 'string') {
    try {
      value = JSON.parse(server);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const links = (value as Record<string, unknown>).s;
  return Array.isArray(links) ? links.filter((link): link is string => typeof link === 'string') : [];
}

/** What the placeholder becomes: `${username}-${password}`, or 'unknown' when either is missing. */
export function credentialsToken(credentials?: { username?: string | null; password?: string | null }): string {
  const username = credentials?.username;
  const password = credentials?.password;
  return username && password ? `${username}-${password}` : 'unknown';
}

/**
 * Type 2 -> 'v2ray', anything else -> 'openconnect'; unparseable server JSON -> 'unknown' with no links.
 * Every 'xxx' in the title and links becomes `${username}-${password}` (or 'unknown').
 */
export function parseServer(
  raw: RawServer,
  credentials?: { username?: string | null; password?: string | null },
): Server {
  const r = asRecord(raw);
  const token = credentialsToken(credentials);
  const fill = (text: string) => text.replaceAll(CREDENTIALS_PLACEHOLDER, token);
  const links = parseLinks(r.server);
  const typeNumber = toNumber(r.type, NaN);
  return {
    id: toNumber(r.id),
    title: fill(toText(r.title)),
    type: links === null ? 'unknown' : typeNumber === V2RAY_TYPE ? 'v2ray' : 'openconnect',
    countryCode: toText(r.countryCode),
    links: (links ?? []).map(fill),
  };
}

/** A country of the server list; its id matches the servers' countryCode. */
export interface Country {
  id: string;
  title: string;
}

/** Groups servers under their countries, in the order of `countries`; countries with no servers are left out. */
export function groupServersByCountry(
  servers: Server[],
  countries: Array<{ id: string | number; title: string }>,
): Array<{ country: Country; servers: Server[] }> {
  const seen = new Set<string>();
  const groups: Array<{ country: Country; servers: Server[] }> = [];
  for (const country of countries) {
    const id = String(country.id);
    if (seen.has(id)) continue;
    seen.add(id);
    const own = servers.filter((server) => String(server.countryCode) === id);
    if (own.length > 0) groups.push({ country: { id, title: country.title }, servers: own });
  }
  return groups;
}

/** All links as one clipboard text, one link a line. */
export function linksClipboardText(links: string[]): string {
  return links.join('\n');
}
