import { sql } from 'kysely';
import type { AdminOverview } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import { ORDER, WALLET_GATE } from '../payments/index.ts';
import { adminNodes } from '../nodes/index.ts';
import { DAY_MS, MB } from '@separ/domain';

/** The overview: money, orders, accounts, traffic, nodes and the outbox, in a handful of queries. */
export async function overview(ctx: AppContext): Promise<AdminOverview> {
  const now = ctx.now();
  const today = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
  const todayMs = Date.parse(today);
  const weekStart = new Date(todayMs - 6 * DAY_MS).toISOString();
  const monthStart = new Date(todayMs - 29 * DAY_MS).toISOString();
  const nowIso = now.toISOString();
  const db = ctx.db;
  const [paidByDay, byState, accounts, oc, nodes, outbox] = await Promise.all([
    db
      .selectFrom('orders')
      .select([
        sql<string>`substr(paid_at, 1, 10)`.as('day'),
        // Rials of the orders paid in rials; an order in dollars counts at its own rate (CONTRACTS
        // §12: the rate it was made at, kept on it), as cents × tomans a dollar, summed in 64 bits.
        sql<number>`sum(case when amount_usd_cents is null or toman_per_usd is null then amount else 0 end)`.as(
          'rials',
        ),
        sql<number>`sum(case when amount_usd_cents is null or toman_per_usd is null then 0
          else cast(amount_usd_cents as bigint) * toman_per_usd end)`.as('cent_tomans'),
        sql<number>`sum(case when amount_usd_cents is null or toman_per_usd is null then 0 else amount_usd_cents end)`.as(
          'cents',
        ),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .where('state', '=', ORDER.paid)
      // Money that arrived: a plan paid from the wallet was counted when the wallet was topped up.
      .where('gate', '<>', WALLET_GATE)
      .where('paid_at', '>=', monthStart)
      .groupBy(sql`substr(paid_at, 1, 10)`)
      .execute(),
    db
      .selectFrom('orders')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', monthStart)
      .groupBy('state')
      .execute(),
    db
      .selectFrom('users')
      .select([
        (eb) => eb.fn.countAll<number>().as('total'),
        sql<number>`sum(case when created_at >= ${today} then 1 else 0 end)`.as('new_today'),
        sql<number>`sum(case when created_at >= ${weekStart} then 1 else 0 end)`.as('new_week'),
        sql<number>`sum(case when suspend = 0 and subs_days = 0 and expire_date > ${nowIso}
          and (allowed_mb = -1 or used_bytes <= allowed_mb * ${MB}) then 1 else 0 end)`.as('active'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('radius_sessions')
      .select((eb) => eb.fn.sum<number>('counted_bytes').as('bytes'))
      .where('updated_at', '>=', monthStart)
      .executeTakeFirst(),
    adminNodes(ctx),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  // A day's tomans: its rials / 10 and its dollar orders' cents × their rates / 100, rounded once.
  const toman = (row: { rials: unknown; cent_tomans: unknown } | undefined) =>
    Math.round(Number(row?.rials ?? 0) / 10 + Number(row?.cent_tomans ?? 0) / 100);
  const days = new Map(paidByDay.map((r) => [r.day, r]));
  const revenueByDay: AdminOverview['revenueByDay'] = [];
  const centsByDay = new Map<string, number>();
  for (let i = 29; i >= 0; i--) {
    const day = new Date(todayMs - i * DAY_MS).toISOString().slice(0, 10);
    const row = days.get(day);
    revenueByDay.push({ day, toman: toman(row), orders: Number(row?.n ?? 0) });
    centsByDay.set(day, Number(row?.cents ?? 0));
  }
  const sumFrom = (start: string) =>
    revenueByDay.filter((d) => d.day >= start.slice(0, 10)).reduce((total, d) => total + d.toman, 0);
  const centsFrom = (start: string) =>
    [...centsByDay].filter(([day]) => day >= start.slice(0, 10)).reduce((total, [, cents]) => total + cents, 0);
  const states = new Map(byState.map((r) => [Number(r.state), Number(r.n)]));
  const trafficByNode = nodes.map((n) => ({ node: n.name, bytes: n.trafficBytes }));
  const ocBytes = Number(oc?.bytes ?? 0);
  if (ocBytes > 0) trafficByNode.push({ node: 'OpenConnect', bytes: ocBytes });
  return {
    revenue: { today: sumFrom(today), week: sumFrom(weekStart), month: sumFrom(monthStart) },
    revenueUsdCents: { today: centsFrom(today), week: centsFrom(weekStart), month: centsFrom(monthStart) },
    revenueByDay,
    orders: {
      paid: states.get(ORDER.paid) ?? 0,
      failed: states.get(ORDER.failed) ?? 0,
      pending: states.get(ORDER.pending) ?? 0,
      expired: states.get(ORDER.expired) ?? 0,
    },
    accounts: {
      total: Number(accounts.total),
      newToday: Number(accounts.new_today ?? 0),
      newWeek: Number(accounts.new_week ?? 0),
      active: Number(accounts.active ?? 0),
    },
    trafficByNode,
    nodes: { online: nodes.filter((n) => n.online).length, total: nodes.length },
    outboxBacklog: Number(outbox.n),
    subscriptionOrigins: originsOf(ctx.config),
  };
}

/** Which origin the subscription links use now, and the others that still answer (CONTRACTS §14). */
function originsOf(config: AppContext['config']): NonNullable<AdminOverview['subscriptionOrigins']> {
  const current = config.subOrigins[0] ?? config.publicUrl ?? null;
  const others = [...config.subOrigins.slice(1), ...(config.publicUrl ? [config.publicUrl] : [])];
  return { current, others: [...new Set(others)].filter((origin) => origin !== current) };
}
