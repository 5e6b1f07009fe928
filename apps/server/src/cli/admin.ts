#!/usr/bin/env node
/**
 * separ-admin — the operator's command line, a thin shell: it parses the command line and runs the
 * command's row. The rows live in the modules (`modules/<name>/cli.ts`); each calls the module
 * function the web admin's API calls, so every change has the same rules and lands in the audit log
 * as `<unix user>@cli`. Bad input gets a clear error (exit code 2). Run it through npm:
 * `npm run separ-admin -- <command>`.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { bootstrap, StartupProblem } from '../bootstrap.ts';
import { ACCOUNT_COMMANDS } from '../modules/accounts/index.ts';
import { BACKUP_COMMANDS, BACKUP_HELP } from '../modules/backup/index.ts';
import { CATALOG_COMMANDS } from '../modules/catalog/index.ts';
import { MESSAGING_COMMANDS } from '../modules/messaging/index.ts';
import { NODE_COMMANDS, NODE_OPTION_SPECS } from '../modules/nodes/index.ts';
import { findingLine, OPERATOR_COMMANDS, runDoctor } from '../modules/operators/index.ts';
import { PAYMENT_COMMANDS } from '../modules/payments/index.ts';
import { WALLET_COMMANDS } from '../modules/wallet/index.ts';
import { CARD_COMMANDS } from '../modules/cards/index.ts';
import { GROWTH_COMMANDS, GROWTH_HELP, GROWTH_OPTION_SPECS } from '../modules/growth/index.ts';
import { SETTINGS_COMMANDS, SETTINGS_HELP, SETTINGS_OPTION_SPECS } from '../modules/settings/index.ts';
import { WEBHOOK_COMMANDS, WEBHOOK_HELP, WEBHOOK_OPTION_SPECS } from '../modules/webhooks/index.ts';
import { UsageError, type CommandRow, type Out } from '../platform/cli.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/index.ts';
import { AppError } from '../platform/errors.ts';
import { createContext, type ShopContext } from '../root.ts';

export { UsageError } from '../platform/cli.ts';

/** The account running the command, for the audit log (`root@cli`). */
function cliUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

const HELP = `separ-admin <group> <command> [arguments] [--options]

  doctor                                          (checks the configuration: each problem with its fix; exit 1 on a problem)

  plans list
  plans add --title T --ios 0|1 --mb N --days N --devices N --toman N [--credit N] [--reset day|week|month|none]
  plans update <id> [--title T] [--ios 0|1] [--mb N] [--days N] [--devices N] [--toman N] [--credit N] [--reset P]
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
  users bulk extend|add-data|suspend|unsuspend|reset-usage|delete-expired (--user U [--user U …] | --q TEXT | --all)
            [--days N] [--mb N] [--confirm COUNT] [--dry-run]
                                                  (one action on many accounts, at most 10,000, audited once with the count;
                                                  extend takes --days, add-data --mb; delete-expired deletes those expired
                                                  more than --days days ago, only with --confirm their count)
  sessions list <username> | sessions revoke <username>
  nodes add --name N --type vless|vmess|trojan|shadowsocks|hysteria2 --host H --port P --country CC
            [--transport tcp|ws|grpc|httpupgrade|xhttp] [--path /p] [--transport-host H] [--service-name S]
            [--security none|tls|reality] [--sni NAME] [--private-key K] [--short-id HEX]
            [--reality-dest HOST] [--reality-dest-port P] [--flow xtls-rprx-vision] [--cipher C]
            [--up-mbps N] [--down-mbps N] [--obfs-password P] [--rate 1] [--active 0|1] [--json]
  nodes update <id|name> [the options of add] | nodes list | nodes show <id|name>
  nodes rotate-token <id|name> [--json] | nodes remove <id|name>
  nodes hosts add <node id> --address A [--port P] [--sni S] [--host H] [--remark R] [--json]
  nodes hosts list <node id> | nodes hosts remove|pause|resume <node id> <host id>
                                                  (extra addresses: a CDN, a relay, a clean IP)
  radius-clients add --ip IP --secret S [--name N] [--require-message-authenticator]
  radius-clients list | radius-clients remove <ip|name|id>     (the ocserv servers that may ask)
  payments list [--state pending|failed|paid|expired|awaiting_review]
  payments show <order number>                   (the order, its history, its account and receipt)
  payments complete <order number> --ref REF     (the money is at the bank: complete the order by hand)
  payments refund <order number> --to-wallet --reason TEXT
                                                  (a paid order's tomans back into its account's wallet, once)
  payments reconcile [--older-than MINUTES]      (asks the gateways about pending orders)
  payments approve <order number>                (a card transfer's receipt is right: complete the order once)
  payments reject <order number> --reason TEXT   (a card transfer's receipt is wrong: the buyer sees the reason)
  cards add --number N --holder NAME [--bank NAME]  (a card for card-to-card transfers: 16 digits, Luhn-checked)
  cards list | cards enable <id> | cards disable <id> | cards remove <id>
  outbox list | outbox send                       (mail waiting for SMTP)
  outbox resend <id>                              (queue a message again)
  reminders run                                   (queue the expiry and data reminders due now; prints each kind's count)
  bot status                                      (the messaging bot's settings, free accounts given, linked chats)
  operators add <username> [--password P] [--role owner|admin|sales|support]
                                                  (an operator of the web admin at /admin; prints the password;
                                                  the first operator is the owner, later ones admin by default)
  operators role <username> <owner|admin|sales|support>   (another role; the shop keeps one owner)
  operators list | operators remove <username>
  tokens add --name N --role R                    (an API token for /api/admin with that role; printed once)
  tokens list | tokens revoke <name>
${WEBHOOK_HELP}
  operators unlock <username>                     (lifts the lock of 5 wrong one-time codes)
  audit list [--q TEXT]                            (the operators' changes, newest first)
  wallet show <username>                          (the balance in tomans and the entries, newest first)
  wallet adjust <username> --amount=±N --reason TEXT   (an adjustment entry; never below 0; audited)
${GROWTH_HELP}
${SETTINGS_HELP}
${BACKUP_HELP}
`;

