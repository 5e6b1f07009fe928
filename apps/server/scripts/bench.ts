/**
 * `npm run bench:api` (performance issue §4): autocannon, 50 connections, against a bare
 * `node:http` hello-world and against the real server on SQLite and on PostgreSQL — GET
 * /getTelPlans, POST /api/site/account with a session, POST /site_login — in one run. Prints
 * requests/s, p50, p99 and the ratio to bare Node, and writes them into docs/BENCHMARKS.md.
 *
 * Two rows measure what an anonymous visitor can make the server do (the money issue): replays
 * of a paid order's gateway return, and 50 connections of failing logins for ten seconds
 * while GET /getTelPlans is measured alongside — every login must be answered (401, 429 or 503)
 * within a second, and the plans must stay fast.
 *
 * A second baseline replays Separ's own answer to a call (status, headers and body, byte for byte)
 * from a bare `node:http` server that does nothing else: what any server sending that answer can
 * reach on this machine, so that the cost of the answer's size and headers and the cost of Separ's
 * work show apart.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { decodePaymentResult } from '@separ/domain';
import { loadConfig } from '../src/platform/config.ts';
import { createContext } from '../src/root.ts';
import { openDatabase } from '../src/platform/db/index.ts';
import { createNode } from '../src/modules/nodes/records.ts';
import { addRadiusClient } from '../src/modules/nodes/radius/service.ts';
import { freeUdpPort } from '../test/radiusClient.ts';
import { createSocket } from 'node:dgram';
import radius from 'radius';
import { freshDatabase, resultData } from '../test/harness.ts';
import { exited, freePort, startServer, waitHealthy } from '../test/processes.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Which parts to measure (BENCH_PARTS=radius,nodes…); all by default. */
const parts = new Set((process.env.BENCH_PARTS ?? 'api,nodes,radius').split(','));
const CONNECTIONS = 50;

interface Row {
  target: string;
  call: string;
  /** Connections, when not the default 50. */
  connections?: number;
  /** The replayed answer's rate, for Separ's rows on SQLite. */
  sameAnswer?: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

interface MeasureOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  connections?: number;
  warmUp?: boolean;
}

async function measure(url: string, options: MeasureOptions = {}) {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: options.connections ?? CONNECTIONS,
      duration,
      method: options.method ?? 'GET',
      headers: options.headers,
    });
  if (options.warmUp !== false) await run(2); // warm-up
  const started = performance.now();
  const result = await run(SECONDS);
  // Requests per second over the whole run (slow calls such as the login count in fractions).
  const rps = result.requests.total / ((performance.now() - started) / 1000);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats as Record<string, { count: number }>).map(([code, { count }]) => [
      code,
      count,
    ]),
  );
  return {
    rps: rps >= 100 ? Math.round(rps) : Math.round(rps * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses,
    total: result.requests.total,
  };
}

function bareServer(port: number): ChildProcess {
  const code = `require('node:http').createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end('{"ok":true}'); }).listen(${port}, '127.0.0.1');`;
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One answer of the real server, as it came. */
async function answerOf(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value;
  });
  return { status: response.status, headers, body: await response.text() };
}

/** A bare node:http server that sends this answer to every request and does nothing else. */
function replayServer(port: number, answer: Answer): ChildProcess {
  const code = `const a = JSON.parse(process.env.ANSWER); require('node:http').createServer((req, res) => { res.writeHead(a.status, a.headers); res.end(a.body); }).listen(${port}, '127.0.0.1');`;
  return spawn(process.execPath, ['-e', code], {
    stdio: 'ignore',
    env: { ...process.env, ANSWER: JSON.stringify(answer) },
  });
}

/** The rate of a bare server replaying this answer. */
async function replayRate(answer: Answer, method: 'GET' | 'POST'): Promise<number> {
  const port = await freePort();
  const server = replayServer(port, answer);
  try {
    await new Promise((r) => setTimeout(r, 300));
    return (await measure(`http://127.0.0.1:${port}/`, { method })).rps;
  } finally {
    server.kill();
    await exited(server);
  }
}

