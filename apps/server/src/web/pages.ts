import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  changedShopLinks,
  CONSENT_RECORDED_ATTRIBUTE,
  DEFAULT_LANGUAGE,
  DEFAULT_SHOP_LINKS,
  DEFAULT_SHOP_SETTINGS,
  directionOf,
  isConsentAnswer,
  isLanguage,
  isPanelReturnPath,
  LOGIN_RETURN_PARAM,
  LANGUAGES,
  prerenderedFile,
  SHOP_DATA_ID,
  SHOP_LINK_KEYS,
  USERNAME_COOKIE,
  type Language,
  type PageData,
  type ShopLinks,
  type ShopSettings,
} from '@separ/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import { acceptsEncoding } from '../platform/http/encoding.ts';
import { userForSession } from '../modules/accounts/index.ts';
import { clearSessionCookies, sessionToken } from '../modules/accounts/index.ts';
import { currentPlans } from '../modules/catalog/index.ts';
import { currentShopSettings } from '../modules/settings/index.ts';
import { NONCE_PLACEHOLDER } from '../platform/http/headers.ts';

/** A page to send: its HTML (with the nonce placeholder still in it) and its language, if it has one. */
export interface SitePage {
  html: string;
  language: Language | null;
}

/**
 * What the web build's server-side renderer (`apps/web/dist-ssr/render.js`, from
 * apps/web/src/prerender/render.tsx) offers the server: the pages that show data from the API, and
 * how to draw one of them with the data in its language's template.
 */
export interface PageRenderer {
  DATA_PAGES: Readonly<Record<string, ReadonlyArray<keyof PageData>>>;
  renderPage(path: string, language: Language, nonce: string, pageData?: PageData): Promise<unknown>;
  pageDocument(template: string, page: never, pageData?: PageData): string;
}

type ShopContext = Pick<AppContext, 'db' | 'config' | 'database' | 'log'>;

/**
 * The web app's pages from its build: the single-page app's `index.html`, and the public pages
 * prerendered per language under `prerendered/{lng}/{page}.html` (performance issue §1). They are
 * built with the shop's default links; served, they carry the operator's (issue 23 §5: see
 * {@link withShopLinks}). The pages that show data from the API — the plans on the home page and
 * the catalogue, the app links on /download — are drawn again by the build's renderer with the
 * server's data, in the same template, whenever that data changes (issue 28 §1: the plans version,
 * the settings), so that they are whole before any script runs. Each page is made once per version
 * of its data and links, and kept.
 */
export class SitePages {
  readonly shell: string;
  private readonly prerendered = new Map<string, string>();
  private readonly templates = new Map<Language, string>();
  /** The renderer, loaded once (null: the pages as built). */
  private readonly renderer: Promise<PageRenderer | null>;
  /** Each page made for the current version of its data and links (a page served as built in place of a drawing that failed: until when). */
  private readonly made = new Map<string, { version: string; html: Promise<string>; until?: number }>();
  /** How long a page whose drawing failed is served as built before it is drawn again. */
  static readonly RETRY_MS = 10_000;
  /** The last links read (kept while the database is away). */
  private lastSettings: ShopSettings | null = null;

  /** Where the current links and data come from (none: the pages as built). */
  private readonly shop: ShopContext | undefined;

