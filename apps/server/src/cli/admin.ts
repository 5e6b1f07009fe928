#!/usr/bin/env node
/**
 * separ-admin — the operator's command line. Every command runs in one transaction and answers bad
 * input with a clear error (exit code 2). Run it through npm: `npm run separ-admin -- <command>`.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import {
  isValidPasswordText,
  maxPasswordLength,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_COMMON_MESSAGE,
  passwordTooLongMessage,
} from '@separ/domain';
import { isCommonPassword } from '../platform/security/commonPasswords.ts';
import type { Db } from '../platform/db/index.ts';
import { bootstrap, StartupProblem } from '../bootstrap.ts';
import { createAccount } from '../modules/accounts/index.ts';
import type { ShopContext } from '../root.ts';
import { ORDER_STATE_NAMES } from '../modules/payments/index.ts';
import { isOrderStateName, listOrders, orderDetails } from '../modules/payments/index.ts';
import { InputError } from '../platform/errors.ts';
import { NODE_OPTION_SPECS, runNodes } from '../modules/nodes/index.ts';
import { runSettings, SETTINGS_HELP, SETTINGS_OPTION_SPECS } from '../modules/settings/index.ts';
import { listRadiusClients } from '../modules/nodes/index.ts';
import { listAudit } from '../platform/audit.ts';
import {
  addCountry,
  addServer,
  createPlan,
  removeCountry,
  removeServer,
  updatePlan,
} from '../modules/catalog/index.ts';
import { addRadius, removeRadius } from '../modules/nodes/index.ts';
import { addOperator, listOperators, removeOperator, unlockOperator } from '../modules/operators/index.ts';
import { completeOrderByHand, resendOutbox } from '../modules/payments/index.ts';
import { userAction } from '../modules/accounts/index.ts';
import { usedMB } from '../modules/accounts/index.ts';
import { reconcile } from '../modules/payments/index.ts';
import { deliverOutbox } from '../modules/messaging/index.ts';
import { runReminders } from '../modules/messaging/index.ts';
import { botStatus } from '../modules/messaging/index.ts';
import { getSetting, setSetting } from '../modules/settings/index.ts';

/** The account running the command, for the audit log (`root@cli`). */
function cliUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

/** A mistake in the operator's input: printed as it is, exit code 2. */
export class UsageError extends Error {}

const HELP = `separ-admin <group> <command> [arguments] [--options]

  plans list
  plans add --title T --ios 0|1 --mb N --days N --devices N --toman N [--credit N]
  plans update <id> [--title T] [--ios 0|1] [--mb N] [--days N] [--devices N] [--toman N] [--credit N]
  plans activate <id> | plans deactivate <id>
  countries list | countries add <code> --title T --title-fa T | countries remove <code>
  servers list | servers remove <id>
  servers add --title T --type 1|2 --country CODE --link L [--link L …]   (links may hold xxx for username-password)
  users show <username>
  users create (--plan ID | --mb N --days N --devices N [--ios 0|1]) [--username U] [--password P] [--email E]
  users suspend <username> | users unsuspend <username>
  users extend <username> <days> | users add-data <username> <mb>
  users reset-password <username> [--password P]
  users end-devices <username>                    (ends its app devices and web sessions)
  app-links show | app-links set [--android URL] [--windows URL]
  sessions list <username> | sessions revoke <username>
  nodes add --name N --type vless|vmess|trojan|shadowsocks|hysteria2 --host H --port P --country CC
            [--transport tcp|ws|grpc|httpupgrade|xhttp] [--path /p] [--transport-host H] [--service-name S]
            [--security none|tls|reality] [--sni NAME] [--private-key K] [--short-id HEX]
            [--reality-dest HOST] [--reality-dest-port P] [--flow xtls-rprx-vision] [--cipher C]
            [--up-mbps N] [--down-mbps N] [--obfs-password P] [--rate 1] [--active 0|1] [--json]
  nodes update <id|name> [the options of add] | nodes list | nodes show <id|name>
  nodes rotate-token <id|name> [--json] | nodes remove <id|name>
  radius-clients add --ip IP --secret S [--name N] [--require-message-authenticator]
  radius-clients list | radius-clients remove <ip|name|id>     (the ocserv servers that may ask)
  payments list [--state pending|failed|paid|expired]
  payments show <order number>                   (the order, its history, its account and receipt)
  payments complete <order number> --ref REF     (the money is at the bank: complete the order by hand)
  payments reconcile [--older-than MINUTES]      (asks the gateways about pending orders)
  outbox list | outbox send                       (mail waiting for SMTP)
  outbox resend <id>                              (queue a message again)
  reminders run                                   (queue the expiry and data reminders due now; prints each kind's count)
  bot status                                      (the messaging bot's settings, free accounts given, linked chats)
  operators add <username> [--password P]         (an operator of the web admin at /admin; prints the password)
  operators list | operators remove <username>
  operators unlock <username>                     (lifts the lock of 5 wrong one-time codes)
  audit list [--q TEXT]                            (the operators' changes, newest first)
${SETTINGS_HELP}
`;

