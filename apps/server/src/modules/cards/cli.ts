import { formatCardNumber } from '@separ/domain';
import { arg, id, text, UsageError, type CommandRow } from '../../platform/cli.ts';
import type { PaymentsContext } from '../payments/index.ts';
import { addCard, listCards, removeCard, setCardEnabled } from './pool.ts';
import { approveCardOrder, rejectCardOrder } from './service.ts';

/** separ-admin's card pool and card-order decisions: the functions the admin API calls, audited. */
export const CARD_COMMANDS: Array<CommandRow<PaymentsContext>> = [
  {
    command: 'cards add',
    async run({ ctx, values, out, actor }) {
      const card = await addCard(
        ctx,
        { number: text(values, 'number', true)!, holder: text(values, 'holder', true)!, bank: text(values, 'bank') },
        actor,
      );
      out(
        `Added card ${card.id}: ${formatCardNumber(card.number)}, ${card.holder}${card.bank ? `, ${card.bank}` : ''}.`,
      );
    },
  },
  {
    command: 'cards list',
    async run({ ctx, out }) {
      const cards = await listCards(ctx);
      if (cards.length === 0) out('No cards.');
      for (const c of cards)
        out(
          `${c.id}\t${formatCardNumber(c.number)}\t${c.holder}\t${c.bank ?? '-'}\t${c.enabled ? 'enabled' : 'disabled'}\t${c.openOrders} open`,
        );
    },
  },
  {
    command: 'cards enable',
    async run({ ctx, positionals, out, actor }) {
      const card = await setCardEnabled(ctx, id(positionals, 2, 'card id'), true, actor);
      out(`Card ${card.id} enabled.`);
    },
  },
  {
    command: 'cards disable',
    async run({ ctx, positionals, out, actor }) {
      const card = await setCardEnabled(ctx, id(positionals, 2, 'card id'), false, actor);
      out(`Card ${card.id} disabled: new orders go to the other cards (${card.openOrders} open keep it).`);
    },
  },
  {
    command: 'cards remove',
    async run({ ctx, positionals, out, actor }) {
      const cardId = id(positionals, 2, 'card id');
      await removeCard(ctx, cardId, actor);
      out(`Card ${cardId} removed.`);
    },
  },
  {
    command: 'payments approve',
    async run({ ctx, positionals, out, actor }) {
      const resNum = arg(positionals, 2, 'order number');
      const done = await approveCardOrder(ctx, resNum, actor);
      out(
        done.renewed
          ? `Order ${resNum} approved. Account ${done.username} renewed; its password is unchanged.`
          : `Order ${resNum} approved. Account ${done.username}, password ${done.password} (the receipt is queued for the buyer).`,
      );
    },
  },
  {
    command: 'payments reject',
    async run({ ctx, values, positionals, out, actor }) {
      const resNum = arg(positionals, 2, 'order number');
      const reason = text(values, 'reason');
      if (!reason) throw new UsageError('--reason is required: the buyer sees it.');
      await rejectCardOrder(ctx, resNum, reason, actor);
      out(`Order ${resNum} rejected: ${reason}`);
    },
  },
];
