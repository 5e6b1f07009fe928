import nodemailer from 'nodemailer';
import { V2RAY_TYPE } from '@separ/domain';
import type { Config } from '../../platform/config.ts';
import { pendingMigrations, type DatabaseHandle } from '../../platform/db/index.ts';
import { loadSecretKey } from '../../platform/security/crypto.ts';
import { listPlans, listServers } from '../catalog/index.ts';
import { adminNodes, listRadiusClients } from '../nodes/index.ts';
import { backupsDir, lastScheduledBackup } from '../backup/index.ts';
import { cryptoActive, type PaymentsContext } from '../payments/index.ts';
import { listWebhooks } from '../webhooks/index.ts';

/**
 * `separ-admin doctor` (issue 32 §6): checks a configuration the way a shop goes live and says each
 * problem with its fix. It reads several modules (catalog, nodes, payments), so it lives here, in
 * the operators module, which may import every module. It writes nothing: the database is neither
 * migrated nor seeded, and the network checks (SMTP, the Bot API) have a timeout each.
 */

/** One line of the doctor's answer: fine, a problem (the exit code is 1), or a note (not needed outside production). */
export interface Finding {
  status: 'ok' | 'problem' | 'note';
  topic: string;
  text: string;
  fix?: string;
}

export interface DoctorInput {
  config: Config;
  /** The database named by the configuration, opened but not migrated. */
  database: DatabaseHandle;
  /** The shop's context on that database; called only once the key and the database are fine. */
  context: () => PaymentsContext;
  /** How long each network check (database, SMTP, Bot API) may take. */
  timeoutMs?: number;
}

const ok = (topic: string, text: string): Finding => ({ status: 'ok', topic, text });
const problem = (topic: string, text: string, fix: string): Finding => ({ status: 'problem', topic, text, fix });
const note = (topic: string, text: string, fix?: string): Finding => ({ status: 'note', topic, text, fix });

/** Rejects with `what timed out` when `promise` takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // fetch says only "fetch failed": the cause (ECONNREFUSED, ENOTFOUND…) is what the operator needs.
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const more = cause ? ` (${cause.code ?? cause.message ?? ''})` : '';
  return `${text.split('\n')[0]!.slice(0, 200)}${more}`;
}

/** The secret key: set (in production), 32 bytes, random-looking, and the one the data was sealed with. */
export function secretKeyFindings(config: Config): { findings: Finding[]; usable: boolean } {
  const topic = 'secret key';
  const make = 'openssl rand -hex 32';
  if (!config.secretKey) {
    if (config.production)
      return {
        findings: [
          problem(
            topic,
            'SEPAR_SECRET_KEY is not set: the server refuses to start in production.',
            `set SEPAR_SECRET_KEY to the output of \`${make}\` (a shop that already ran on the key file: the 64 hex digits of ${config.dataDir}/secret.key), and keep it with the backups.`,
          ),
        ],
        usable: false,
      };
    return {
      findings: [
        note(
          topic,
          `SEPAR_SECRET_KEY is not set: the key file ${config.dataDir}/secret.key is used (made when missing).`,
          `before going live, put that file's 64 hex digits (or, for a new shop, \`${make}\`) in SEPAR_SECRET_KEY.`,
        ),
      ],
      usable: true,
    };
  }
  let key: Buffer;
  try {
    key = loadSecretKey(config.secretKey, config.dataDir);
  } catch (error) {
    return {
      findings: [problem(topic, reason(error), `set SEPAR_SECRET_KEY to the output of \`${make}\`.`)],
      usable: false,
    };
  }
  // 32 random bytes hold about 30 different values; a key typed by hand ('aaaa…', '0123…' repeated) far fewer.
  const distinct = new Set(key).size;
  if (distinct < 16)
    return {
      findings: [
        problem(
          topic,
          `SEPAR_SECRET_KEY is not random (${distinct} different bytes of 32): anyone can guess it.`,
          `a new shop: set it to the output of \`${make}\`. A shop with accounts already: they were sealed under this key, so their data must be moved to the new key first.`,
        ),
      ],
      usable: true,
    };
  return { findings: [ok(topic, 'SEPAR_SECRET_KEY is set: 32 bytes that look random.')], usable: true };
}

