import type { AdminAuditEntry, AdminListQuery, AdminPage, AuditAction } from '@separ/domain';
import type { AppContext } from './context.ts';
import type { Db } from './db/index.ts';
import { pageOf, startsWith } from './db/paging.ts';

/** Who made a change: an operator of the web admin, or `<unix user>@cli`. */
export type Actor = string;

/**
 * Writes one change to the audit log, in the caller's transaction when it has one, so the change
 * and its record land together or not at all. The action is one of AUDIT_ACTIONS (@separ/domain),
 * each labelled on the admin's audit screen.
 */
export async function audit(
  db: Db,
  ctx: Pick<AppContext, 'now'>,
  entry: { actor: Actor; action: AuditAction; target: string; before?: unknown; after?: unknown },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: ctx.now().toISOString(),
      operator: entry.actor,
      action: entry.action,
      target: entry.target,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The audit log, newest first; `q` finds an operator, an action or a target by its start. */
export async function listAudit(ctx: AppContext, query: AdminListQuery): Promise<AdminPage<AdminAuditEntry>> {
  const { page, pageSize, offset } = pageOf(query);
  let base = ctx.db.selectFrom('audit_log');
  const q = query.q?.trim();
  if (q) {
    const kind = ctx.database.kind;
    base = base.where((eb) =>
      eb.or([startsWith(kind, 'operator', q), startsWith(kind, 'action', q), startsWith(kind, 'target', q)]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', query.dir === 'asc' ? 'asc' : 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at,
      operator: r.operator,
      action: r.action,
      target: r.target,
      before: parse(r.before_json),
      after: parse(r.after_json),
    })),
    total: Number(count.n),
    page,
    pageSize,
  };
}
