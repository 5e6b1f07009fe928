import type { Db } from './db/index.ts';

/**
 * What happened in the shop that someone outside the admin is told of (CONTRACTS §13): an order
 * paid, a card receipt awaiting review. Each is written once, in the transaction of the change it
 * reports (its `key` is unique: writing it twice keeps the first), and each consumer — the
 * operators' chat today — claims and marks what it delivered in its own columns, so that several
 * processes deliver each one once.
 */
export type ShopEvent =
  | {
      kind: 'order.paid';
      data: {
        resNum: string;
        gate: string;
        /** Rials paid (0 from the wallet, whose tomans are in `toman`). */
        amount: number;
        toman: number;
        username: string;
        renewed: boolean;
        /** Tomans a top-up added (absent for a plan). */
        topup?: number;
        plan?: string;
      };
    }
  | {
      kind: 'receipt.review';
      data: {
        resNum: string;
        amount: number;
        tracking: string | null;
        hasImage: boolean;
        plan?: string;
        email: string;
      };
    }
  | { kind: 'node.silent'; data: { nodeId: number; name: string; lastSeenAt: string; minutes: number } }
  | { kind: 'node.back'; data: { nodeId: number; name: string; silentSince: string } };

export type ShopEventKind = ShopEvent['kind'];

/** Records an event in the caller's transaction, once per key. */
export async function emitEvent(db: Db, at: string, key: string, event: ShopEvent): Promise<void> {
  await db
    .insertInto('shop_events')
    .values({ kind: event.kind, key, data: JSON.stringify(event.data), created_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** An event as its consumers read it back. */
export type StoredEvent = ShopEvent & { id: number; at: string };

export function storedEvent(row: { id: number; kind: string; data: string; created_at: string }): StoredEvent {
  return { id: row.id, at: row.created_at, kind: row.kind, data: JSON.parse(row.data) } as StoredEvent;
}
