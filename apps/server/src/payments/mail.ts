import nodemailer from 'nodemailer';
import type { AppContext } from '../context.ts';

/** A recipient for logs: the first letter and the domain only. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}

export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/**
 * Sends what waits in the outbox through SMTP (SEPAR_SMTP_URL). Without SMTP the mail stays in the
 * outbox table, sealed, for an operator to deliver. Returns how many were sent.
 */
export async function deliverOutbox(ctx: AppContext, transport?: MailTransport, limit = 50): Promise<number> {
  const mailer = transport ?? (ctx.config.smtpUrl ? nodemailer.createTransport(ctx.config.smtpUrl) : null);
  if (!mailer) return 0;
  const pending = await ctx.db
    .selectFrom('outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('attempts', '<', 8)
    .orderBy('id')
    .limit(limit)
    .execute();
  let sent = 0;
  for (const mail of pending) {
    try {
      await mailer.sendMail({
        from: ctx.config.mailFrom,
        to: mail.recipient,
        subject: mail.subject,
        text: ctx.secrets.box.open(mail.body_sealed),
      });
      await ctx.db
        .updateTable('outbox')
        .set({ sent_at: ctx.now().toISOString(), attempts: mail.attempts + 1 })
        .where('id', '=', mail.id)
        .execute();
      sent++;
    } catch (error) {
      await ctx.db
        .updateTable('outbox')
        .set({ attempts: mail.attempts + 1, last_error: String((error as Error).message).slice(0, 300) })
        .where('id', '=', mail.id)
        .execute();
    }
  }
  return sent;
}
