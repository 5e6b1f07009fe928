/**
 * `npm run bench:admin` (issue #23): the web admin's users list at 100,000 accounts, on SQLite and
 * on PostgreSQL, in one run beside a bare `node:http` server. An operator's session asks, with
 * autocannon (10 connections: operators are few, what matters is how long each waits):
 *   - the first page, newest first (what the Users screen opens with);
 *   - a search by the start of a username, a different one on every request;
 *   - a search by the start of an e-mail, a different one on every request;
 *   - a page deep in the list (offset 50,000), and the list sorted by data used.
 * Prints requests/s, p50 and p99 (ms) and the ratio to bare Node, and writes them into
 * docs/BENCHMARKS.md (between `<!-- bench:admin:start -->` and `<!-- bench:admin:end -->`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { addOperator } from '../src/modules/operators/operators.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createContext } from '../src/root.ts';
import { migrateToLatest, openDatabase } from '../src/platform/db/index.ts';
import { freshDatabase } from '../test/harness.ts';
import { exited, freePort, startServer, waitHealthy } from '../test/processes.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const OPERATOR = { username: 'bench', password: 'bench operator password' };

interface Row {
  target: string;
  call: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Measures `path` (or a new path per request from `next`), after a 2 s warm-up. */
async function measure(
  base: string,
  path: string | (() => string),
  cookie = '',
): Promise<Omit<Row, 'target' | 'call'>> {
  const run = (duration: number) =>
    autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      headers: cookie ? { cookie } : {},
      requests: [
        {
          method: 'GET',
          setupRequest: (request: { path: string }) => ({ ...request, path: typeof path === 'string' ? path : path() }),
        },
      ],
    });
  await run(2);
  const started = performance.now();
  const result = await run(SECONDS);
  return {
    rps: Math.round(result.requests.total / ((performance.now() - started) / 1000)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function bareServer(port: number): ChildProcess {
  const code = `require('node:http').createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end('{"ok":true}'); }).listen(${port}, '127.0.0.1');`;
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

/** 100,000 accounts as a shop has them: usernames, most with an e-mail, a spread of usage and dates. */
async function seed(fresh: { url: string | null; dataDir: string }) {
  const config = loadConfig({ SEPAR_DATA_DIR: fresh.dataDir, ...(fresh.url ? { DATABASE_URL: fresh.url } : {}) });
  const database = openDatabase({ ...config, poolSize: 2 });
  try {
    await migrateToLatest(database);
    const ctx = createContext(config, database);
    const hash = await ctx.secrets.passwords.hashGenerated('Bench1234567');
    const sealed = ctx.secrets.box.seal('Bench1234567');
    const start = Date.parse('2025-01-01T00:00:00Z');
    const batch = 2000;
    for (let i = 0; i < ACCOUNTS; i += batch) {
      await database.db
        .insertInto('users')
        .values(
          Array.from({ length: Math.min(batch, ACCOUNTS - i) }, (_, j) => {
            const n = i + j;
            const created = new Date(start + n * 300_000).toISOString();
            return {
              username: `sp${String(n).padStart(6, '0')}`,
              password_hash: hash,
              password_enc: sealed,
              vpn_id: randomUUID(),
              email: n % 4 === 0 ? null : `buyer${n}@mail${n % 7}.example`,
              expire_date: n % 3 === 0 ? null : new Date(start + n * 300_000 + 30 * 86_400_000).toISOString(),
              used_bytes: (n * 7919) % 50_000_000_000,
              allowed_mb: 51_200,
              allowed_devices: 2,
              suspend: n % 97 === 0 ? 1 : 0,
              subs_days: n % 3 === 0 ? 30 : 0,
              ios: 0,
              plan_id: null,
              created_at: created,
              updated_at: created,
            };
          }),
        )
        .execute();
    }
    await addOperator(ctx, OPERATOR, 'bench@cli');
    // A shop's database has its statistics (autovacuum gathers them): a bulk load has none yet, and
    // PostgreSQL would plan the searches as full scans until it does.
    if (database.kind === 'postgres') await sql`vacuum analyze users`.execute(database.db);
  } finally {
    await database.close();
  }
}

async function benchServer(kind: 'sqlite' | 'postgres', rows: Row[]) {
  const fresh = await freshDatabase(kind);
  const seeded = performance.now();
  await seed(fresh);
  console.log(
    `${kind}: ${ACCOUNTS.toLocaleString('en')} accounts seeded in ${Math.round(performance.now() - seeded)} ms`,
  );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    SEPAR_DATA_DIR: fresh.dataDir,
    ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
    SEPAR_LOG_LEVEL: 'warn',
    SEPAR_RECONCILE_INTERVAL_SECONDS: '0',
  });
  try {
    await waitHealthy(base, child);
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OPERATOR),
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    // Every search finds something: a username's start (sp00123…) or an e-mail's (buyer4567…).
    const check = await (await fetch(`${base}/api/admin/users?q=sp00123`, { headers: { cookie } })).json();
    if ((check as { total: number }).total !== 10)
      throw new Error(`unexpected search answer: ${JSON.stringify(check)}`);
    let n = 0;
    const digits = () =>
      String((n = (n + 7919) % ACCOUNTS))
        .padStart(6, '0')
        .slice(0, 5);
    const target = `Separ on ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`;
    const calls: Array<[string, string | (() => string)]> = [
      ['GET /api/admin/users (first page, newest first)', '/api/admin/users'],
      [
        'GET /api/admin/users?q=sp01234 (username start, a new one each request)',
        () => `/api/admin/users?q=sp${digits()}`,
      ],
      [
        'GET /api/admin/users?q=buyer123 (e-mail start, a new one each request)',
        () => `/api/admin/users?q=buyer${digits().slice(1)}`,
      ],
      ['GET /api/admin/users?page=2000 (offset 50,000)', '/api/admin/users?page=2000'],
      ['GET /api/admin/users?sort=usedBytes&dir=desc', '/api/admin/users?sort=usedBytes&dir=desc'],
    ];
    for (const [call, path] of calls) {
      const result = await measure(base, path, cookie);
      rows.push({ target, call, ...result });
      console.log(
        `${target}  ${call}: ${result.rps}/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.non2xx} non-2xx`,
      );
    }
  } finally {
    child.kill();
    await exited(child);
    await fresh.dispose();
  }
}

