import { WEBHOOK_EVENTS } from '@separ/domain/contract';
import { arg, text, type CommandRow } from '../../platform/cli.ts';
import type { AppContext } from '../../platform/context.ts';
import { deliverWebhooks } from './deliver.ts';
import { addWebhook, listDeliveries, listWebhooks, queueTestEvent, removeWebhook, webhookId } from './webhooks.ts';

/** The options the webhooks' commands read. */
export const WEBHOOK_OPTION_SPECS = {
  url: { type: 'string' },
  events: { type: 'string' },
} as const;

export const WEBHOOK_HELP = `  webhooks add --url URL --events ${WEBHOOK_EVENTS.slice(0, 2).join(',')},…
                                                  (POSTs those events, signed; prints the signing secret once;
                                                  events: ${WEBHOOK_EVENTS.join(', ')})
  webhooks list | webhooks remove <id>
  webhooks test <id>                              (sends a test event now, and prints its outcome)`;

/** separ-admin's webhooks (CONTRACTS §13): the functions the console calls, each change audited. */
export const WEBHOOK_COMMANDS: Array<CommandRow<AppContext>> = [
  {
    command: 'webhooks add',
    async run({ ctx, values, out, actor }) {
      const { webhook, secret } = await addWebhook(
        ctx,
        { url: text(values, 'url') ?? '', events: text(values, 'events') ?? '' },
        actor,
      );
      out(secret);
      out(
        `Webhook ${webhook.id} added for ${webhook.events.join(', ')} to ${webhook.url}. Its signing secret (above) is shown only now: check X-Separ-Signature = sha256=HMAC-SHA256(secret, raw body) in hex.`,
      );
    },
  },
  {
    command: 'webhooks list',
    async run({ ctx, out }) {
      const webhooks = await listWebhooks(ctx);
      if (webhooks.length === 0) out('No webhooks.');
      for (const w of webhooks)
        out(
          `${w.id}\t${w.url}\t${w.events.join(',')}\tadded ${w.createdAt} by ${w.createdBy}\tpending ${w.pending}\tlast delivered ${w.lastDeliveredAt ?? 'never'}`,
        );
    },
  },
  {
    command: 'webhooks remove',
    async run({ ctx, positionals, out, actor }) {
      const id = webhookId(arg(positionals, 2, 'webhook id'));
      await removeWebhook(ctx, id, actor);
      out(`Webhook ${id} removed.`);
    },
  },
  {
    command: 'webhooks test',
    async run({ ctx, positionals, out, actor }) {
      const id = webhookId(arg(positionals, 2, 'webhook id'));
      const delivery = await queueTestEvent(ctx, id, actor);
      await deliverWebhooks(ctx, { webhookId: id });
      const sent = (await listDeliveries(ctx, id, {})).items.find((item) => item.id === delivery);
      if (sent?.state === 'delivered') out(`Test event delivered to webhook ${id} (HTTP ${sent.lastStatus}).`);
      else
        out(
          `Test event queued for webhook ${id}; not delivered yet (${sent?.lastError ?? 'waiting'}): it is retried with backoff.`,
        );
    },
  },
];
