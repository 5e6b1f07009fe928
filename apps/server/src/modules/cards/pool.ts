import { formatCardNumber, normalizeCardNumber } from '@separ/domain';
import type { AdminCard, AdminCardInput } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import type { CardsTable } from '../../platform/db/schema.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';

/**
 * The shop's cards (CONTRACTS §11): several, each enabled or not, spread across the card orders.
 * separ-admin's `cards …` and the admin API call these, each change audited.
 */

/** The states of a card order that keep it open: its amount is its own until it closes. */
export const OPEN_STATES = ['awaiting_transfer', 'awaiting_review'] as const;

type CardRow = Omit<CardsTable, 'id'> & { id: number };

function cardOf(row: CardRow, openOrders: number): AdminCard {
  return {
    id: row.id,
    number: row.number,
    holder: row.holder,
    bank: row.bank,
    enabled: row.enabled === 1,
    openOrders,
    createdAt: row.created_at,
  };
}

async function openCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('card_orders')
    .select(['card_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('card_id', 'in', ids)
    .where('state', 'in', [...OPEN_STATES])
    .groupBy('card_id')
    .execute();
  return new Map(rows.map((r) => [r.card_id, Number(r.n)]));
}

async function cardById(db: Db, id: number): Promise<AdminCard> {
  // An id no integer column holds names no card (and never reaches PostgreSQL as an overflow).
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(`No card ${id}.`);
  const row = await db
    .selectFrom('cards')
    .selectAll()
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(`No card ${id}.`);
  return cardOf(row, (await openCounts(db, [id])).get(id) ?? 0);
}

/** The cards in the pool (not removed), oldest first. */
export async function listCards(ctx: Pick<AppContext, 'db'>): Promise<AdminCard[]> {
  const rows = await ctx.db.selectFrom('cards').selectAll().where('removed_at', 'is', null).orderBy('id').execute();
  const counts = await openCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => cardOf(r, counts.get(r.id) ?? 0));
}

/** Whether a card order can be placed: an enabled card is in the pool. */
export async function cardsActive(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('cards')
    .select('id')
    .where('enabled', '=', 1)
    .where('removed_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds a card: 16 digits that pass the Luhn check (Persian digits, spaces and hyphens accepted), a
 * holder's name, and the bank's. A card removed before comes back with the new names.
 */
export async function addCard(ctx: AppContext, input: AdminCardInput, actor: Actor): Promise<AdminCard> {
  const number = normalizeCardNumber(input.number);
  if (!number) throw invalid('The card number must be 16 digits that pass the card check (Luhn).');
  const holder = typeof input.holder === 'string' ? input.holder.trim() : '';
  if (!holder || holder.length > 100) throw invalid('holder is required (1 to 100 characters).');
  const bankText = typeof input.bank === 'string' ? input.bank.trim() : '';
  if (bankText.length > 100) throw invalid('bank must be at most 100 characters.');
  const bank = bankText || null;
  const now = ctx.now().toISOString();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const earlier = await trx.selectFrom('cards').selectAll().where('number', '=', number).executeTakeFirst();
      if (earlier && earlier.removed_at === null)
        throw conflict(`Card ${formatCardNumber(number)} is in the pool already (card ${earlier.id}).`);
      const id = earlier
        ? (
            await trx
              .updateTable('cards')
              .set({ holder, bank, enabled: 1, removed_at: null })
              .where('id', '=', earlier.id)
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id
        : (
            await trx
              .insertInto('cards')
              .values({ number, holder, bank, enabled: 1, removed_at: null, created_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
      await audit(trx, ctx, { actor, action: 'card.add', target: `card:${id}`, after: { number, holder, bank } });
      return cardById(trx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`Card ${formatCardNumber(number)} is in the pool already.`);
    throw error;
  }
}

/** Offers a card to new orders, or to none (the open orders keep theirs). */
export async function setCardEnabled(ctx: AppContext, id: number, enabled: boolean, actor: Actor): Promise<AdminCard> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await cardById(trx, id);
    await trx
      .updateTable('cards')
      .set({ enabled: enabled ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    await audit(trx, ctx, {
      actor,
      action: enabled ? 'card.enable' : 'card.disable',
      target: `card:${id}`,
      before: { enabled: before.enabled },
      after: { enabled },
    });
    return cardById(trx, id);
  });
}

/** Removes a card from the pool: kept for the orders that name it, offered to nobody. */
export async function removeCard(ctx: AppContext, id: number, actor: Actor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await cardById(trx, id);
    await trx
      .updateTable('cards')
      .set({ enabled: 0, removed_at: ctx.now().toISOString() })
      .where('id', '=', id)
      .execute();
    await audit(trx, ctx, {
      actor,
      action: 'card.remove',
      target: `card:${id}`,
      before: { number: before.number, holder: before.holder, bank: before.bank, openOrders: before.openOrders },
    });
  });
}

/** A card's row by id, removed or not (a card order shows the card it was given). */
export async function cardRow(db: Db, id: number) {
  return db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The card for a new order: of the enabled cards, one with the fewest open orders (ties at random),
 * so that the transfers spread across the pool.
 */
export async function pickCard(db: Db): Promise<number | null> {
  const rows = await db
    .selectFrom('cards')
    .leftJoin('card_orders', (join) =>
      join.onRef('card_orders.card_id', '=', 'cards.id').on('card_orders.state', 'in', [...OPEN_STATES]),
    )
    .select(['cards.id', (eb) => eb.fn.count<number>('card_orders.order_id').as('n')])
    .where('cards.enabled', '=', 1)
    .where('cards.removed_at', 'is', null)
    .groupBy('cards.id')
    .execute();
  if (rows.length === 0) return null;
  const least = Math.min(...rows.map((r) => Number(r.n)));
  const candidates = rows.filter((r) => Number(r.n) === least);
  return candidates[Math.floor(Math.random() * candidates.length)]!.id;
}
