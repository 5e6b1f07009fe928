import { isResetPeriod, type ResetPeriod } from '@separ/domain';
import { arg, flag, id, num, text, UsageError, type CommandRow, type Values } from '../../platform/cli.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  addCountry,
  addServer,
  createPlan,
  listCountries,
  listServers,
  planRows,
  removeCountry,
  removeServer,
  updatePlan,
} from './admin.ts';

/** `--reset day|week|month|none` (CONTRACTS §14), or undefined when not given. */
function resetOption(values: Values): ResetPeriod | undefined {
  const value = text(values, 'reset');
  if (value === undefined) return undefined;
  if (!isResetPeriod(value)) throw new UsageError('--reset must be day, week, month or none.');
  return value;
}

/** separ-admin's plans, countries and servers: the catalogue functions the web admin calls. */
export const CATALOG_COMMANDS: Array<CommandRow<AppContext>> = [
  {
    command: 'plans list',
    async run({ ctx, out }) {
      for (const p of await planRows(ctx)) {
        out(
          `${p.id}\t${p.active ? 'active' : 'inactive'}\t${p.ios ? 'ios' : 'android'}\t${p.subs_days}d\t${p.allowed_mb}MB\t${p.allowed_devices}dev\t${p.price_toman}\t${p.price_credit}\t${p.title}${p.reset !== 'none' ? `\treset ${p.reset}` : ''}`,
        );
      }
    },
  },
  {
    command: 'plans add',
    async run({ ctx, values, out, actor }) {
      const toman = num(values, 'toman', { min: 1, required: true })!;
      const plan = await createPlan(
        ctx,
        {
          title: text(values, 'title', true)!,
          ios: (flag(values, 'ios') ?? 0) === 1,
          allowedMB: num(values, 'mb', { min: -1, required: true })!,
          days: num(values, 'days', { min: 1, required: true })!,
          devices: num(values, 'devices', { min: 1, required: true })!,
          toman,
          credit: num(values, 'credit', { min: 1 }),
          reset: resetOption(values),
        },
        actor,
      );
      out(`Added plan ${plan.id}.`);
    },
  },
  {
    command: 'plans update',
    async run({ ctx, values, positionals, out, actor }) {
      const planId = id(positionals, 2);
      const ios = flag(values, 'ios');
      const changes = {
        title: text(values, 'title'),
        ios: ios === undefined ? undefined : ios === 1,
        allowedMB: num(values, 'mb', { min: -1 }),
        days: num(values, 'days', { min: 1 }),
        devices: num(values, 'devices', { min: 1 }),
        toman: num(values, 'toman', { min: 1 }),
        credit: num(values, 'credit', { min: 1 }),
        reset: resetOption(values),
      };
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      if (Object.keys(set).length === 0) throw new UsageError('Nothing to update: give at least one option.');
      await updatePlan(ctx, planId, set, actor);
      out(`Updated plan ${planId}.`);
    },
  },
  ...(['activate', 'deactivate'] as const).map((command): CommandRow<AppContext> => ({
    command: `plans ${command}`,
    async run({ ctx, positionals, out, actor }) {
      const planId = id(positionals, 2);
      await updatePlan(ctx, planId, { active: command === 'activate' }, actor);
      out(`Plan ${planId} ${command}d.`);
    },
  })),
  {
    command: 'countries list',
    async run({ ctx, out }) {
      for (const c of await listCountries(ctx)) out(`${c.code}\t${c.title}\t${c.titleFa}`);
    },
  },
  {
    command: 'countries add',
    async run({ ctx, values, positionals, out, actor }) {
      const code = arg(positionals, 2, 'code');
      const country = await addCountry(
        ctx,
        { code, title: text(values, 'title', true)!, titleFa: text(values, 'title-fa', true)! },
        actor,
      );
      out(`Added country ${country.code}.`);
    },
  },
  {
    command: 'countries remove',
    async run({ ctx, positionals, out, actor }) {
      const code = arg(positionals, 2, 'code').toUpperCase();
      await removeCountry(ctx, code, actor);
      out(`Removed country ${code} and its servers.`);
    },
  },
  {
    command: 'servers list',
    async run({ ctx, out }) {
      for (const s of await listServers(ctx))
        out(`${s.id}\t${s.country}\t${s.type === 2 ? 'v2ray' : 'openconnect'}\t${s.title}`);
    },
  },
  {
    command: 'servers add',
    async run({ ctx, values, out, actor }) {
      const type = num(values, 'type', { required: true })!;
      if (type !== 1 && type !== 2) throw new UsageError('--type must be 2 (v2ray) or 1 (openconnect).');
      const links = (values.link as string[] | undefined) ?? [];
      if (links.length === 0) throw new UsageError('Give at least one --link.');
      const server = await addServer(
        ctx,
        { title: text(values, 'title', true)!, type, country: text(values, 'country', true)!, links },
        actor,
      );
      out(`Added server ${server.id}.`);
    },
  },
  {
    command: 'servers remove',
    async run({ ctx, positionals, out, actor }) {
      const serverId = id(positionals, 2);
      await removeServer(ctx, serverId, actor);
      out(`Removed server ${serverId}.`);
    },
  },
];
