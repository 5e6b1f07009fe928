import { isLanguage, type Language } from '@separ/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { unsubscribe } from './service.ts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The unsubscribe link every reminder e-mail carries (GET /unsubscribe?u=&t=): it works without
 * logging in, for the account it was made for only, and answers a small page in the e-mail's language.
 */
export async function reminderRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/unsubscribe',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            u: { type: 'string', pattern: '^[0-9]{1,12}$' },
            t: { type: 'string', maxLength: 100 },
            lng: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      const query = request.query as { u?: string; t?: string; lng?: string };
      const lng: Language = isLanguage(query.lng) ? query.lng : 'fa';
      const done = await unsubscribe(ctx, Number(query.u ?? 0), query.t ?? '');
      const t = (key: string) => escape(ctx.texts.t(lng, `email:unsubscribe.${key}`));
      const html = `<!doctype html>
<html lang="${lng}" dir="${lng === 'fa' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('title')}</title></head>
<body><main><h1>${t('title')}</h1><p>${done ? t('done') : t('invalid')}</p><p><a href="/">${t('home')}</a></p></main></body>
</html>`;
      return reply
        .code(done ? 200 : 400)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    },
  );
}
