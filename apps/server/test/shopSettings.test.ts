import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_LINKS, SHOP_DATA_ID, type ShopSettings } from '@separ/domain';
import { giveFreeAccount } from '../src/modules/messaging/botService.ts';
import { runReminders } from '../src/modules/messaging/reminders.ts';
import { runSettings, SETTINGS_OPTION_SPECS } from '../src/modules/settings/cli.ts';
import { createContext } from '../src/root.ts';
import { openDatabase } from '../src/platform/db/index.ts';
import { withShopLinks } from '../src/web/pages.ts';
import { AppError } from '../src/platform/errors.ts';
import {
  currentShopSettings,
  getShopSettings,
  SHOP_SETTING_ROWS,
  updateShopSettings,
} from '../src/modules/settings/shopSettings.ts';
import { setSetting } from '../src/modules/settings/store.ts';
import { ensureSubToken } from '../src/modules/accounts/subToken.ts';
import { json, KINDS, startTestServer, type TestServer } from './harness.ts';

/** A built page as the prerender writes it: the shop's links with their defaults, long enough to compress. */
const page = (label: string, lang: 'fa' | 'en') =>
  `<!doctype html><html lang="${lang}" dir="${lang === 'fa' ? 'rtl' : 'ltr'}"><head>` +
  '<meta property="csp-nonce" content="__CSP_NONCE__" nonce="__CSP_NONCE__"></head><body>' +
  `<div id="root">${label}` +
  `<a href="${DEFAULT_SHOP_LINKS.supportChatUrl}" target="_blank">chat</a>` +
  `<a href="${DEFAULT_SHOP_LINKS.channelUrl}">channel</a>` +
  `<a href="${DEFAULT_SHOP_LINKS.socialUrl}">social</a>` +
  `<a href="${DEFAULT_SHOP_LINKS.botUrl}">bot</a>` +
  `</div>${'<p>filler</p>'.repeat(200)}<script type="module" src="/assets/boot.js"></script></body></html>`;

function fakeBuild(): string {
  const web = mkdtempSync(join(tmpdir(), 'separ-web-'));
  writeFileSync(join(web, 'index.html'), page('SHELL', 'fa'));
  for (const lng of ['fa', 'en'] as const) {
    mkdirSync(join(web, 'prerendered', lng), { recursive: true });
    writeFileSync(join(web, 'prerendered', lng, 'support.html'), page(`${lng.toUpperCase()}-SUPPORT`, lng));
  }
  return web;
}

