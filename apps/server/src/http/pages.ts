import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  CONSENT_RECORDED_ATTRIBUTE,
  DEFAULT_LANGUAGE,
  isConsentAnswer,
  isLanguage,
  LANGUAGES,
  prerenderedFile,
  type Language,
} from '@separ/domain';

/** A page to send: its HTML (with the nonce placeholder still in it) and its language, if it has one. */
export interface SitePage {
  html: string;
  language: Language | null;
}

/**
 * The web app's pages from its build: the single-page app's `index.html`, and the public pages
 * prerendered per language under `prerendered/{lng}/{page}.html` (performance issue §1).
 */
export class SitePages {
  readonly shell: string;
  private readonly prerendered = new Map<string, string>();

  constructor(webDist: string) {
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
   * the path has one and the query holds nothing else; the single-page app otherwise.
   */
  pageFor(url: string, cookieLanguage: string | undefined): SitePage {
    const parsed = new URL(url, 'http://separ.local');
    const query = parsed.searchParams;
    const onlyLanguage = [...query.keys()].every((key) => key === 'lng');
    const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : '/';
    const language = languageFrom(query.get('lng')) ?? languageFrom(cookieLanguage) ?? DEFAULT_LANGUAGE;
    const html = onlyLanguage ? this.prerendered.get(`${language}/${prerenderedFile(path)}`) : undefined;
    return html ? { html, language } : { html: this.shell, language: null };
  }
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
