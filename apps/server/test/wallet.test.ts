import { userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WalletAnswer } from '@separ/domain/contract';
import { firstRefusal } from '@separ/domain/contract';
import { runAdmin } from '../src/cli/admin.ts';
import { postEntry, walletBalance } from '../src/modules/wallet/index.ts';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';

/**
 * The wallet's ledger (CONTRACTS §10) on both databases: the panel's call, separ-admin's show and
 * adjust (audited), and the rules that hold under concurrent writers: never below zero, never twice
 * for one order.
 */
describe.each(KINDS)('the wallet, on %s', (kind) => {
  let s: TestServer;
  let account: { id: number; username: string; password: string };
  let cookie: string;
  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines.join('\n');
  };
  const wallet = async (headers: Record<string, string> = { cookie }) =>
    s.app.inject({ method: 'POST', url: '/api/site/wallet', headers });

  beforeAll(async () => {
    s = await startTestServer(kind);
    account = await s.createUser();
    cookie = await s.login(account.username, account.password);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 401 JSON without a session, and an empty wallet at first', async () => {
    const anonymous = await wallet({});
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toMatchObject({ ok: false, code: 'loginRequired' });
    const empty = await wallet();
    expect(empty.statusCode).toBe(200);
    expect(json(empty)).toEqual({ ok: true, balance: 0, entries: [] });
  });

  it('keeps an operator’s adjustments as entries, newest first, each with the balance after it, audited', async () => {
    expect(await cli('wallet', 'adjust', account.username, '--amount=50000', '--reason', 'Support refund')).toContain(
      'balance 50,000 toman',
    );
    await cli('wallet', 'adjust', account.username, '--amount=-20000', '--reason', 'Charged twice');
    const answer = json(await wallet());
    expect(firstRefusal(WalletAnswer, answer)).toBeNull();
    expect(answer.balance).toBe(30_000);
    expect(answer.entries).toMatchObject([
      { kind: 'adjustment', amount: -20_000, balance: 30_000, ref: null },
      { kind: 'adjustment', amount: 50_000, balance: 50_000, ref: null },
    ]);
    const audited = await s.database.db
      .selectFrom('audit_log')
      .select(['operator', 'target', 'after_json'])
      .where('action', '=', 'wallet.adjust')
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.operator)).toEqual([`${userInfo().username}@cli`, `${userInfo().username}@cli`]);
    expect(JSON.parse(audited[1]!.after_json!)).toMatchObject({
      balance: 30_000,
      amount: -20_000,
      reason: 'Charged twice',
    });
    expect(await cli('wallet', 'show', account.username)).toMatch(
      /balance 30,000 toman[\s\S]*adjustment\t-20000\t→ 30000/,
    );
  });

  it('never takes an adjustment below zero, and says why a command is refused', async () => {
    await expect(
      cli('wallet', 'adjust', account.username, '--amount=-30001', '--reason', 'Too much'),
    ).rejects.toMatchObject({
      code: 'insufficientBalance',
    });
    await expect(cli('wallet', 'adjust', account.username, '--amount=100')).rejects.toThrow('--reason is required');
    await expect(cli('wallet', 'adjust', account.username, '--amount=0', '--reason', 'Nothing')).rejects.toMatchObject({
      code: 'invalid',
    });
    await expect(cli('wallet', 'adjust', 'nobody-here', '--amount=5', '--reason', 'x')).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await walletBalance(s.database.db, account.id)).toBe(30_000);
  });

  it('lets concurrent purchases spend each toman once: never below zero, never twice for one order', async () => {
    const buyer = await s.createUser();
    await postEntry(s.database.db, s.ctx, { userId: buyer.id, kind: 'topup', amount: 100_000, ref: 'T-1' });
    // Twenty purchases of 30,000 at once, from a balance of 100,000: three can be paid.
    const spends = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        postEntry(s.database.db, s.ctx, { userId: buyer.id, kind: 'purchase', amount: -30_000, ref: `P-${i}` }),
      ),
    );
    const paid = spends.filter((r) => r.status === 'fulfilled');
    const refused = spends.filter((r) => r.status === 'rejected');
    expect(paid).toHaveLength(3);
    expect(refused.every((r) => (r.reason as { code?: string }).code === 'insufficientBalance')).toBe(true);
    expect(await walletBalance(s.database.db, buyer.id)).toBe(10_000);
    // The same order settled again, even at once: one entry, the first one answered again.
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        postEntry(s.database.db, s.ctx, { userId: buyer.id, kind: 'topup', amount: 40_000, ref: 'T-2' }),
      ),
    );
    expect(again.filter((e) => !e.repeated)).toHaveLength(1);
    expect(await walletBalance(s.database.db, buyer.id)).toBe(50_000);
    // The balance is the sum of the entries, and each entry's balance the running sum.
    const rows = await s.database.db
      .selectFrom('wallet_entries')
      .select(['seq', 'amount', 'balance'])
      .where('user_id', '=', buyer.id)
      .orderBy('seq')
      .execute();
    let sum = 0;
    for (const [index, row] of rows.entries()) {
      sum += Number(row.amount);
      expect(row.seq).toBe(index + 1);
      expect(Number(row.balance)).toBe(sum);
    }
    expect(sum).toBe(50_000);
  });
});