/** The public address: an https origin in production (the gateways return buyers there). */
export function publicUrlFinding(config: Config): Finding {
  const topic = 'public address';
  const fix =
    "set SEPAR_PUBLIC_URL to the shop's https origin, e.g. https://shop.example.com (Caddy gets its certificate: deploy/Caddyfile).";
  let url: URL | null = null;
  try {
    url = config.publicUrl ? new URL(config.publicUrl) : null;
  } catch {
    url = null;
  }
  if (!config.publicUrl)
    return config.production
      ? problem(topic, 'SEPAR_PUBLIC_URL is not set: the server refuses to start in production.', fix)
      : note(topic, `SEPAR_PUBLIC_URL is not set: e-mails and the bot link to http://localhost:${config.port}.`, fix);
  const good = url && url.protocol === 'https:' && url.pathname === '/' && !url.search && !url.hash;
  if (!good)
    return config.production
      ? problem(topic, `SEPAR_PUBLIC_URL ${config.publicUrl} is not an https origin.`, fix)
      : note(topic, `SEPAR_PUBLIC_URL ${config.publicUrl} is not an https origin (production needs one).`, fix);
  return ok(topic, `${config.publicUrl}`);
}

/** The database: reachable, and every migration applied. */
export async function databaseFindings(
  config: Config,
  database: DatabaseHandle,
  timeoutMs: number,
): Promise<{ findings: Finding[]; usable: boolean }> {
  const topic = 'database';
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`;
  let pending: string[];
  try {
    pending = await within(pendingMigrations(database), timeoutMs, 'the database');
  } catch (error) {
    return {
      findings: [
        problem(
          topic,
          `${where} cannot be reached: ${reason(error)}.`,
          config.databaseUrl
            ? 'check DATABASE_URL (user, password, host, database name) and that PostgreSQL runs (systemctl status postgresql).'
            : `check that ${config.dataDir} exists and the service's user may write to it.`,
        ),
      ],
      usable: false,
    };
  }
  if (pending.length > 0)
    return {
      findings: [
        problem(
          topic,
          `${where} is reachable but not migrated: ${pending.length} migration(s) to apply, up to ${pending.at(-1)}.`,
          'start the server once (it migrates at start): systemctl start separ@2087, or npm start.',
        ),
      ],
      usable: false,
    };
  return { findings: [ok(topic, `${where}: reachable and migrated.`)], usable: true };
}

/** The key opens what the database holds sealed (a VPN password), so it is the shop's own. */
async function keyMatchesData(ctx: PaymentsContext): Promise<Finding | null> {
  const sample = await ctx.db.selectFrom('users').select('password_enc').orderBy('id').limit(1).executeTakeFirst();
  if (!sample) return null;
  try {
    ctx.secrets.box.open(sample.password_enc);
    return null;
  } catch {
    return problem(
      'secret key',
      "it does not open the VPN passwords in this database: they were sealed under another key, and the accounts' links cannot be made.",
      'set SEPAR_SECRET_KEY back to the key this shop ran with (the old SEPAR_SECRET_KEY, or its data/secret.key).',
    );
  }
}

