import { arg, num, text, UsageError, type CommandRow } from '../../platform/cli.ts';
import type { AppContext } from '../../platform/context.ts';
import { adjustWallet, walletOfUsername } from './service.ts';

const toman = (n: number) => `${n.toLocaleString('en-US')} toman`;

/** separ-admin's wallet: an account's balance and entries, and an operator's adjustment (audited). */
export const WALLET_COMMANDS: Array<CommandRow<AppContext>> = [
  {
    command: 'wallet show',
    async run({ ctx, positionals, out }) {
      const wallet = await walletOfUsername(ctx, arg(positionals, 2, 'username'));
      out(`${wallet.username}: balance ${toman(wallet.balance)}`);
      if (wallet.entries.length === 0) out('No entries.');
      for (const e of wallet.entries)
        out(`${e.createdAt}\t${e.kind}\t${e.amount > 0 ? '+' : ''}${e.amount}\t→ ${e.balance}\t${e.ref ?? '-'}`);
    },
  },
  {
    command: 'wallet adjust',
    async run({ ctx, values, positionals, out, actor }) {
      const amount = num(values, 'amount', { required: true })!;
      const reason = text(values, 'reason');
      if (!reason) throw new UsageError('--reason is required: say why the balance changes.');
      const done = await adjustWallet(ctx, arg(positionals, 2, 'username'), { amount, reason }, actor);
      out(`${done.username}: ${amount > 0 ? '+' : ''}${amount} toman, balance ${toman(done.balance)}.`);
    },
  },
];
