import { arg, text, type CommandRow } from '../../platform/cli.ts';
import type { AppContext } from '../../platform/context.ts';
import { listAudit } from '../../platform/audit.ts';
import { addOperator, listOperators, parseRole, removeOperator, setOperatorRole, unlockOperator } from './operators.ts';
import { addToken, listTokens, revokeToken } from './tokens.ts';
import { createOperatorChatCode } from '../messaging/index.ts';

/** separ-admin's operators and audit log: the functions the web admin calls, each change audited. */
export const OPERATOR_COMMANDS: Array<CommandRow<AppContext>> = [
  {
    command: 'operators add',
    async run({ ctx, values, positionals, out, actor }) {
      const role = text(values, 'role');
      const { operator, password } = await addOperator(
        ctx,
        {
          username: arg(positionals, 2, 'username'),
          password: text(values, 'password'),
          role: role === undefined ? undefined : parseRole(role),
        },
        actor,
      );
      out(`Operator ${operator.username} added as ${operator.role}. Password: ${password}`);
      out('They sign in at /admin.');
    },
  },
  {
    command: 'operators list',
    async run({ ctx, out }) {
      const operators = await listOperators(ctx);
      if (operators.length === 0) out('No operators.');
      for (const o of operators)
        out(
          `${o.username}\t${o.role}\t${o.totpEnabled ? 'one-time code on' : 'one-time code off'}${o.locked ? '\tlocked (operators unlock)' : ''}\tadded ${o.createdAt}\tlast sign-in ${o.lastLoginAt ?? 'never'}`,
        );
    },
  },
  {
    command: 'operators role',
    async run({ ctx, positionals, out, actor }) {
      const username = arg(positionals, 2, 'username');
      const role = parseRole(arg(positionals, 3, 'role'));
      const row = await setOperatorRole(ctx, username, role, actor);
      out(`Operator ${row.username} is now ${row.role}.`);
    },
  },
  {
    command: 'tokens add',
    async run({ ctx, values, out, actor }) {
      const { name, role, token } = await addToken(
        ctx,
        { name: text(values, 'name') ?? '', role: text(values, 'role') ?? '' },
        actor,
      );
      out(token);
      out(
        `Token ${name} (${role}) added: send it as "Authorization: Bearer <token>" to /api/admin. It is shown only now.`,
      );
    },
  },
  {
    command: 'tokens list',
    async run({ ctx, out }) {
      const tokens = await listTokens(ctx);
      if (tokens.length === 0) out('No API tokens.');
      for (const t of tokens)
        out(`${t.name}\t${t.role}\tadded ${t.createdAt} by ${t.createdBy}\tlast used ${t.lastUsedAt ?? 'never'}`);
    },
  },
  {
    command: 'tokens revoke',
    async run({ ctx, positionals, out, actor }) {
      const name = arg(positionals, 2, 'token name');
      await revokeToken(ctx, name, actor);
      out(`Token ${name} revoked.`);
    },
  },
  {
    command: 'operators link-chat',
    async run({ ctx, positionals, out, actor }) {
      const username = arg(positionals, 2, 'username');
      const { code, expiresAt } = await createOperatorChatCode(ctx, username, actor);
      out(code);
      out(
        `Send this code to the bot from the chat that should hear of orders and receipts (good once, until ${expiresAt}).`,
      );
    },
  },
  {
    command: 'operators unlock',
    async run({ ctx, positionals, out, actor }) {
      const username = arg(positionals, 2, 'username');
      await unlockOperator(ctx, username, actor);
      out(`Operator ${username} unlocked: they can sign in again.`);
    },
  },
  {
    command: 'operators remove',
    async run({ ctx, positionals, out, actor }) {
      const username = arg(positionals, 2, 'username');
      await removeOperator(ctx, username, actor);
      out(`Operator ${username} removed; their sessions have ended.`);
    },
  },
  {
    command: 'audit list',
    async run({ ctx, values, out }) {
      const page = await listAudit(ctx, { q: text(values, 'q'), pageSize: 100 });
      if (page.items.length === 0) out('The audit log is empty.');
      for (const e of page.items)
        out(
          `${e.at}\t${e.operator}\t${e.action}\t${e.target}\t${JSON.stringify(e.before)} -> ${JSON.stringify(e.after)}`,
        );
    },
  },
];
