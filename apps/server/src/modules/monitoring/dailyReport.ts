import { DAY_MS } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import { emitEvent, type DailyReport } from '../../platform/events.ts';
import { ORDER } from '../payments/index.ts';

/** The shop's clock for the report: Iran's (no daylight saving since 2022; Intl knows either way). */
export const REPORT_TIME_ZONE = 'Asia/Tehran';

/** A moment's date and time on Tehran's clock. */
function tehran(at: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: REPORT_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/**
 * When today's report is due and what it covers, on Tehran's clock: at SEPAR_DAILY_REPORT_HOUR,
 * the 24 hours before. Null before that hour (or with the report off).
 */
export function reportWindow(now: Date, hour: number | null): { day: string; from: Date; to: Date } | null {
  if (hour === null) return null;
  const local = tehran(now);
  if (local.hour < hour) return null;
  // Tehran's offset from UTC now, from the same moment read on both clocks.
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  const offset = wall - Math.floor(now.getTime() / 1000) * 1000;
  const to = new Date(Date.UTC(local.year, local.month - 1, local.day, hour) - offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    day: `${local.year}-${pad(local.month)}-${pad(local.day)}`,
    from: new Date(to.getTime() - DAY_MS),
    to,
  };
}

/** The figures of [from, to): sales, renewals and top-ups paid, new accounts, the nodes' traffic and state. */
export async function dailyFigures(ctx: AppContext, day: string, from: Date, to: Date): Promise<DailyReport> {
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  const paid = await ctx.db
    .selectFrom('orders')
    .select(['amount', 'renew_user_id', 'topup_user_id', 'topup_toman'])
    .where('state', '=', ORDER.paid)
    .where('paid_at', '>=', fromIso)
    .where('paid_at', '<', toIso)
    .execute();
  const plans = paid.filter((order) => order.topup_user_id === null);
  const topups = paid.filter((order) => order.topup_user_id !== null);
  const created = await ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', toIso)
    .executeTakeFirstOrThrow();
  // The last whole UTC day before `to` (node_traffic counts by UTC day).
  const trafficDay = new Date(Math.floor(to.getTime() / DAY_MS) * DAY_MS - DAY_MS).toISOString().slice(0, 10);
  const traffic = await ctx.db
    .selectFrom('node_traffic')
    .select((eb) => [eb.fn.countAll().as('rows'), eb.fn.sum<number | string | null>('bytes').as('bytes')])
    .where('day', '=', trafficDay)
    .executeTakeFirstOrThrow();
  const nodes = await ctx.db
    .selectFrom('nodes')
    .select(['last_seen_at', 'silent_since'])
    .where('active', '=', 1)
    .execute();
  return {
    day,
    from: fromIso,
    to: toIso,
    sales: {
      count: plans.length,
      toman: Math.round(plans.reduce((sum, order) => sum + Number(order.amount), 0) / 10),
    },
    renewals: plans.filter((order) => order.renew_user_id !== null).length,
    topups: { count: topups.length, toman: topups.reduce((sum, order) => sum + Number(order.topup_toman ?? 0), 0) },
    newAccounts: Number(created.n),
    traffic: Number(traffic.rows) > 0 ? { day: trafficDay, bytes: Number(traffic.bytes ?? 0) } : null,
    nodes: {
      online: nodes.filter((node) => node.last_seen_at !== null && node.silent_since === null).length,
      silent: nodes.filter((node) => node.silent_since !== null).length,
      never: nodes.filter((node) => node.last_seen_at === null).length,
    },
  };
}

/**
 * The daily report (CONTRACTS §13), a background job: once today's hour has come (Tehran time), the
 * figures of the 24 hours before become one event for the operators' chat, keyed by the date, so
 * that any number of processes write it once. Returns whether this call wrote it.
 */
export async function dailyReport(ctx: AppContext): Promise<boolean> {
  const window = reportWindow(ctx.now(), ctx.config.dailyReportHour);
  if (!window) return false;
  const key = `daily.report:${window.day}`;
  const told = await ctx.db.selectFrom('shop_events').select('id').where('key', '=', key).executeTakeFirst();
  if (told) return false;
  const data = await dailyFigures(ctx, window.day, window.from, window.to);
  // Another process may write it in between: the key keeps one.
  return emitEvent(ctx.db, ctx.now().toISOString(), key, { kind: 'daily.report', data });
}
