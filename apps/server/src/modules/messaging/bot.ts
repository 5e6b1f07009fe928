import {
  accountStatus,
  dataRemainingMB,
  dataVolume,
  duration,
  formatCardNumber,
  isLanguage,
  MB,
  normalizeTracking,
  isPlanDisplayable,
  normalizePlan,
  shopNameIn,
  toPersianDigits,
  type Language,
  type RawPlan,
} from '@separ/domain';
import { Bot, GrammyError, HttpError, InlineKeyboard, InputFile, type Context } from 'grammy';
import QRCode from 'qrcode';
import { publicOrigin, subscriptionOrigin } from '../../platform/config.ts';
import type { PaymentsContext } from '../payments/index.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import {
  approveCardOrder,
  cardOrderForChat,
  cardsActive,
  receiptImage,
  rejectCardOrder,
  chatAwaitsTransfer,
  chatReceipt,
  claimChatOutcomes,
  type ChatCardOutcome,
} from '../cards/index.ts';
import { renewToken } from '../accounts/index.ts';
import { isAppError } from '../../platform/errors.ts';
import { accountOf, accountReset } from '../accounts/index.ts';
import { getShopSettings } from '../settings/index.ts';
import { planOnSale } from '../catalog/index.ts';
import { buyFromWallet, walletQuote } from '../payments/index.ts';
import { ensureSubToken, findUserByUsername, subscriptionUrl } from '../accounts/index.ts';
import {
  asLinkCode,
  botUser,
  giveFreeAccount,
  linkAccount,
  linkChatTo,
  linkedAccount,
  linkWithCode,
  setBotLanguage,
  unlinkAccount,
} from './botService.ts';
import {
  asOperatorCode,
  claimChatEvents,
  linkOperatorChat,
  markChatEventSent,
  operatorChats,
  operatorOfChat,
} from './operatorsChat.ts';
import type { DailyReport, StoredEvent } from '../../platform/events.ts';

/** How often a running bot looks for card orders whose outcome its chats have not been told. */
export const CARD_OUTCOME_CHECK_MS = 2_000;

/** The largest receipt file the bot fetches from the Bot API (the site's limit, 2 MB). */
const RECEIPT_FILE_MAX = 2 * 1024 * 1024;

/** The commands of CONTRACTS §9, in the bot's menu in both languages. */
export const COMMANDS = ['start', 'free', 'account', 'buy', 'support', 'lang'] as const;

/**
 * The messaging bot (CONTRACTS §9) with grammY, on the Bot API at `SEPAR_BOT_API_ROOT` (Telegram's
 * or Bale's, which speaks the same API). Persian by default; every text from locales/{fa,en}/bot.json.
 */