type Values = Record<string, string | string[] | boolean | undefined>;
type Out = (line: string) => void;

function num(values: Values, name: string, options: { min?: number; required?: boolean } = {}): number | undefined {
  const raw = values[name];
  if (raw === undefined) {
    if (options.required) throw new UsageError(`--${name} is required.`);
    return undefined;
  }
  const value = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isInteger(value)) {
    throw new UsageError(`--${name} must be a whole number, not "${String(raw)}".`);
  }
  if (options.min !== undefined && value < options.min)
    throw new UsageError(`--${name} must be at least ${options.min}.`);
  return value;
}

function flag(values: Values, name: string): 0 | 1 | undefined {
  const value = num(values, name);
  if (value === undefined) return undefined;
  if (value !== 0 && value !== 1) throw new UsageError(`--${name} must be 0 or 1.`);
  return value;
}

function text(values: Values, name: string, required = false): string | undefined {
  const value = values[name];
  if (value === undefined || value === '') {
    if (required) throw new UsageError(`--${name} is required.`);
    return undefined;
  }
  if (typeof value !== 'string') throw new UsageError(`--${name} takes one value.`);
  return value;
}

function arg(positionals: string[], index: number, name: string): string {
  const value = positionals[index];
  if (!value) throw new UsageError(`Missing <${name}>.`);
  return value;
}

function id(positionals: string[], index: number, name = 'id'): number {
  const value = Number(arg(positionals, index, name));
  if (!Number.isInteger(value) || value <= 0) throw new UsageError(`<${name}> must be a positive whole number.`);
  return value;
}

async function userByName(db: Db, username: string) {
  const user = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  if (!user) throw new UsageError(`No user named "${username}".`);
  return user;
}

