import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS, startTestServer, type TestServer } from '../../../test/harness.ts';
import { runAdmin } from '../../cli/admin.ts';
import { dueReminders, runReminders, unsubscribeToken } from './reminders.ts';
import { GB, DAY_MS } from '@separ/domain';

const DAY = 24 * 60;

describe('what is due', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const user = (days: number, usedGB = 0, extra = {}) => ({
    expire_date: new Date(now.getTime() + days * DAY_MS).toISOString(),
    used_bytes: usedGB * GB,
    allowed_mb: 10 * 1024,
    subs_days: 0,
    suspend: 0,
    ...extra,
  });

  it('names the nearest of each pair, and nothing for a pending, suspended or long-expired account', () => {
    expect(dueReminders(user(10), now)).toEqual([]);
    expect(dueReminders(user(2.5), now)).toEqual(['expires3d']);
    expect(dueReminders(user(0.5), now)).toEqual(['expires1d']);
    expect(dueReminders(user(-0.5), now)).toEqual(['expired']);
    expect(dueReminders(user(-8), now)).toEqual([]);
    expect(dueReminders(user(10, 8), now)).toEqual(['data80']);
    expect(dueReminders(user(0.5, 10.5), now)).toEqual(['expires1d', 'data100']);
    expect(dueReminders(user(10, 10.5, { allowed_mb: -1 }), now)).toEqual([]);
    expect(dueReminders(user(2, 0, { subs_days: 30 }), now)).toEqual([]);
    expect(dueReminders(user(2, 0, { suspend: 1 }), now)).toEqual([]);
  });
});

describe.each(KINDS)('reminders, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { SEPAR_PUBLIC_URL: 'https://shop.separ.test' });
  });
  afterAll(async () => {
    await s?.close();
  });

  const reminderMail = (email: string) =>
    s.database.db
      .selectFrom('outbox')
      .select(['kind', 'subject', 'body_sealed'])
      .where('recipient', '=', email)
      .where('kind', 'like', 'reminder:%')
      .orderBy('id')
      .execute();

  it('sends each reminder once per threshold across runs, as the clock moves, by e-mail and by the bot', async () => {
    // Expires in 2.5 days, with 1 GB of 10 used; an e-mail address and a linked chat.
    const expires = new Date(s.clock.now.getTime() + 2.5 * DAY_MS).toISOString();
    const user = await s.createUser({ email: 'renew-me@example.com', expireDate: expires, allowedMB: 10 * 1024 });
    await s.database.db
      .insertInto('bot_users')
      .values({ messaging_id: '777', language: 'en', user_id: user.id, created_at: s.clock.now.toISOString() })
      .execute();
    const sent: Array<[string, string]> = [];
    const notify = async (chat: string, _language: string, text: string) => void sent.push([chat, text]);

    expect((await runReminders(s.ctx, notify)).expires3d).toBe(1);
    expect(Object.values(await runReminders(s.ctx, notify))).toEqual([0, 0, 0, 0, 0]);
    // Two days later: 1 day left, and 9 GB used.
    await s.database.db
      .updateTable('users')
      .set({ used_bytes: 9 * GB })
      .where('id', '=', user.id)
      .execute();
    await s.later(2 * DAY, async () => {
      expect(await runReminders(s.ctx, notify)).toMatchObject({ expires1d: 1, data80: 1 });
      expect(Object.values(await runReminders(s.ctx, notify))).toEqual([0, 0, 0, 0, 0]);
    });
    // Expired: once, however often the job runs.
    await s.later(3 * DAY, async () => {
      expect((await runReminders(s.ctx, notify)).expired).toBe(1);
      expect((await runReminders(s.ctx, notify)).expired).toBe(0);
    });
    const mails = await reminderMail('renew-me@example.com');
    expect(mails.map((m) => m.kind)).toEqual([
      'reminder:expires3d',
      'reminder:expires1d',
      'reminder:data80',
      'reminder:expired',
    ]);
    const body = s.box.open(mails[0]!.body_sealed);
    expect(body).toContain(user.username);
    // The renew link: what is bought through it extends this account (payments/renewal.test.ts).
    expect(body).toContain(`https://shop.separ.test/renew?t=${user.id}.`);
    expect(sent.map(([chat]) => chat)).toEqual(['777', '777', '777', '777']);
    expect(sent[0]![1]).toContain('3 days');
  });

  it('stops the e-mails with the link they carry, without logging in; a forged link does nothing', async () => {
    const expires = new Date(s.clock.now.getTime() + 2 * DAY_MS).toISOString();
    const user = await s.createUser({ email: 'stop-me@example.com', expireDate: expires });
    await runReminders(s.ctx);
    const [mail] = await reminderMail('stop-me@example.com');
    const link = /https:\/\/shop\.separ\.test(\/unsubscribe\?\S+)/.exec(s.box.open(mail!.body_sealed))![1]!;
    const forged = await s.app.inject({ method: 'GET', url: `/unsubscribe?u=${user.id}&t=not-the-token&lng=en` });
    expect(forged.statusCode).toBe(400);
    const other = await s.app.inject({
      method: 'GET',
      url: `/unsubscribe?u=${user.id + 1}&t=${unsubscribeToken(s.ctx, user.id)}`,
    });
    expect(other.statusCode).toBe(400);
    const answer = await s.app.inject({ method: 'GET', url: link });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<html lang="fa" dir="rtl">');
    // A day later the 1-day reminder is due, and no longer sent.
    await s.later(1.5 * DAY, async () => {
      expect((await runReminders(s.ctx)).expires1d).toBe(0);
    });
    expect(await reminderMail('stop-me@example.com')).toHaveLength(1);
  });

  it('separ-admin reminders run prints how many of each kind it queued', async () => {
    const expires = new Date(s.clock.now.getTime() + 0.5 * DAY_MS).toISOString();
    await s.createUser({ email: 'cli@example.com', expireDate: expires });
    const lines: string[] = [];
    await runAdmin(['reminders', 'run'], s.ctx, (line) => lines.push(line));
    expect(lines).toContain('expires1d: 1');
    expect(lines.filter((line) => /^(expires3d|expires1d|expired|data80|data100): \d+$/.test(line))).toHaveLength(5);
  });
});