/** A buyer's account, bought through the sandbox bank, and a session of it. */
async function customer(base: string) {
  const order = (await (
    await fetch(`${base}/requestAccount2?plan_id=1&email=bench@example.com&gate=ird`, { method: 'POST' })
  ).json()) as { url: string };
  const bank = await fetch(order.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });
  const back = await fetch(new URL(bank.headers.get('location')!, base), { redirect: 'manual' });
  const result = decodePaymentResult(resultData(back.headers.get('location')!));
  const login = await fetch(
    `${base}/site_login?username=${result.username}&password=${encodeURIComponent(result.password)}`,
    { method: 'POST' },
  );
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('jwtUserToken='))!
    .split(';')[0]!;
  // A password the buyer chooses is hashed at the full (OWASP) cost; the generated one is not.
  const chosen = 'benchPassw0rd';
  const changed = await fetch(
    `${base}/api/site/changepassword?currentpassword=${encodeURIComponent(result.password)}&newpassword=${chosen}`,
    { method: 'POST', headers: { cookie } },
  );
  if (!((await changed.json()) as { ok: boolean }).ok) throw new Error('could not change the password');
  return { ...result, password: chosen, cookie, returnUrl: new URL(bank.headers.get('location')!, base).toString() };
}

/** What the abuse rows found, printed as their own table. */
interface AbuseRow {
  target: string;
  what: string;
  rps: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  errors: number;
  alongside?: { rps: number; p99: number; errors: number };
}
const abuse: AbuseRow[] = [];

/** The node rows (V2Ray nodes issue): GET user for 10,000 accounts, full and 304, and their push. */
interface NodeRow {
  target: string;
  what: string;
  rps?: number;
  p99?: number;
  ms?: number;
  baseline?: string;
}
const nodeRows: NodeRow[] = [];
const NODE_ACCOUNTS = 10_000;
const RADIUS_SECRET = 'bench-radius-secret';

/** RADIUS rows (OpenConnect nodes issue): Access- and Accounting-Requests a second, beside a bare UDP server. */
interface RadiusRow {
  target: string;
  what: string;
  rps: number;
  p50: number;
  p99: number;
  lost: number;
  baseline?: string;
}
const radiusRows: RadiusRow[] = [];

/** Keeps `inFlight` requests going for `seconds`, one socket each (as radcli opens one per request). */
async function udpLoad(port: number, make: (n: number) => Buffer, inFlight: number, seconds: number, limit = Infinity) {
  const latencies: number[] = [];
  let lost = 0;
  let n = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    while (performance.now() < deadline && n < limit) {
      const packet = make(n++);
      const started = performance.now();
      const answered = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          socket.removeAllListeners('message');
          resolve(false);
        }, 2000);
        socket.once('message', () => {
          clearTimeout(timer);
          resolve(true);
        });
        socket.send(packet, port, '127.0.0.1');
      });
      if (answered) latencies.push(performance.now() - started);
      else lost++;
    }
    socket.close();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const elapsed = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0) * 10) / 10;
  return { rps: Math.round((latencies.length / elapsed) * 10) / 10, p50: at(0.5), p99: at(0.99), lost };
}

