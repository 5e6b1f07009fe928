import { randomUUID } from 'node:crypto';
import { isResetPeriod, type AdminCountry, type AdminPlan, type AdminPlanInput, type AdminServer } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import type { PlanRow } from '../../platform/db/schema.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { PLANS_VERSION_KEY } from './plansCache.ts';
import { setSetting } from '../settings/index.ts';
import { audit, type Actor } from '../../platform/audit.ts';

/** What the shop sells and where: plans, countries and the hand-written server templates. */

function price(json: string): number {
  try {
    const value = Number((JSON.parse(json) as Record<string, unknown>)['100']);
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

export function planOf(p: PlanRow): AdminPlan {
  return {
    id: p.id,
    title: p.title,
    active: p.active === 1,
    ios: p.ios === 1,
    allowedMB: Number(p.allowed_mb),
    days: p.subs_days,
    devices: p.allowed_devices,
    toman: price(p.price_toman),
    credit: price(p.price_credit),
    sortOrder: p.sort_order,
    reset: isResetPeriod(p.reset) ? p.reset : 'none',
  };
}

const whole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** Checks the fields given; on create every field but `credit` and `active` is required. */
function checkPlan(input: Partial<AdminPlanInput>, creating: boolean) {
  const need = (name: keyof AdminPlanInput) => {
    if (creating && input[name] === undefined) throw invalid(`${name} is required.`);
    return input[name] !== undefined;
  };
  if (need('title') && (typeof input.title !== 'string' || input.title.trim() === '' || input.title.length > 80))
    throw invalid('The title must be 1 to 80 characters.');
  if (need('allowedMB') && (!whole(input.allowedMB) || input.allowedMB < -1))
    throw invalid('Data must be a whole number of MB, or -1 for unlimited.');
  if (need('days') && (!whole(input.days) || input.days < 1 || input.days > 3650))
    throw invalid('Days must be a whole number from 1 to 3650.');
  if (need('devices') && (!whole(input.devices) || input.devices < 1 || input.devices > 100))
    throw invalid('Devices must be a whole number from 1 to 100.');
  if (need('toman') && (!whole(input.toman) || input.toman < 1))
    throw invalid('The price must be a whole number of tomans, at least 1.');
  if (input.credit !== undefined && (!whole(input.credit) || input.credit < 1))
    throw invalid('The credit price must be a whole number of tomans, at least 1.');
  if (need('ios') && typeof input.ios !== 'boolean') throw invalid('ios must be true or false.');
  if (input.active !== undefined && typeof input.active !== 'boolean') throw invalid('active must be true or false.');
  if (input.reset !== undefined && !isResetPeriod(input.reset))
    throw invalid('reset must be day, week, month or none.');
}

/** Every server process drops its cached plans when this version changes (services/plansCache.ts). */
async function plansChanged(db: Db) {
  await setSetting(db, PLANS_VERSION_KEY, randomUUID());
}

export async function listPlans(ctx: AppContext): Promise<AdminPlan[]> {
  const rows = await ctx.db.selectFrom('plans').selectAll().orderBy('sort_order').orderBy('id').execute();
  return rows.map(planOf);
}

export async function createPlan(ctx: AppContext, input: AdminPlanInput, actor: Actor): Promise<AdminPlan> {
  checkPlan(input, true);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('plans')
      .values({
        title: input.title.trim(),
        active: input.active === false ? 0 : 1,
        ios: input.ios ? 1 : 0,
        allowed_mb: input.allowedMB,
        subs_days: input.days,
        allowed_devices: input.devices,
        discount: null,
        price_toman: JSON.stringify({ '100': input.toman }),
        price_credit: JSON.stringify({ '100': input.credit ?? input.toman }),
        sort_order: 100,
        created_at: ctx.now().toISOString(),
        reset: input.reset ?? 'none',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const plan = planOf(row);
    await plansChanged(trx);
    await audit(trx, ctx, { actor, action: 'plan.create', target: `plan:${plan.id}`, after: plan });
    return plan;
  });
}

export async function updatePlan(
  ctx: AppContext,
  id: number,
  input: Partial<AdminPlanInput>,
  actor: Actor,
): Promise<AdminPlan> {
  checkPlan(input, false);
  const set = Object.fromEntries(
    Object.entries({
      title: input.title?.trim(),
      ios: input.ios === undefined ? undefined : input.ios ? 1 : 0,
      active: input.active === undefined ? undefined : input.active ? 1 : 0,
      allowed_mb: input.allowedMB,
      subs_days: input.days,
      allowed_devices: input.devices,
      price_toman: input.toman === undefined ? undefined : JSON.stringify({ '100': input.toman }),
      price_credit: input.credit === undefined ? undefined : JSON.stringify({ '100': input.credit }),
      reset: input.reset,
    }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(set).length === 0) throw invalid('Nothing to update: give at least one field.');
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(`No plan ${id}.`);
    const row = await trx.updateTable('plans').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    const plan = planOf(row);
    await plansChanged(trx);
    const action =
      Object.keys(set).length === 1 && 'active' in set
        ? plan.active
          ? 'plan.activate'
          : 'plan.deactivate'
        : 'plan.update';
    await audit(trx, ctx, { actor, action, target: `plan:${id}`, before: planOf(before), after: plan });
    return plan;
  });
}

export async function listCountries(ctx: AppContext): Promise<AdminCountry[]> {
  const rows = await ctx.db.selectFrom('countries').selectAll().orderBy('sort_order').orderBy('id').execute();
  return rows.map((c) => ({ code: c.id, title: c.title, titleFa: c.title_fa }));
}

export async function addCountry(ctx: AppContext, input: AdminCountry, actor: Actor): Promise<AdminCountry> {
  const code = String(input.code ?? '')
    .trim()
    .toUpperCase();
  if (!/^[A-Z]{2,3}$/.test(code)) throw invalid('The code must be a two- or three-letter country code.');
  const title = String(input.title ?? '').trim();
  const titleFa = String(input.titleFa ?? '').trim();
  if (!title || title.length > 60 || !titleFa || titleFa.length > 60)
    throw invalid('Give the country’s English and Persian names (up to 60 characters each).');
  return ctx.db.transaction().execute(async (trx) => {
    const exists = await trx.selectFrom('countries').select('id').where('id', '=', code).executeTakeFirst();
    if (exists) throw conflict(`Country ${code} exists already.`);
    await trx.insertInto('countries').values({ id: code, title, title_fa: titleFa, sort_order: 100 }).execute();
    const country = { code, title, titleFa };
    await audit(trx, ctx, { actor, action: 'country.add', target: `country:${code}`, after: country });
    return country;
  });
}

/** Removes a country and its server templates (the nodes in it keep running, with no country). */
export async function removeCountry(ctx: AppContext, codeGiven: string, actor: Actor): Promise<void> {
  const code = codeGiven.trim().toUpperCase();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('countries').selectAll().where('id', '=', code).executeTakeFirst();
    if (!row) throw notFound(`No country ${code}.`);
    await trx.deleteFrom('countries').where('id', '=', code).execute();
    await audit(trx, ctx, {
      actor,
      action: 'country.remove',
      target: `country:${code}`,
      before: { code, title: row.title, titleFa: row.title_fa },
    });
  });
}

