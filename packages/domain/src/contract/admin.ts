/**
 * The operators' web admin (`/api/admin/*`, docs/ADMIN.md): every route's request and answer. Amounts
 * are tomans; times ISO 8601 UTC; sizes bytes unless the name says MB. Errors answer
 * `{ ok: false, message, code }` with an {@link AdminErrorCode}. The keys of {@link ADMIN_ROUTES}
 * are the names the MSW mock and the client use for the same routes.
 */
import { AUDIT_ACTIONS, type AuditAction } from '../admin.ts';
import { IdParams, MESSAGE_KEYWORD as M, OkAnswer, route, Type, type Static } from './common.ts';

export { AUDIT_ACTIONS, type AuditAction };

const TAGS = ['admin'] as const;

/** The largest value a 32-bit column holds (plans' MB, days, devices). */
const INT32 = 2_147_483_647;
/** The largest price in tomans the admin takes (a billion). */
const MAX_TOMAN = 1_000_000_000;

// --- Catalog: plans, countries, server templates ------------------------------------------------

/** A plan as the operator edits it. */
export const AdminPlan = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  active: Type.Boolean(),
  ios: Type.Boolean(),
  /** -1: unlimited. */
  allowedMB: Type.Integer(),
  days: Type.Integer(),
  devices: Type.Integer(),
  toman: Type.Integer(),
  /** The price by card-to-card credit, when it differs (else the same as `toman`). */
  credit: Type.Integer(),
  sortOrder: Type.Integer(),
});
export type AdminPlan = Static<typeof AdminPlan>;

const planFields = {
  title: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S', [M]: 'The title must be 1 to 80 characters.' }),
  ios: Type.Boolean({ [M]: 'ios must be true or false.' }),
  allowedMB: Type.Integer({
    minimum: -1,
    maximum: INT32,
    [M]: 'Data must be a whole number of MB, or -1 for unlimited.',
  }),
  days: Type.Integer({ minimum: 1, maximum: 3650, [M]: 'Days must be a whole number from 1 to 3650.' }),
  devices: Type.Integer({ minimum: 1, maximum: 100, [M]: 'Devices must be a whole number from 1 to 100.' }),
  toman: Type.Integer({
    minimum: 1,
    maximum: MAX_TOMAN,
    [M]: 'The price must be a whole number of tomans, at least 1.',
  }),
  credit: Type.Integer({
    minimum: 1,
    maximum: MAX_TOMAN,
    [M]: 'The credit price must be a whole number of tomans, at least 1.',
  }),
  active: Type.Boolean({ [M]: 'active must be true or false.' }),
};

/** `POST /api/admin/plans`: every field but `credit` and `active` is required. */
export const AdminPlanInput = Type.Object({
  title: planFields.title,
  ios: planFields.ios,
  allowedMB: planFields.allowedMB,
  days: planFields.days,
  devices: planFields.devices,
  toman: planFields.toman,
  credit: Type.Optional(planFields.credit),
  active: Type.Optional(planFields.active),
});
export type AdminPlanInput = Static<typeof AdminPlanInput>;

/** `PATCH /api/admin/plans/:id`: the fields that change. */
export const AdminPlanChange = Type.Partial(AdminPlanInput);
export type AdminPlanChange = Static<typeof AdminPlanChange>;

export const AdminCountry = Type.Object({
  code: Type.String(),
  title: Type.String(),
  titleFa: Type.String(),
});
export type AdminCountry = Static<typeof AdminCountry>;

const countryName = Type.String({
  minLength: 1,
  maxLength: 60,
  pattern: '\\S',
  [M]: 'Give the country’s English and Persian names (up to 60 characters each).',
});
/** `POST /api/admin/countries`: the code is upper-cased. */
export const AdminCountryInput = Type.Object({
  code: Type.String({
    pattern: '^\\s*[A-Za-z]{2,3}\\s*$',
    maxLength: 10,
    [M]: 'The code must be a two- or three-letter country code.',
  }),
  title: countryName,
  titleFa: countryName,
});
export type AdminCountryInput = Static<typeof AdminCountryInput>;

