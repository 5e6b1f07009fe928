import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { doctor, runAdmin } from '../src/cli/admin.ts';
import { loadConfig } from '../src/platform/config.ts';
import { migrateToLatest, openDatabase, pendingMigrations } from '../src/platform/db/index.ts';
import { seedDemoData } from '../src/platform/db/seed.ts';
import { botFinding } from '../src/modules/operators/doctor.ts';
import { createContext } from '../src/root.ts';
import { FakeBotApi } from './fakeBotApi.ts';
import { startFakeSmtp } from './fakeSmtp.ts';
import { freshDatabase, KINDS } from './harness.ts';
import { freePort } from './processes.ts';

const serverDir = join(import.meta.dirname, '..');

/** `separ-admin doctor` as the operator runs it: its exit code and what it printed. */
async function doctorProcess(env: Record<string, string>): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=@separ/source', '--disable-warning=ExperimentalWarning', 'src/cli/admin.ts', 'doctor'],
      { cwd: serverDir, env: { PATH: process.env.PATH, ...env } },
      (error, stdout) => resolve({ code: error ? Number(error.code) : 0, stdout }),
    );
  });
}

/** A mail server that takes the connection and never greets: the doctor must give up on its timeout. */
async function silentSmtp(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A scheduled backup's record, begun and ended an hour ago, with its outcome. */
async function backupRunHourAgo(
  database: ReturnType<typeof openDatabase>,
  outcome: { file: string | null; bytes: number | null; error: string | null; sent_to: number | null },
) {
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  await database.db
    .insertInto('backup_runs')
    .values({ slot: hourAgo, started_at: hourAgo, finished_at: hourAgo, ...outcome })
    .execute();
}

/** The lines of one topic. */
const about = (lines: string[], topic: string) => lines.filter((line) => line.includes(` ${topic}: `));

describe.each(KINDS)('separ-admin doctor on %s', (kind) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A migrated shop on a fresh database, set up through separ-admin's own commands. */
  async function shop(
    env: Record<string, string>,
    setup: (run: (...argv: string[]) => Promise<void>) => Promise<void>,
  ) {
    const fresh = await freshDatabase(kind);
    cleanups.push(fresh.dispose);
    const full = {
      SEPAR_DATA_DIR: fresh.dataDir,
      ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
      SEPAR_SCRYPT_N: '1024',
      SEPAR_SCRYPT_P: '1',
      ...env,
    };
    const config = loadConfig(full);
    const database = openDatabase({ ...config, poolSize: 2 });
    try {
      await migrateToLatest(database);
      const ctx = createContext(config, database);
      await setup(async (...argv) => runAdmin(argv, ctx, () => undefined));
    } finally {
      await database.close();
    }
    return { env: full, fresh };
  }

  async function diagnose(env: Record<string, string>, timeoutMs = 3000) {
    const lines: string[] = [];
    const started = Date.now();
    const code = await doctor(env, (line) => lines.push(line), timeoutMs);
    return { code, lines, ms: Date.now() - started };
  }

  it('a good production configuration: every line OK, exit code 0', async () => {
    const smtp = await startFakeSmtp();
    cleanups.push(smtp.close);
    const bot = new FakeBotApi('123456:good-token');
    await bot.start();
    cleanups.push(() => bot.stop());
    const { env, fresh } = await shop(
      {
        NODE_ENV: 'production',
        SEPAR_SECRET_KEY: randomBytes(32).toString('hex'),
        SEPAR_PUBLIC_URL: 'https://shop.example.com',
        SEPAR_IRD_MERCHANT_ID: 'M-LIVE',
        SEPAR_SMTP_URL: smtp.url,
        SEPAR_BOT_TOKEN: bot.token,
        SEPAR_BOT_API_ROOT: bot.origin,
        SEPAR_METRICS_TOKEN: randomBytes(24).toString('hex'),
        SEPAR_BACKUP_INTERVAL_HOURS: '6',
      },
      async (run) => {
        await run('webhooks', 'add', '--url', 'https://hooks.example.com/separ', '--events', 'user.created');
        await run(
          'plans',
          'add',
          '--title',
          'Monthly',
          '--ios',
          '0',
          '--mb',
          '51200',
          '--days',
          '30',
          '--devices',
          '2',
          '--toman',
          '120000',
        );
        await run('users', 'create', '--plan', '1');
        await run(
          'nodes',
          'add',
          '--name',
          'de1',
          '--type',
          'vless',
          '--host',
          'de1.example.com',
          '--port',
          '443',
          '--country',
          'DE',
        );
        await run(
          'servers',
          'add',
          '--title',
          'Frankfurt',
          '--type',
          '1',
          '--country',
          'DE',
          '--link',
          'oc.example.com',
        );
        await run(
          'radius-clients',
          'add',
          '--ip',
          '10.0.0.5',
          '--secret',
          randomBytes(16).toString('hex'),
          '--name',
          'oc1',
        );
      },
    );
    // The node reported a moment ago.
    const database = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 1 });
    await database.db.updateTable('nodes').set({ last_seen_at: new Date().toISOString() }).execute();
    // The schedule's last backup, an hour ago, sent to one operators' chat.
    await backupRunHourAgo(database, { file: 'separ-x.backup', bytes: 1000, error: null, sent_to: 1 });
    await database.close();

    const { code, lines } = await diagnose(env);
    expect(
      lines.filter((line) => !line.startsWith('OK ')),
      lines.join('\n'),
    ).toEqual(['No problem found.']);
    expect(code).toBe(0);
    for (const topic of [
      'secret key',
      'public address',
      'database',
      'gateways',
      'plans',
      'RADIUS (OpenConnect)',
      'nodes',
      'mail (SMTP)',
      'bot',
      'metrics',
      'backups',
      'webhooks',
    ])
      expect(about(lines, topic), topic).toHaveLength(1);
    expect(about(lines, 'backups')[0]).toContain('every 6 h');
    expect(about(lines, 'bot')[0]).toContain('@separ_test_bot');
    expect(about(lines, 'gateways')[0]).toContain('IranDargah');

    // The same, as the operator runs it: exit code 0.
    const ran = await doctorProcess(env);
    expect(ran.stdout).toContain('No problem found.');
    expect(ran.code).toBe(0);

    // Another key than the shop's: the accounts' passwords and the RADIUS secret cannot be opened.
    const other = await diagnose({ ...env, SEPAR_SECRET_KEY: randomBytes(32).toString('hex') });
    expect(other.code).toBe(1);
    expect(about(other.lines, 'secret key').join('\n')).toMatch(
      /PROBLEM secret key: it does not open the VPN passwords.* Fix: /,
    );
    expect(about(other.lines, 'RADIUS (OpenConnect)')[0]).toMatch(/^PROBLEM .*another key.* Fix: /);

    // The schedule fell behind (its last backup 13 h ago, one due every 6), and the webhook's receiver
    // stopped answering (ten deliveries waiting).
    const later = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 1 });
    const longAgo = new Date(Date.now() - 13 * 3_600_000).toISOString();
    await later.db.updateTable('backup_runs').set({ started_at: longAgo, finished_at: longAgo }).execute();
    const webhook = await later.db.selectFrom('webhooks').select('id').executeTakeFirstOrThrow();
    await later.db
      .insertInto('webhook_deliveries')
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          webhook_id: webhook.id,
          event_key: `test:${i}`,
          event: 'user.created',
          body: '{}',
          attempts: 3,
          next_attempt_at: new Date().toISOString(),
          claimed_until: null,
          last_status: 500,
          last_error: null,
          created_at: new Date().toISOString(),
          delivered_at: null,
          failed_at: null,
        })),
      )
      .execute();
    await later.close();
    const behind = await diagnose(env);
    expect(behind.code).toBe(1);
    expect(about(behind.lines, 'backups')[0]).toMatch(
      /^PROBLEM backups: the newest scheduled backup is from .*, 13 h ago/,
    );
    expect(about(behind.lines, 'webhooks')[0]).toMatch(
      /^PROBLEM webhooks: webhook \d+ \(https:\/\/hooks.example.com\/separ\) has 10 deliveries waiting and never had an answer/,
    );
  }, 30_000);

  it('a bad one: each problem with its fix, the network checks given up on their timeout, exit code 1', async () => {
    const smtp = await silentSmtp();
    cleanups.push(smtp.close);
    const bot = new FakeBotApi('123456:the-real-token');
    await bot.start();
    cleanups.push(() => bot.stop());
    const { env, fresh } = await shop(
      {
        NODE_ENV: 'production',
        SEPAR_SECRET_KEY: 'ab'.repeat(32),
        SEPAR_PUBLIC_URL: 'http://shop.example.com',
        SEPAR_OXAPAY_MERCHANT_KEY: 'oxa-key',
        SEPAR_SMTP_URL: smtp.url,
        SEPAR_BOT_TOKEN: '123456:a-wrong-token',
        SEPAR_BOT_API_ROOT: bot.origin,
        SEPAR_METRICS_TOKEN: 'metrics',
        SEPAR_BACKUP_INTERVAL_HOURS: '6',
        SEPAR_WEBHOOK_INTERVAL_SECONDS: '0',
      },
      async (run) => {
        await run('webhooks', 'add', '--url', 'https://hooks.example.com/separ', '--events', 'user.created');
        // A retired plan only, a node that never reported, and an OpenConnect server with no RADIUS client.
        await run(
          'plans',
          'add',
          '--title',
          'Old',
          '--ios',
          '0',
          '--mb',
          '1024',
          '--days',
          '30',
          '--devices',
          '1',
          '--toman',
          '50000',
        );
        await run('plans', 'deactivate', '1');
        await run(
          'nodes',
          'add',
          '--name',
          'nl1',
          '--type',
          'vless',
          '--host',
          'nl1.example.com',
          '--port',
          '443',
          '--country',
          'NL',
        );
        await run(
          'servers',
          'add',
          '--title',
          'Amsterdam',
          '--type',
          '1',
          '--country',
          'NL',
          '--link',
          'oc.example.com',
        );
      },
    );
    // The schedule's last backup failed.
    const database = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 1 });
    await backupRunHourAgo(database, {
      file: null,
      bytes: null,
      error: 'ENOSPC: no space left on device',
      sent_to: null,
    });
    await database.close();
    const { code, lines, ms } = await diagnose(env, 1500);
    expect(code).toBe(1);
    const problems = lines.filter((line) => line.startsWith('PROBLEM '));
    // Every problem says its fix.
    for (const line of problems) expect(line).toMatch(/ Fix: \S/);
    expect(about(lines, 'secret key')[0]).toMatch(/^PROBLEM secret key: SEPAR_SECRET_KEY is not random/);
    expect(about(lines, 'public address')[0]).toMatch(/^PROBLEM .*not an https origin/);
    expect(about(lines, 'database')[0]).toMatch(/^OK /);
    expect(about(lines, 'gateways').join('\n')).toMatch(/PROBLEM gateways: no gateway is active/);
    expect(about(lines, 'gateways').join('\n')).toMatch(/PROBLEM gateways: OxaPay has its key but is not offered/);
    expect(about(lines, 'plans')[0]).toMatch(/^PROBLEM plans: no active plan/);
    expect(about(lines, 'RADIUS (OpenConnect)')[0]).toMatch(/^PROBLEM .*no RADIUS client/);
    expect(about(lines, 'nodes')[0]).toMatch(/^PROBLEM nodes: nl1 \(nl1.example.com\) has never been heard from/);
    expect(about(lines, 'mail (SMTP)')[0]).toMatch(/^PROBLEM .*does not take a connection/);
    expect(about(lines, 'bot')[0]).toMatch(/^PROBLEM bot: the Bot API at .* refuses the token/);
    expect(about(lines, 'metrics')[0]).toMatch(/^PROBLEM metrics: SEPAR_METRICS_TOKEN has 7 characters/);
    expect(about(lines, 'backups')[0]).toMatch(/^PROBLEM backups: the scheduled backup of .* failed: ENOSPC/);
    expect(about(lines, 'webhooks')[0]).toMatch(/^PROBLEM webhooks: 1 webhook\(s\), but nothing is delivered/);
    expect(lines.at(-1)).toBe(`${problems.length} problem(s) found.`);
    // The silent mail server held the doctor no longer than its timeout (and the checks ran side by side).
    expect(ms).toBeLessThan(4000);

    const ran = await doctorProcess(env);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain('PROBLEM secret key');
  }, 30_000);

  it('the demo shop of npm start: what only production needs is a note, exit code 0', async () => {
    const fresh = await freshDatabase(kind);
    cleanups.push(fresh.dispose);
    const env = { SEPAR_DATA_DIR: fresh.dataDir, ...(fresh.url ? { DATABASE_URL: fresh.url } : {}) };
    const database = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 1 });
    try {
      await migrateToLatest(database);
      await seedDemoData(database.db, new Date());
    } finally {
      await database.close();
    }
    const { code, lines } = await diagnose(env);
    expect(
      lines.filter((line) => line.startsWith('PROBLEM ')),
      lines.join('\n'),
    ).toEqual([]);
    expect(code).toBe(0);
    for (const topic of [
      'secret key',
      'public address',
      'RADIUS (OpenConnect)',
      'mail (SMTP)',
      'bot',
      'metrics',
      'backups',
    ])
      expect(about(lines, topic)[0], topic).toMatch(/^NOTE /);
    expect(about(lines, 'gateways')[0]).toMatch(/^NOTE .*sandbox bank/);
  }, 30_000);

  it('a database not migrated, or not there: said, and nothing written', async () => {
    const fresh = await freshDatabase(kind);
    cleanups.push(fresh.dispose);
    const env = { SEPAR_DATA_DIR: fresh.dataDir, ...(fresh.url ? { DATABASE_URL: fresh.url } : {}) };
    const empty = await diagnose(env);
    expect(empty.code).toBe(1);
    expect(about(empty.lines, 'database')[0]).toMatch(
      /^PROBLEM database: .* not migrated: \d+ migration\(s\) to apply.* Fix: /,
    );
    const database = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 1 });
    try {
      expect((await pendingMigrations(database)).length).toBeGreaterThan(10);
    } finally {
      await database.close();
    }
    if (kind === 'postgres') {
      const nobody = `postgres://postgres@127.0.0.1:${await freePort()}/separ`;
      const away = await diagnose({ ...env, DATABASE_URL: nobody });
      expect(away.code).toBe(1);
      expect(about(away.lines, 'database')[0]).toMatch(
        /^PROBLEM database: PostgreSQL \(DATABASE_URL\) cannot be reached: .* Fix: /,
      );
    }
  }, 30_000);
});

describe('the doctor’s Bot API check', () => {
  it('gives up on a Bot API that never answers, within its timeout', async () => {
    const held: ServerResponse[] = [];
    const silent = createHttpServer((_request, response) => void held.push(response));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const config = loadConfig({ SEPAR_BOT_TOKEN: '123456:token', SEPAR_BOT_API_ROOT: `http://127.0.0.1:${port}` });
      const started = Date.now();
      const finding = await botFinding(config, 500);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(finding.status).toBe('problem');
      expect(finding.text).toMatch(/did not answer within 0.5 s/);
      expect(finding.fix).toBeTruthy();
    } finally {
      for (const response of held) response.destroy();
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
