import type { AppContext } from '../../platform/context.ts';
import { emitEvent } from '../../platform/events.ts';

/**
 * A gateway that keeps failing (CONTRACTS §13): the gateways that take real money — IranDargah,
 * SPAY, OxaPay, NOWPayments — count their failures in a row (a payment request or a verification
 * that could not be had: a timeout, an error, an answer we cannot read) in `gateway_health`, shared
 * by every process. The third in a row with no success between tells the operators' chat once, with
 * the last error; a success sets the count back, so it is told again only after it recovered and
 * failed three times more.
 */
export const GATEWAY_FAILURES_TOLD = 3;

const WATCHED: ReadonlySet<string> = new Set(['ird', 'spay', 'oxapay', 'nowpayments']);

/** The longest error kept and told. */
const ERROR_MAX = 300;

/** Notes a failure of a gateway; the one that makes it three in a row writes the event, once. */
export async function gatewayFailed(ctx: AppContext, provider: string, error: string): Promise<void> {
  if (!WATCHED.has(provider)) return;
  const now = ctx.now().toISOString();
  const detail = error.slice(0, ERROR_MAX);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('gateway_health')
      .values({ provider, failures: 0, last_error: null, alerted_at: null, updated_at: now })
      .onConflict((oc) => oc.column('provider').doNothing())
      .execute();
    // The row's lock orders concurrent failures: each reads the count its own increment made.
    const row = await trx
      .updateTable('gateway_health')
      .set((eb) => ({ failures: eb('failures', '+', 1), last_error: detail, updated_at: now }))
      .where('provider', '=', provider)
      .returning(['failures', 'alerted_at'])
      .executeTakeFirstOrThrow();
    if (Number(row.failures) < GATEWAY_FAILURES_TOLD || row.alerted_at !== null) return;
    const told = await trx
      .updateTable('gateway_health')
      .set((eb) => ({ alerted_at: now, alerts: eb('alerts', '+', 1) }))
      .where('provider', '=', provider)
      .where('alerted_at', 'is', null)
      .returning('alerts')
      .executeTakeFirstOrThrow();
    await emitEvent(trx, now, `gateway.failing:${provider}:${told.alerts}`, {
      kind: 'gateway.failing',
      data: { gateway: provider, error: detail, failures: Number(row.failures) },
    });
  });
}

/** Notes a success of a gateway: its count of failures starts again (a read, and a write only after failures). */
export async function gatewaySucceeded(ctx: AppContext, provider: string): Promise<void> {
  if (!WATCHED.has(provider)) return;
  const row = await ctx.db
    .selectFrom('gateway_health')
    .select(['failures', 'alerted_at'])
    .where('provider', '=', provider)
    .executeTakeFirst();
  if (!row || (Number(row.failures) === 0 && row.alerted_at === null)) return;
  await ctx.db
    .updateTable('gateway_health')
    .set({ failures: 0, alerted_at: null, last_error: null, updated_at: ctx.now().toISOString() })
    .where('provider', '=', provider)
    .execute();
}

/** Notes what a call to a gateway came to (null: it answered), never failing the caller for it. */
export async function noteGateway(ctx: AppContext, provider: string, error: string | null): Promise<void> {
  try {
    if (error === null) await gatewaySucceeded(ctx, provider);
    else await gatewayFailed(ctx, provider, error);
  } catch (failure) {
    ctx.log.warn({ err: failure, gateway: provider }, 'could not note the gateway’s health');
  }
}