/** SMTP: set (receipts carry the buyer's password), and the server answers within the timeout. */
export async function smtpFinding(config: Config, timeoutMs: number): Promise<Finding> {
  const topic = 'mail (SMTP)';
  if (!config.smtpUrl)
    return config.production
      ? problem(
          topic,
          'SEPAR_SMTP_URL is not set: receipts with the username and password wait in the outbox, and no buyer receives them.',
          'set SEPAR_SMTP_URL=smtps://user:password@mail.example.com:465 and SEPAR_MAIL_FROM.',
        )
      : note(topic, 'SEPAR_SMTP_URL is not set: mail waits in the outbox (separ-admin outbox list).');
  // The timeouts go in the URL, where nodemailer reads its transport's options.
  let url: URL;
  try {
    url = new URL(config.smtpUrl);
  } catch {
    return problem(topic, 'SEPAR_SMTP_URL is not a URL.', 'write it as smtps://user:password@mail.example.com:465.');
  }
  for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout'])
    url.searchParams.set(name, String(timeoutMs));
  const transport = nodemailer.createTransport(url.toString());
  try {
    await within(transport.verify(), timeoutMs + 500, 'the SMTP server');
    return ok(topic, `the server at ${hostOf(config.smtpUrl)} accepts a connection.`);
  } catch (error) {
    return problem(
      topic,
      `the server at ${hostOf(config.smtpUrl)} does not take a connection: ${reason(error)}.`,
      'check SEPAR_SMTP_URL (host, port, user, password; smtps:// for port 465) and that this machine may reach it.',
    );
  } finally {
    transport.close();
  }
}

/** An URL's host and port, without its user and password. */
function hostOf(text: string): string {
  try {
    return new URL(text).host;
  } catch {
    return '(unreadable URL)';
  }
}

