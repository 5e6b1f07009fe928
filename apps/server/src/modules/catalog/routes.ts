import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { isLanguage } from '@separ/domain';
import { currentPlans } from './plansCache.ts';
import type { AppContext } from '../../platform/context.ts';
import { PUBLIC_ROUTES } from '@separ/domain/contract';
import { AppError } from '../../platform/errors.ts';
import { acceptsEncoding } from '../../platform/http/encoding.ts';
import { getShopSettings } from '../settings/index.ts';
import { serve } from '../../platform/http/contract.ts';

interface LocaleFile {
  body: string;
  /** The same, compressed once at start: a prerendered page's app fetches its translations while it loads. */
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

function loadLocales(dir: string): Map<string, LocaleFile> {
  const files = new Map<string, LocaleFile>();
  if (!existsSync(dir)) return files;
  for (const lng of ['fa', 'en']) {
    const langDir = join(dir, lng);
    if (!existsSync(langDir)) continue;
    for (const file of readdirSync(langDir).filter((f) => /^[a-z][a-zA-Z0-9-]*\.json$/.test(f))) {
      const body = JSON.stringify(JSON.parse(readFileSync(join(langDir, file), 'utf8')));
      files.set(`${lng}/${file}`, {
        body,
        br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(body, { level: 9 }),
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      });
    }
  }
  return files;
}

/** The public calls of SPEC §7: plans, app info and translation files (the gateways: payments/routes.ts). */
export async function publicRoutes(app: FastifyInstance, ctx: AppContext) {
  // The answer is built and serialised once per change of the plans (services/plansCache.ts), and
  // sent as its text: the contract's answer schema describes it, and the cached text passes it.
  serve(app, PUBLIC_ROUTES.plans, async (request, reply) => {
    const { body, etag } = await currentPlans(ctx);
    reply.header('etag', etag).header('cache-control', 'no-cache').type('application/json; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(body);
  });

  // The app download links: the operator’s settings (separ-admin settings set, or the admin).
  serve(app, PUBLIC_ROUTES.appInfo, async () => {
    const { androidAppUrl, windowsAppUrl } = await getShopSettings(ctx);
    return { ok: true as const, data: [{ app_android_link: androidAppUrl, app_win_link: windowsAppUrl }] };
  });

  const locales = loadLocales(ctx.config.localesDir);
  serve(app, PUBLIC_ROUTES.locale, async (request, reply) => {
    const { lng, file } = request.params;
    const entry = isLanguage(lng) ? locales.get(`${lng}/${file}`) : undefined;
    if (!entry) throw new AppError('translationNotFound');
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.header('cache-control', 'public, max-age=300, must-revalidate');
    reply.header('etag', entry.etag);
    reply.header('vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    const accepted = request.headers['accept-encoding'];
    for (const encoding of ['br', 'gzip'] as const) {
      if (acceptsEncoding(accepted, encoding)) return reply.header('content-encoding', encoding).send(entry[encoding]);
    }
    // The file's text as it was read (the contract's answer: its keys and texts).
    return reply.send(entry.body);
  });

  // The translation loader's missing-key reports: useful while developing, closed in production.
  serve(app, PUBLIC_ROUTES.addLocaleKeys, async (request) => {
    if (ctx.config.production) throw new AppError('not_found');
    const { lng, ns } = request.params;
    const keys = request.body && typeof request.body === 'object' ? Object.keys(request.body).slice(0, 100) : [];
    request.log.warn({ lng, ns, keys }, 'missing translation keys');
    return { ok: true as const };
  });
}
