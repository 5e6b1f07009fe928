import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';

/**
 * One line on what each route does, for the generated OpenAPI document: the routes not yet in the
 * contract (`@separ/domain/contract` carries its routes' summaries).
 */
const SUMMARIES: Record<string, { summary: string; tags: string[] }> = {
  '/site_gateways': { summary: 'Which payment gateways are active (ird, spay).', tags: ['public'] },
  '/appinfo': { summary: 'Download links of the Android and Windows apps in data[0].', tags: ['public'] },
  '/locales/:lng/:file': { summary: 'A translation file, e.g. /locales/fa/common.json.', tags: ['public'] },
  '/locales/add/:lng/:ns': { summary: 'Missing translation keys (development only).', tags: ['public'] },
  '/site_login': {
    summary: 'Log in with username and password; sets jwtUserToken (HttpOnly) and jwtUserUsername.',
    tags: ['site'],
  },
  '/api/site/logout': { summary: 'End the session on the server and clear both cookies.', tags: ['site'] },
  '/api/site/account': {
    summary: 'The account of the session: data, expiry, status flags, devices and payments.',
    tags: ['site'],
  },
  '/api/site/changepassword': {
    summary:
      'Change the password (currentpassword, newpassword); this session stays, the others and the app devices end.',
    tags: ['site'],
  },
  '/api/site/servers': {
    summary: 'Countries and servers; links carry username-password in place of xxx.',
    tags: ['site'],
  },
  '/api/site/unlinkdevice': { summary: 'Disconnect one of your own devices (sessionId).', tags: ['site'] },
  '/api/app/login': {
    summary: 'VPN app login: a device session, within the device limit; starts a pending subscription.',
    tags: ['apps'],
  },
  '/api/site/sub/reset': { summary: 'A new subscription link; the old one answers 404.', tags: ['site'] },
  '/api/site/renewal': {
    summary:
      "What a purchase from this browser renews: the renew link's account, else the session's; renewal null: a new account.",
    tags: ['site'],
  },
  '/api/site/botcode': {
    summary: "A one-time code (8 digits, 10 minutes) that links the messaging bot's chat to this account.",
    tags: ['site'],
  },
  '/renew': {
    summary: "A reminder's renew link (t): leaves its token in an HttpOnly cookie and goes on to /buy (or next).",
    tags: ['site'],
  },
  '/requestAccount2': {
    summary:
      'Start a purchase (plan_id, email, gate ird|spay): a pending order and the gateway URL; logged in or after a renew link it renews that account (renew.username), unless renew=0.',
    tags: ['payments'],
  },
  '/payment/callback/:gate': {
    summary:
      'Gateway return: verify, complete exactly once, 303 to /paymentresult#data=… (the payload in the fragment, out of every log).',
    tags: ['payments'],
  },
  '/sandbox/pay/:authority': {
    summary: 'The built-in test bank: GET shows the page, POST action=pay|cancel returns to the shop.',
    tags: ['payments'],
  },
};

/** Registers the OpenAPI generator; call before the routes. The document is at /api/openapi.json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Separ API',
        version: '1.0.0',
        description:
          'The HTTP contract of SPEC §7 and CONTRACTS §3, generated from @separ/domain/contract where a route is in it. Errors are JSON { ok: false, message, code }. State-changing requests from another site (Origin or Referer) are refused with 403.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'jwtUserToken' },
          nodeToken: { type: 'http', scheme: 'bearer' },
          operator: { type: 'apiKey', in: 'cookie', name: 'separ_admin' },
        },
      },
    },
  });
  app.addHook('onRoute', (route) => {
    const doc = SUMMARIES[route.url];
    if (doc) route.schema = { ...route.schema, ...doc };
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
