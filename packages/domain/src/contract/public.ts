/**
 * The public calls of SPEC §7 (no session): the plans, the gateways and the app links. Their answer
 * shapes are the spec's; a plan is open (the plans service may add fields, CONTRACTS §12 and §14).
 */
import { route, Type, Nullable, type Static } from './common.ts';

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
  },
  { additionalProperties: true },
);
export type PlanRecord = Static<typeof PlanRecord>;

export const PUBLIC_ROUTES = {
  plans: route({
    method: 'GET',
    url: '/getTelPlans',
    summary: 'Active plans; prices are JSON text keyed by quantity ("100").',
    tags: ['public'],
    querystring: Type.Object({}, { additionalProperties: true }),
    answer: Type.Object({ ok: Type.Boolean(), code: Type.Integer(), data: Type.Array(PlanRecord) }),
  }),
};