  constructor(webDist: string, shop?: ShopContext, rendererFile = join(webDist, '..', 'dist-ssr', 'render.js')) {
    this.shop = shop;
    this.shell = readFileSync(join(webDist, 'index.html'), 'utf8');
    for (const lng of LANGUAGES) {
      const dir = join(webDist, 'prerendered', lng);
      const template = join(webDist, 'prerendered', `${lng}.template.html`);
      if (existsSync(template)) this.templates.set(lng, readFileSync(template, 'utf8'));
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir)) {
        if (file.endsWith('.html')) this.prerendered.set(`${lng}/${file}`, readFileSync(join(dir, file), 'utf8'));
      }
    }
    this.renderer =
      shop && this.templates.size === LANGUAGES.length && existsSync(rendererFile)
        ? loadRenderer(rendererFile, shop)
        : Promise.resolve(null);
    // Not waited for: a renderer that fails to load leaves the pages as built.
    this.renderer.catch(() => undefined);
  }

  /**
   * The page for a request: the prerendered one in the visitor's language — the `lng` query, then
   * the `i18next` cookie (SPEC §7's order, as far as a server can see it), Persian otherwise — when
   * the path has one and the query holds nothing else; the single-page app otherwise, in the same
   * language and direction (the subscription page among others, CONTRACTS §7). Either with the
   * shop's current links, and the data pages with the current data.
   */
  async pageFor(url: string, cookieLanguage: string | undefined): Promise<SitePage> {
    const parsed = new URL(url, 'http://separ.local');
    const query = parsed.searchParams;
    const onlyLanguage = [...query.keys()].every((key) => key === 'lng');
    const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : '/';
    const language = visitorLanguage(query.get('lng'), cookieLanguage);
    const key = `${language}/${prerenderedFile(path)}`;
    const found = onlyLanguage && this.prerendered.has(key);
    const settings = await this.settings();
    const changed = changedShopLinks(pickLinks(settings));
    const linksVersion = JSON.stringify(changed);
    if (!found) {
      const html = this.kept(`shell/${language}`, linksVersion, async () =>
        withShopLinks(withLanguage(this.shell, language), changed),
      );
      return { html: await html, language: null };
    }
    const renderer = await this.renderer;
    const shows = renderer?.DATA_PAGES[path];
    if (!renderer || !shows?.length) {
      const html = this.kept(key, linksVersion, async () => withShopLinks(this.prerendered.get(key)!, changed));
      return { html: await html, language };
    }
    const data = await this.pageData(shows, settings);
    const version = JSON.stringify([linksVersion, data?.version ?? null]);
    const html = this.kept(key, version, async () => {
      const drawn = data ? await this.draw(renderer, path, language, data.pageData) : null;
      if (drawn !== null) return withShopLinks(drawn, changed);
      const built = withShopLinks(this.prerendered.get(key)!, changed);
      // Without its data (the database away) the version says so, and changes when it is back.
      return data ? { built } : built;
    });
    return { html: await html, language };
  }

  /** The page kept for this version, or made (once, for every request that asks meanwhile). */
  private kept(key: string, version: string, make: () => Promise<string | Fallback>): Promise<string> {
    const entry = this.made.get(key);
    if (entry?.version === version && !(entry.until !== undefined && performance.now() > entry.until))
      return entry.html;
    const made = make();
    const html = made.then((page) => (typeof page === 'string' ? page : page.built));
    const kept = { version, html } as { version: string; html: Promise<string>; until?: number };
    this.made.set(key, kept);
    void made.then(
      (page) => {
        if (typeof page !== 'string') kept.until = performance.now() + SitePages.RETRY_MS;
      },
      () => undefined,
    );
    // A page that could not be made is made again on the next request.
    html.catch(() => {
      if (this.made.get(key)?.html === html) this.made.delete(key);
    });
    return html;
  }

  /** The data a page shows and its version, or null when it cannot be had (the page as built then). */
  private async pageData(
    shows: ReadonlyArray<keyof PageData>,
    settings: ShopSettings,
  ): Promise<{ pageData: PageData; version: string } | null> {
    const pageData: PageData = {};
    const version: unknown[] = [];
    try {
      if (shows.includes('plans')) {
        const { body, etag } = await currentPlans(this.shop!);
        pageData.plans = JSON.parse(body) as unknown;
        version.push(etag);
      }
    } catch (error) {
      this.shop!.log.warn({ err: error }, 'the plans could not be read: the page is served as built');
      return null;
    }
    if (shows.includes('appLinks')) {
      pageData.appLinks = { android: settings.androidAppUrl, windows: settings.windowsAppUrl };
      version.push(pageData.appLinks);
    }
    return { pageData, version: JSON.stringify(version) };
  }

  /** The page drawn with this data, or null (logged) if the renderer failed. */
  private async draw(renderer: PageRenderer, path: string, language: Language, pageData: PageData) {
    try {
      const page = await renderer.renderPage(path, language, NONCE_PLACEHOLDER, pageData);
      return renderer.pageDocument(this.templates.get(language)!, page as never, pageData);
    } catch (error) {
      this.shop!.log.error({ err: error, path, language }, 'a page could not be drawn with its data: served as built');
      return null;
    }
  }

  /** The current settings: at most a check interval old; the last known (or the built) while the database is away. */
  private async settings(): Promise<ShopSettings> {
    if (!this.shop) return DEFAULT_SHOP_SETTINGS;
    try {
      this.lastSettings = (await currentShopSettings(this.shop)).settings;
      return this.lastSettings;
    } catch (error) {
      this.shop.log.warn({ err: error }, 'the shop settings could not be read: pages keep their last links');
      return this.lastSettings ?? DEFAULT_SHOP_SETTINGS;
    }
  }
}