/** A hand-written server template (SPEC's servers list; `xxx` becomes username-password). */
export const AdminServer = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** 2: V2Ray, 1: OpenConnect. */
  type: Type.Union([Type.Literal(1), Type.Literal(2)]),
  country: Type.String(),
  links: Type.Array(Type.String()),
  active: Type.Boolean(),
});
export type AdminServer = Static<typeof AdminServer>;

/** `POST /api/admin/servers`. */
export const AdminServerInput = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S', [M]: 'The title must be 1 to 80 characters.' }),
  type: Type.Union([Type.Literal(1), Type.Literal(2)], { [M]: 'The type must be 2 (V2Ray) or 1 (OpenConnect).' }),
  country: Type.String({ maxLength: 10, [M]: 'Give the country’s code.' }),
  links: Type.Array(
    Type.String({ maxLength: 2000, pattern: '^\\s*\\S*\\s*$', [M]: 'A link must be one line without spaces.' }),
    { minItems: 1, maxItems: 50, [M]: 'Give at least one link.' },
  ),
});
export type AdminServerInput = Static<typeof AdminServerInput>;

const CountryParams = Type.Object({ code: Type.String({ maxLength: 10 }) });
const items = <S extends Parameters<typeof Type.Array>[0]>(schema: S) => Type.Object({ items: Type.Array(schema) });

export const ADMIN_CATALOG_ROUTES = {
  plans: route({
    method: 'GET',
    url: '/api/admin/plans',
    summary: 'Every plan, active or not, in the catalogue order.',
    tags: TAGS,
    answer: items(AdminPlan),
  }),
  createPlan: route({
    method: 'POST',
    url: '/api/admin/plans',
    summary: 'Add a plan (credit defaults to toman; active by default). Audited plan.create.',
    tags: TAGS,
    body: AdminPlanInput,
    answer: AdminPlan,
  }),
  updatePlan: route({
    method: 'PATCH',
    url: '/api/admin/plans/:id',
    summary: 'Change the fields given; `active` alone is plan.activate or plan.deactivate, else plan.update.',
    tags: TAGS,
    params: IdParams,
    body: AdminPlanChange,
    answer: AdminPlan,
  }),
  countries: route({
    method: 'GET',
    url: '/api/admin/countries',
    summary: 'The countries of the servers list.',
    tags: TAGS,
    answer: items(AdminCountry),
  }),
  saveCountry: route({
    method: 'POST',
    url: '/api/admin/countries',
    summary: 'Add a country (409 when its code exists). Audited country.add.',
    tags: TAGS,
    body: AdminCountryInput,
    answer: AdminCountry,
  }),
  deleteCountry: route({
    method: 'DELETE',
    url: '/api/admin/countries/:code',
    summary: 'Remove a country and its server templates. Audited country.remove.',
    tags: TAGS,
    params: CountryParams,
    answer: OkAnswer,
  }),
  servers: route({
    method: 'GET',
    url: '/api/admin/servers',
    summary: 'The hand-written server templates.',
    tags: TAGS,
    answer: items(AdminServer),
  }),
  createServer: route({
    method: 'POST',
    url: '/api/admin/servers',
    summary: 'Add a server template in a known country. Audited server.add.',
    tags: TAGS,
    body: AdminServerInput,
    answer: AdminServer,
  }),
  deleteServer: route({
    method: 'DELETE',
    url: '/api/admin/servers/:id',
    summary: 'Remove a server template. Audited server.remove.',
    tags: TAGS,
    params: IdParams,
    answer: OkAnswer,
  }),
};

/** Every admin route, by the name the client and the mock give it. */
export const ADMIN_ROUTES = {
  ...ADMIN_CATALOG_ROUTES,
};
export type AdminRouteName = keyof typeof ADMIN_ROUTES;
