import { arg, flag, num, text, UsageError, type CommandRow } from '../../platform/cli.ts';
import type { AppContext } from '../../platform/context.ts';
import { usedMB } from './access.ts';
import { ADMIN_BULK_ACTIONS, isAdminBulkAction } from '@separ/domain';
import { createUser, revokeWebSessions, userAction, userWithDevices, webSessions } from './admin.ts';
import { bulkUsers } from './bulk.ts';

/** separ-admin's users and sessions: the account functions the web admin calls, each change audited. */
export const ACCOUNT_COMMANDS: Array<CommandRow<AppContext>> = [
  {
    command: 'users show',
    async run({ ctx, positionals, out }) {
      const { user, devices } = await userWithDevices(ctx, arg(positionals, 2, 'username'));
      out(
        [
          `username:        ${user.username}`,
          `email:           ${user.email ?? '-'}`,
          `expires:         ${user.expire_date ?? (user.subs_days > 0 ? `on first use, ${user.subs_days} days` : '-')}`,
          `data:            ${usedMB(user.used_bytes)} of ${user.allowed_mb === -1 ? 'unlimited' : user.allowed_mb} MB (${user.used_bytes} bytes)`,
          `devices:         ${devices.length} of ${user.allowed_devices}`,
          `platform:        ${user.ios ? 'ios' : 'android'}`,
          `suspended:       ${user.suspend ? 'yes' : 'no'}`,
          ...devices.map((d) => `  device ${d.id}  ${d.device_info}  ${d.login_at}`),
        ].join('\n'),
      );
    },
  },
  {
    command: 'users create',
    async run({ ctx, values, out, actor }) {
      const planId = num(values, 'plan', { min: 1 });
      const terms =
        planId === undefined
          ? {
              allowedMB: num(values, 'mb', { min: -1, required: true })!,
              devices: num(values, 'devices', { min: 1, required: true })!,
              days: num(values, 'days', { min: 1, required: true })!,
              ios: flag(values, 'ios') ?? 0,
            }
          : { planId };
      const { user, password } = await createUser(
        ctx,
        {
          ...terms,
          username: text(values, 'username'),
          password: text(values, 'password'),
          email: text(values, 'email') ?? null,
        },
        actor,
      );
      out(`Created user ${user.username} with password ${password} (starts on first connection).`);
    },
  },
  ...(['suspend', 'unsuspend'] as const).map((command): CommandRow<AppContext> => ({
    command: `users ${command}`,
    async run({ ctx, positionals, out, actor }) {
      const username = arg(positionals, 2, 'username');
      await userAction(ctx, username, { action: command }, actor);
      out(`User ${username} ${command}ed.`);
    },
  })),
  {
    command: 'users extend',
    async run({ ctx, positionals, out, actor }) {
      const username = arg(positionals, 2, 'username');
      const days = Number(arg(positionals, 3, 'days'));
      if (!Number.isInteger(days) || days <= 0) throw new UsageError('<days> must be a positive whole number.');
      const done = await userAction(ctx, username, { action: 'extend', days }, actor);
      out(
        done.expireDate
          ? `User ${username} now expires ${done.expireDate}.`
          : `User ${username} now starts with ${done.pendingDays} days.`,
      );
    },
  },
  {
    command: 'users add-data',
    async run({ ctx, positionals, out, actor }) {
      const username = arg(positionals, 2, 'username');
      const mb = Number(arg(positionals, 3, 'mb'));
      if (!Number.isInteger(mb) || mb <= 0) throw new UsageError('<mb> must be a positive whole number.');
      const done = await userAction(ctx, username, { action: 'add-data', mb }, actor);
      out(`User ${username} now has ${done.allowedMB} MB.`);
    },
  },
  {
    command: 'users reset-password',
    async run({ ctx, values, positionals, out, actor }) {
      const username = arg(positionals, 2, 'username');
      const done = await userAction(
        ctx,
        username,
        { action: 'reset-password', password: text(values, 'password') },
        actor,
      );
      out(`New password of ${username}: ${done.password}`);
      out(`Ended ${done.sessionsEnded} web session(s) and ${done.devicesEnded} app device(s).`);
    },
  },
  {
    command: 'users end-devices',
    async run({ ctx, positionals, out, actor }) {
      const username = arg(positionals, 2, 'username');
      const done = await userAction(ctx, username, { action: 'end-devices' }, actor);
      out(`Ended ${done.devicesEnded} app device(s) and ${done.sessionsEnded} web session(s) of ${username}.`);
    },
  },
  {
    command: 'users bulk',
    async run({ ctx, values, positionals, out, actor }) {
      const action = arg(positionals, 2, 'action');
      if (!isAdminBulkAction(action)) throw new UsageError(`<action> must be one of ${ADMIN_BULK_ACTIONS.join(', ')}.`);
      const users = values.user;
      const q = text(values, 'q');
      const all = values.all === true;
      const named = Array.isArray(users) ? users : undefined;
      if ([named !== undefined, q !== undefined, all].filter(Boolean).length !== 1)
        throw new UsageError('Name the accounts with --user, or find them with --q or --all (one of the three).');
      const dryRun = values['dry-run'] === true;
      const done = await bulkUsers(
        ctx,
        {
          action,
          ...(named ? { usernames: named } : { filter: q === undefined ? {} : { q } }),
          days: num(values, 'days', { min: 0 }),
          mb: num(values, 'mb', { min: 1 }),
          confirm: text(values, 'confirm'),
          dryRun,
        },
        actor,
      );
      out(
        `${dryRun ? 'Would change' : action === 'delete-expired' ? 'Deleted' : 'Changed'} ${done.count} of ${done.matched} account(s) (${action}); ${done.skipped} left as they were.`,
      );
    },
  },
  {
    command: 'sessions list',
    async run({ ctx, positionals, out }) {
      const { sessions } = await webSessions(ctx, arg(positionals, 2, 'username'));
      for (const s of sessions)
        out(`${s.id}\t${s.created_at}\texpires ${s.expires_at}\t${s.ip ?? '-'}\t${s.user_agent ?? '-'}`);
      if (sessions.length === 0) out('No web sessions.');
    },
  },
  {
    command: 'sessions revoke',
    async run({ ctx, positionals, out, actor }) {
      const { username, revoked } = await revokeWebSessions(ctx, arg(positionals, 2, 'username'), actor);
      out(`Revoked ${revoked} session(s) of ${username}.`);
    },
  },
];
