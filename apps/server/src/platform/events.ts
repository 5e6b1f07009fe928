import type { Db } from './db/index.ts';

/**
 * What happened in the shop that someone outside the admin is told of (CONTRACTS §13): an order
 * paid, an account created, a card receipt awaiting review, a node silent and back, a gateway failing, the daily report. Each is written once, in the transaction of the change it
 * reports (its `key` is unique: writing it twice keeps the first), and each consumer — the
 * operators' chat — claims and marks what it delivered in its own columns (the webhooks keep a
 * delivery row per webhook and event), so that several processes deliver each one once.
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
  /** An account made (a paid order, the bot's free account, `separ-admin users create`): for webhooks. */
  | {
      kind: 'user.created';
      data: { username: string; email: string | null; planId: number | null; expireDate: string | null };
    }
  | { kind: 'node.silent'; data: { nodeId: number; name: string; lastSeenAt: string; minutes: number } }
  | { kind: 'node.back'; data: { nodeId: number; name: string; silentSince: string } }
  /** A gateway whose payment requests or verifications failed three times in a row, with the last error. */
  | { kind: 'gateway.failing'; data: { gateway: string; error: string; failures: number } }
  /** The day's figures (CONTRACTS §13), once a day: the 24 hours up to `to`; `day` is its Tehran date. */
  | { kind: 'daily.report'; data: DailyReport };

/** What the daily report tells. */
export interface DailyReport {
  /** The Tehran date (YYYY-MM-DD) the report is of, and its hours: [from, to). */
  day: string;
  from: string;
  to: string;
  /** Paid orders of a plan (new accounts and renewals; from the wallet too) and their tomans. */
  sales: { count: number; toman: number };
  renewals: number;
  /** Wallet top-ups paid and their tomans. */
  topups: { count: number; toman: number };
  newAccounts: number;
  /** The V2Ray nodes' traffic of the last full UTC day before `to` (null: none recorded). */
  traffic: { day: string; bytes: number } | null;
  nodes: { online: number; silent: number; never: number };
}

export type ShopEventKind = ShopEvent['kind'];

/** Records an event in the caller's transaction, once per key; whether this call wrote it. */
export async function emitEvent(db: Db, at: string, key: string, event: ShopEvent): Promise<boolean> {
  const written = await db
    .insertInto('shop_events')
    .values({ kind: event.kind, key, data: JSON.stringify(event.data), created_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** An event as its consumers read it back. */
export type StoredEvent = ShopEvent & { id: number; at: string };

export function storedEvent(row: { id: number; kind: string; data: string; created_at: string }): StoredEvent {
  return { id: row.id, at: row.created_at, kind: row.kind, data: JSON.parse(row.data) } as StoredEvent;
}