export function createBot(ctx: PaymentsContext): {
  bot: Bot;
  tellCardOutcomes(): Promise<number>;
  tellShopEvents(): Promise<number>;
} {
  const { token, apiRoot } = ctx.config.bot;
  if (!token) throw new Error('SEPAR_BOT_TOKEN is not set.');
  const bot = new Bot(token, { client: { apiRoot } });
  /** Who is waiting to send their username and password (they pressed "link" or sent /account). */
  const linking = new Set<string>();
  /** Operators' chats asked for a rejection's reason: the order and the receipt's message to edit. */
  const rejecting = new Map<string, { resNum: string; messageId: number; text: string; photo: boolean }>();

  const idOf = (c: Context) => String(c.from?.id ?? c.chat?.id ?? '');
  const languageOf = async (c: Context): Promise<Language> => (await botUser(ctx, idOf(c))).language;
  const t = (language: Language, key: string, vars: Record<string, string | number> = {}) => {
    const digits = Object.fromEntries(
      Object.entries(vars).map(([name, value]) => [
        name,
        language === 'fa' && typeof value === 'number' ? toPersianDigits(value.toLocaleString('en-US')) : value,
      ]),
    );
    return ctx.texts.t(language, `bot:${key}`, digits);
  };

  const menu = (language: Language) =>
    new InlineKeyboard()
      .text(t(language, 'menu.free'), 'free')
      .text(t(language, 'menu.account'), 'account')
      .row()
      .text(t(language, 'menu.buy'), 'buy')
      .text(t(language, 'menu.support'), 'support')
      .row()
      .text(t(language, 'menu.language'), 'lang');

  const languages = new InlineKeyboard().text('فارسی', 'lang:fa').text('English', 'lang:en');

  async function start(c: Context) {
    const language = await languageOf(c);
    // The operator's shop name (separ-admin settings set --shop-name); the default in each language's script.
    const shop = shopNameIn((await getShopSettings(ctx)).shopName, language);
    await c.reply(t(language, 'start.welcome', { shop }), { reply_markup: languages });
    await c.reply(t(language, 'menu.title'), { reply_markup: menu(language) });
  }

  async function free(c: Context) {
    const id = idOf(c);
    const language = await languageOf(c);
    const result = await giveFreeAccount(ctx, id);
    if (result.kind === 'given') {
      const login = `${publicUrl()}/login`;
      await c.reply(t(language, 'free.given', { username: result.username, password: result.password, login }));
    } else if (result.kind === 'already') {
      await c.reply(
        result.username
          ? t(language, 'free.already', { username: result.username })
          : t(language, 'free.alreadyNoName'),
      );
    } else {
      await c.reply(t(language, result.kind === 'off' ? 'free.off' : 'free.quota'));
    }
  }

  async function showAccount(c: Context) {
    const id = idOf(c);
    const language = await languageOf(c);
    const user = await linkedAccount(ctx, id);
    if (!user) {
      linking.add(id);
      await c.reply(t(language, 'account.askCredentials'));
      return;
    }
    await sendAccount(idOf(c), language, user);
  }

  /** The account's state, its subscription link, and the link as a QR code, to a chat. */
  async function sendAccount(chat: string, language: Language, user: UserRow) {
    const account = accountOf(user, { devices: [], payments: [] });
    const status = accountStatus(account, ctx.now());
    const left = dataRemainingMB(account);
    const lines = [
      t(language, 'account.username', { username: user.username }),
      t(language, `account.status.${status.state}`, {
        days: status.state === 'active' ? status.daysLeft : status.state === 'pending' ? status.days : 0,
      }),
      left === null
        ? t(language, 'account.dataUnlimited')
        : t(language, 'account.dataLeft', volumeVars(language, left)),
    ];
    // A plan whose data starts again (CONTRACTS §14): when, as the panel says it.
    const { reset, nextResetAt } = await accountReset(ctx.db, user.id, ctx.now());
    if (reset)
      lines.push(
        nextResetAt
          ? t(language, `account.reset.${reset}`, { date: when(language, nextResetAt) })
          : t(language, `account.${status.state === 'pending' ? 'resetFromStart' : 'resetNoMore'}.${reset}`),
      );
    const url = subscriptionUrl(subscriptionOrigin(ctx.config), await ensureSubToken(ctx.db, user));
    lines.push(t(language, 'account.subscription', { url }));
    await bot.api.sendMessage(chat, lines.join('\n'), {
      reply_markup: new InlineKeyboard().text(t(language, 'account.unlink'), 'unlink'),
      link_preview_options: { is_disabled: true },
    });
    // The same link as a QR code, to scan with the app on another device.
    const png = await QRCode.toBuffer(url, { type: 'png', margin: 2, scale: 8, errorCorrectionLevel: 'M' });
    await bot.api.sendPhoto(chat, new InputFile(png, 'subscription.png'), {
      caption: t(language, 'account.qrCaption'),
    });
  }

  function volumeVars(language: Language, mb: number) {
    const volume = dataVolume(mb);
    if (volume.kind === 'unlimited') return { amount: t(language, 'units.unlimited') };
    return {
      amount: `${language === 'fa' ? toPersianDigits(volume.value) : volume.value} ${t(language, `units.${volume.unit}`)}`,
    };
  }

  /** The plans on sale, as the site lists them. */
  async function plansOnSale() {
    const rows = (await ctx.db
      .selectFrom('plans')
      .selectAll()
      .orderBy('sort_order')
      .orderBy('id')
      .execute()) as unknown as RawPlan[];
    return rows.filter((raw) => isPlanDisplayable(raw)).map((raw) => normalizePlan(raw));
  }

  function planLine(language: Language, plan: ReturnType<typeof normalizePlan>) {
    const time = duration(Number(plan.subsDays));
    return t(language, 'buy.plan', {
      title: plan.title,
      data: volumeVars(language, Number(plan.allowedMB)).amount,
      duration: `${language === 'fa' ? toPersianDigits(time.value) : time.value} ${t(language, `units.${time.unit}`)}`,
      price: plan.bestPrice ?? 0,
    });
  }

  /** `/buy`: the plans, one button each; a plan's button shows its ways to pay. */
  async function buy(c: Context) {
    const language = await languageOf(c);
    const plans = await plansOnSale();
    if (plans.length === 0) {
      await c.reply(t(language, 'buy.none'));
      return;
    }
    const keyboard = new InlineKeyboard();
    const linked = await linkedAccount(ctx, idOf(c));
    const lines = [linked ? t(language, 'buy.titleRenew', { username: linked.username }) : t(language, 'buy.title')];
    for (const plan of plans) {
      lines.push(planLine(language, plan));
      keyboard.text(plan.title, `plan:${plan.id}`).row();
    }
    await c.reply(lines.join('\n\n'), { reply_markup: keyboard, link_preview_options: { is_disabled: true } });
  }

  /**
   * A chosen plan's ways to pay: online through the site (a linked chat's link renews its account,
   * payments/renewal.ts), and, for a linked chat while the shop has a wallet, from the wallet at the
   * plan's credit price, with the balance.
   */
  async function choosePlan(c: Context, planId: number) {
    const language = await languageOf(c);
    const plan = (await plansOnSale()).find((candidate) => candidate.id === planId);
    if (!plan) {
      await c.reply(t(language, 'buy.gone'));
      return;
    }
    const linked = await linkedAccount(ctx, idOf(c));
    const token = linked ? renewToken(ctx, linked.id, ctx.now()) : null;
    const payment = `/payment?plan_id=${plan.id}`;
    const url = token
      ? `${publicUrl()}/renew?t=${token}&lng=${language}&next=${encodeURIComponent(payment)}`
      : `${publicUrl()}${payment}&lng=${language}`;
    const keyboard = new InlineKeyboard().url(t(language, 'buy.payOnline'), url).row();
    const lines = [planLine(language, plan), t(language, 'buy.howToPay')];
    const row = await ctx.db.selectFrom('plans').selectAll().where('id', '=', plan.id).executeTakeFirst();
    if (linked && row && (await getShopSettings(ctx)).walletEnabled) {
      const quote = await walletQuote(ctx, linked, row);
      if (quote.price !== null) {
        lines.push(t(language, 'buy.walletQuote', { price: quote.price, balance: quote.balance }));
        keyboard.text(t(language, 'buy.payFromWallet', { price: quote.price }), `wallet:${plan.id}`).row();
      }
    } else if (!linked) {
      lines.push(t(language, 'buy.linkForWallet'));
    }
    if (await cardsActive(ctx.db)) keyboard.text(t(language, 'buy.payByCard'), `card:${plan.id}`).row();
    await c.reply(lines.join('\n\n'), { reply_markup: keyboard, link_preview_options: { is_disabled: true } });
  }

  /** "Pay from wallet": the same function as the site's gate=wallet; then the account and its link. */
  async function payFromWallet(c: Context, planId: number) {
    const language = await languageOf(c);
    const user = await linkedAccount(ctx, idOf(c));
    if (!user) {
      await c.reply(t(language, 'buy.linkForWallet'));
      return;
    }
    const plan = await planOnSale(ctx.db, planId);
    if (!plan) {
      await c.reply(t(language, 'buy.gone'));
      return;
    }
    try {
      const done = await buyFromWallet(ctx, { user, plan, email: '', lang: language, via: 'bot' });
      await c.reply(t(language, 'buy.paidFromWallet', { orderId: done.order.res_num, username: done.username }));
    } catch (error) {
      if (isAppError(error, 'walletDisabled')) {
        await c.reply(t(language, 'buy.walletOff'));
        return;
      }
      if (isAppError(error, 'insufficientBalance')) {
        const quote = await walletQuote(ctx, user, plan);
        await c.reply(
          t(language, 'buy.walletShort', {
            missing: Math.max(0, (quote.price ?? 0) - quote.balance),
            balance: quote.balance,
            url: `${publicUrl()}/panel/wallet`,
          }),
          { link_preview_options: { is_disabled: true } },
        );
        return;
      }
      throw error;
    }
    await showAccount(c);
  }

  /**
   * "Card to card": the same card order as the site's transfer page (its unique amount, its time),
   * shown in the chat; the receipt then comes to the chat as a photo or a tracking number.
   */
  async function payByCard(c: Context, planId: number) {
    const chat = idOf(c);
    const language = await languageOf(c);
    const plan = await planOnSale(ctx.db, planId);
    if (!plan) {
      await c.reply(t(language, 'buy.gone'));
      return;
    }
    const user = await linkedAccount(ctx, chat);
    let order;
    try {
      order = await cardOrderForChat(ctx, { chat, plan, user, lang: language });
    } catch (error) {
      if (isAppError(error, 'gatewayUnavailable', 'planNotFound')) {
        await c.reply(t(language, 'card.unavailable'));
        return;
      }
      if (isAppError(error, 'tooManyAttempts')) {
        await c.reply(t(language, 'card.tooMany'));
        return;
      }
      throw error;
    }
    const minutes = Math.max(1, Math.round((Date.parse(order.expiresAt) - ctx.now().getTime()) / 60_000));
    // The card number and the amount stay in Latin digits: that is what a bank's app takes when pasted.
    await c.reply(
      t(language, 'card.transfer', {
        amount: order.amount.toLocaleString('en-US'),
        tomans: order.amount / 10,
        card: `\u2066${formatCardNumber(order.cardNumber)}\u2069`,
        holder: order.holder,
        bank: order.bank ? t(language, 'card.bank', { bank: order.bank }) : '',
        minutes,
        orderId: order.resNum,
      }),
    );
    // The card number alone, to copy with one press.
    await c.reply(order.cardNumber);
    await c.reply(t(language, 'card.sendReceipt'));
  }

  /** A receipt sent to the chat: its photo (the number maybe as its caption) or its tracking number. */
  async function takeReceipt(c: Context, input: { tracking?: string | null; fileId?: string; fileSize?: number }) {
    const chat = idOf(c);
    const language = await languageOf(c);
    try {
      let image: Uint8Array | null = null;
      if (input.fileId) {
        if ((input.fileSize ?? 0) > RECEIPT_FILE_MAX) {
          await c.reply(t(language, 'card.badImage'));
          return;
        }
        image = await downloadFile(input.fileId);
        if (!image) {
          await c.reply(t(language, 'card.badImage'));
          return;
        }
      }
      const sent = await chatReceipt(ctx, chat, { tracking: input.tracking ?? null, image });
      await c.reply(sent ? t(language, 'card.received', { orderId: sent.resNum }) : t(language, 'card.noOrder'));
    } catch (error) {
      const refusals = [
        ['invalidTracking', 'card.badTracking'],
        ['invalidReceiptImage', 'card.badImage'],
        ['trackingUsed', 'card.trackingUsed'],
        ['receiptImageUsed', 'card.imageUsed'],
        ['receiptAlreadySent', 'card.alreadySent'],
        ['notAwaitingTransfer', 'card.noOrder'],
        ['tooManyAttempts', 'card.tooMany'],
      ] as const;
      const refusal = refusals.find(([code]) => isAppError(error, code));
      if (!refusal) throw error;
      await c.reply(t(language, refusal[1]));
    }
  }

  /** A file the chat sent, from the Bot API's file store, within the receipt's size; null when it cannot be had. */
  async function downloadFile(fileId: string): Promise<Uint8Array | null> {
    const file = await bot.api.getFile(fileId);
    if (!file.file_path || (file.file_size ?? 0) > RECEIPT_FILE_MAX) return null;
    const response = await fetch(`${apiRoot}/file/bot${token}/${file.file_path}`, {
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok || !response.body) return null;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.length;
      if (size > RECEIPT_FILE_MAX) return null;
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }

  /** Tells a chat how its card order ended: the account (and the chat linked to it), the rejection or the expiry. */
  async function tellOutcome(outcome: ChatCardOutcome) {
    const { chat, resNum } = outcome;
    const language = (await botUser(ctx, chat)).language;
    const send = (text: string) => bot.api.sendMessage(chat, text, { link_preview_options: { is_disabled: true } });
    if (outcome.state === 'rejected')
      return void (await send(t(language, 'card.rejected', { orderId: resNum, reason: outcome.reason })));
    if (outcome.state === 'expired') return void (await send(t(language, 'card.expired', { orderId: resNum })));
    const { result } = outcome;
    if (result.topupToman !== undefined)
      return void (await send(t(language, 'card.paidTopup', { orderId: resNum, amount: result.topupToman })));
    const user = await findUserByUsername(ctx.db, result.username);
    if (!user) return;
    if (result.renewed) await send(t(language, 'card.paidRenewed', { orderId: resNum, username: user.username }));
    else {
      await linkChatTo(ctx, chat, user.id);
      await send(
        t(language, 'card.paidNew', {
          orderId: resNum,
          username: user.username,
          password: result.password,
          login: `${publicUrl()}/login`,
        }),
      );
    }
    await sendAccount(chat, language, user);
  }

  async function tellCardOutcomes(): Promise<number> {
    const outcomes = await claimChatOutcomes(ctx);
    for (const outcome of outcomes) {
      try {
        await tellOutcome(outcome);
      } catch (error) {
        ctx.log.error({ err: error, order: outcome.resNum }, 'could not tell a chat its card order’s outcome');
      }
    }
    return outcomes.length;
  }

  // --- The operators' chat (CONTRACTS §13) ---------------------------------------------------------

  /** A moment as the operators read it: Jalali and Persian digits in Persian, Tehran's time. */
  const when = (language: Language, iso: string) =>
    new Intl.DateTimeFormat(language === 'fa' ? 'fa-IR-u-ca-persian' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Tehran',
    }).format(new Date(iso));

  /** A gate as the buyers see it named (its own name when it has no text). */
  function gateName(language: Language, gate: string): string {
    const key = gate === 'wallet' ? 'payment:wallet.option' : `payment:gateway.${gate}`;
    const named = ctx.texts.t(language, key);
    return named === key ? gate : named;
  }

  /** The daily report (CONTRACTS §13): the day's figures, Jalali dates and Persian digits in Persian. */
  function dailyReportText(language: Language, report: DailyReport): string {
    const date = new Intl.DateTimeFormat(language === 'fa' ? 'fa-IR-u-ca-persian' : 'en-GB', {
      dateStyle: 'full',
      timeZone: 'Asia/Tehran',
    }).format(new Date(report.to));
    const body = t(language, 'ops.dailyReport', {
      date,
      from: when(language, report.from),
      to: when(language, report.to),
      sales: report.sales.count,
      salesToman: report.sales.toman,
      renewals: report.renewals,
      topups: report.topups.count,
      topupsToman: report.topups.toman,
      newAccounts: report.newAccounts,
      online: report.nodes.online,
      silent: report.nodes.silent,
      never: report.nodes.never,
    });
    const traffic = report.traffic
      ? t(language, 'ops.dailyTraffic', {
          day: new Intl.DateTimeFormat(language === 'fa' ? 'fa-IR-u-ca-persian' : 'en-GB', {
            dateStyle: 'medium',
            timeZone: 'UTC',
          }).format(new Date(`${report.traffic.day}T00:00:00Z`)),
          ...volumeVars(language, Math.round(report.traffic.bytes / MB)),
        })
      : t(language, 'ops.dailyNoTraffic');
    return `${body}\n${traffic}`;
  }

  /** An event as the operators read it, in a chat's language. */
  function eventText(language: Language, event: StoredEvent): string {
    if (event.kind === 'receipt.review') {
      const { data } = event;
      return t(language, 'ops.receipt', {
        orderId: data.resNum,
        amount: data.amount.toLocaleString('en-US'),
        toman: data.amount / 10,
        tracking: data.tracking ?? t(language, 'ops.noTracking'),
        plan: data.plan ?? t(language, 'ops.topupPlan'),
        email: data.email || t(language, 'ops.noEmail'),
      });
    }
    if (event.kind === 'node.silent')
      return t(language, 'ops.nodeSilent', {
        name: event.data.name,
        id: event.data.nodeId,
        minutes: event.data.minutes,
        since: when(language, event.data.lastSeenAt),
      });
    if (event.kind === 'node.back')
      return t(language, 'ops.nodeBack', {
        name: event.data.name,
        id: event.data.nodeId,
        since: when(language, event.data.silentSince),
      });
    if (event.kind === 'gateway.failing')
      return t(language, 'ops.gatewayFailing', {
        gateway: gateName(language, event.data.gateway),
        failures: event.data.failures,
        error: event.data.error,
      });
    if (event.kind === 'daily.report') return dailyReportText(language, event.data);
    // Never claimed for the chat (operatorsChat.ts): the webhooks' only.
    if (event.kind === 'user.created') return event.data.username;
    const { data } = event;
    const gate = gateName(language, data.gate);
    if (data.topup !== undefined)
      return t(language, 'ops.topupPaid', { orderId: data.resNum, topup: data.topup, username: data.username, gate });
    return t(language, data.renewed ? 'ops.orderRenewed' : 'ops.orderPaid', {
      orderId: data.resNum,
      plan: data.plan ?? '',
      toman: data.toman,
      gate,
      username: data.username,
    });
  }

  /** The events not yet told, to every operators' chat, each claimed by this process and marked once sent. */
  async function tellShopEvents(): Promise<number> {
    const events = await claimChatEvents(ctx);
    if (events.length === 0) return 0;
    const chats = await operatorChats(ctx);
    for (const event of events) {
      const image =
        event.kind === 'receipt.review' && event.data.hasImage
          ? await receiptImage(ctx, event.data.resNum).catch(() => null)
          : null;
      for (const chat of chats) {
        const language = (await botUser(ctx, chat)).language;
        const text = eventText(language, event);
        try {
          if (event.kind === 'receipt.review') {
            const buttons = new InlineKeyboard()
              .text(t(language, 'ops.approve'), `approve:${event.data.resNum}`)
              .text(t(language, 'ops.reject'), `reject:${event.data.resNum}`);
            // The buttons ride on the receipt's own message: its photo when there is one.
            if (image)
              await bot.api.sendPhoto(chat, new InputFile(image.bytes, `receipt-${event.data.resNum}`), {
                caption: text,
                reply_markup: buttons,
              });
            else await bot.api.sendMessage(chat, text, { reply_markup: buttons });
          } else await bot.api.sendMessage(chat, text);
        } catch (error) {
          ctx.log.warn({ err: error, chat, event: event.id }, 'could not tell an operators’ chat');
        }
      }
      await markChatEventSent(ctx, event.id);
    }
    return events.length;
  }

  /** Who pressed, for the audit log and the edited message: the operator linked to the chat, and the messaging user. */
  const pressedBy = (operator: string, from: { id: number; username?: string }) =>
    `${operator.startsWith('chat ') ? '' : `${operator} `}(bot user ${from.id}${from.username ? ` @${from.username}` : ''})`;

  /** Edits the receipt's message to say what was decided, its buttons gone. */
  async function markDecided(chat: string, messageId: number, photo: boolean, text: string) {
    const edit = photo
      ? bot.api.editMessageCaption(chat, messageId, { caption: text, reply_markup: { inline_keyboard: [] } })
      : bot.api.editMessageText(chat, messageId, text, { reply_markup: { inline_keyboard: [] } });
    await edit.catch((error: unknown) => ctx.log.warn({ err: error }, 'could not edit the receipt’s message'));
  }

  /** Approve or Reject on a receipt's message, honoured only from an operators' chat. */
  async function decide(c: Context, action: 'approve' | 'reject', resNum: string) {
    const message = c.callbackQuery?.message;
    const chat = String(message?.chat.id ?? c.from?.id ?? '');
    const language = await languageOf(c);
    const operator = await operatorOfChat(ctx, chat);
    if (!operator || !message || !c.from) {
      await c.answerCallbackQuery({ text: t(language, 'ops.notAllowed'), show_alert: true });
      return;
    }
    const photo = 'photo' in message && message.photo !== undefined;
    const shown = (photo ? message.caption : 'text' in message ? message.text : '') ?? '';
    const who = pressedBy(operator, c.from);
    if (action === 'reject') {
      rejecting.set(chat, { resNum, messageId: message.message_id, text: shown, photo });
      await c.answerCallbackQuery();
      await c.reply(t(language, 'ops.askReason', { orderId: resNum }), { reply_markup: { force_reply: true } });
      return;
    }
    try {
      await approveCardOrder(ctx, resNum, who);
    } catch (error) {
      if (!isAppError(error, 'conflict', 'not_found')) throw error;
      await c.answerCallbackQuery({ text: t(language, 'ops.alreadyDecided'), show_alert: true });
      return;
    }
    await c.answerCallbackQuery({ text: t(language, 'ops.done') });
    await markDecided(chat, message.message_id, photo, `${shown}\n\n${t(language, 'ops.approvedBy', { who })}`);
  }

  /** The reason an operator sent after Reject: the rejection, through the admin's own function. */
  async function rejectWithReason(c: Context, reason: string) {
    const chat = idOfChat(c);
    const pending = rejecting.get(chat)!;
    const language = await languageOf(c);
    const operator = await operatorOfChat(ctx, chat);
    if (!operator || !c.from) {
      rejecting.delete(chat);
      return;
    }
    const who = pressedBy(operator, c.from);
    try {
      await rejectCardOrder(ctx, pending.resNum, reason, who);
    } catch (error) {
      if (isAppError(error, 'invalid')) {
        await c.reply(t(language, 'ops.reasonInvalid'));
        return;
      }
      rejecting.delete(chat);
      if (!isAppError(error, 'conflict', 'not_found')) throw error;
      await c.reply(t(language, 'ops.alreadyDecided'));
      return;
    }
    rejecting.delete(chat);
    await c.reply(t(language, 'ops.done'));
    await markDecided(
      chat,
      pending.messageId,
      pending.photo,
      `${pending.text}\n\n${t(language, 'ops.rejectedBy', { who, reason: reason.trim() })}`,
    );
  }

  const idOfChat = (c: Context) => String(c.chat?.id ?? c.from?.id ?? '');

  async function support(c: Context) {
    const language = await languageOf(c);
    // The operator's support chat (separ-admin settings set --support-url; SEPAR_SUPPORT_CHAT_URL by default).
    const url = (await getShopSettings(ctx)).supportChatUrl;
    await c.reply(t(language, 'support.text', { url }), {
      reply_markup: new InlineKeyboard().url(t(language, 'support.button'), url),
    });
  }

  async function lang(c: Context) {
    const language = await languageOf(c);
    await c.reply(t(language, 'lang.choose'), { reply_markup: languages });
  }

  const publicUrl = () => publicOrigin(ctx.config);

  bot.command('start', start);
  bot.command('free', free);
  bot.command('account', async (c) => {
    // `/account 12345678`: the panel's one-time code given with the command.
    const code = asLinkCode(c.match);
    if (code) await linkByCode(c, code);
    else await showAccount(c);
  });
  bot.command('buy', buy);
  bot.command('support', support);
  bot.command('lang', lang);
  for (const [data, handler] of [
    ['free', free],
    ['account', showAccount],
    ['buy', buy],
    ['support', support],
    ['lang', lang],
  ] as const) {
    bot.callbackQuery(data, async (c) => {
      await c.answerCallbackQuery();
      await handler(c);
    });
  }
  bot.callbackQuery(/^plan:(\d{1,9})$/, async (c) => {
    await c.answerCallbackQuery();
    await choosePlan(c, Number(c.match[1]));
  });
  bot.callbackQuery(/^wallet:(\d{1,9})$/, async (c) => {
    await c.answerCallbackQuery();
    await payFromWallet(c, Number(c.match[1]));
  });
  bot.callbackQuery(/^(approve|reject):(S\d{8}-\d{10})$/, async (c) => {
    await decide(c, c.match[1] as 'approve' | 'reject', c.match[2]!);
  });
  bot.callbackQuery(/^card:(\d{1,9})$/, async (c) => {
    await c.answerCallbackQuery();
    await payByCard(c, Number(c.match[1]));
  });
  // A receipt's photo (the tracking number maybe as its caption), or the receipt sent as a file.
  bot.on('message:photo', async (c) => {
    const largest = c.message.photo.filter((size) => (size.file_size ?? 0) <= RECEIPT_FILE_MAX).at(-1);
    await takeReceipt(c, {
      tracking: c.message.caption ?? null,
      fileId: largest?.file_id ?? c.message.photo.at(-1)!.file_id,
      fileSize: largest?.file_size ?? RECEIPT_FILE_MAX + 1,
    });
  });
  bot.on('message:document', async (c) => {
    const file = c.message.document;
    if (!/^image\/(png|jpeg|webp)$/.test(file.mime_type ?? '')) {
      await c.reply(t(await languageOf(c), 'card.badImage'));
      return;
    }
    await takeReceipt(c, { tracking: c.message.caption ?? null, fileId: file.file_id, fileSize: file.file_size ?? 0 });
  });
  bot.callbackQuery(/^lang:(fa|en)$/, async (c) => {
    const chosen = c.match[1];
    await c.answerCallbackQuery();
    if (!isLanguage(chosen)) return;
    await setBotLanguage(ctx, idOf(c), chosen);
    await c.reply(t(chosen, 'lang.set'), { reply_markup: menu(chosen) });
  });
  bot.callbackQuery('unlink', async (c) => {
    await c.answerCallbackQuery();
    await unlinkAccount(ctx, idOf(c));
    await c.reply(t(await languageOf(c), 'account.unlinked'));
  });
  /** Links the chat with the panel's one-time code (issue #24), then shows the account. */
  async function linkByCode(c: Context, code: string) {
    const id = idOf(c);
    const language = await languageOf(c);
    try {
      const user = await linkWithCode(ctx, id, code);
      if (!user) {
        await c.reply(t(language, 'account.codeWrong'));
        return;
      }
    } catch (error) {
      if (isAppError(error, 'tooManyAttempts')) {
        await c.reply(t(language, 'account.codeTooMany'));
        return;
      }
      throw error;
    }
    linking.delete(id);
    await c.reply(t(language, 'account.linked'));
    await showAccount(c);
  }

  // The username and password, after "My account": on one line, separated by a space; or, at any
  // time, the panel's one-time code.
  bot.on('message:text', async (c) => {
    const id = idOf(c);
    // An operators' chat that pressed Reject: this message is the reason.
    if (rejecting.has(idOfChat(c))) {
      await rejectWithReason(c, c.message.text);
      return;
    }
    // `separ-admin operators link-chat`'s code: this chat becomes an operators' chat.
    const operatorCode = asOperatorCode(c.message.text);
    if (operatorCode) {
      const language = await languageOf(c);
      const operator = await linkOperatorChat(ctx, idOfChat(c), operatorCode);
      await c.reply(operator ? t(language, 'ops.linked', { operator }) : t(language, 'ops.codeWrong'));
      return;
    }
    // While a card order waits for its transfer, a number is its receipt's tracking number.
    if (normalizeTracking(c.message.text) && (await chatAwaitsTransfer(ctx, id))) {
      await takeReceipt(c, { tracking: c.message.text });
      return;
    }
    const code = asLinkCode(c.message.text);
    if (code) {
      await linkByCode(c, code);
      return;
    }
    if (!linking.has(id)) {
      await start(c);
      return;
    }
    const language = await languageOf(c);
    const [username = '', password = '', ...rest] = c.message.text.trim().split(/\s+/);
    // The password is not left in the chat.
    await c.deleteMessage().catch(() => undefined);
    if (!username || !password || rest.length > 0) {
      await c.reply(t(language, 'account.askCredentials'));
      return;
    }
    try {
      const user = await linkAccount(ctx, id, username, password);
      if (!user) {
        await c.reply(t(language, 'account.wrong'));
        return;
      }
    } catch (error) {
      if (isAppError(error, 'tooManyAttempts', 'overloaded')) {
        await c.reply(t(language, 'account.tooMany'));
        return;
      }
      throw error;
    }
    linking.delete(id);
    await c.reply(t(language, 'account.linked'));
    await showAccount(c);
  });

  bot.catch((error) => {
    const cause = error.error;
    const detail =
      cause instanceof GrammyError
        ? cause.description
        : cause instanceof HttpError
          ? String(cause.error)
          : String(cause);
    ctx.log.error({ err: cause, update: error.ctx.update.update_id, detail }, 'bot update failed');
  });
  return { bot, tellCardOutcomes, tellShopEvents };
}

