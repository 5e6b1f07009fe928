import nodemailer from 'nodemailer';
import type { AppContext } from '../../platform/context.ts';
import { MINUTE_MS } from '@separ/domain';
import { maskEmail } from '../../platform/log.ts';

export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/** How long a process may take to send one message before another may try it. */
const SEND_LEASE_MS = 5 * MINUTE_MS;

/**
 * The SMTP URL with timeouts well inside the lease (nodemailer waits up to 10 minutes on a silent
 * socket by default): a message stuck on a hung server is given up before another process may
 * claim it, so it is never sent twice. The operator's own settings in the URL win.
 */
export function withTimeouts(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    for (const [key, ms] of [
      ['connectionTimeout', 30_000],
      ['greetingTimeout', 30_000],
      ['socketTimeout', MINUTE_MS],
    ] as const)
      if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
    return url.toString();
  } catch {
    return smtpUrl;
  }
}

/**
 * Sends what waits in the outbox through SMTP (SEPAR_SMTP_URL). Without SMTP the mail stays in the
 * outbox table, sealed, for an operator to deliver. Each message is claimed before it is sent (a
 * conditional update that one process wins), so two server processes never send it twice; a
 * message that fails is tried again on a later run, up to 8 times, and never stops the others.
 * Returns how many were sent.
 */
export async function deliverOutbox(ctx: AppContext, transport?: MailTransport, limit = 50): Promise<number> {
  const mailer =
    transport ?? (ctx.config.smtpUrl ? nodemailer.createTransport(withTimeouts(ctx.config.smtpUrl)) : null);
  if (!mailer) return 0;
  const now = ctx.now();
  const pending = await ctx.db
    .selectFrom('outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('attempts', '<', 8)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now.toISOString())]))
    .orderBy('id')
    .limit(limit)
    .execute();
  let sent = 0;
  for (const mail of pending) {
    const claim = await ctx.db
      .updateTable('outbox')
      .set({ claimed_until: new Date(now.getTime() + SEND_LEASE_MS).toISOString(), attempts: mail.attempts + 1 })
      .where('id', '=', mail.id)
      .where('sent_at', 'is', null)
      .where('attempts', '=', mail.attempts)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue; // another process has it
    try {
      await mailer.sendMail({
        from: ctx.config.mailFrom,
        to: mail.recipient,
        subject: mail.subject,
        text: ctx.secrets.box.open(mail.body_sealed),
      });
      await ctx.db
        .updateTable('outbox')
        .set({ sent_at: ctx.now().toISOString(), claimed_until: null, last_error: null })
        .where('id', '=', mail.id)
        .execute();
      sent++;
    } catch (error) {
      ctx.log.warn({ mail: mail.id, to: maskEmail(mail.recipient), err: error }, 'a message could not be sent');
      await ctx.db
        .updateTable('outbox')
        .set({ claimed_until: null, last_error: String((error as Error).message).slice(0, 300) })
        .where('id', '=', mail.id)
        .execute()
        .catch(() => undefined);
    }
  }
  return sent;
}