describe.each(KINDS)('the shop settings on %s (issue 23 §5)', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, {
      SEPAR_WEB_DIST: fakeBuild(),
      SEPAR_SUPPORT_CHAT_URL: 'https://t.me/env_support',
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  const run = async (command: string, values: Record<string, string> = {}) => {
    const lines: string[] = [];
    await runSettings(command, values, s.ctx, (line) => lines.push(line), 'tester@cli');
    return lines.join('\n');
  };
  const support = (lng: 'fa' | 'en') => s.app.inject({ url: `/support${lng === 'en' ? '?lng=en' : ''}` });

  it('starts from the defaults, the environment’s where it gives one, and the demo’s app links', async () => {
    expect(await getShopSettings(s.ctx)).toEqual({
      shopName: 'Separ',
      supportChatUrl: 'https://t.me/env_support',
      channelUrl: 'https://t.me/separ_vpn',
      socialUrl: 'https://www.instagram.com/separ.vpn',
      botUrl: 'https://t.me/separ_vpn_bot',
      androidAppUrl: 'https://dl.separ.example/separ-android.apk',
      windowsAppUrl: 'https://dl.separ.example/separ-windows-setup.exe',
      freeEnabled: true,
      walletEnabled: true,
      walletMinTopup: 10_000,
      walletMaxTopup: 50_000_000,
      tomanPerUsd: 0,
      referralPercent: 10,
      fragmentPackets: '',
      fragmentLength: '',
      fragmentInterval: '',
      muxEnabled: false,
      iranDirect: false,
    } satisfies ShopSettings);
  });

  it('changes what it is given, and answers before and after for the audit log', async () => {
    const { before, after } = await updateShopSettings(s.ctx, {
      shopName: '  Nova VPN ',
      channelUrl: 'https://t.me/nova',
    });
    expect(before.shopName).toBe('Separ');
    expect(after).toEqual({ ...before, shopName: 'Nova VPN', channelUrl: 'https://t.me/nova' });
    expect(await getShopSettings(s.ctx)).toEqual(after);
    const row = await s.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', SHOP_SETTING_ROWS.shopName)
      .executeTakeFirst();
    expect(row?.value).toBe('Nova VPN');
    // Nothing asked, nothing changed.
    const same = await updateShopSettings(s.ctx, {});
    expect(same.after).toEqual(same.before);
  });

  it('refuses what is not a setting, or not a good one, naming it, and changes nothing', async () => {
    const before = await getShopSettings(s.ctx);
    const refused: Array<[unknown, RegExp]> = [
      [{ shopName: '' }, /shop name may not be empty/],
      [{ shopName: 'x'.repeat(41) }, /at most 40/],
      [{ shopName: 'A\nBcc: x@example.com' }, /line breaks/],
      [{ supportChatUrl: 'javascript:alert(1)' }, /support chat link must be an http/],
      [{ botUrl: 'tg://resolve?domain=separ_bot' }, /bot link must be an http/],
      [{ socialUrl: '' }, /social profile link must be/],
      [{ androidAppUrl: 'ftp://x' }, /Android app link must be .*or empty/],
      [{ freeEnabled: 'yes' }, /free-account switch must be true or false/],
      [{ walletEnabled: 1 }, /wallet switch must be true or false/],
      [{ walletMinTopup: 999 }, /smallest top-up must be a whole number of tomans from 1,000/],
      [{ walletMaxTopup: 1.5 }, /largest top-up must be a whole number/],
      [{ walletMaxTopup: '50000' }, /largest top-up must be a whole number/],
      [{ walletMinTopup: 60_000_000 }, /smallest top-up may not be more than the largest/],
      [{ tomanPerUsd: -1 }, /tomans per US dollar must be a whole number from 1 to 100,000,000, or 0/],
      [{ tomanPerUsd: 60_000.5 }, /tomans per US dollar must be a whole number/],
      [{ tomanPerUsd: 100_000_001 }, /tomans per US dollar must be a whole number/],
      [{ tomanPerUsd: '60000' }, /tomans per US dollar must be a whole number/],
      [{ channelUrl: 42 }, /channel link must be text/],
      [{ colour: 'blue' }, /no setting "colour"/],
      [{ shopName: 'Fine', supportChatUrl: 'nope' }, /support chat link/],
      [null, /must be an object/],
      [['shopName'], /must be an object/],
    ];
    for (const [patch, message] of refused) {
      const attempt = updateShopSettings(s.ctx, patch as Partial<ShopSettings>);
      await expect(attempt, JSON.stringify(patch)).rejects.toThrow(AppError);
      await expect(attempt, JSON.stringify(patch)).rejects.toThrow(message);
    }
    expect(await getShopSettings(s.ctx)).toEqual(before);
  });

  it('serves /support in both languages with the new support link, at once and in another process', async () => {
    for (const lng of ['fa', 'en'] as const) {
      const body = (await support(lng)).body;
      expect(body).toContain(`href="https://t.me/env_support"`);
      expect(body).toContain(`href="https://t.me/nova"`);
    }
    // Another server process on the same database, with the default check interval of a second.
    const other = openDatabase({ ...s.config, poolSize: 2 });
    try {
      const otherCtx = createContext({ ...s.config, plansCacheCheckMs: 0 }, other);
      expect((await currentShopSettings(otherCtx)).settings.supportChatUrl).toBe('https://t.me/env_support');
      await updateShopSettings(s.ctx, { supportChatUrl: 'https://t.me/new_support?start=a&b=c' });
      expect((await currentShopSettings(otherCtx)).settings.supportChatUrl).toBe(
        'https://t.me/new_support?start=a&b=c',
      );
    } finally {
      await other.close();
    }
    for (const lng of ['fa', 'en'] as const) {
      const response = await support(lng);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-language']).toBe(lng);
      const body = response.body;
      expect(body).toContain(`<div id="root">${lng.toUpperCase()}-SUPPORT`);
      expect(body).toContain('href="https://t.me/new_support?start=a&amp;b=c" target="_blank"');
      expect(body).not.toContain('separ_support');
      // The bot's default is not taken for the channel's, whose link starts the same.
      expect(body).toContain('href="https://t.me/nova">channel');
      expect(body).toContain(`href="${DEFAULT_SHOP_LINKS.botUrl}">bot`);
      // The app renders what the page says: the links that differ, in a JSON block.
      const block = new RegExp(`<script type="application/json" id="${SHOP_DATA_ID}">([^<]*)</script></body>`).exec(
        body,
      );
      expect(JSON.parse(block?.[1] ?? 'null')).toEqual({
        supportChatUrl: 'https://t.me/new_support?start=a&b=c',
        channelUrl: 'https://t.me/nova',
      });
      expect(body).not.toContain('__CSP_NONCE__');
    }
    // The single-page app's page carries them too (the panel's support button, the payment result).
    expect((await s.app.inject('/paymentresult')).body).toContain('href="https://t.me/new_support?start=a&amp;b=c"');
  });

  it('separ-admin settings show and set, with a clear error for bad input', async () => {
    expect(Object.keys(SETTINGS_OPTION_SPECS)).toEqual([
      'shop-name',
      'support-url',
      'channel-url',
      'social-url',
      'bot-url',
      'android-url',
      'windows-url',
      'free',
      'wallet',
      'wallet-min',
      'wallet-max',
      'toman-per-usd',
      'referral-percent',
      'fragment-packets',
      'fragment-length',
      'fragment-interval',
      'mux',
      'iran-direct',
      'fragment',
    ]);
    const changed = await run('set', { 'social-url': 'https://instagram.com/nova', free: '0', 'windows-url': '' });
    expect(changed).toContain('social profile:   https://www.instagram.com/separ.vpn -> https://instagram.com/nova');
    expect(changed).toContain('free accounts:    on -> off');
    expect(changed).toContain('Windows app:      https://dl.separ.example/separ-windows-setup.exe -> -');
    const shown = await run('show');
    expect(shown).toContain('shop name:        Nova VPN');
    expect(shown).toContain('bot:              https://t.me/separ_vpn_bot  (default)');
    expect(shown).toContain('free accounts:    off');
    expect(await run('set', { free: '0' })).toContain('Nothing changed');
    const wallet = await run('set', { wallet: '0', 'wallet-min': '20,000', 'wallet-max': '5000000' });
    expect(wallet).toContain('wallet:           on -> off');
    expect(wallet).toContain('smallest top-up:  10000 -> 20000');
    expect(wallet).toContain('largest top-up:   50000000 -> 5000000');
    expect(await getShopSettings(s.ctx)).toMatchObject({
      walletEnabled: false,
      walletMinTopup: 20_000,
      walletMaxTopup: 5_000_000,
    });
    expect(await run('set', { 'referral-percent': '25' })).toContain('referral %:       10 -> 25');
    expect((await getShopSettings(s.ctx)).referralPercent).toBe(25);
    await expect(run('set', { 'referral-percent': '101' })).rejects.toThrow(
      /referral percent must be a whole number from 0 to 100/,
    );
    await expect(run('set', { 'referral-percent': 'ten' })).rejects.toThrow(
      /--referral-percent takes a whole number from 0 to 100/,
    );
    await expect(run('set', { 'wallet-min': 'ten' })).rejects.toThrow(/--wallet-min takes a whole number of tomans/);
    await expect(run('set', { 'wallet-max': '15000' })).rejects.toThrow(/smallest top-up may not be more/);
    await expect(run('set')).rejects.toThrow(/Nothing to change: give at least one of --shop-name/);
    await expect(run('set', { free: 'maybe' })).rejects.toThrow(/--free must be 0 \(off\) or 1 \(on\)/);
    await expect(run('set', { 'bot-url': 'separ_bot' })).rejects.toThrow(/The bot link must be an http/);
    await expect(run('reset')).rejects.toThrow(AppError);
  });

  it('gives the app links to /appinfo, keeps the rows older versions wrote, and the shop name to the subscription', async () => {
    const appInfo = async () => json<{ data: Array<Record<string, string>> }>(await s.app.inject('/appinfo')).data[0];
    expect(await appInfo()).toEqual({
      app_android_link: 'https://dl.separ.example/separ-android.apk',
      app_win_link: '',
    });
    // The rows an older separ-admin's `app-links set` wrote: seen by the settings.
    await setSetting(s.database.db, 'app_win_link', 'https://dl.nova.example/nova.exe');
    expect((await getShopSettings(s.ctx)).windowsAppUrl).toBe('https://dl.nova.example/nova.exe');
    expect((await appInfo())?.app_win_link).toBe('https://dl.nova.example/nova.exe');

    const user = await s.createUser();
    const token = await ensureSubToken(s.database.db, { id: user.id, sub_token: null });
    const sub = await s.app.inject({ url: `/sub/${token}`, headers: { 'user-agent': 'v2rayNG/1.9.0' } });
    expect(sub.headers['profile-title']).toBe(`base64:${Buffer.from('Nova VPN').toString('base64')}`);
  });

  it('names the shop in e-mails by the setting, and by its default in each language’s script', async () => {
    const reminder = async (lng: 'fa' | 'en') => {
      const email = `reminded-${lng}-${Math.random().toString(36).slice(2)}@example.com`;
      const user = await s.createUser({ email, expireDate: '2026-06-03T00:00:00.000Z' });
      await s.database.db
        .insertInto('orders')
        .values({
          ...{ res_num: `S${user.id}${lng}`, email, plan_id: 1, amount: 10, gate: 'ird', provider: 'sandbox' },
          ...{ state: 1, lang: lng, user_id: user.id, created_at: '2026-05-01T00:00:00.000Z' },
          ...{ updated_at: '2026-05-01T00:00:00.000Z', authority: null, ref_num: null, failure: null, paid_at: null },
          ...{ claim_token: null, claimed_until: null, next_check_at: null, last_answer: null },
        })
        .execute();
      await runReminders(s.ctx);
      const mail = await s.database.db
        .selectFrom('outbox')
        .select(['subject', 'body_sealed'])
        .where('recipient', '=', email)
        .executeTakeFirstOrThrow();
      return { subject: mail.subject, text: s.box.open(mail.body_sealed) };
    };
    const named = await reminder('en');
    expect(named.subject).toBe('Your Nova VPN subscription ends in 3 days');
    expect(named.text).toContain('The Nova VPN team');
    await updateShopSettings(s.ctx, { shopName: 'Separ' });
    expect((await reminder('fa')).subject).toBe('اشتراک سپر شما ۳ روز دیگر تمام می‌شود');
    expect((await reminder('en')).text).toContain('The Separ team');
    await updateShopSettings(s.ctx, { shopName: 'Nova VPN' });
  });

  it('turns the free account off and on over the environment’s default', async () => {
    await updateShopSettings(s.ctx, { freeEnabled: false });
    expect(await giveFreeAccount(s.ctx, '7001')).toEqual({ kind: 'off' });
    await updateShopSettings(s.ctx, { freeEnabled: true });
    expect((await giveFreeAccount(s.ctx, '7001')).kind).toBe('given');
  });
});

describe('a page with the operator’s links', () => {
  it('is the built page itself while the links are the defaults', () => {
    const built = page('X', 'fa');
    expect(withShopLinks(built, {})).toBe(built);
  });

  it('changes whole href attributes only, and carries the block even without a body end', () => {
    const html = `<a href="${DEFAULT_SHOP_LINKS.channelUrl}/x">a</a><a href="${DEFAULT_SHOP_LINKS.channelUrl}">b</a>`;
    expect(withShopLinks(html, { channelUrl: 'https://t.me/c' })).toBe(
      `<a href="${DEFAULT_SHOP_LINKS.channelUrl}/x">a</a><a href="https://t.me/c">b</a>` +
        `<script type="application/json" id="${SHOP_DATA_ID}">{"channelUrl":"https://t.me/c"}</script>`,
    );
  });
});
