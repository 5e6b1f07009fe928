import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  changedShopLinks,
  CONSENT_RECORDED_ATTRIBUTE,
  DEFAULT_LANGUAGE,
  DEFAULT_SHOP_LINKS,
  isConsentAnswer,
  isLanguage,
  LANGUAGES,
  prerenderedFile,
  SHOP_DATA_ID,
  type Language,
  type ShopLinks,
} from '@separ/domain';
import type { AppContext } from '../context.ts';
import { currentShopSettings } from '../services/shopSettings.ts';

/** A page to send: its HTML (with the nonce placeholder still in it) and its language, if it has one. */
export interface SitePage {
  html: string;
  language: Language | null;
}

/**
 * The web app's pages from its build: the single-page app's `index.html`, and the public pages
 * prerendered per language under `prerendered/{lng}/{page}.html` (performance issue §1). They are
 * built with the shop's default links; served, they carry the operator's (issue 23 §5: see
 * {@link withShopLinks}), each page made once per version of the links and kept.
 */
export class SitePages {
  readonly shell: string;
  private readonly prerendered = new Map<string, string>();
  /** The pages with the current links, made as they are asked for: the links' version and the pages. */
  private variant: { version: string; links: ShopLinks; pages: Map<string, string> } | null = null;

  /** Where the current links come from (none: the pages as built). */
  private readonly shop: Pick<AppContext, 'db' | 'config' | 'database' | 'log'> | undefined;

  constructor(webDist: string, shop?: Pick<AppContext, 'db' | 'config' | 'database' | 'log'>) {
    this.shop = shop;
    this.shell = readFileSync(join(webDist, 'index.html'), 'utf8');
    for (const lng of LANGUAGES) {
      const dir = join(webDist, 'prerendered', lng);
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir)) {
        if (file.endsWith('.html')) this.prerendered.set(`${lng}/${file}`, readFileSync(join(dir, file), 'utf8'));
      }
    }
  }

  /**
   * The page for a request: the prerendered one in the visitor's language — the `lng` query, then
   * the `i18next` cookie (SPEC §7's order, as far as a server can see it), Persian otherwise — when
   * the path has one and the query holds nothing else; the single-page app otherwise. Either with
   * the shop's current links.
   */
  async pageFor(url: string, cookieLanguage: string | undefined): Promise<SitePage> {
    const parsed = new URL(url, 'http://separ.local');
    const query = parsed.searchParams;
    const onlyLanguage = [...query.keys()].every((key) => key === 'lng');
    const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : '/';
    const language = languageFrom(query.get('lng')) ?? languageFrom(cookieLanguage) ?? DEFAULT_LANGUAGE;
    const key = `${language}/${prerenderedFile(path)}`;
    const found = onlyLanguage && this.prerendered.has(key);
    const page = found ? key : 'shell';
    const html = this.withLinks(page, await this.links());
    return found ? { html, language } : { html, language: null };
  }

  /** The current links: at most a check interval old; the last known (or the built) while the database is away. */
  private async links(): Promise<ShopLinks> {
    if (!this.shop) return DEFAULT_SHOP_LINKS;
    try {
      return (await currentShopSettings(this.shop)).settings;
    } catch (error) {
      this.shop.log.warn({ err: error }, 'the shop settings could not be read: pages keep their last links');
      return this.variant?.links ?? DEFAULT_SHOP_LINKS;
    }
  }

  private withLinks(page: string, links: ShopLinks): string {
    const built = page === 'shell' ? this.shell : this.prerendered.get(page)!;
    const changed = changedShopLinks(links);
    const version = JSON.stringify(changed);
    if (version === '{}') return built;
    if (this.variant?.version !== version) this.variant = { version, links, pages: new Map() };
    let html = this.variant.pages.get(page);
    if (html === undefined) {
      html = withShopLinks(built, changed);
      this.variant.pages.set(page, html);
    }
    return html;
  }
}

/** An attribute's value as React writes it (the links hold no quotes or angle brackets: shopUrlProblem). */
const attribute = (value: string) => value.replaceAll('&', '&amp;');

/**
 * A built page with the operator's links (issue 23 §5): every link the build wrote with a default
 * (a whole `href` attribute, so that no default is taken for part of another) becomes the
 * operator's, and the page carries the links that differ in a JSON block, so that the app renders
 * them too and hydration finds what it renders. With the defaults, the page is the one built.
 */
export function withShopLinks(html: string, changed: Partial<ShopLinks>): string {
  const keys = Object.keys(changed) as Array<keyof ShopLinks>;
  if (keys.length === 0) return html;
  const byDefault = new Map(keys.map((key) => [attribute(DEFAULT_SHOP_LINKS[key]), attribute(changed[key]!)]));
  const pattern = new RegExp(
    `href="(${[...byDefault.keys()].map((link) => link.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})"`,
    'g',
  );
  const linked = html.replace(pattern, (_, link: string) => `href="${byDefault.get(link)}"`);
  const block = `<script type="application/json" id="${SHOP_DATA_ID}">${JSON.stringify(changed).replace(/</g, '\\u003c')}</script>`;
  const end = linked.lastIndexOf('</body>');
  return end === -1 ? linked + block : `${linked.slice(0, end)}${block}${linked.slice(end)}`;
}

function languageFrom(value: string | null | undefined): Language | undefined {
  const code = value?.slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : undefined;
}

/** Whether an `Accept-Encoding` header takes an encoding (named, and not with a quality of 0). */
export function acceptsEncoding(acceptEncoding: string | undefined, name: 'br' | 'gzip'): boolean {
  return new RegExp(`(^|[,\\s])${name}(?!;q=0(\\.0*)?(\\s|,|$))`).test(acceptEncoding ?? '');
}

/**
 * A page compressed for the browser that asked: each response carries its own nonce, so pages are
 * compressed as they go out — brotli at a quality that costs about a millisecond for a page.
 */
export function encodePage(html: string, acceptEncoding: string | undefined): { body: Buffer; encoding?: string } {
  const body = Buffer.from(html);
  const accepts = (name: 'br' | 'gzip') => acceptsEncoding(acceptEncoding, name);
  if (body.length < 1024) return { body };
  if (accepts('br')) {
    return {
      body: brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      encoding: 'br',
    };
  }
  if (accepts('gzip')) return { body: gzipSync(body, { level: 6 }), encoding: 'gzip' };
  return { body };
}

/** Marks the page of a visitor who has answered the cookie question, so that its banner stays hidden. */
export function markConsent(html: string, consent: string | undefined): string {
  if (!isConsentAnswer(consent)) return html;
  return html.replace('<html ', `<html ${CONSENT_RECORDED_ATTRIBUTE} `);
}
