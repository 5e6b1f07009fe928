/**
 * `npm run test:load` (security issue §3): two server processes on one fresh PostgreSQL database,
 * 200 simulated buyers for 60 s — purchase, pay through the sandbox bank, replay the gateway return,
 * log in, read the account; about one in ten cancels at the bank. Then the ledger: every paid order
 * has exactly one account and one payment, every account one paid order, and the buyers saw exactly
 * as many successes as there are paid orders. Fails on any 5xx or any ledger mismatch.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { decodePaymentResult } from '@separ/domain';
import { freshDatabase, resultData } from '../test/harness.ts';
import { exited, freePort, startServer, waitHealthy } from '../test/processes.ts';

const BUYERS = Number(process.env.LOAD_BUYERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const ROOT = resolve(import.meta.dirname, '../../..');

type Op = 'purchase' | 'bank' | 'return' | 'replay' | 'login' | 'account';
const latencies: Record<Op, number[]> = { purchase: [], bank: [], return: [], replay: [], login: [], account: [] };
const statuses = new Map<number, number>();
const seen = { success: 0, failed: 0, duplicate: 0, cancelled: 0, errors: [] as string[] };

async function timed(op: Op, run: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  const response = await run();
  latencies[op].push(performance.now() - started);
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  if (response.status >= 500) seen.errors.push(`${op}: ${response.status} ${await response.clone().text()}`);
  return response;
}

function resultOf(location: string | null) {
  return decodePaymentResult(resultData(location ?? '/'));
}

async function buyer(index: number, bases: string[], until: number) {
  let round = 0;
  while (Date.now() < until) {
    round += 1;
    const base = bases[(index + round) % 2]!;
    const other = bases[(index + round + 1) % 2]!;
    const plan = [1, 2, 3, 7, 8][(index + round) % 5];
    const purchase = await timed('purchase', () =>
      fetch(`${base}/requestAccount2?plan_id=${plan}&email=buyer${index}-${round}@example.com&gate=ird`, {
        method: 'POST',
      }),
    );
    if (purchase.status !== 200) continue;
    const { url } = (await purchase.json()) as { url: string };
    const cancel = (index + round) % 10 === 0;
    const bank = await timed('bank', () =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `action=${cancel ? 'cancel' : 'pay'}`,
        redirect: 'manual',
      }),
    );
    const callback =
      new URL(bank.headers.get('location') ?? '/', base).pathname +
      new URL(bank.headers.get('location') ?? '/', base).search;
    // The gateway's return may land on either process, and may come twice.
    const back = await timed('return', () => fetch(`${other}${callback}`, { redirect: 'manual' }));
    const result = resultOf(back.headers.get('location'));
    if (cancel) {
      if (result.status === 'failed') seen.cancelled += 1;
      else seen.errors.push(`cancelled order answered ${result.status}`);
      continue;
    }
    if (result.status !== 'success') {
      seen.errors.push(`paid order answered ${result.status}`);
      continue;
    }
    seen.success += 1;
    const replay = await timed('replay', () => fetch(`${base}${callback}`, { redirect: 'manual' }));
    const again = resultOf(replay.headers.get('location'));
    if (again.status === 'duplicate') seen.duplicate += 1;
    else seen.errors.push(`replay answered ${again.status}`);
    const login = await timed('login', () =>
      fetch(`${other}/site_login?username=${result.username}&password=${encodeURIComponent(result.password)}`, {
        method: 'POST',
      }),
    );
    const cookie = (login.headers.getSetCookie?.() ?? []).find((c) => c.startsWith('jwtUserToken='))?.split(';')[0];
    if (!cookie) {
      seen.errors.push(`login ${login.status}`);
      continue;
    }
    const account = await timed('account', () =>
      fetch(`${base}/api/site/account`, { method: 'POST', headers: { cookie } }),
    );
    const body = (await account.json()) as { username?: string };
    if (body.username !== result.username) seen.errors.push(`account shows ${body.username} for ${result.username}`);
  }
}

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function ledger(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async (sql: string) => Number((await client.query(sql)).rows[0]?.count ?? 0);
  const result = {
    paidOrders: await one('select count(*) from orders where state = 2'),
    failedOrders: await one('select count(*) from orders where state = 1'),
    pendingOrders: await one('select count(*) from orders where state = 0'),
    accounts: await one('select count(*) from users'),
    payments: await one('select count(*) from payments'),
    paidWithoutOneAccount: await one(
      'select count(*) from orders o where o.state = 2 and (o.user_id is null or not exists (select 1 from users u where u.id = o.user_id))',
    ),
    paidWithoutOnePayment: await one(
      'select count(*) from orders o where o.state = 2 and (select count(*) from payments p where p.res_num = o.res_num) <> 1',
    ),
    accountsWithoutOnePaidOrder: await one(
      'select count(*) from users u where (select count(*) from orders o where o.user_id = u.id and o.state = 2) <> 1',
    ),
    paymentsWithoutPaidOrder: await one(
      'select count(*) from payments p where not exists (select 1 from orders o where o.res_num = p.res_num and o.state = 2 and o.user_id = p.user_id)',
    ),
  };
  await client.end();
  return result;
}

async function main() {
  const fresh = await freshDatabase('postgres');
  const ports = [await freePort(), await freePort()];
  const children = ports.map((port, i) =>
    startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: fresh.url!,
      SEPAR_DATA_DIR: join(fresh.dataDir, `p${i}`),
      SEPAR_SECRET_KEY: 'a'.repeat(64),
      // The real password cost (OWASP scrypt): logins are bounded by it, as in production.
      SEPAR_SCRYPT_N: '32768',
      SEPAR_SCRYPT_P: '3',
      SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000000',
      // 200 buyers from one address: the purchase throttle would refuse most of them.
      SEPAR_ORDER_LIMIT_IP_HOUR: '1000000',
      SEPAR_ORDER_LIMIT_EMAIL_HOUR: '1000000',
      SEPAR_RECONCILE_INTERVAL_SECONDS: '0',
    }),
  );
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  let code = 0;
  try {
    // The second process starts once the first has migrated and seeded.
    await waitHealthy(bases[0]!, children[0]!);
    await waitHealthy(bases[1]!, children[1]!);
    console.log(`load: ${BUYERS} buyers for ${SECONDS} s against two processes on PostgreSQL`);
    const started = Date.now();
    const until = started + SECONDS * 1000;
    await Promise.all(Array.from({ length: BUYERS }, (_, i) => buyer(i, bases, until)));
    const elapsed = (Date.now() - started) / 1000;
    const books = await ledger(fresh.url!);
    const requests = Object.values(latencies).reduce((n, list) => n + list.length, 0);
    const report = {
      buyers: BUYERS,
      seconds: Math.round(elapsed),
      requests,
      requestsPerSecond: Math.round(requests / elapsed),
      statuses: Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])),
      seen: { success: seen.success, duplicate: seen.duplicate, cancelled: seen.cancelled },
      latencyMs: Object.fromEntries(
        Object.entries(latencies).map(([op, list]) => [
          op,
          { count: list.length, p50: Math.round(percentile(list, 50)), p99: Math.round(percentile(list, 99)) },
        ]),
      ),
      ledger: books,
      errors: seen.errors.slice(0, 20),
    };
    const fivexx = [...statuses].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0);
    const problems = [
      fivexx ? `${fivexx} answers were 5xx` : '',
      seen.errors.length ? `${seen.errors.length} buyer-visible errors` : '',
      books.paidOrders !== seen.success ? `paid orders ${books.paidOrders} ≠ successes seen ${seen.success}` : '',
      books.accounts !== books.paidOrders ? `accounts ${books.accounts} ≠ paid orders ${books.paidOrders}` : '',
      books.payments !== books.paidOrders ? `payments ${books.payments} ≠ paid orders ${books.paidOrders}` : '',
      books.paidWithoutOneAccount ? `${books.paidWithoutOneAccount} paid orders without their account` : '',
      books.paidWithoutOnePayment ? `${books.paidWithoutOnePayment} paid orders without exactly one payment` : '',
      books.accountsWithoutOnePaidOrder
        ? `${books.accountsWithoutOnePaidOrder} accounts without exactly one paid order`
        : '',
      books.paymentsWithoutPaidOrder ? `${books.paymentsWithoutPaidOrder} payments without their paid order` : '',
      books.failedOrders !== seen.cancelled
        ? `failed orders ${books.failedOrders} ≠ cancellations ${seen.cancelled}`
        : '',
    ].filter(Boolean);
    console.log(JSON.stringify(report, null, 2));
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    writeFileSync(join(ROOT, 'test-results', 'load.json'), `${JSON.stringify({ ...report, problems }, null, 2)}\n`);
    if (problems.length) {
      console.error(`load: FAILED\n- ${problems.join('\n- ')}`);
      code = 1;
    } else console.log('load: passed — zero 5xx, the ledger balances');
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => exited(child)));
    await fresh.dispose();
  }
  process.exit(code);
}

await main();
