import { isLanguage, shopNameIn, type Language } from '@separ/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { cookieSecure } from '../accounts/index.ts';
import { RENEW_COOKIE, RENEW_COOKIE_SECONDS, renewTokenUser } from '../accounts/index.ts';
import { getShopSettings } from '../settings/index.ts';
import { unsubscribe } from './reminders.ts';
import { serve } from '../../platform/http/contract.ts';
import { SITE_ROUTES } from '@separ/domain/contract';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The unsubscribe link every reminder e-mail carries (GET /unsubscribe?u=&t=): it works without
 * logging in, for the account it was made for only, and answers a small page in the e-mail's language.
 */
export async function reminderRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, SITE_ROUTES.unsubscribe, async (request, reply) => {
    const query = request.query;
    const lng: Language = isLanguage(query.lng) ? query.lng : 'fa';
    const done = await unsubscribe(ctx, Number(query.u ?? 0), query.t ?? '');
    const shop = shopNameIn((await getShopSettings(ctx)).shopName, lng);
    const t = (key: string) => escape(ctx.texts.t(lng, `email:unsubscribe.${key}`, { shop }));
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
  });

  /**
   * A reminder's renew link (GET /renew?t=): a valid link leaves its token in an HttpOnly cookie for
   * a couple of days and goes on to the plans, so that what is bought next renews that account
   * (payments/renewal.ts); `next` may name one plan's payment page. An invalid or expired link goes
   * to the plans all the same, as an ordinary purchase.
   */
  serve(app, SITE_ROUTES.renewLink, async (request, reply) => {
    const query = request.query;
    const next = /^\/payment\?plan_id=\d{1,12}$/.test(query.next ?? '') ? query.next! : '/buy';
    const lng = isLanguage(query.lng) ? query.lng : null;
    const target = lng ? `${next}${next.includes('?') ? '&' : '?'}lng=${lng}` : next;
    if (renewTokenUser(ctx, query.t, ctx.now()) !== null)
      reply.setCookie(RENEW_COOKIE, query.t!, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieSecure(request),
        maxAge: RENEW_COOKIE_SECONDS,
      });
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(target, 303);
  });
}