/** A running bot: its stop, and a message to a chat (the reminders' second channel). */
export interface RunningBot {
  stop(): Promise<void>;
  notify(messagingId: string, text: string): Promise<void>;
}

/**
 * Starts the bot by long polling when `SEPAR_BOT_TOKEN` is set; nothing otherwise (null). Its stop
 * waits for the update in hand.
 */
export async function startBot(ctx: PaymentsContext): Promise<RunningBot | null> {
  if (!ctx.config.bot.token) return null;
  const { bot, tellCardOutcomes, tellShopEvents } = createBot(ctx);
  await bot.init();
  for (const language of ['fa', 'en'] as const) {
    await bot.api
      .setMyCommands(
        COMMANDS.map((command) => ({ command, description: ctx.texts.t(language, `bot:commands.${command}`) })),
        language === 'en' ? { language_code: 'en' } : {},
      )
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'could not set the bot commands'));
  }
  // Polling ends with an error only when the Bot API refuses the bot (a revoked token, another
  // poller): logged, and the shop runs on without it.
  const running = bot
    .start({ onStart: (me) => ctx.log.info({ bot: me.username }, 'bot polling') })
    .catch((error: unknown) => ctx.log.error({ err: error }, 'the messaging bot stopped polling'));
  // Card orders decided elsewhere (an operator's approval in the admin, expiry) are told to their chats.
  let telling: Promise<unknown> = Promise.resolve();
  const teller = setInterval(() => {
    telling = telling
      .then(() => tellCardOutcomes())
      .then(() => tellShopEvents())
      .catch((error: unknown) => ctx.log.error({ err: error }, 'card outcomes for the bot failed'));
  }, CARD_OUTCOME_CHECK_MS);
  teller.unref();
  return {
    async stop() {
      clearInterval(teller);
      if (bot.isRunning()) await bot.stop();
      await running;
      await telling;
    },
    async notify(messagingId, text) {
      await bot.api.sendMessage(messagingId, text, { link_preview_options: { is_disabled: true } });
    },
  };
}
