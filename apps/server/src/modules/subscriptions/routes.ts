import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { accountReset, requireUser } from '../accounts/index.ts';
import { AppError } from '../../platform/errors.ts';
import { languageOf } from '../../platform/http/language.ts';
import { accountOf } from '../accounts/index.ts';
import { currentShopSettings } from '../settings/index.ts';
import { formatFor, singBoxVersion } from './clients.ts';
import { accountServers } from './servers.ts';
import { base64Profile, clashProfile, singBoxProfile, uniqueNames } from './formats.ts';
import { deliveryOf } from './delivery.ts';
import { xrayProfile } from './xray.ts';
import { resetSubToken, subscriptionUrl } from '../accounts/index.ts';
import { subscriptionLinks, userInfo } from './service.ts';
import { deviceGate } from './hwid.ts';
import { PANEL_ROUTES, SUBSCRIPTION_ROUTES } from '@separ/domain/contract';
import { serve } from '../../platform/http/contract.ts';
import { newDomainFor, subscriptionOrigin } from '../../platform/config.ts';

export interface SubscriptionRouteOptions {
  /** Serves the web app's page for this address (the subscription page), when the app is built. */
  sendPage: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>) | null;
}

/**
 * The subscription link (CONTRACTS §7): GET /sub/{token} and POST /api/site/sub/reset; and the
 * account's servers for the panel and the apps (POST /api/site/servers).
 */
export async function subscriptionRoutes(app: FastifyInstance, ctx: AppContext, options: SubscriptionRouteOptions) {
  // The link's origin: the first of SEPAR_SUB_ORIGINS, else the public URL, else the request's (§14).
  const originOf = (request: FastifyRequest) => subscriptionOrigin(ctx.config, `${request.protocol}://${request.host}`);

  // The contract's route (@separ/domain/contract SUBSCRIPTION_ROUTES): the token and the query are
  // checked as they always were; a profile is sent as its own text, the page's data as JSON.
  serve(app, SUBSCRIPTION_ROUTES.subscription, async (request, reply) => {
    const { token } = request.params;
    // One address, an answer per client: caches must key on what chose it.
    reply.header('vary', 'User-Agent, Accept');
    // Served on another of the shop's origins: the clients that read it (Happ) move to the first.
    const newDomain = newDomainFor(ctx.config, request.protocol, request.host);
    if (newDomain) reply.header('new-domain', newDomain);
    const { format: forced } = request.query;
    const user = await ctx.db.selectFrom('users').selectAll().where('sub_token', '=', token).executeTakeFirst();
    const format = formatFor(request.headers['user-agent'], request.headers.accept, forced);
    if (!user) {
      // A browser gets the page, which says in the visitor's language that the link was replaced.
      if (format === 'page' && options.sendPage) return options.sendPage(request, reply.code(404));
      throw new AppError('subscriptionNotFound');
    }
    const now = ctx.now();
    const origin = originOf(request);
    const url = subscriptionUrl(origin, token);

    if (forced === 'json' || (format === 'page' && !options.sendPage)) {
      // What the subscription page shows: the account's state and its link (no credentials).
      const { links, specs } = await subscriptionLinks(ctx, user, now);
      reply.header('cache-control', 'no-store');
      return {
        ok: true as const,
        ...accountOf(user, { devices: [], payments: [] }),
        subUrl: url,
        links: links.length,
        // The page names each link, a node's extra hosts too (CONTRACTS §14).
        linkNames: specs.map((spec) => spec.name),
        // And says when the data starts again, as the panel does.
        ...(await accountReset(ctx.db, user.id, now)),
      };
    }
    if (format === 'page') return options.sendPage!(request, reply);

    // A client with a hardware id is one of the account's devices; one too many gets no links (§14).
    const gate = await deviceGate(ctx, user, request.headers, now);
    const { links, specs } = gate.blocked ? { links: [], specs: [] } : await subscriptionLinks(ctx, user, now);
    // v2RayTun reads x-hwid-limit (as Remnawave sends it) beside the announcement.
    if (gate.blocked) reply.header('announce', gate.announce).header('x-hwid-limit', 'true');
    // The shop's name, as clients show the profile (the operator's setting, issue 23 §5), and its delivery settings (§14).
    const { settings } = await currentShopSettings(ctx);
    const delivery = deliveryOf(settings);
    let body: string;
    let type: string;
    if (format === 'clash') {
      body = clashProfile(specs, delivery);
      type = 'text/yaml; charset=utf-8';
    } else if (format === 'singbox') {
      body = singBoxProfile(specs, singBoxVersion(request.headers['user-agent']), delivery);
      type = 'application/json; charset=utf-8';
    } else if (format === 'xray') {
      body = xrayProfile(specs, uniqueNames(specs), delivery);
      type = 'application/json; charset=utf-8';
    } else {
      body = base64Profile(links);
      type = 'text/plain; charset=utf-8';
    }
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    const { shopName } = settings;
    reply
      .header('subscription-userinfo', userInfo(user))
      .header('profile-update-interval', '12')
      .header('profile-title', `base64:${Buffer.from(shopName).toString('base64')}`)
      .header('support-url', `${origin}/support`)
      .header('profile-web-page-url', url)
      // Hiddify reads the quoted filename; NekoBox reads filename* to the end of the header: last.
      .header(
        'content-disposition',
        `attachment; filename="${user.username}"; filename*=UTF-8''${encodeURIComponent(user.username)}`,
      )
      .header('etag', etag)
      .header('cache-control', 'no-cache');
    const since = request.headers['if-none-match'];
    if (typeof since === 'string' && since.includes(etag.slice(1, -1))) return reply.code(304).send();
    return reply.type(type).send(body);
  });

  serve(app, PANEL_ROUTES.resetSubscription, async (request) => {
    const user = await requireUser(ctx, request);
    const token = await resetSubToken(ctx.db, user.id);
    return { ok: true as const, subUrl: subscriptionUrl(originOf(request), token) };
  });

  serve(app, PANEL_ROUTES.servers, async (request) => {
    const user = await requireUser(ctx, request);
    const lng = languageOf(request.headers.cookie, request.query.lng);
    const [servers, countries] = await Promise.all([
      accountServers(ctx, user),
      ctx.db.selectFrom('countries').selectAll().orderBy('sort_order').orderBy('id').execute(),
    ]);
    return {
      ok: true as const,
      servers,
      countries: countries.map((c) => ({
        id: c.id,
        title: lng === 'fa' ? c.title_fa : c.title,
        title_en: c.title,
        title_fa: c.title_fa,
      })),
    };
  });
}