function serverOf(s: {
  id: number;
  title: string;
  type: number;
  country_code: string;
  server: string;
  active: number;
}): AdminServer {
  let links: string[] = [];
  try {
    const parsed = JSON.parse(s.server) as { s?: unknown };
    if (Array.isArray(parsed.s)) links = parsed.s.filter((l): l is string => typeof l === 'string');
  } catch {
    links = [];
  }
  return {
    id: s.id,
    title: s.title,
    type: s.type === 1 ? 1 : 2,
    country: s.country_code,
    links,
    active: s.active === 1,
  };
}

export async function listServers(ctx: AppContext): Promise<AdminServer[]> {
  const rows = await ctx.db.selectFrom('servers').selectAll().orderBy('id').execute();
  return rows.map(serverOf);
}

export async function addServer(
  ctx: AppContext,
  input: { title: string; type: number; country: string; links: string[] },
  actor: Actor,
): Promise<AdminServer> {
  const title = String(input.title ?? '').trim();
  if (!title || title.length > 80) throw invalid('The title must be 1 to 80 characters.');
  if (input.type !== 1 && input.type !== 2) throw invalid('The type must be 2 (V2Ray) or 1 (OpenConnect).');
  const links = (Array.isArray(input.links) ? input.links : []).map((l) => String(l).trim()).filter(Boolean);
  if (links.length === 0) throw invalid('Give at least one link.');
  if (links.some((l) => l.length > 2000 || /\s/.test(l))) throw invalid('A link must be one line without spaces.');
  const country = String(input.country ?? '')
    .trim()
    .toUpperCase();
  return ctx.db.transaction().execute(async (trx) => {
    const known = await trx.selectFrom('countries').select('id').where('id', '=', country).executeTakeFirst();
    if (!known) throw invalid(`No country ${country}: add it first.`);
    const row = await trx
      .insertInto('servers')
      .values({
        title,
        type: input.type,
        country_code: country,
        server: JSON.stringify({ s: links }),
        active: 1,
        sort_order: 100,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const server = serverOf(row);
    await audit(trx, ctx, { actor, action: 'server.add', target: `server:${server.id}`, after: server });
    return server;
  });
}

export async function removeServer(ctx: AppContext, id: number, actor: Actor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('servers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`No server ${id}.`);
    await trx.deleteFrom('servers').where('id', '=', id).execute();
    await audit(trx, ctx, { actor, action: 'server.remove', target: `server:${id}`, before: serverOf(row) });
  });
}

/** The plans as stored, by id (separ-admin's `plans list` prints their stored prices). */
export async function planRows(ctx: AppContext): Promise<PlanRow[]> {
  return ctx.db.selectFrom('plans').selectAll().orderBy('id').execute();
}

/** One plan as stored, or not_found. */
export async function planById(ctx: AppContext, id: number): Promise<PlanRow> {
  const plan = await ctx.db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
  if (!plan) throw notFound(`No plan ${id}.`);
  return plan;
}
