import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeBotApi } from '../../../test/fakeBotApi.ts';
import { KINDS, startTestServer, type TestServer } from '../../../test/harness.ts';
import { createBot, startBot, type RunningBot } from './bot.ts';
import { runAdmin } from '../../cli/admin.ts';
import { toPersianDigits } from '@separ/domain';
import { json } from '../../../test/harness.ts';
import { createLinkCode, giveFreeAccount, linkedAccount, linkWithCode } from './botService.ts';
import { addCard, approveCardOrder, rejectCardOrder, removeCard } from '../cards/index.ts';
import { multipart, pngWithMetadata } from '../../../test/cardImages.ts';
import { addOperator } from '../operators/operators.ts';
import { watchNodes } from '../nodes/index.ts';

const TOKEN = '123456:test-token';

/** The messaging bot (CONTRACTS §9) against a local Bot API, on both databases. */
describe.each(KINDS)('the messaging bot, on %s', (kind) => {
  let s: TestServer;
  let api: FakeBotApi;
  let running: RunningBot | null = null;
  beforeAll(async () => {
    api = new FakeBotApi(TOKEN);
    await api.start();
    s = await startTestServer(kind, {
      SEPAR_BOT_TOKEN: TOKEN,
      SEPAR_BOT_API_ROOT: api.origin,
      SEPAR_PUBLIC_URL: 'https://shop.separ.test',
      SEPAR_FREE_DAILY_LIMIT: '3',
      SEPAR_FREE_MB: '2048',
      SEPAR_FREE_DAYS: '3',
    });
    running = await startBot(s.ctx);
  });
  afterAll(async () => {
    await running?.stop();
    await api?.stop();
    await s?.close();
  });

  const freeAccounts = async () =>
    Number(
      (
        await s.database.db
          .selectFrom('bot_users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('free_user_id', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('says hello in Persian with the language choice and the menu, and its commands are set in both languages', async () => {
    api.message(1001, '/start');
    const [welcome, menu] = await api.until(1001, 2);
    expect(welcome).toBe('به سپر خوش آمدید. زبان خود را انتخاب کنید:');
    expect(menu).toBe('چه کاری می‌خواهید انجام دهید؟');
    const commands = api.calls.filter((call) => call.method === 'setMyCommands');
    expect(commands.map((call) => (call.params.commands as Array<{ command: string }>).map((c) => c.command))).toEqual([
      ['start', 'free', 'account', 'buy', 'support', 'lang'],
      ['start', 'free', 'account', 'buy', 'support', 'lang'],
    ]);
    expect(commands[1]!.params.language_code).toBe('en');
  });

  it('gives one free account per messaging user, even to twenty presses at once', async () => {
    for (let i = 0; i < 20; i++) api.press(2002, 'free');
    const replies = await api.until(2002, 20);
    const given = replies.filter((text) => text.startsWith('اکانت رایگان شما آماده است.'));
    expect(given).toHaveLength(1);
    const username = /نام کاربری: (\S+)/.exec(given[0]!)![1]!;
    const password = /رمز عبور: (\S+)/.exec(given[0]!)![1]!;
    expect(username).toMatch(/^[a-z0-9]+$/);
    expect(password).toMatch(/^[A-Za-z0-9]+$/);
    expect(given[0]).toContain('https://shop.separ.test/login');
    expect(replies.filter((text) => text.includes(`شما قبلاً اکانت رایگان گرفته‌اید: ${username}`))).toHaveLength(19);
    // Its credentials log in at /site_login, and it waits for its first connection like a bought one.
    expect(await s.login(username, password)).toMatch(/^jwtUserToken=/);
    const user = await s.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect([
      user.expire_date,
      user.subs_days,
      Number(user.allowed_mb),
      user.allowed_devices,
      user.speed_limit_mbps,
    ]).toEqual([null, 3, 2048, 1, 10]);
  });

  it('makes one account for concurrent claims in the service itself, and keeps the daily quota', async () => {
    const before = await freeAccounts();
    const results = await Promise.all(Array.from({ length: 20 }, () => giveFreeAccount(s.ctx, '3003')));
    expect(results.filter((r) => r.kind === 'given')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'already')).toHaveLength(19);
    expect(await freeAccounts()).toBe(before + 1);
    // Three a day (SEPAR_FREE_DAILY_LIMIT): this is the third; the fourth user is told to come back.
    expect((await giveFreeAccount(s.ctx, '3004')).kind).toBe('given');
    expect(await giveFreeAccount(s.ctx, '3005')).toEqual({ kind: 'quota' });
    // Turned off by the operator: refused with its own message, and nothing is claimed.
    s.ctx.config.free.enabled = false;
    try {
      expect(await giveFreeAccount(s.ctx, '3006')).toEqual({ kind: 'off' });
    } finally {
      s.ctx.config.free.enabled = true;
    }
    // A refused claim is not a claim: the next day it is given.
    const answer = await s.later(24 * 60, () => giveFreeAccount(s.ctx, '3005'));
    expect(answer.kind).toBe('given');
  });

  /** The inline keyboard of the n-th message sent to a chat. */
  const keyboardOf = (chat: number, n: number) =>
    (
      api.calls.filter((call) => call.method === 'sendMessage' && Number(call.params.chat_id) === chat)[n]!.params
        .reply_markup as { inline_keyboard: Array<Array<{ text: string; url?: string; callback_data?: string }>> }
    ).inline_keyboard.flat();

  it('lists the plans on sale as buttons; a plan offers to pay online, and the wallet once the chat is linked', async () => {
    api.message(4004, '/buy');
    const [list] = await api.until(4004, 1);
    expect(list).toContain('تومان');
    const plans = await s.database.db.selectFrom('plans').select(['id', 'active']).execute();
    const buttons = keyboardOf(4004, 0).map((button) => button.callback_data);
    for (const plan of plans) expect(buttons.includes(`plan:${plan.id}`)).toBe(plan.active === 1);
    const chosen = plans.find((plan) => plan.active === 1)!;
    api.press(4004, `plan:${chosen.id}`);
    const [, ways] = await api.until(4004, 2);
    expect(ways).toContain('چطور می‌خواهید پرداخت کنید؟');
    expect(ways).toContain('برای پرداخت از کیف پول، اول اکانت خود را با /account وصل کنید.');
    expect(keyboardOf(4004, 1)).toEqual([
      { text: 'پرداخت آنلاین', url: `https://shop.separ.test/payment?plan_id=${chosen.id}&lng=fa` },
    ]);
    // A plan no longer on sale (or never) says so.
    api.press(4004, 'plan:999999');
    expect((await api.until(4004, 3))[2]).toBe('این پلن دیگر فروخته نمی‌شود. برای دیدن پلن‌ها /buy را بفرستید.');
  });

  it('links an account with its password, refuses a wrong one, shows its status and unlinks', async () => {
    const user = await s.createUser();
    api.message(5005, '/account');
    await api.until(5005, 1);
    api.message(5005, `${user.username} wrongpass1`);
    expect((await api.until(5005, 2))[1]).toBe('نام کاربری یا رمز عبور اشتباه است');
    // The message with the password is deleted.
    expect(api.calls.some((call) => call.method === 'deleteMessage' && Number(call.params.chat_id) === 5005)).toBe(
      true,
    );
    api.message(5005, `${user.username} ${user.password}`);
    const replies = await api.until(5005, 4);
    expect(replies[2]).toBe('اکانت شما متصل شد.');
    expect(replies[3]).toContain(`اکانت: ${user.username}`);
    expect(replies[3]).toContain('فعال، ۳۰ روز باقی‌مانده');
    expect(replies[3]).toContain('حجم باقی‌مانده: ۵۰ گیگابایت');
    const url = /لینک اشتراک: (\S+)/.exec(replies[3]!)![1]!;
    expect(url).toMatch(/^https:\/\/shop\.separ\.test\/sub\/[\w-]{16,}$/);
    // The same link as a QR code, in a photo: decoded, it is the link.
    const photo = await expect
      .poll(() => api.calls.find((call) => call.method === 'sendPhoto' && Number(call.params.chat_id) === 5005))
      .toBeDefined()
      .then(() => api.calls.find((call) => call.method === 'sendPhoto')!);
    const file = photo.params.file as Buffer;
    const start = file.indexOf(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const end = file.indexOf(Buffer.from('IEND')) + 8;
    const png = PNG.sync.read(file.subarray(start, end));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(url);
    expect(photo.params.caption).toBe('این کد را با برنامهٔ وی‌پی‌ان اسکن کنید تا اشتراک شما اضافه شود.');
    api.press(5005, 'unlink');
    expect((await api.until(5005, 5))[4]).toBe('اتصال اکانت شما به این گفتگو لغو شد.');
  });

  it('says when the data of a plan that resets starts again, in Jalali in Persian', async () => {
    const plan = await s.database.db
      .selectFrom('plans')
      .select(['id', 'subs_days'])
      .where('active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await s.database.db.updateTable('plans').set({ reset: 'month' }).where('id', '=', plan.id).execute();
    try {
      // Started on the 1st of Khordad 1405 (22 May 2026, Tehran noon): the next reset is a month on.
      const user = await s.createUser({
        planId: plan.id,
        expireDate: new Date(Date.parse('2026-05-22T08:30:00.000Z') + plan.subs_days * 86_400_000).toISOString(),
      });
      api.message(5105, '/account');
      await api.until(5105, 1);
      api.message(5105, `${user.username} ${user.password}`);
      const status = (await api.until(5105, 3))[2]!;
      // Thirty days from then, the subscription ends the day before: no reset is due before it.
      expect(status).toContain('حجم شما هر ماه دوباره پر می‌شود، ولی تا پایان اشتراک دیگر نه');
      // Renewed for another month: the next reset is said, in Jalali.
      await s.database.db
        .updateTable('users')
        .set({ expire_date: '2026-07-21T08:30:00.000Z', reset_anchor: '2026-05-22T08:30:00.000Z' })
        .where('id', '=', user.id)
        .execute();
      api.message(5105, '/account');
      const again = (await api.until(5105, 4))[3]!;
      expect(again).toMatch(/حجم شما هر ماه دوباره پر می‌شود؛ نوبت بعد: ۱ تیر ۱۴۰۵/);
    } finally {
      await s.database.db.updateTable('plans').set({ reset: 'none' }).where('id', '=', plan.id).execute();
    }
  });

  it('links a chat with the one-time code from the panel; a wrong, used or expired code is refused', async () => {
    const user = await s.createUser();
    const cookie = await s.login(user.username, user.password);
    const makeCode = async () => {
      const response = await s.app.inject({ method: 'POST', url: '/api/site/botcode', headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return json<{ ok: boolean; code: string; expiresAt: string; minutes: number }>(response);
    };
    // Only for a logged-in user.
    expect((await s.app.inject({ method: 'POST', url: '/api/site/botcode' })).statusCode).toBe(401);
    const made = await makeCode();
    expect(made.code).toMatch(/^\d{8}$/);
    expect(made).toMatchObject({ ok: true, minutes: 10 });
    expect(made.expiresAt).toBe(new Date(s.clock.now.getTime() + 10 * 60_000).toISOString());
    // Kept as a MAC, never as the code.
    const stored = await s.database.db
      .selectFrom('bot_link_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(made.code);

    const wrong = String((Number(made.code) + 1) % 100_000_000).padStart(8, '0');
    api.message(7007, wrong);
    expect((await api.until(7007, 1))[0]).toBe(
      'این کد معتبر نیست: ممکن است اشتباه وارد شده باشد، قبلاً استفاده شده باشد یا بیش از ۱۰ دقیقه از ساختنش گذشته باشد. از پنل کاربری یک کد تازه بگیرید.',
    );
    // The right code, typed with Persian digits on a phone, links the chat and shows the account.
    api.message(7007, toPersianDigits(made.code));
    const replies = await api.until(7007, 3);
    expect(replies[1]).toBe('اکانت شما متصل شد.');
    expect(replies[2]).toContain(`اکانت: ${user.username}`);
    const linked = await s.database.db
      .selectFrom('bot_users')
      .select('user_id')
      .where('messaging_id', '=', '7007')
      .executeTakeFirstOrThrow();
    expect(linked.user_id).toBe(user.id);

    // Used once: another chat sending it is refused, and stays unlinked.
    api.message(7008, `/account ${made.code}`);
    expect((await api.until(7008, 1))[0]).toMatch(/^این کد معتبر نیست/);
    expect(await linkedAccount(s.ctx, '7008')).toBeNull();

    // A new code replaces the earlier one; after 10 minutes it is refused.
    const first = await makeCode();
    const second = await makeCode();
    expect(await linkWithCode(s.ctx, '7009', first.code)).toBeNull();
    await s.later(11, async () => {
      api.message(7009, second.code);
      expect((await api.until(7009, 1))[0]).toMatch(/^این کد معتبر نیست/);
    });
    expect(await linkedAccount(s.ctx, '7009')).toBeNull();
    // In time, with /account and the code, it links.
    const third = await makeCode();
    api.message(7009, `/account ${third.code}`);
    expect((await api.until(7009, 3))[1]).toBe('اکانت شما متصل شد.');
    expect((await linkedAccount(s.ctx, '7009'))?.id).toBe(user.id);

    // A linked chat's plans renew its account: paying online goes through its renew link.
    api.message(7009, '/buy');
    const [list] = (await api.until(7009, 4)).slice(3);
    expect(list).toContain(`اکانت ${user.username}، یکی را انتخاب کنید`);
    const plan = await s.database.db
      .selectFrom('plans')
      .selectAll()
      .where('active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    api.press(7009, `plan:${plan.id}`);
    const ways = (await api.until(7009, 5))[4]!;
    const credit = JSON.parse(plan.price_credit)['100'] as number;
    const fa = (n: number) => toPersianDigits(n.toLocaleString('en-US'));
    expect(ways).toContain(`با کیف پول، قیمت این پلن ${fa(credit)} تومان است. موجودی شما: ۰ تومان.`);
    const [online, wallet] = keyboardOf(7009, 4);
    const renew = new URL(online!.url!);
    expect(renew.origin + renew.pathname).toBe('https://shop.separ.test/renew');
    const followed = await s.app.inject({ method: 'GET', url: `${renew.pathname}${renew.search}` });
    expect(followed.headers.location).toMatch(/^\/payment\?plan_id=\d+&lng=fa$/);
    expect(followed.cookies.map((c) => c.name)).toContain('separ_renew');
    expect(wallet).toEqual({ text: `پرداخت ${fa(credit)} تومان از کیف پول`, callback_data: `wallet:${plan.id}` });

    // Pressed with an empty wallet: nothing taken, the shortfall and where to top up.
    api.press(7009, `wallet:${plan.id}`);
    expect((await api.until(7009, 6))[5]).toBe(
      `موجودی کیف پول شما (۰ تومان) برای این پلن ${fa(credit)} تومان کم است. از سایت آن را شارژ کنید: https://shop.separ.test/panel/wallet`,
    );
    // With the balance for one: five presses at once renew the account once, and show it.
    await runAdmin(['wallet', 'adjust', user.username, `--amount=${credit}`, '--reason', 'bot test'], s.ctx, () => {});
    const before = await s.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 5; i++) api.press(7009, `wallet:${plan.id}`);
    const presses = (await api.until(7009, 12)).slice(6);
    expect(presses.filter((text) => text.startsWith('از کیف پول شما پرداخت شد'))).toHaveLength(1);
    expect(presses.filter((text) => text.startsWith('موجودی کیف پول شما (۰ تومان)'))).toHaveLength(4);
    expect(presses.some((text) => text.includes(`اکانت: ${user.username}`))).toBe(true);
    const after = await s.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.allowed_mb)).toBe(Number(before.allowed_mb) + Number(plan.allowed_mb));
    expect(json(await s.app.inject('/site_gateways')).wallet_active).toBe(1);
  });

  it('counts wrong link codes per messaging user: after ten an hour, even the right one waits', async () => {
    const user = await s.createUser();
    const { code } = await createLinkCode(s.ctx, user.id);
    const wrong = String((Number(code) + 7) % 100_000_000).padStart(8, '0');
    for (let i = 0; i < 10; i++) expect(await linkWithCode(s.ctx, '7010', wrong)).toBeNull();
    await expect(linkWithCode(s.ctx, '7010', code)).rejects.toMatchObject({ code: 'tooManyAttempts', status: 429 });
    api.message(7010, code);
    expect((await api.until(7010, 1))[0]).toBe(
      'تعداد کدهای واردشده بیش از حد مجاز است. لطفاً یک ساعت دیگر دوباره امتحان کنید.',
    );
    // Another chat is not held back by this one's tries.
    expect((await linkWithCode(s.ctx, '7011', code))?.id).toBe(user.id);
  });

  it('separ-admin bot status reports the settings, the free accounts and the linked chats', async () => {
    const lines: string[] = [];
    await runAdmin(['bot', 'status'], s.ctx, (line) => lines.push(line));
    const text = lines.join('\n');
    expect(text).toContain(`bot:              on (SEPAR_BOT_TOKEN set), Bot API ${api.origin}`);
    expect(text).toMatch(/free accounts: {4}on; \d+ of 3 given today, \d+ ever/);
    expect(text).toMatch(/messaging users: {2}\d+, \d+ linked to an account/);
  });

  it('speaks English once asked, and points to support', async () => {
    api.message(6006, '/lang');
    await api.until(6006, 1);
    api.press(6006, 'lang:en');
    expect((await api.until(6006, 2))[1]).toBe('The bot now speaks English.');
    api.message(6006, '/support');
    expect((await api.until(6006, 3))[2]).toBe(
      `Our support team answers on the messaging app: ${s.config.supportChatUrl}`,
    );
  });

  it('sells by card transfer in the chat: the card and exact amount, a receipt photo, an operator’s approval, then the account, its link and QR code', async () => {
    const card = await addCard(s.ctx, { number: '6037 9900 0000 0006', holder: 'Separ Shop', bank: 'Melli' }, 'test');
    const plan = (
      await s.database.db
        .selectFrom('plans')
        .select('id')
        .where('active', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    // A photo with no order waiting: said so.
    api.photo(8008, pngWithMetadata(8000));
    expect((await api.until(8008, 1))[0]).toBe(
      'سفارش کارت به کارتی ندارید که منتظر رسید باشد. برای خرید /buy را بفرستید.',
    );
    api.press(8008, `plan:${plan}`);
    await api.until(8008, 2);
    expect(keyboardOf(8008, 1).map((button) => button.callback_data ?? button.url)).toContain(`card:${plan}`);
    api.press(8008, `card:${plan}`);
    const [, , transfer, number, ask] = await api.until(8008, 5);
    const order = await s.database.db
      .selectFrom('card_orders')
      .innerJoin('orders', 'orders.id', 'card_orders.order_id')
      .select(['orders.res_num', 'card_orders.amount', 'card_orders.bot_chat', 'card_orders.card_id'])
      .where('card_orders.bot_chat', '=', '8008')
      .executeTakeFirstOrThrow();
    expect(order.card_id).toBe(card.id);
    expect(transfer).toContain(`دقیقاً ${Number(order.amount).toLocaleString('en-US')} ریال`);
    expect(transfer).toContain('6037 9900 0000 0006');
    expect(transfer).toContain('به نام: Separ Shop');
    expect(transfer).toContain('بانک: Melli');
    expect(transfer).toContain(order.res_num);
    expect(number).toBe('6037990000000006');
    expect(ask).toContain('عکس رسید یا شمارهٔ پیگیری');

    // The receipt as a photo alone: taken from the Bot API's file store, its metadata stripped.
    api.photo(8008, pngWithMetadata(8001));
    expect((await api.until(8008, 6))[5]).toBe(
      `رسید شما دریافت شد (سفارش ${order.res_num}). به‌زودی بررسی می‌شود و نتیجه را در همین گفتگو می‌گیرید.`,
    );
    expect(api.calls.some((call) => call.method === 'getFile' && Number(call.params.chat_id ?? 0) === 0)).toBe(true);
    const receipt = await s.database.db
      .selectFrom('card_receipts')
      .innerJoin('orders', 'orders.id', 'card_receipts.order_id')
      .select(['card_receipts.tracking', 'card_receipts.image_type', 'card_receipts.image'])
      .where('orders.res_num', '=', order.res_num)
      .executeTakeFirstOrThrow();
    expect(receipt.tracking).toBeNull();
    expect(receipt.image_type).toBe('image/png');
    expect(Buffer.from(receipt.image!).includes(Buffer.from('GPSSECRET'))).toBe(false);
    // The same photo for another order is refused, as on the site.
    api.press(8018, `card:${plan}`);
    await api.until(8018, 3);
    api.photo(8018, pngWithMetadata(8001));
    expect((await api.until(8018, 4))[3]).toBe(
      'این عکس رسید قبلاً برای سفارش دیگری فرستاده شده است. لطفاً رسید همین واریز را بفرستید.',
    );

    // An operator approves it in the admin: the chat gets the new account, is linked to it, and gets its link as a QR code.
    const approved = await approveCardOrder(s.ctx, order.res_num, 'olga');
    const replies = await api.until(8008, 8, 15_000);
    expect(replies[6]).toContain(`واریز شما تأیید شد (سفارش ${order.res_num})`);
    expect(replies[6]).toContain(`نام کاربری: ${approved.username}`);
    expect(replies[6]).toContain(`رمز عبور: ${approved.password}`);
    expect(replies[7]).toContain(`اکانت: ${approved.username}`);
    const url = /لینک اشتراک: (\S+)/.exec(replies[7]!)![1]!;
    expect((await linkedAccount(s.ctx, '8008'))?.username).toBe(approved.username);
    const photo = await expect
      .poll(() => api.calls.find((call) => call.method === 'sendPhoto' && Number(call.params.chat_id) === 8008))
      .toBeDefined()
      .then(() => api.calls.find((call) => call.method === 'sendPhoto' && Number(call.params.chat_id) === 8008)!);
    const file = photo.params.file as Buffer;
    const png = PNG.sync.read(
      file.subarray(file.indexOf(Buffer.from([0x89, 0x50, 0x4e, 0x47])), file.indexOf(Buffer.from('IEND')) + 8),
    );
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(url);
    expect(await s.login(approved.username!, approved.password!)).toMatch(/^jwtUserToken=/);
    // Told once: a later look finds nothing more to tell.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(api.sent(8008)).toHaveLength(8);

    // A tracking number in Persian digits is a receipt too; a rejection reaches the chat with its reason.
    api.press(8028, `card:${plan}`);
    await api.until(8028, 3);
    api.message(8028, '۱۲۳۴۵۶۷۸۹');
    expect((await api.until(8028, 4))[3]).toContain('رسید شما دریافت شد');
    const second = await s.database.db
      .selectFrom('card_orders')
      .innerJoin('orders', 'orders.id', 'card_orders.order_id')
      .select('orders.res_num')
      .where('card_orders.bot_chat', '=', '8028')
      .executeTakeFirstOrThrow();
    await rejectCardOrder(s.ctx, second.res_num, 'No such deposit', 'olga');
    expect((await api.until(8028, 5, 15_000))[4]).toBe(
      `رسید سفارش ${second.res_num} تأیید نشد. دلیل: No such deposit\nاگر مبلغ را واریز کرده‌اید، با رسید به پشتیبانی پیام دهید.`,
    );
    // The same tracking number for another order: refused.
    api.message(8018, '123456789');
    expect((await api.until(8018, 5))[4]).toBe(
      'این شمارهٔ پیگیری قبلاً برای سفارش دیگری فرستاده شده است. لطفاً آن را بررسی کنید.',
    );
    await removeCard(s.ctx, card.id, 'test');
  });
});

/** The operators' chat (CONTRACTS §13): orders and receipts told once, Approve and Reject from the chat only. */
describe.each(KINDS)('the operators’ chat, on %s', (kind) => {
  let s: TestServer;
  let api: FakeBotApi;
  let running: RunningBot | null = null;
  const OPS = 9001;
  beforeAll(async () => {
    api = new FakeBotApi(TOKEN);
    await api.start();
    s = await startTestServer(kind, {
      SEPAR_BOT_TOKEN: TOKEN,
      SEPAR_BOT_API_ROOT: api.origin,
      SEPAR_BOT_OPERATOR_CHATS: `${OPS}, junk`,
      SEPAR_PUBLIC_URL: 'https://shop.separ.test',
    });
    await addCard(s.ctx, { number: '6037990000000006', holder: 'Separ Shop' }, 'test');
    running = await startBot(s.ctx);
  });
  afterAll(async () => {
    await running?.stop();
    await api?.stop();
    await s?.close();
  });

  /** A card order with its receipt sent, as a buyer on the site does. */
  async function receiptAwaitingReview(tracking: string, image?: Buffer): Promise<string> {
    const ordered = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=ops-buyer@example.com&gate=card',
      headers: { 'content-type': 'application/json' },
      remoteAddress: `10.77.0.${tracking.length}${tracking.at(-1)}`,
    });
    const resNum = json<{ url: string }>(ordered).url.split('/').pop()!;
    const form = multipart([
      { name: 'tracking', value: tracking },
      ...(image ? [{ name: 'image', filename: 'r.png', type: 'image/png', bytes: image }] : []),
    ]);
    const sent = await s.app.inject({ method: 'POST', url: `/api/site/card/${resNum}/receipt`, ...form });
    expect(sent.statusCode, sent.body).toBe(200);
    return resNum;
  }
  const callsTo = (method: string, chat: number) =>
    api.calls.filter((call) => call.method === method && Number(call.params.chat_id) === chat);

  it('sends a receipt to review as a photo with Approve and Reject, refuses other chats, and approves once from the operators’ chat', async () => {
    expect(s.config.bot.operatorChats).toEqual([String(OPS)]);
    const resNum = await receiptAwaitingReview('5550001', pngWithMetadata(9100));
    await expect.poll(() => callsTo('sendPhoto', OPS).length, { timeout: 10_000 }).toBe(1);
    const photo = callsTo('sendPhoto', OPS)[0]!;
    expect(String(photo.params.caption)).toContain(`رسید کارت به کارت برای بررسی: ${resNum}`);
    expect(String(photo.params.caption)).toContain('شمارهٔ پیگیری: 5550001');
    const buttons = (
      JSON.parse(String(photo.params.reply_markup)) as { inline_keyboard: Array<Array<{ callback_data: string }>> }
    ).inline_keyboard
      .flat()
      .map((button) => button.callback_data);
    expect(buttons).toEqual([`approve:${resNum}`, `reject:${resNum}`]);

    // Another chat pressing Approve: refused, nothing changes.
    api.press(9555, `approve:${resNum}`);
    await expect
      .poll(() => api.calls.some((call) => call.method === 'answerCallbackQuery' && call.params.show_alert === true))
      .toBe(true);
    expect(
      (await s.database.db.selectFrom('orders').select('state').where('res_num', '=', resNum).executeTakeFirstOrThrow())
        .state,
    ).toBe(0);

    // The operators' chat: approved once, audited with who pressed, the message edited; the paid order is told too.
    api.press(OPS, `approve:${resNum}`, {
      photo: [{ file_id: 'x', file_unique_id: 'y', width: 1, height: 1 }],
      caption: 'receipt',
    });
    await expect.poll(() => callsTo('editMessageCaption', OPS).length, { timeout: 10_000 }).toBe(1);
    expect(String(callsTo('editMessageCaption', OPS)[0]!.params.caption)).toContain('تأییدشده توسط (bot user 9001)');
    const audit = await s.database.db
      .selectFrom('audit_log')
      .select('operator')
      .where('action', '=', 'order.approve')
      .where('target', '=', `order:${resNum}`)
      .execute();
    expect(audit).toEqual([{ operator: '(bot user 9001)' }]);
    const paid = await api.until(OPS, 1, 10_000);
    expect(paid[0]).toContain(`سفارش جدید پرداخت شد: ${resNum}`);
    // Pressed again: already decided.
    api.press(OPS, `approve:${resNum}`);
    await expect
      .poll(
        () =>
          api.calls.filter((call) => call.method === 'answerCallbackQuery' && call.params.show_alert === true).length,
      )
      .toBe(2);
    // Each event once: a later look sends nothing more.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(callsTo('sendPhoto', OPS)).toHaveLength(1);
    expect(api.sent(OPS)).toHaveLength(1);
  });

  it('tells a node gone silent once, and its return once, with the time in Jalali', async () => {
    const lines: string[] = [];
    await runAdmin(
      [
        'nodes',
        'add',
        '--name',
        'Frankfurt-1',
        '--type',
        'vless',
        '--host',
        'de1.example.com',
        '--port',
        '443',
        '--country',
        'DE',
      ],
      s.ctx,
      (line) => lines.push(line),
    );
    const node = await s.database.db
      .selectFrom('nodes')
      .select('id')
      .where('name', '=', 'Frankfurt-1')
      .executeTakeFirstOrThrow();
    const heard = new Date(s.clock.now.getTime() - 11 * 60_000).toISOString();
    await s.database.db.updateTable('nodes').set({ last_seen_at: heard }).where('id', '=', node.id).execute();
    const before = api.sent(OPS).length;
    // Two processes looking at once report it once.
    const looks = await Promise.all([watchNodes(s.ctx), watchNodes(s.ctx)]);
    expect(looks.reduce((sum, look) => sum + look.silent, 0)).toBe(1);
    const told = await api.until(OPS, before + 1, 10_000);
    expect(told.at(-1)).toContain('نود Frankfurt-1');
    expect(told.at(-1)).toContain('۱۰ دقیقه هیچ درخواستی نفرستاده');
    expect(told.at(-1)).toMatch(/۱۴۰۵/);
    expect((await watchNodes(s.ctx)).silent).toBe(0);
    // Heard from again: back, once.
    await s.database.db
      .updateTable('nodes')
      .set({ last_seen_at: new Date(s.clock.now.getTime() + 1000).toISOString() })
      .where('id', '=', node.id)
      .execute();
    expect(await watchNodes(s.ctx)).toEqual({ silent: 0, back: 1 });
    expect(await watchNodes(s.ctx)).toEqual({ silent: 0, back: 0 });
    expect((await api.until(OPS, before + 2, 10_000)).at(-1)).toContain('برگشت');
  });

  it('rejects from the chat with the reason it asks for, and links another chat with separ-admin’s code', async () => {
    const resNum = await receiptAwaitingReview('5550002');
    await expect.poll(() => api.sent(OPS).some((text) => text.includes(resNum)), { timeout: 10_000 }).toBe(true);
    const before = api.sent(OPS).length;
    api.press(OPS, `reject:${resNum}`);
    const asked = await api.until(OPS, before + 1);
    expect(asked.at(-1)).toBe(`دلیل رد رسید سفارش ${resNum} چیست؟ دلیل را در یک پیام بفرستید؛ خریدار آن را می‌بیند.`);
    api.message(OPS, 'No deposit of this amount');
    await api.until(OPS, before + 2);
    const page = json<{ state: string; reason: string }>(
      await s.app.inject({ method: 'GET', url: `/api/site/card/${resNum}` }),
    );
    expect(page).toMatchObject({ state: 'rejected', reason: 'No deposit of this amount' });
    await expect.poll(() => callsTo('editMessageText', OPS).length).toBe(1);
    expect(String(callsTo('editMessageText', OPS)[0]!.params.text)).toContain(
      'ردشده توسط (bot user 9001): No deposit of this amount',
    );

    await addOperator(s.ctx, { username: 'rana', password: 'correct horse battery' }, 'test');
    const lines: string[] = [];
    await runAdmin(['operators', 'link-chat', 'rana'], s.ctx, (line) => lines.push(line));
    const code = lines[0]!;
    expect(code).toMatch(/^OP-[A-Z2-9]{10}$/);
    api.message(9002, code.toLowerCase());
    expect((await api.until(9002, 1))[0]).toBe(
      'این گفتگو اکنون به اپراتور rana متصل است: سفارش‌ها و رسیدها اینجا می‌رسند.',
    );
    api.message(9003, code);
    expect((await api.until(9003, 1))[0]).toContain('این کد اپراتور معتبر نیست');
    const next = await receiptAwaitingReview('5550003');
    await expect.poll(() => api.sent(9002).some((text) => text.includes(next)), { timeout: 10_000 }).toBe(true);
  });
});

describe('when the Bot API stops the polling', () => {
  it('logs it, and the server runs on', async () => {
    const api = new FakeBotApi(TOKEN);
    await api.start();
    const s = await startTestServer('sqlite', { SEPAR_BOT_TOKEN: TOKEN, SEPAR_BOT_API_ROOT: api.origin });
    const errors: string[] = [];
    s.ctx.log = { info() {}, warn() {}, error: (_object, message) => void errors.push(message ?? '') };
    try {
      const running = await startBot(s.ctx);
      api.conflict = true;
      api.message(1, '/start');
      await expect.poll(() => errors, { timeout: 10_000 }).toContain('the messaging bot stopped polling');
      expect((await s.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await running?.stop();
    } finally {
      await api.stop();
      await s.close();
    }
  });
});

describe('without SEPAR_BOT_TOKEN', () => {
  it('runs nothing of the bot', async () => {
    const s = await startTestServer('sqlite');
    try {
      expect(s.config.bot.token).toBeNull();
      expect(await startBot(s.ctx)).toBeNull();
      expect(() => createBot(s.ctx)).toThrow(/SEPAR_BOT_TOKEN/);
    } finally {
      await s.close();
    }
  });
});
