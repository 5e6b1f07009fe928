import { id, UsageError, type CommandRow } from '../../platform/cli.ts';
import type { AppContext } from '../../platform/context.ts';
import { botStatus } from './botService.ts';
import { listOutbox, resendOutbox, runRemindersNow, sendOutboxNow } from './outbox.ts';

/** separ-admin's outbox (list, resend, send now), reminders and bot status; each change audited. */
export const MESSAGING_COMMANDS: Array<CommandRow<AppContext>> = [
  {
    command: 'outbox send',
    async run({ ctx, out, actor }) {
      if (!ctx.config.smtpUrl) throw new UsageError('No SMTP server configured: set SEPAR_SMTP_URL.');
      out(`Sent ${(await sendOutboxNow(ctx, actor)).sent} message(s).`);
    },
  },
  {
    command: 'reminders run',
    async run({ ctx, out, actor }) {
      // Works without the bot's token: e-mails go to the outbox; the bot, when it runs, sends its own.
      const counts = await runRemindersNow(ctx, actor);
      for (const [kind, count] of Object.entries(counts)) out(`${kind}: ${count}`);
    },
  },
  {
    command: 'bot status',
    async run({ ctx, out }) {
      const status = await botStatus(ctx);
      out(
        [
          `bot:              ${status.configured ? `on (SEPAR_BOT_TOKEN set), Bot API ${status.apiRoot}` : 'off (SEPAR_BOT_TOKEN is not set)'}`,
          `free accounts:    ${status.free.enabled ? 'on' : 'off'}; ${status.free.givenToday} of ${status.free.dailyLimit} given today, ${status.free.givenEver} ever`,
          `messaging users:  ${status.messagingUsers}, ${status.linkedChats} linked to an account`,
        ].join('\n'),
      );
    },
  },
  {
    command: 'outbox list',
    async run({ ctx, out }) {
      const { items } = await listOutbox(ctx, { pageSize: 100 });
      for (const m of items)
        out(`${m.id}\t${m.kind}\t${m.recipient}\t${m.sentAt ? 'sent' : `waiting (${m.attempts} tries)`}\t${m.subject}`);
      if (items.length === 0) out('The outbox is empty.');
    },
  },
  {
    command: 'outbox resend',
    async run({ ctx, positionals, out, actor }) {
      const mail = await resendOutbox(ctx, id(positionals, 2), actor);
      out(`Message ${mail.id} to ${mail.recipient} is queued again.`);
    },
  },
];