/** The bot: getMe against the Bot API answers with the token, within the timeout. */
export async function botFinding(config: Config, timeoutMs: number): Promise<Finding> {
  const topic = 'bot';
  if (!config.bot.token) return note(topic, 'SEPAR_BOT_TOKEN is not set: no messaging bot and no operators’ chat.');
  try {
    const response = await fetch(`${config.bot.apiRoot}/bot${config.bot.token}/getMe`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as {
      ok?: boolean;
      result?: { username?: string };
      description?: string;
    };
    if (response.ok && body.ok === true)
      return ok(topic, `the Bot API at ${config.bot.apiRoot} knows the token: @${body.result?.username ?? '?'}.`);
    return problem(
      topic,
      `the Bot API at ${config.bot.apiRoot} refuses the token (${response.status}${body.description ? `: ${body.description}` : ''}).`,
      "set SEPAR_BOT_TOKEN to the token BotFather (or Bale's) gave, and SEPAR_BOT_API_ROOT to that Bot API.",
    );
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return problem(
      topic,
      `the Bot API at ${config.bot.apiRoot} ${timedOut ? `did not answer within ${timeoutMs / 1000} s` : `cannot be reached: ${reason(error)}`}.`,
      'check that this machine reaches it (a Bot API filtered here needs SEPAR_BOT_API_ROOT to a reachable one).',
    );
  }
}

/** The gateways: at least one way to pay in production, each with its credentials. */
async function gatewayFindings(ctx: PaymentsContext): Promise<Finding[]> {
  const topic = 'gateways';
  const { config } = ctx;
  const offered: string[] = [];
  const findings: Finding[] = [];
  for (const [gate, name, variable] of [
    ['ird', 'IranDargah', 'SEPAR_IRD_MERCHANT_ID'],
    ['spay', 'SPAY', 'SEPAR_SPAY_MERCHANT_ID'],
  ] as const) {
    const settings = config.gateways[gate];
    if (settings.merchantId && settings.enabled) offered.push(name);
    else if (settings.merchantId && !settings.enabled)
      findings.push(
        note(topic, `${name} has a merchant id but is turned off (${variable.replace('MERCHANT_ID', 'ENABLED')}=0).`),
      );
  }
  for (const [gate, name] of [
    ['oxapay', 'OxaPay'],
    ['nowpayments', 'NOWPayments'],
  ] as const) {
    const keyed = gate === 'oxapay' ? config.crypto.oxapay.merchantKey : config.crypto.nowpayments.apiKey;
    if (await cryptoActive(ctx, gate)) offered.push(name);
    else if (keyed)
      findings.push(
        problem(
          topic,
          `${name} has its key but is not offered: the shop has no dollar rate.`,
          'separ-admin settings set --toman-per-usd N (tomans a US dollar).',
        ),
      );
  }
  if (ctx.cardGate && (await ctx.cardGate.active(ctx))) offered.push('card-to-card');
  if (offered.length > 0)
    findings.unshift(
      ok(
        topic,
        `offered: ${offered.join(', ')}${config.production ? '' : ', and the sandbox bank (never in production)'}.`,
      ),
    );
  else if (config.production)
    findings.unshift(
      problem(
        topic,
        'no gateway is active: nobody can buy.',
        'set SEPAR_IRD_MERCHANT_ID or SEPAR_SPAY_MERCHANT_ID (and register https://<your shop>/payment/callback/ird or /spay at the gateway), or add a card: separ-admin cards add --number N --holder NAME.',
      ),
    );
  else findings.unshift(note(topic, 'no gateway has credentials: outside production the sandbox bank sells.'));
  return findings;
}

/** The catalogue, the OpenConnect servers' RADIUS clients and the V2Ray nodes. */
async function shopFindings(ctx: PaymentsContext): Promise<Finding[]> {
  const findings: Finding[] = [];
  const plans = (await listPlans(ctx)).filter((plan) => plan.active);
  findings.push(
    plans.length > 0
      ? ok('plans', `${plans.length} active plan(s).`)
      : problem(
          'plans',
          'no active plan: the shop has nothing to sell.',
          'separ-admin plans add --title T --ios 0 --mb N --days N --devices N --toman N (or plans activate <id>).',
        ),
  );

  const servers = (await listServers(ctx)).filter((server) => server.active);
  const ocserv = servers.filter((server) => server.type !== V2RAY_TYPE);
  const clients = await listRadiusClients(ctx);
  const topic = 'RADIUS (OpenConnect)';
  if (ocserv.length === 0 && clients.length === 0)
    findings.push(ok(topic, 'no OpenConnect server and no RADIUS client: nothing to check.'));
  else if (ctx.config.radius.authPort === 0)
    findings.push(
      problem(
        topic,
        'RADIUS is turned off (SEPAR_RADIUS_AUTH_PORT=0): no OpenConnect login can succeed.',
        'unset SEPAR_RADIUS_AUTH_PORT (1812) in the environment file.',
      ),
    );
  else if (clients.length === 0)
    findings.push(
      // The demo catalogue lists OpenConnect servers with no ocserv behind them: a note outside production.
      (ctx.config.production ? problem : note)(
        topic,
        `${ocserv.length} OpenConnect server(s) listed but no RADIUS client: ocserv's logins are refused.`,
        'separ-admin radius-clients add --ip <the ocserv server address> --secret "$(openssl rand -hex 16)", the same secret in its radiusclient config.',
      ),
    );
  else {
    const short: string[] = [];
    const unreadable: string[] = [];
    for (const client of clients) {
      try {
        if (ctx.secrets.box.open(client.secret_sealed).length < 16) short.push(client.name);
      } catch {
        unreadable.push(client.name);
      }
    }
    if (unreadable.length > 0)
      findings.push(
        problem(
          topic,
          `the secrets of ${unreadable.join(', ')} were sealed under another key.`,
          "set SEPAR_SECRET_KEY back to the shop's key, or remove and add those clients again.",
        ),
      );
    if (short.length > 0)
      findings.push(
        problem(
          topic,
          `the secret of ${short.join(', ')} is shorter than 16 characters: RADIUS hides passwords with it.`,
          'radius-clients remove <name>, then add it again with --secret "$(openssl rand -hex 16)" (and the same in ocserv).',
        ),
      );
    if (unreadable.length === 0 && short.length === 0)
      findings.push(
        ok(
          topic,
          `${clients.length} RADIUS client(s), each with a long secret, on port ${ctx.config.radius.authPort}.`,
        ),
      );
  }

  const nodes = (await adminNodes(ctx)).filter((node) => node.active);
  const silentBefore = ctx.now().getTime() - ctx.config.nodeSilentMinutes * 60_000;
  const quiet = nodes.filter((node) => !node.lastSeenAt || Date.parse(node.lastSeenAt) < silentBefore);
  if (nodes.length === 0)
    findings.push(
      servers.length > 0
        ? ok('nodes', 'no V2Ray node (the servers are listed by hand).')
        : problem(
            'nodes',
            'no V2Ray node and no server: a buyer gets an account with nowhere to connect.',
            'separ-admin nodes add … (docs/NODES.md), or servers add for a server of your own.',
          ),
    );
  else if (quiet.length > 0)
    for (const node of quiet)
      findings.push(
        problem(
          'nodes',
          node.lastSeenAt
            ? `${node.name} (${node.host}) was last heard from at ${node.lastSeenAt}, more than ${ctx.config.nodeSilentMinutes} minutes ago.`
            : `${node.name} (${node.host}) has never been heard from: no UniProxy request yet.`,
          "on that node, check V2bX runs (systemctl status V2bX) and its ApiHost is this shop's public address with the node's token (separ-admin nodes rotate-token prints a new one).",
        ),
      );
  else
    findings.push(
      ok(
        'nodes',
        `${nodes.length} active V2Ray node(s), each seen in the last ${ctx.config.nodeSilentMinutes} minutes.`,
      ),
    );
  return findings;
}

/** The shortest metrics token taken as a secret (a guessable one would open the shop's figures). */
const METRICS_TOKEN_MIN = 16;
/** Deliveries waiting for one webhook before the doctor calls its receiver unanswering. */
const WEBHOOK_BACKLOG = 10;

/** `/metrics`: off (a note), or behind a token long enough to be a secret. */
export function metricsFinding(config: Config): Finding {
  const topic = 'metrics';
  const make = 'SEPAR_METRICS_TOKEN=$(openssl rand -hex 24), and the same bearer token in Prometheus';
  if (!config.metricsToken) return note(topic, '/metrics is off (SEPAR_METRICS_TOKEN is not set).', `set ${make}.`);
  if (config.metricsToken.length < METRICS_TOKEN_MIN)
    return problem(
      topic,
      `SEPAR_METRICS_TOKEN has ${config.metricsToken.length} characters: short enough to guess.`,
      `set ${make}.`,
    );
  return ok(topic, '/metrics answers Prometheus with the bearer token.');
}

/**
 * Scheduled backups: on or off, and, from the newest run's record, whether the schedule keeps up,
 * failed, or keeps its copies only on this machine.
 */
export async function backupFindings(ctx: PaymentsContext): Promise<Finding[]> {
  const topic = 'backups';
  const { intervalHours, keep } = ctx.config.backup;
  if (intervalHours <= 0)
    return [
      note(
        topic,
        'no scheduled backups (SEPAR_BACKUP_INTERVAL_HOURS is 0).',
        'set SEPAR_BACKUP_INTERVAL_HOURS=6 (every six hours, the last SEPAR_BACKUP_KEEP kept), or run separ-admin backup create from cron.',
      ),
    ];
  const every = `every ${intervalHours} h into ${backupsDir(ctx)}, keeping ${keep}`;
  const last = await lastScheduledBackup(ctx);
  if (!last) return [note(topic, `${every}; none made yet: the server makes the first within ${intervalHours} h.`)];
  const ageHours = (ctx.now().getTime() - Date.parse(last.startedAt)) / 3_600_000;
  if (last.error)
    return [
      problem(
        topic,
        `the scheduled backup of ${last.startedAt} failed: ${last.error}`,
        'check the data directory’s free space and permissions, then run separ-admin backup create to try at once.',
      ),
    ];
  if (!last.finishedAt && ageHours > 1)
    return [
      problem(
        topic,
        `the scheduled backup begun at ${last.startedAt} never finished (the server stopped during it?).`,
        'run separ-admin backup create, and look at the server’s log of that time.',
      ),
    ];
  if (ageHours > 2 * intervalHours)
    return [
      problem(
        topic,
        `the newest scheduled backup is from ${last.startedAt}, ${Math.floor(ageHours)} h ago, though one is due every ${intervalHours} h.`,
        'the schedule runs inside the server: check that it runs (systemctl status separ), then separ-admin backup create.',
      ),
    ];
  const findings = [ok(topic, `${every}; the newest is ${last.file ?? 'being written'} (${last.startedAt}).`)];
  if (last.finishedAt && !last.sentTo)
    findings.push(
      note(
        topic,
        'the backups stay on this machine only: no operators’ chat received the last one.',
        'link a chat to receive each one: separ-admin operators link-chat <username>, then send the code to the bot.',
      ),
    );
  return findings;
}

/** Webhooks: delivered at all (the interval), and each receiver answering. */
export async function webhookFindings(ctx: PaymentsContext): Promise<Finding[]> {
  const topic = 'webhooks';
  const hooks = await listWebhooks(ctx);
  if (hooks.length === 0) return [];
  if (ctx.config.webhookIntervalSeconds <= 0)
    return [
      problem(
        topic,
        `${hooks.length} webhook(s), but nothing is delivered: SEPAR_WEBHOOK_INTERVAL_SECONDS is 0.`,
        'set SEPAR_WEBHOOK_INTERVAL_SECONDS=5 (or remove the webhooks: separ-admin webhooks remove <id>).',
      ),
    ];
  const stuck = hooks.filter((hook) => hook.pending >= WEBHOOK_BACKLOG);
  if (stuck.length === 0) return [ok(topic, `${hooks.length} webhook(s), their receivers answering.`)];
  return stuck.map((hook) =>
    problem(
      topic,
      `webhook ${hook.id} (${hook.url}) has ${hook.pending} deliveries waiting${hook.lastDeliveredAt ? `; its last answer was at ${hook.lastDeliveredAt}` : ' and never had an answer'}.`,
      'make its receiver answer 2xx (the delivery log in the admin’s Automation page shows what it says), or remove it.',
    ),
  );
}

/** Every check, in the order an operator fixes them. */
export async function diagnose(input: DoctorInput): Promise<Finding[]> {
  const timeoutMs = input.timeoutMs ?? 5000;
  const { config } = input;
  const findings: Finding[] = [];
  const key = secretKeyFindings(config);
  findings.push(...key.findings, publicUrlFinding(config));
  const database = await databaseFindings(config, input.database, timeoutMs);
  findings.push(...database.findings);
  // SMTP and the Bot API at once: each waits at most its timeout.
  const network = Promise.all([smtpFinding(config, timeoutMs), botFinding(config, timeoutMs)]);
  if (database.usable && key.usable) {
    const ctx = input.context();
    const mismatch = await keyMatchesData(ctx);
    if (mismatch) findings.push(mismatch);
    findings.push(
      ...(await gatewayFindings(ctx)),
      ...(await shopFindings(ctx)),
      ...(await backupFindings(ctx)),
      ...(await webhookFindings(ctx)),
    );
  } else
    findings.push(
      note(
        'shop',
        'the gateways, plans, RADIUS clients, nodes, backups and webhooks are checked once the key and the database are fine.',
      ),
    );
  findings.push(metricsFinding(config), ...(await network));
  return findings;
}

/** One line a finding: `OK`, `PROBLEM` or `NOTE`, its topic and text, then the fix. */
export function findingLine(finding: Finding): string {
  const label = { ok: 'OK     ', problem: 'PROBLEM', note: 'NOTE   ' }[finding.status];
  return `${label} ${finding.topic}: ${finding.text}${finding.fix ? ` Fix: ${finding.fix}` : ''}`;
}

/** Runs every check and prints a line each; answers how many problems it found. */
export async function runDoctor(input: DoctorInput, out: (line: string) => void): Promise<number> {
  const findings = await diagnose(input);
  for (const finding of findings) out(findingLine(finding));
  const problems = findings.filter((finding) => finding.status === 'problem').length;
  out(problems === 0 ? 'No problem found.' : `${problems} problem(s) found.`);
  return problems;
}
