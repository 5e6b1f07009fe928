import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { AuditAction } from '@separ/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, runAdmin } from '../src/cli/admin.ts';
import { startFakeSmtp } from './fakeSmtp.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Every separ-admin command that changes something lands in the audit log with its actor
 * (`<unix user>@cli`) and the same action the web admin writes (docs/ADMIN.md). The lists below
 * name every command of the CLI: a new command fails this test until it is put in one of them.
 */

/** The commands that only read. */
const READS = new Set([
  'plans list',
  'countries list',
  'servers list',
  'users show',
  'sessions list',
  'nodes list',
  'nodes show',
  'nodes hosts list',
  'radius-clients list',
  'payments list',
  'payments show',
  'outbox list',
  'bot status',
  'operators list',
  'audit list',
  'settings show',
  'wallet show',
  'cards list',
  'coupons list',
  'tokens list',
  'webhooks list',
]);

/** The subcommands of the rows whose module reads the rest of the command line itself. */
const GROUPS: Record<string, string[]> = {
  nodes: [
    'add',
    'update',
    'list',
    'show',
    'rotate-token',
    'remove',
    'hosts add',
    'hosts list',
    'hosts pause',
    'hosts resume',
    'hosts remove',
  ],
  settings: ['show', 'set'],
};

describe('every separ-admin write is in the audit log', () => {
  let s: TestServer;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  const actor = `${userInfo().username}@cli`;
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(argv, s.ctx, (line) => lines.push(line));
    return lines.join('\n');
  };
  beforeAll(async () => {
    // `outbox send` needs a mail server: a fake that speaks SMTP on 127.0.0.1.
    smtp = await startFakeSmtp();
    s = await startTestServer('sqlite', { SEPAR_SMTP_URL: smtp.url });
    // The shop's owner (its first operator): the operator the writes below add is then an admin,
    // whose role `operators role` may change.
    await runAdmin(['operators', 'add', 'shop-owner'], s.ctx, () => undefined);
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  /** Ids the writes below pass on to each other. */
  const ids: Record<string, string | undefined> = {};

  /** Each write command, with its arguments, and the action it must leave in the audit log. */
  const WRITES: Array<[command: string, argv: () => string[], action: AuditAction]> = [
    [
      'plans add',
      () => ['--title', 'Audited', '--ios', '0', '--mb', '1024', '--days', '7', '--devices', '1', '--toman', '1000'],
      'plan.create',
    ],
    ['plans update', () => [ids.plan!, '--title', 'Audited plus'], 'plan.update'],
    ['plans deactivate', () => [ids.plan!], 'plan.deactivate'],
    ['plans activate', () => [ids.plan!], 'plan.activate'],
    ['countries add', () => ['QA', '--title', 'Qatar', '--title-fa', 'قطر'], 'country.add'],
    [
      'servers add',
      () => ['--title', 'Doha', '--type', '2', '--country', 'QA', '--link', 'vless://xxx@q:443'],
      'server.add',
    ],
    ['servers remove', () => [ids.server!], 'server.remove'],
    ['countries remove', () => ['QA'], 'country.remove'],
    ['users create', () => ['--plan', '1', '--username', 'audited'], 'user.create'],
    ['users suspend', () => ['audited'], 'user.suspend'],
    ['users unsuspend', () => ['audited'], 'user.unsuspend'],
    ['users extend', () => ['audited', '5'], 'user.extend'],
    ['users add-data', () => ['audited', '100'], 'user.add-data'],
    ['users reset-password', () => ['audited'], 'user.reset-password'],
    ['users end-devices', () => ['audited'], 'user.end-devices'],
    ['sessions revoke', () => ['audited'], 'user.revoke-sessions'],
    ['users bulk', () => ['extend', '--user', 'audited', '--days', '3'], 'users.bulk-extend'],
    ['users bulk', () => ['add-data', '--q', 'audited', '--mb', '10'], 'users.bulk-add-data'],
    ['users bulk', () => ['suspend', '--user', 'audited'], 'users.bulk-suspend'],
    ['users bulk', () => ['unsuspend', '--user', 'audited'], 'users.bulk-unsuspend'],
    ['users bulk', () => ['reset-usage', '--all'], 'users.bulk-reset-usage'],
    // Nothing expired a month ago among them: confirmed with the count, 0.
    [
      'users bulk',
      () => ['delete-expired', '--user', 'audited', '--days', '30', '--confirm', '0'],
      'users.bulk-delete-expired',
    ],
    [
      'nodes add',
      () => ['--name', 'audited', '--type', 'vless', '--host', 'n.example.com', '--port', '443', '--country', 'DE'],
      'node.add',
    ],
    ['nodes update', () => ['audited', '--port', '8443'], 'node.update'],
    ['nodes rotate-token', () => ['audited'], 'node.rotate-token'],
    ['nodes hosts add', () => ['audited', '--address', 'cdn.example.com', '--remark', 'CDN'], 'node.host-add'],
    ['nodes hosts pause', () => ['audited', ids.host!], 'node.host-pause'],
    ['nodes hosts resume', () => ['audited', ids.host!], 'node.host-resume'],
    ['nodes hosts remove', () => ['audited', ids.host!], 'node.host-remove'],
    ['nodes remove', () => ['audited'], 'node.remove'],
    ['radius-clients add', () => ['--ip', '10.9.8.7', '--secret', 'Audited-Secret-2026'], 'radius-client.add'],
    ['radius-clients remove', () => ['10.9.8.7'], 'radius-client.remove'],
    ['payments reconcile', () => ['--older-than', '0'], 'payments.reconcile'],
    ['payments complete', () => [ids.order!, '--ref', 'BANK-4711'], 'order.complete'],
    ['payments refund', () => [ids.order!, '--to-wallet', '--reason', 'Audited refund'], 'order.refund'],
    ['outbox resend', () => [ids.mail!], 'outbox.resend'],
    // The jobs, run by hand: what they sent or queued is in the log with who ran them.
    ['outbox send', () => [], 'outbox.send'],
    ['reminders run', () => [], 'reminders.run'],
    ['wallet adjust', () => ['audited', '--amount=5000', '--reason', 'Audited gift'], 'wallet.adjust'],
    ['cards add', () => ['--number', '6037 9900 0000 0006', '--holder', 'Audited', '--bank', 'Melli'], 'card.add'],
    ['cards disable', () => [ids.card!], 'card.disable'],
    ['cards enable', () => [ids.card!], 'card.enable'],
    ['payments approve', () => [ids.cardOrder!], 'order.approve'],
    ['payments reject', () => [ids.cardOrder!, '--reason', 'Audited rejection'], 'order.reject'],
    ['cards remove', () => [ids.card!], 'card.remove'],
    ['operators add', () => ['audited-op'], 'operator.add'],
    ['operators unlock', () => ['audited-op'], 'operator.unlock'],
    ['operators link-chat', () => ['audited-op'], 'operator.link-chat'],
    ['operators role', () => ['audited-op', 'sales'], 'operator.role'],
    ['tokens add', () => ['--name', 'audited-token', '--role', 'support'], 'token.add'],
    ['tokens revoke', () => ['audited-token'], 'token.revoke'],
    ['webhooks add', () => ['--url', 'http://127.0.0.1:9/audited', '--events', 'order.paid'], 'webhook.add'],
    ['webhooks test', () => [ids.webhook!], 'webhook.test'],
    ['webhooks remove', () => [ids.webhook!], 'webhook.remove'],
    ['operators remove', () => ['audited-op'], 'operator.remove'],
    ['settings set', () => ['--shop-name', 'Audited VPN'], 'settings.update'],
    ['coupons add', () => ['--code', 'AUDITED10', '--percent', '10'], 'coupon.add'],
    ['coupons disable', () => ['AUDITED10'], 'coupon.disable'],
    ['gifts add', () => ['--amount', '10000', '--count', '2'], 'gift.add'],
    ['backup create', () => ['--out', join(s.config.dataDir, 'audited.backup')], 'backup.create'],
  ];

  /** The writes that need a database of their own, each audited in its own test. */
  const ELSEWHERE = new Map([['backup restore', 'backup.test.ts: it restores only into an empty database']]);

  it('names every command of the CLI as a read or an audited write', () => {
    const named = new Set([...READS, ...ELSEWHERE.keys(), ...WRITES.map(([command]) => command)]);
    const commands = COMMANDS.flatMap((row) =>
      row.group ? (GROUPS[row.command] ?? [`${row.command} ?`]).map((sub) => `${row.command} ${sub}`) : [row.command],
    );
    expect(commands.filter((command) => !named.has(command))).toEqual([]);
    expect([...named].filter((command) => !commands.includes(command))).toEqual([]);
  });

  it('writes each change with its actor and action', async () => {
    const missing: string[] = [];
    for (const [command, argv, action] of WRITES) {
      if (command === 'payments complete') {
        // An order still pending: the money an operator saw at the bank.
        const purchase = await s.app.inject({
          method: 'POST',
          url: '/requestAccount2?plan_id=1&email=audited@example.com&gate=ird',
          headers: { 'content-type': 'application/json' },
        });
        expect(purchase.statusCode).toBe(200);
        const order = await s.database.db
          .selectFrom('orders')
          .select(['res_num'])
          .where('email', '=', 'audited@example.com')
          .where('state', '=', 0)
          .executeTakeFirstOrThrow();
        ids.order = order.res_num;
      }
      if (command === 'sessions revoke') await s.login('audited', await newPassword());
      if (command === 'payments approve' || command === 'payments reject') {
        // A card order with its receipt, awaiting an operator.
        const purchase = await s.app.inject({
          method: 'POST',
          url: `/requestAccount2?plan_id=1&email=${command.split(' ')[1]}@example.com&gate=card`,
          headers: { 'content-type': 'application/json' },
        });
        expect(purchase.statusCode, purchase.body).toBe(200);
        ids.cardOrder = String(JSON.parse(purchase.body).url).split('/').pop();
        const boundary = 'audited';
        const sent = await s.app.inject({
          method: 'POST',
          url: `/api/site/card/${ids.cardOrder}/receipt`,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: `--${boundary}\r\nContent-Disposition: form-data; name="tracking"\r\n\r\n${command === 'payments approve' ? '111222333' : '444555666'}\r\n--${boundary}--\r\n`,
        });
        expect(sent.statusCode, sent.body).toBe(200);
      }
      const before = await lastAuditId();
      const printed = await run(...command.split(' '), ...argv());
      const entries = await s.database.db
        .selectFrom('audit_log')
        .select(['operator', 'action', 'target'])
        .where('id', '>', before)
        .execute();
      if (!entries.some((e) => e.operator === actor && e.action === action)) missing.push(`${command} (${action})`);
      ids.plan ??= /Added plan (\d+)/.exec(printed)?.[1];
      ids.server ??= /Added server (\d+)/.exec(printed)?.[1];
      ids.card ??= /Added card (\d+)/.exec(printed)?.[1];
      ids.webhook ??= /Webhook (\d+) added/.exec(printed)?.[1];
      ids.host ??= /^Host (\d+) .* added/.exec(printed)?.[1];
      if (command === 'payments complete')
        ids.mail = String(
          (
            await s.database.db
              .selectFrom('outbox')
              .select('id')
              .where('recipient', '=', 'audited@example.com')
              .executeTakeFirstOrThrow()
          ).id,
        );
    }
    expect(missing).toEqual([]);
    // The hand-run delivery sent the receipt queued again, and its entry says how many went out.
    expect(smtp.mails.some((mail) => mail.to.includes('audited@example.com'))).toBe(true);
    const sendRun = await s.database.db
      .selectFrom('audit_log')
      .select(['after_json'])
      .where('action', '=', 'outbox.send')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(sendRun.after_json!).sent).toBeGreaterThanOrEqual(1);
    // What the log says of a new account: its terms, never its password.
    const created = await s.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.create')
      .executeTakeFirstOrThrow();
    expect(created.target).toBe('user:audited');
    expect(created.after_json).not.toMatch(/password/i);
  });

  async function lastAuditId(): Promise<number> {
    const row = await s.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** A known password for the account, so that it can have a web session to revoke. */
  async function newPassword(): Promise<string> {
    const done = await run('users', 'reset-password', 'audited', '--password', 'Audited2026x');
    expect(done).toContain('Audited2026x');
    return 'Audited2026x';
  }
});