async function main() {
  const rows: Row[] = [];
  const port = await freePort();
  const bare = bareServer(port);
  await new Promise((r) => setTimeout(r, 300));
  rows.push({ target: 'bare node:http', call: 'GET /', ...(await measure(`http://127.0.0.1:${port}`, '/')) });
  bare.kill();
  await exited(bare);
  await benchServer('sqlite', rows);
  await benchServer('postgres', rows);
  const bareRps = rows[0]!.rps;
  const lines = [
    '| target | call | requests/s | p50 ms | p99 ms | × bare | errors / non-2xx |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.target} | \`${r.call}\` | ${r.rps.toLocaleString('en')} | ${r.p50} | ${r.p99} | ${(r.rps / bareRps).toFixed(3)} | ${r.errors} / ${r.non2xx} |`,
    ),
  ];
  const result = lines.join('\n');
  console.log(result);
  const failed = rows.some((r) => r.errors > 0 || r.non2xx > 0);
  if (failed) process.exitCode = 1;
  if (ACCOUNTS !== 100_000 || failed) return;
  const stamp = `Measured ${new Date().toISOString().slice(0, 10)} with autocannon, ${CONNECTIONS} connections, ${SECONDS} s per call after a 2 s warm-up, ${ACCOUNTS.toLocaleString('en')} accounts, on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; server and load generator on the same machine.`;
  const file = join(ROOT, 'docs', 'BENCHMARKS.md');
  const start = '<!-- bench:admin:start -->';
  const end = '<!-- bench:admin:end -->';
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  if (!doc.includes(start)) doc += `\n## The web admin's users list at 100,000 accounts\n\n${start}\n${end}\n`;
  doc = doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), `${start}\n${stamp}\n\n${result}\n${end}`);
  writeFileSync(file, doc);
  spawnSync(join(ROOT, 'node_modules', '.bin', 'prettier'), ['--write', file], { stdio: 'ignore' });
  console.log(`written to ${file}`);
}

await main();
