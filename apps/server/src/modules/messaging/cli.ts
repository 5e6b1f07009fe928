import { UsageError, type CommandRow } from '../../platform/cli.ts';
import type { AppContext } from '../../platform/context.ts';
import { botStatus } from './botService.ts';
import { deliverOutbox } from './mail.ts';
import { runReminders } from './reminders.ts';

/** separ-admin's outbox sending, reminders and bot status. */
export const MESSAGING_COMMANDS: Array<CommandRow<AppContext>> = [
  {
    command: 'outbox send',
    async run({ ctx, out }) {
      if (!ctx.config.smtpUrl) throw new UsageError('No SMTP server configured: set SEPAR_SMTP_URL.');
      out(`Sent ${await deliverOutbox(ctx)} message(s).`);
    },
  },
  {
    command: 'reminders run',
    async run({ ctx, out }) {
      // Works without the bot's token: e-mails go to the outbox; the bot, when it runs, sends its own.
      const counts = await runReminders(ctx);
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
];
