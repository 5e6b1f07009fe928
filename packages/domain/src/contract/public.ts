/**
 * The public calls of SPEC §7 (no session): the plans, the gateways and the app links. Their answer
 * shapes are the spec's; a plan is open (the plans service may add fields, CONTRACTS §12 and §14).
 */
import { NoQuery, OkAnswer, route, Type, Nullable, type Static } from './common.ts';

/** A plan as GET /getTelPlans sends it (SPEC §3): prices are JSON text keyed by quantity ("100"). */
export const PlanRecord = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    /** 1: active. */
    active: Type.Integer(),
    /** 1: iOS and other platforms; 0: Android and Windows. */
    ios: Type.Integer(),
    /** -1: unlimited. */
    allowedMB: Type.Integer(),
    subsDays: Type.Integer(),
    allowedDevices: Type.Integer(),
    discount: Type.Optional(Nullable(Type.Union([Type.Number(), Type.String()]))),
    price_toman: Type.String(),
    price_credit: Type.String(),
    /** CONTRACTS §12: with the shop's tomanPerUsd set, the toman price in dollars, rounded to cents. */
    price_usd: Type.Optional(Type.Number({ minimum: 0 })),
    /**
     * CONTRACTS §14: the plan's data starts again every `day`, `week` or `month` of the
     * subscription, counted from its start; absent when it never resets.
     */
    reset: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')])),
  },
  { additionalProperties: true },
);
export type PlanRecord = Static<typeof PlanRecord>;

/** The download links of the VPN apps (the operator's settings; empty text when not set). */
export const AppLinks = Type.Object({ app_android_link: Type.String(), app_win_link: Type.String() });
export type AppLinks = Static<typeof AppLinks>;

/** A translation file's language and namespace, as the path names them. */
const LocaleParams = Type.Object({
  lng: Type.String({ maxLength: 10, description: 'fa or en.' }),
  file: Type.String({ maxLength: 64, description: 'The namespace’s file, e.g. common.json.' }),
});

export const PUBLIC_ROUTES = {
  plans: route({
    method: 'GET',
    url: '/getTelPlans',
    summary: 'Active plans; prices are JSON text keyed by quantity ("100").',
    tags: ['public'],
    querystring: Type.Object({}, { additionalProperties: true }),
    answer: Type.Object({ ok: Type.Boolean(), code: Type.Integer(), data: Type.Array(PlanRecord) }),
  }),
  appInfo: route({
    method: 'GET',
    url: '/appinfo',
    summary: 'Download links of the Android and Windows apps in data[0].',
    tags: ['public'],
    querystring: NoQuery,
    answer: Type.Object({ ok: Type.Literal(true), data: Type.Array(AppLinks, { minItems: 1, maxItems: 1 }) }),
  }),
  locale: route({
    method: 'GET',
    url: '/locales/:lng/:file',
    summary:
      'A translation file, e.g. /locales/fa/common.json: nested keys to texts (ETag and 304; brotli or gzip as the browser accepts).',
    tags: ['public'],
    params: LocaleParams,
    answer: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The namespace: keys to texts or to nested keys.',
    }),
    errors: ['translationNotFound'],
  }),
  addLocaleKeys: route({
    method: 'POST',
    url: '/locales/add/:lng/:ns',
    summary:
      'Missing translation keys, as the translation loader reports them (logged; development only: 404 in production).',
    tags: ['public'],
    params: Type.Object({
      lng: Type.String({ maxLength: 10 }),
      ns: Type.String({ maxLength: 64, description: 'The namespace, e.g. common.' }),
    }),
    body: Type.Record(Type.String({ maxLength: 500 }), Type.Unknown(), {
      description: 'The missing keys (their values are the fallback texts); the first 100 are logged.',
    }),
    lenientBody: true,
    answer: OkAnswer,
    errors: ['not_found'],
  }),
};