/** Every command, one row each, from the modules that own them. */
export const COMMANDS: ReadonlyArray<CommandRow<ShopContext>> = [
  ...SETTINGS_COMMANDS,
  ...OPERATOR_COMMANDS,
  ...NODE_COMMANDS,
  ...PAYMENT_COMMANDS,
  ...MESSAGING_COMMANDS,
  ...CATALOG_COMMANDS,
  ...ACCOUNT_COMMANDS,
  ...WALLET_COMMANDS,
  ...CARD_COMMANDS,
  ...GROWTH_COMMANDS,
  ...BACKUP_COMMANDS,
  ...WEBHOOK_COMMANDS,
];

/** Runs one command against an open database; returns what it printed through `out`. */
export async function runAdmin(argv: string[], ctx: ShopContext, out: Out): Promise<void> {
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
        reset: { type: 'string' },
        type: { type: 'string' },
        country: { type: 'string' },
        link: { type: 'string', multiple: true },
        plan: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        email: { type: 'string' },
        state: { type: 'string' },
        'older-than': { type: 'string' },
        ref: { type: 'string' },
        ...NODE_OPTION_SPECS,
        ...SETTINGS_OPTION_SPECS,
        ...GROWTH_OPTION_SPECS,
        ...WEBHOOK_OPTION_SPECS,
        json: { type: 'boolean' },
        ip: { type: 'string' },
        secret: { type: 'string' },
        'require-message-authenticator': { type: 'boolean' },
        q: { type: 'string' },
        user: { type: 'string', multiple: true },
        all: { type: 'boolean' },
        confirm: { type: 'string' },
        'dry-run': { type: 'boolean' },
        amount: { type: 'string' },
        reason: { type: 'string' },
        'to-wallet': { type: 'boolean' },
        number: { type: 'string' },
        holder: { type: 'string' },
        bank: { type: 'string' },
        out: { type: 'string' },
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
  const row = COMMANDS.find((r) => (r.group ? r.command === group : r.command === key));
  if (!row) throw new UsageError(`Unknown command "${key}". Run separ-admin --help.`);
  // The audit log's name for whoever runs the command.
  await row.run({ ctx, values, positionals, out, actor: `${cliUser()}@cli` });
}

/**
 * `separ-admin doctor`: checks the configuration of `env` and prints each problem with its fix;
 * answers the exit code (0 when all is fine, 1 on a problem). It starts the shop its own way, not
 * through bootstrap: a configuration production refuses, or a database not yet migrated, is what
 * it must report, and it migrates and seeds nothing.
 */
export async function doctor(env: NodeJS.ProcessEnv, out: Out, timeoutMs = 5000): Promise<number> {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    out(
      findingLine({
        status: 'problem',
        topic: 'configuration',
        text: (error as Error).message,
        fix: 'correct that variable in the environment file.',
      }),
    );
    return 1;
  }
  let database;
  try {
    database = openDatabase({ ...config, poolSize: 2 });
  } catch (error) {
    out(
      findingLine({
        status: 'problem',
        topic: 'database',
        text: `it cannot be opened: ${(error as Error).message}`,
        fix: `check that ${config.dataDir} exists and the service's user may write to it.`,
      }),
    );
    return 1;
  }
  try {
    const problems = await runDoctor(
      { config, database, context: () => createContext(config, database), timeoutMs },
      out,
    );
    return problems > 0 ? 1 : 0;
  } finally {
    // A database that never answered may hold its connection attempt: closing waits a second at most.
    await Promise.race([
      database.close().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 1000).unref()),
    ]);
  }
}

async function main() {
  if (process.argv[2] === 'doctor' && process.argv.length === 3) {
    // Exits at once: a mail server or Bot API that never answered may still hold a socket.
    process.exit(await doctor(process.env, (line) => console.log(line)));
  }
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

/**
 * What a failed command prints and exits with: a usage mistake or a refusal (an AppError whose
 * code answers below 500 over HTTP: invalid, not found, conflict …) exits 2; anything else 1.
 */
export function cliFailure(error: unknown): { line: string; exitCode: number } {
  const usage =
    error instanceof UsageError ||
    (error instanceof AppError && error.status < 500) ||
    (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS') === true;
  return { line: `separ-admin: ${error instanceof Error ? error.message : String(error)}`, exitCode: usage ? 2 : 1 };
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    const { line, exitCode } = cliFailure(error);
    console.error(line);
    process.exit(exitCode);
  });
}