/** Runs one command against an open database; returns what it printed through `out`. */
export async function runAdmin(argv: string[], ctx: ShopContext, out: Out): Promise<void> {
  const { secrets } = ctx;
  const now = ctx.now();
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        title: { type: 'string' },
        'title-fa': { type: 'string' },
        ios: { type: 'string' },
        mb: { type: 'string' },
        days: { type: 'string' },
        devices: { type: 'string' },
        toman: { type: 'string' },
        credit: { type: 'string' },
        type: { type: 'string' },
        country: { type: 'string' },
        link: { type: 'string', multiple: true },
        plan: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        email: { type: 'string' },
        android: { type: 'string' },
        windows: { type: 'string' },
        state: { type: 'string' },
        'older-than': { type: 'string' },
        ref: { type: 'string' },
        ...NODE_OPTION_SPECS,
        ...SETTINGS_OPTION_SPECS,
        json: { type: 'boolean' },
        ip: { type: 'string' },
        secret: { type: 'string' },
        'require-message-authenticator': { type: 'boolean' },
        q: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [group, command] = positionals;
  if (values.help || !group) {
    out(HELP);
    return;
  }
  const key = `${group} ${command ?? ''}`.trim();
  // The audit log's name for whoever runs the command.
  const actor = `${cliUser()}@cli`;

  if (group === 'settings') {
    await runSettings(command, values, ctx, out, actor);
    return;
  }
  if (key === 'operators add') {
    const { operator, password } = await addOperator(
      ctx,
      { username: arg(positionals, 2, 'username'), password: text(values, 'password') },
      actor,
    );
    out(`Operator ${operator.username} added. Password: ${password}`);
    out('They sign in at /admin.');
    return;
  }
  if (key === 'operators list') {
    const operators = await listOperators(ctx);
    if (operators.length === 0) out('No operators.');
    for (const o of operators)
      out(
        `${o.username}\t${o.totpEnabled ? 'one-time code on' : 'one-time code off'}${o.locked ? '\tlocked (operators unlock)' : ''}\tadded ${o.createdAt}\tlast sign-in ${o.lastLoginAt ?? 'never'}`,
      );
    return;
  }
  if (key === 'operators unlock') {
    const username = arg(positionals, 2, 'username');
    await unlockOperator(ctx, username, actor);
    out(`Operator ${username} unlocked: they can sign in again.`);
    return;
  }
  if (key === 'operators remove') {
    const username = arg(positionals, 2, 'username');
    await removeOperator(ctx, username, actor);
    out(`Operator ${username} removed; their sessions have ended.`);
    return;
  }
  if (key === 'audit list') {
    const page = await listAudit(ctx, { q: text(values, 'q'), pageSize: 100 });
    if (page.items.length === 0) out('The audit log is empty.');
    for (const e of page.items)
      out(
        `${e.at}\t${e.operator}\t${e.action}\t${e.target}\t${JSON.stringify(e.before)} -> ${JSON.stringify(e.after)}`,
      );
    return;
  }

  // These run their own statements through the services that the server uses too.
  if (group === 'nodes') {
    await runNodes(command, values, positionals, ctx, out, actor);
    return;
  }
  if (key === 'radius-clients add') {
    const { id, warning } = await addRadius(
      ctx,
      {
        ip: text(values, 'ip', true)!,
        secret: text(values, 'secret', true)!,
        name: text(values, 'name'),
        requireMessageAuthenticator: values['require-message-authenticator'] === true,
      },
      actor,
    );
    out(`RADIUS client ${id} added: a running server hears it within 10 seconds.`);
    if (warning) out(`Warning: ${warning}`);
    return;
  }
  if (key === 'radius-clients list') {
    const clients = await listRadiusClients(ctx);
    if (clients.length === 0) out('No RADIUS clients.');
    for (const c of clients)
      out(
        `${c.id}\t${c.ip}\t${c.name}\t${c.require_message_authenticator ? 'requires Message-Authenticator' : 'Message-Authenticator optional'}\t${c.created_at}`,
      );
    return;
  }
  if (key === 'radius-clients remove') {
    const client = await removeRadius(ctx, arg(positionals, 2, 'ip|name|id'), actor);
    out(`Removed RADIUS client ${client.id} (${client.ip}).`);
    return;
  }
  // These talk to gateways and mail servers: each settles orders through its own transactions.
  if (key === 'payments reconcile') {
    const olderThan = num(values, 'older-than', { min: 0 }) ?? 5;
    const s = await reconcile(ctx, { olderThanMinutes: olderThan });
    out(
      `Checked ${s.checked}: ${s.completed} completed, ${s.failed} failed, ${s.expired} expired, ${s.open} still open, ${s.unknown} without an answer from the gateway (asked again later), ${s.busy} busy, ${s.errors} errors.`,
    );
    return;
  }
  if (key === 'payments show') {
    const { order, history, account, receipt } = await orderDetails(ctx.db, arg(positionals, 2, 'order number'));
    const state = (n: number | null) => (n === null ? '-' : (ORDER_STATE_NAMES[n] ?? String(n)));
    out(
      [
        `order:           ${order.res_num}`,
        `state:           ${state(order.state)}${order.failure ? ` (${order.failure})` : ''}`,
        `amount:          ${order.amount} IRR (plan ${order.plan_id})`,
        `gateway:         ${order.gate} via ${order.provider}, authority ${order.authority ?? '-'}`,
        `bank reference:  ${order.ref_num ?? '-'}`,
        `e-mail:          ${order.email}`,
        `created:         ${order.created_at}`,
        `paid:            ${order.paid_at ?? '-'}`,
        `account:         ${account ? `${account.username}${account.expireDate ? `, expires ${account.expireDate}` : `, starts on first use (${account.subsDays} days)`}` : '-'}`,
        `receipt:         ${receipt ? (receipt.sentAt ? `sent ${receipt.sentAt}` : `waiting in the outbox (${receipt.attempts} tries${receipt.lastError ? `: ${receipt.lastError}` : ''})`) : '-'}`,
        'history:',
        ...history.map(
          (e) => `  ${e.at}  ${state(e.from_state)} -> ${state(e.to_state)}  ${e.actor}  ${e.detail ?? ''}`,
        ),
      ].join('\n'),
    );
    return;
  }
  if (key === 'payments complete') {
    const resNum = arg(positionals, 2, 'order number');
    const done = await completeOrderByHand(ctx, resNum, text(values, 'ref', true)!, actor);
    out(
      done.renewed
        ? `Order ${resNum} completed by hand. Account ${done.username} renewed; its password is unchanged (the receipt is queued for ${done.detail.email}).`
        : `Order ${resNum} completed by hand. Account ${done.username}, password ${done.password} (the receipt is queued for ${done.detail.email}).`,
    );
    return;
  }
  if (key === 'reminders run') {
    // Works without the bot's token: e-mails go to the outbox; the bot, when it runs, sends its own.
    const counts = await runReminders(ctx);
    for (const [kind, count] of Object.entries(counts)) out(`${kind}: ${count}`);
    return;
  }
  if (key === 'bot status') {
    const status = await botStatus(ctx);
    out(
      [
        `bot:              ${status.configured ? `on (SEPAR_BOT_TOKEN set), Bot API ${status.apiRoot}` : 'off (SEPAR_BOT_TOKEN is not set)'}`,
        `free accounts:    ${status.free.enabled ? 'on' : 'off'}; ${status.free.givenToday} of ${status.free.dailyLimit} given today, ${status.free.givenEver} ever`,
        `messaging users:  ${status.messagingUsers}, ${status.linkedChats} linked to an account`,
      ].join('\n'),
    );
    return;
  }
  if (key === 'outbox send') {
    if (!ctx.config.smtpUrl) throw new UsageError('No SMTP server configured: set SEPAR_SMTP_URL.');
    out(`Sent ${await deliverOutbox(ctx)} message(s).`);
    return;
  }

  // Changes go through the admin's services (apps/server/src/admin): the same rules, and the audit log.
  switch (key) {
    case 'plans add': {
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
        },
        actor,
      );
      out(`Added plan ${plan.id}.`);
      return;
    }
    case 'plans update': {
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
      };
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      if (Object.keys(set).length === 0) throw new UsageError('Nothing to update: give at least one option.');
      await updatePlan(ctx, planId, set, actor);
      out(`Updated plan ${planId}.`);
      return;
    }
    case 'plans activate':
    case 'plans deactivate': {
      const planId = id(positionals, 2);
      await updatePlan(ctx, planId, { active: command === 'activate' }, actor);
      out(`Plan ${planId} ${command}d.`);
      return;
    }
    case 'countries add': {
      const code = arg(positionals, 2, 'code');
      const country = await addCountry(
        ctx,
        { code, title: text(values, 'title', true)!, titleFa: text(values, 'title-fa', true)! },
        actor,
      );
      out(`Added country ${country.code}.`);
      return;
    }
    case 'countries remove': {
      const code = arg(positionals, 2, 'code').toUpperCase();
      await removeCountry(ctx, code, actor);
      out(`Removed country ${code} and its servers.`);
      return;
    }
    case 'servers add': {
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
      return;
    }
    case 'servers remove': {
      const serverId = id(positionals, 2);
      await removeServer(ctx, serverId, actor);
      out(`Removed server ${serverId}.`);
      return;
    }
    case 'users suspend':
    case 'users unsuspend': {
      const username = arg(positionals, 2, 'username');
      await userAction(ctx, username, { action: command === 'suspend' ? 'suspend' : 'unsuspend' }, actor);
      out(`User ${username} ${command}ed.`);
      return;
    }
    case 'users extend': {
      const username = arg(positionals, 2, 'username');
      const days = Number(arg(positionals, 3, 'days'));
      if (!Number.isInteger(days) || days <= 0) throw new UsageError('<days> must be a positive whole number.');
      const done = await userAction(ctx, username, { action: 'extend', days }, actor);
      out(
        done.expireDate
          ? `User ${username} now expires ${done.expireDate}.`
          : `User ${username} now starts with ${done.pendingDays} days.`,
      );
      return;
    }
    case 'users add-data': {
      const username = arg(positionals, 2, 'username');
      const mb = Number(arg(positionals, 3, 'mb'));
      if (!Number.isInteger(mb) || mb <= 0) throw new UsageError('<mb> must be a positive whole number.');
      const done = await userAction(ctx, username, { action: 'add-data', mb }, actor);
      out(`User ${username} now has ${done.allowedMB} MB.`);
      return;
    }
    case 'users reset-password': {
      const username = arg(positionals, 2, 'username');
      const done = await userAction(
        ctx,
        username,
        { action: 'reset-password', password: text(values, 'password') },
        actor,
      );
      out(`New password of ${username}: ${done.password}`);
      out(`Ended ${done.sessionsEnded} web session(s) and ${done.devicesEnded} app device(s).`);
      return;
    }
    case 'users end-devices': {
      const username = arg(positionals, 2, 'username');
      const done = await userAction(ctx, username, { action: 'end-devices' }, actor);
      out(`Ended ${done.devicesEnded} app device(s) and ${done.sessionsEnded} web session(s) of ${username}.`);
      return;
    }
    case 'outbox resend': {
      const mail = await resendOutbox(ctx, id(positionals, 2), actor);
      out(`Message ${mail.id} to ${mail.recipient} is queued again.`);
      return;
    }
  }

  await ctx.db.transaction().execute(async (trx) => {
    switch (key) {
      case 'plans list': {
        const plans = await trx.selectFrom('plans').selectAll().orderBy('id').execute();
        for (const p of plans) {
          out(
            `${p.id}\t${p.active ? 'active' : 'inactive'}\t${p.ios ? 'ios' : 'android'}\t${p.subs_days}d\t${p.allowed_mb}MB\t${p.allowed_devices}dev\t${p.price_toman}\t${p.price_credit}\t${p.title}`,
          );
        }
        return;
      }
      case 'countries list': {
        for (const c of await trx.selectFrom('countries').selectAll().orderBy('sort_order').execute()) {
          out(`${c.id}\t${c.title}\t${c.title_fa}`);
        }
        return;
      }
      case 'servers list': {
        for (const s of await trx.selectFrom('servers').selectAll().orderBy('id').execute()) {
          out(`${s.id}\t${s.country_code}\t${s.type === 2 ? 'v2ray' : 'openconnect'}\t${s.title}`);
        }
        return;
      }
      case 'users show': {
        const user = await userByName(trx, arg(positionals, 2, 'username'));
        const devices = await trx
          .selectFrom('devices')
          .select(['id', 'device_info', 'login_at'])
          .where('user_id', '=', user.id)
          .execute();
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
        return;
      }
      case 'users create': {
        let plan:
          { allowed_mb: number; subs_days: number; allowed_devices: number; ios: number; id: number } | undefined;
        const planId = num(values, 'plan', { min: 1 });
        if (planId !== undefined) {
          plan = await trx.selectFrom('plans').selectAll().where('id', '=', planId).executeTakeFirst();
          if (!plan) throw new UsageError(`No plan ${planId}.`);
        }
        const password = text(values, 'password');
        if (password !== undefined && (password.length < MIN_PASSWORD_LENGTH || !isValidPasswordText(password))) {
          throw new UsageError(`--password must be at least ${MIN_PASSWORD_LENGTH} Latin letters and digits.`);
        }
        const username = text(values, 'username');
        if (username !== undefined && !/^[a-z0-9_.-]{3,20}$/i.test(username)) {
          throw new UsageError('--username must be 3 to 20 letters, digits, dots, dashes or underscores.');
        }
        const max = maxPasswordLength(username ?? 'sp000000');
        if (password !== undefined && password.length > max)
          throw new UsageError(`--password: ${passwordTooLongMessage(max)}.`);
        if (password !== undefined && isCommonPassword(password))
          throw new UsageError(`--password: ${PASSWORD_TOO_COMMON_MESSAGE}.`);
        if (
          username !== undefined &&
          (await trx.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst())
        ) {
          throw new UsageError(`The username ${username} is taken.`);
        }
        const { user, password: plain } = await createAccount(
          trx,
          secrets,
          {
            username,
            password,
            email: text(values, 'email') ?? null,
            allowedMB: plan ? Number(plan.allowed_mb) : num(values, 'mb', { min: -1, required: true })!,
            allowedDevices: plan ? plan.allowed_devices : num(values, 'devices', { min: 1, required: true })!,
            subsDays: plan ? plan.subs_days : num(values, 'days', { min: 1, required: true })!,
            ios: plan ? plan.ios : (flag(values, 'ios') ?? 0),
            planId: plan?.id ?? null,
          },
          now,
        );
        out(`Created user ${user.username} with password ${plain} (starts on first connection).`);
        return;
      }
      case 'app-links show': {
        out(`android: ${(await getSetting(trx, 'app_android_link')) ?? '-'}`);
        out(`windows: ${(await getSetting(trx, 'app_win_link')) ?? '-'}`);
        return;
      }
      case 'app-links set': {
        const android = text(values, 'android');
        const windows = text(values, 'windows');
        if (!android && !windows) throw new UsageError('Give --android, --windows or both.');
        for (const [name, value] of [
          ['android', android],
          ['windows', windows],
        ] as const) {
          if (value && !/^https?:\/\/\S+$/.test(value)) throw new UsageError(`--${name} must be an http(s) URL.`);
        }
        if (android) await setSetting(trx, 'app_android_link', android);
        if (windows) await setSetting(trx, 'app_win_link', windows);
        out('App links saved.');
        return;
      }
      case 'sessions list': {
        const user = await userByName(trx, arg(positionals, 2, 'username'));
        const sessions = await trx
          .selectFrom('sessions')
          .selectAll()
          .where('user_id', '=', user.id)
          .orderBy('created_at')
          .execute();
        for (const s of sessions)
          out(`${s.id}\t${s.created_at}\texpires ${s.expires_at}\t${s.ip ?? '-'}\t${s.user_agent ?? '-'}`);
        if (sessions.length === 0) out('No web sessions.');
        return;
      }
      case 'sessions revoke': {
        const user = await userByName(trx, arg(positionals, 2, 'username'));
        const result = await trx.deleteFrom('sessions').where('user_id', '=', user.id).executeTakeFirst();
        out(`Revoked ${Number(result.numDeletedRows)} session(s) of ${user.username}.`);
        return;
      }
      case 'payments list': {
        const state = text(values, 'state');
        if (state !== undefined && !isOrderStateName(state)) {
          throw new UsageError(`--state must be one of ${ORDER_STATE_NAMES.join(', ')}.`);
        }
        const orders = await listOrders(trx, { state });
        for (const o of orders) {
          out(
            `${o.res_num}\t${ORDER_STATE_NAMES[o.state] ?? o.state}\t${o.gate}/${o.provider}\t${o.amount} IRR\tplan ${o.plan_id}\t${o.created_at}\t${o.ref_num ?? '-'}${o.failure ? `\t${o.failure}` : ''}`,
          );
        }
        if (orders.length === 0) out('No orders.');
        return;
      }
      case 'outbox list': {
        const mails = await trx
          .selectFrom('outbox')
          .select(['id', 'kind', 'recipient', 'subject', 'attempts', 'sent_at', 'created_at'])
          .orderBy('id', 'desc')
          .limit(100)
          .execute();
        for (const m of mails)
          out(
            `${m.id}\t${m.kind}\t${m.recipient}\t${m.sent_at ? 'sent' : `waiting (${m.attempts} tries)`}\t${m.subject}`,
          );
        if (mails.length === 0) out('The outbox is empty.');
        return;
      }
      default:
        throw new UsageError(`Unknown command "${key}". Run separ-admin --help.`);
    }
  });
}

async function main() {
  // The same startup as the server: in production, the key that seals passwords must be the server's.
  let booted;
  try {
    booted = await bootstrap({
      // What the services log reaches the operator's terminal on stderr (warnings and errors only).
      log: { info() {}, warn: say('warning'), error: say('error') },
    });
  } catch (error) {
    throw error instanceof StartupProblem ? new UsageError(error.message) : error;
  }
  try {
    await runAdmin(process.argv.slice(2), booted.context, (line) => console.log(line));
  } finally {
    await booted.database.close();
  }
}

function say(level: string) {
  return (object: object, message?: string) =>
    console.error(`separ-admin: ${level}: ${message ?? ''} ${JSON.stringify(object)}`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    const usage =
      error instanceof UsageError ||
      error instanceof InputError ||
      (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS');
    console.error(`separ-admin: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(usage ? 2 : 1);
  });
}