/** A page served as built because its drawing failed: made again after {@link SitePages.RETRY_MS}. */
interface Fallback {
  built: string;
}

/** The build's renderer, imported once; null (logged) if it cannot be. */
async function loadRenderer(file: string, shop: ShopContext): Promise<PageRenderer | null> {
  try {
    const renderer = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
    if (
      typeof renderer.renderPage !== 'function' ||
      typeof renderer.pageDocument !== 'function' ||
      typeof renderer.DATA_PAGES !== 'object'
    )
      throw new Error(`${file} is not the web build's renderer`);
    return renderer as PageRenderer;
  } catch (error) {
    shop.log.error({ err: error }, 'the web build’s renderer could not be loaded: the pages are served as built');
    return null;
  }
}

function pickLinks(settings: ShopSettings): ShopLinks {
  return Object.fromEntries(SHOP_LINK_KEYS.map((key) => [key, settings[key]])) as ShopLinks;
}

/** The single-page app's page in a language: `<html lang dir>` and the body's direction class. */
export function withLanguage(html: string, language: Language): string {
  const dir = directionOf(language);
  return html
    .replace(/<html([^>]*?) lang="[^"]*" dir="[^"]*"/, `<html$1 lang="${language}" dir="${dir}"`)
    .replace(/<body class="(rtl|ltr)"/, `<body class="${dir}"`);
}

/** The visitor's language as the server can see it: the `lng` query, then the `i18next` cookie, else Persian. */
export function visitorLanguage(query: string | null | undefined, cookie: string | undefined): Language {
  return languageFrom(query) ?? languageFrom(cookie) ?? DEFAULT_LANGUAGE;
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

/** The panel's addresses: only for a visitor with a session (SPEC §6). */
const PANEL_PATH = /^\/(panel(\/.*)?|dashboard|account)$/;

/**
 * Where a page request must go instead, as far as the server can decide it (issue 28 §2): `/login`
 * with a live session to the panel (or the panel page its `from` names); the panel without one to
 * `/login?from={the path}`, the login page's return parameter. Null: serve the page. A session
 * cookie that names no live session is cleared on the way, so that the page does not take it for one.
 */
export async function sessionRedirect(
  ctx: Pick<AppContext, 'db' | 'now' | 'log'>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | null> {
  const parsed = new URL(request.url, 'http://separ.local');
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : '/';
  const login = path === '/login';
  if (!login && !PANEL_PATH.test(path)) return null;
  const token = sessionToken(request);
  let live = false;
  try {
    live = Boolean(token && token.length <= 200 && (await userForSession(ctx.db, token, ctx.now())));
  } catch (error) {
    // The database is away: the page is served, and the app decides as it always did.
    ctx.log.warn({ err: error }, 'the session could not be checked for a page');
    return null;
  }
  const lng = parsed.searchParams.get('lng');
  const language = lng ? `lng=${encodeURIComponent(lng)}` : '';
  if (login && live) {
    const from = parsed.searchParams.get(LOGIN_RETURN_PARAM);
    return `${isPanelReturnPath(from) ? from : '/panel'}${language ? `?${language}` : ''}`;
  }
  if (login || live) return null;
  if (token || request.cookies[USERNAME_COOKIE]) clearSessionCookies(request, reply);
  const from = `${LOGIN_RETURN_PARAM}=${encodeURIComponent(path).replaceAll('%2F', '/')}`;
  return `/login?${[from, language].filter(Boolean).join('&')}`;
}