/** A bare node:dgram server answering every datagram with 20 bytes: the floor of a UDP round trip here. */
function bareUdp(port: number): ChildProcess {
  const code = `const s = require('node:dgram').createSocket('udp4'); const r = Buffer.alloc(20, 5); s.on('message', (m, a) => s.send(r, a.port, a.address)); s.bind(${port}, '127.0.0.1');`;
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

let identifier = 0;
function radiusPacket(code: 'Access-Request' | 'Accounting-Request', attributes: Array<[string, unknown]>): Buffer {
  identifier = (identifier + 1) % 256;
  return radius.encode({
    code,
    secret: RADIUS_SECRET,
    identifier,
    attributes: attributes as radius.EncodeArgs['attributes'],
  });
}

async function benchRadius(
  target: string,
  ports: { auth: number; acct: number },
  chosen: { username: string; password: string },
) {
  const account = (n: number) => `bn${String(n % NODE_ACCOUNTS).padStart(6, '0')}`;
  const passwordOf = (n: number) => `Bench${String(n % NODE_ACCOUNTS).padStart(7, '0')}`;
  const auth = await udpLoad(
    ports.auth,
    (n) =>
      radiusPacket('Access-Request', [
        ['User-Name', account(n)],
        ['User-Password', passwordOf(n)],
      ]),
    20,
    SECONDS,
  );
  radiusRows.push({ target, what: 'Access-Request, generated passwords (fast scrypt), 20 in flight', ...auth });
  const slow = await udpLoad(
    ports.auth,
    () =>
      radiusPacket('Access-Request', [
        ['User-Name', chosen.username],
        ['User-Password', chosen.password],
      ]),
    1,
    SECONDS,
  );
  radiusRows.push({ target, what: 'Access-Request, a chosen password (OWASP scrypt), 1 in flight', ...slow });
  // 1,000 sessions started, then interim updates with growing counters, 50 in flight.
  const started = await udpLoad(
    ports.acct,
    (n) =>
      radiusPacket('Accounting-Request', [
        ['Acct-Status-Type', 'Start'],
        ['User-Name', account(n)],
        ['Acct-Session-Id', `b-${n}`],
      ]),
    50,
    60,
    1000,
  );
  if (started.lost > 0) throw new Error(`${started.lost} accounting starts were not answered`);
  const acct = await udpLoad(
    ports.acct,
    (n) =>
      radiusPacket('Accounting-Request', [
        ['Acct-Status-Type', 'Interim-Update'],
        ['User-Name', account(n % 1000)],
        ['Acct-Session-Id', `b-${n % 1000}`],
        ['Acct-Input-Octets', 1000 * (Math.floor(n / 1000) + 1)],
        ['Acct-Output-Octets', 5000 * (Math.floor(n / 1000) + 1)],
      ]),
    50,
    SECONDS,
  );
  const port = await freePort();
  const bare = bareUdp(port);
  await new Promise((r) => setTimeout(r, 300));
  const floor = await udpLoad(
    port,
    (n) =>
      radiusPacket('Accounting-Request', [
        ['Acct-Status-Type', 'Interim-Update'],
        ['Acct-Session-Id', `b-${n}`],
      ]),
    50,
    SECONDS,
  );
  bare.kill();
  radiusRows.push({
    target,
    what: 'Accounting-Request (Interim-Update), 1,000 sessions, 50 in flight',
    ...acct,
    baseline: `bare node:dgram answering the same load: ${floor.rps.toLocaleString('en')}/s (Separ at ${(acct.rps / floor.rps).toFixed(2)})`,
  });
}

/** 10,000 accounts straight into the server's database, and a node: what a big shop's node pulls. */
async function seedNodeAccounts(fresh: { url: string | null; dataDir: string }) {
  const config = loadConfig({ SEPAR_DATA_DIR: fresh.dataDir, ...(fresh.url ? { DATABASE_URL: fresh.url } : {}) });
  const database = openDatabase({ ...config, poolSize: 2 });
  try {
    const ctx = createContext(config, database);
    const hash = await ctx.secrets.passwords.hashGenerated('Bench1234567');
    const now = new Date().toISOString();
    for (let i = 0; i < NODE_ACCOUNTS; i += 1000) {
      await database.db
        .insertInto('users')
        .values(
          Array.from({ length: 1000 }, (_, j) => ({
            username: `bn${String(i + j).padStart(6, '0')}`,
            password_hash: hash,
            password_enc: ctx.secrets.box.seal(`Bench${String(i + j).padStart(7, '0')}`),
            vpn_id: randomUUID(),
            email: null,
            expire_date: null,
            used_bytes: 0,
            allowed_mb: 51_200,
            allowed_devices: 2,
            suspend: 0,
            subs_days: 30,
            ios: 0,
            plan_id: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const node = await createNode(ctx, {
      name: 'bench',
      protocol: 'vless',
      host: 'bench.example.com',
      port: 443,
      country: 'DE',
      security: 'reality',
      serverName: 'www.microsoft.com',
    });
    await addRadiusClient(ctx, { ip: '127.0.0.1', secret: RADIUS_SECRET });
    const ids = (await database.db.selectFrom('users').select('id').execute()).map((u) => u.id);
    return { ...node, ids };
  } finally {
    await database.close();
  }
}

/** A bare node:http server that reads a body and parses it as JSON: the floor of receiving a push. */
function bareParser(port: number): ChildProcess {
  const code = `require('node:http').createServer((req, res) => { let t = ''; req.on('data', (c) => t += c); req.on('end', () => { JSON.parse(t); res.end('{}'); }); }).listen(${port}, '127.0.0.1');`;
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

async function timePosts(url: string, body: string, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await response.text();
    if (response.status !== 200) throw new Error(`push answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function benchNodes(
  target: string,
  base: string,
  fresh: { url: string | null; dataDir: string },
  measureIt: boolean,
) {
  const { id, token, ids } = await seedNodeAccounts(fresh);
  if (!measureIt) return;
  const query = `node_type=vless&node_id=${id}&token=${token}`;
  const userUrl = `${base}/api/v1/server/UniProxy/user?${query}`;
  const first = await fetch(userUrl);
  const body = Buffer.from(await first.arrayBuffer());
  const etag = first.headers.get('etag') ?? '';
  const full = await measure(userUrl, { connections: 10 });
  nodeRows.push({
    target,
    what: `GET user, ${NODE_ACCOUNTS.toLocaleString('en')} accounts (${Math.round(body.length / 1024)} KB), full answer`,
    rps: full.rps,
    p99: full.p99,
  });
  const cached = await measure(userUrl, { headers: { 'if-none-match': etag } });
  // The same 304, byte for byte, from a bare node:http server: what any server sending it can reach here.
  const replayed = await replayRate(await answerOf(userUrl, { headers: { 'if-none-match': etag } }), 'GET');
  nodeRows.push({
    target,
    what: 'GET user, 304 (If-None-Match)',
    rps: cached.rps,
    p99: cached.p99,
    baseline: `bare node:http sending the same 304: ${replayed.toLocaleString('en')}/s; Separ at ${(cached.rps / replayed).toFixed(2)} of it`,
  });
  // A push of every account's deltas, as V2bX sends it after a busy minute.
  const push = JSON.stringify(Object.fromEntries(ids.map((uid) => [String(uid), [123_456, 7_654_321]])));
  const ms = await timePosts(`${base}/api/v1/server/UniProxy/push?${query}`, push, 7);
  const port = await freePort();
  const bare = bareParser(port);
  await new Promise((r) => setTimeout(r, 300));
  const floor = await timePosts(`http://127.0.0.1:${port}/`, push, 7);
  bare.kill();
  nodeRows.push({
    target,
    what: `POST push, ${NODE_ACCOUNTS.toLocaleString('en')} accounts (${Math.round(push.length / 1024)} KB), median of 7`,
    ms: Math.round(ms),
    baseline: `${floor.toFixed(1)} ms for bare node:http to receive and parse it`,
  });
}

async function benchServer(kind: 'sqlite' | 'postgres', rows: Row[]) {
  const fresh = await freshDatabase(kind);
  const port = await freePort();
  const radiusPorts = { auth: await freeUdpPort(), acct: await freeUdpPort() };
  const base = `http://127.0.0.1:${port}`;
  // Production settings: the real password cost, request logging at info (to /dev/null here).
  const child = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    SEPAR_DATA_DIR: fresh.dataDir,
    ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
    SEPAR_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    SEPAR_SCRYPT_N: '32768',
    SEPAR_SCRYPT_P: '3',
    SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000000',
    // The failing-login row spends the shop's failed-login budget in a second; the RADIUS rows that
    // follow within the minute would then measure Access-Rejects. The budget has its own test.
    SEPAR_LOGIN_LIMIT_GLOBAL_MINUTE: '1000000',
    SEPAR_RECONCILE_INTERVAL_SECONDS: '0',
    SEPAR_RADIUS_AUTH_PORT: String(radiusPorts.auth),
    SEPAR_RADIUS_ACCT_PORT: String(radiusPorts.acct),
  });
  try {
    await waitHealthy(base, child);
    const who = await customer(base);
    const target = kind === 'sqlite' ? 'Separ on SQLite' : 'Separ on PostgreSQL';
    if (parts.has('api')) {
      const plans = await measure(`${base}/getTelPlans`);
      const accountHeaders = { cookie: who.cookie };
      const account = await measure(`${base}/api/site/account`, { method: 'POST', headers: accountHeaders });
      if (kind === 'sqlite') {
        // The answers are the same on both databases: replay them once.
        const plansAnswer = await answerOf(`${base}/getTelPlans`);
        const accountAnswer = await answerOf(`${base}/api/site/account`, { method: 'POST', headers: accountHeaders });
        rows.push({ target, call: 'GET /getTelPlans', ...plans, sameAnswer: await replayRate(plansAnswer, 'GET') });
        rows.push({
          target,
          call: 'POST /api/site/account',
          ...account,
          sameAnswer: await replayRate(accountAnswer, 'POST'),
        });
      } else {
        rows.push({ target, call: 'GET /getTelPlans', ...plans });
        rows.push({ target, call: 'POST /api/site/account', ...account });
      }
      // The subscription link as v2rayNG refreshes it (CONTRACTS §7): the account's links, base64.
      const { subUrl } = (await (
        await fetch(`${base}/api/site/account`, { method: 'POST', headers: accountHeaders })
      ).json()) as { subUrl: string };
      const client = { 'user-agent': 'v2rayNG/1.9.46' };
      const sub = await measure(subUrl, { headers: client });
      rows.push({
        target,
        call: 'GET /sub/{token} (v2rayNG)',
        ...sub,
        ...(kind === 'sqlite'
          ? { sameAnswer: await replayRate(await answerOf(subUrl, { headers: client }), 'GET') }
          : {}),
      });
      // Right passwords at the full cost, as many at once as the hashing queue runs (the cores less
      // the event loop's): more would only measure 503s.
      const loginConnections = Math.max(1, cpus().length - 1);
      rows.push({
        target,
        call: 'POST /site_login',
        connections: loginConnections,
        ...(await measure(`${base}/site_login?username=${who.username}&password=${encodeURIComponent(who.password)}`, {
          method: 'POST',
          connections: loginConnections,
        })),
      });

      // Replays of a paid order's return, SECONDS of them (tens of thousands): answered from the
      // database, with no gateway call and no hash. (A run of a fixed 1,000 requests ends on
      // autocannon's one-second tick, which would make any rate read about 1,000/s.)
      const replays = await measure(who.returnUrl);
      abuse.push({ target, what: `replayed returns of a paid order, ${SECONDS} s`, ...replays });

      // 50 connections of failing logins for SECONDS, with the plans measured alongside (10 connections).
      const [failing, plansAlongside] = await Promise.all([
        measure(`${base}/site_login?username=${who.username}&password=wrongPassw0rd`, {
          method: 'POST',
          warmUp: false,
        }),
        measure(`${base}/getTelPlans`, { connections: 10, warmUp: false }),
      ]);
      abuse.push({
        target,
        what: '50 connections of failing logins, 10 s',
        ...failing,
        alongside: { rps: plansAlongside.rps, p99: plansAlongside.p99, errors: plansAlongside.errors },
      });
    }
    await benchNodes(target, base, fresh, parts.has('nodes'));
    // The server reads its RADIUS clients every five seconds: the one added with the accounts.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    if (parts.has('radius')) await benchRadius(target, radiusPorts, who);
  } finally {
    child.kill('SIGTERM');
    await exited(child);
    await fresh.dispose();
  }
}

function abuseTable(bare: number): string {
  const lines = [
    '| target | what | requests/s | × bare Node | p99 (ms) | max (ms) | answers | errors, timeouts | `GET /getTelPlans` alongside: requests/s, p99 (ms) |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | --- |',
  ];
  for (const row of abuse) {
    const answers = Object.entries(row.statuses)
      .map(([code, count]) => `${count.toLocaleString('en')} × ${code}`)
      .join(', ');
    const alongside = row.alongside ? `${row.alongside.rps.toLocaleString('en')}, ${row.alongside.p99}` : '';
    lines.push(
      `| ${row.target} | ${row.what} | ${row.rps.toLocaleString('en')} | ${(row.rps / bare).toFixed(2)} | ${row.p99} | ${row.max} | ${answers} | ${row.errors} | ${alongside} |`,
    );
  }
  return lines.join('\n');
}

function radiusTable(): string {
  const lines = [
    '| target | requests | answered/s | p50 (ms) | p99 (ms) | unanswered | baseline in the same run |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of radiusRows)
    lines.push(
      `| ${row.target} | ${row.what} | ${row.rps.toLocaleString('en')} | ${row.p50} | ${row.p99} | ${row.lost} | ${row.baseline ?? ''} |`,
    );
  return lines.join('\n');
}

function nodeTable(bare: number): string {
  const lines = [
    '| target | call | requests/s | × bare Node | p99 (ms) | time (ms) | baseline in the same run |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of nodeRows)
    lines.push(
      `| ${row.target} | ${row.what} | ${row.rps?.toLocaleString('en') ?? ''} | ${row.rps ? (row.rps / bare).toFixed(2) : ''} | ${row.p99 ?? ''} | ${row.ms ?? ''} | ${row.baseline ?? ''} |`,
    );
  return lines.join('\n');
}

function table(rows: Row[], bare: number): string {
  const lines = [
    '| target | call | requests/s | p50 (ms) | p99 (ms) | × bare Node | bare Node sending the same answer (requests/s, ×) | errors / non-2xx |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const same = row.sameAnswer
      ? `${row.sameAnswer.toLocaleString('en')} (${(row.sameAnswer / bare).toFixed(2)}); Separ at ${(row.rps / row.sameAnswer).toFixed(2)} of it`
      : '';
    lines.push(
      `| ${row.target} | \`${row.call}\`${row.connections ? ` (${row.connections} connections)` : ''} | ${row.rps.toLocaleString('en')} | ${row.p50} | ${row.p99} | ${(row.rps / bare).toFixed(2)} | ${same} | ${row.errors} / ${row.non2xx} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const rows: Row[] = [];
  const port = await freePort();
  const bare = bareServer(port);
  await new Promise((r) => setTimeout(r, 300));
  rows.push({ target: 'bare node:http', call: 'GET /', ...(await measure(`http://127.0.0.1:${port}/`)) });
  bare.kill();
  await benchServer('sqlite', rows);
  await benchServer('postgres', rows);
  const bareRps = rows[0]!.rps;
  const result = `${table(rows, bareRps)}\n\nWhat an anonymous visitor can make it do:\n\n${abuseTable(bareRps)}\n\nThe V2Ray nodes' API (V2bX), ${NODE_ACCOUNTS.toLocaleString('en')} accounts:\n\n${nodeTable(bareRps)}\n\nRADIUS for the OpenConnect nodes (ocserv), the same accounts:\n\n${radiusTable()}`;
  console.log(result);
  // A partial run (BENCH_PARTS) prints its figures and leaves the document to a whole run.
  if (parts.size < 3) return;

  const stamp = `Measured ${new Date().toISOString().slice(0, 10)} with autocannon, ${CONNECTIONS} connections, ${SECONDS} s per call after a 2 s warm-up, on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; server and load generator on the same machine.`;
  const file = join(ROOT, 'docs', 'BENCHMARKS.md');
  const start = '<!-- bench:api:start -->';
  const end = '<!-- bench:api:end -->';
  const section = `${start}\n${stamp}\n\n${result}\n${end}`;
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n## API\n\n${start}\n${end}\n`;
  if (!doc.includes(start)) doc += `\n## API\n\n${start}\n${end}\n`;
  doc = doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), section);
  writeFileSync(file, doc);
  // The document stays in the repository's format (npm run lint checks it).
  spawnSync(join(ROOT, 'node_modules', '.bin', 'prettier'), ['--write', file], { stdio: 'ignore' });
  console.log(`written to ${file}`);
}

await main();
