/**
 * Issue 31's journeys: a Persian buyer on a phone applies a discount code (typed with Persian
 * digits) on the payment page and pays the reduced amount through the sandbox bank, and the code's
 * use is counted once; an English visitor who came through an inviter's link buys a plan, and the
 * inviter, signed in, finds the referral reward in the wallet and on the dashboard's invite card.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DAY_SECONDS, REFERRAL_COOKIE_DAYS } from '@separ/domain';
import { REFERRAL_COOKIE } from '../../server/src/modules/growth/referrals.ts';
import { journeyTest, keepScreenshot, openJourney, type Journey, type Language } from './browser.ts';
import { separAdmin } from './operator.ts';
import { field } from './shop.ts';
import { text } from './texts.ts';

/** Digits as the page writes them (Persian or Latin, with separators), as Latin digits only. */
const digitsOf = (value: string) =>
  value.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/[^\d]/g, '');

/** Latin digits as Persian ones (a buyer in Persian types them so). */
const persianDigits = (value: string) => value.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

/** The payment page's total, in tomans. */
async function total(page: Page, lang: Language): Promise<number> {
  const value = page
    .getByText(text(lang, 'payment:summary.total'), { exact: true })
    .locator('xpath=following-sibling::strong[1]');
  return Number(digitsOf((await value.textContent()) ?? ''));
}

/**
 * Keeps a screenshot of a part of the page: scrolled to it, once the header has turned opaque (it
 * does past 10 px of scroll) and the transitions have finished.
 */
async function screenshotOf(page: Page, target: Locator, name: string) {
  await target.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => window.scrollY <= 10 || getComputedStyle(document.querySelector('header')!).position === 'fixed',
  );
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  await keepScreenshot(page, name);
}

/** What `separ-admin payments show` says an order was for, in tomans (it prints rials). */
async function orderAmount(resNum: string): Promise<{ toman: number; shown: string }> {
  const shown = await separAdmin('payments', 'show', resNum);
  const rials = /^amount:\s+(\d+) IRR/m.exec(shown)?.[1];
  expect(rials, shown).toBeDefined();
  expect(shown).toMatch(/^state:\s+paid/m);
  return { toman: Number(rials) / 10, shown };
}

/** From the bank's Pay to the result page; returns the order number and the new account's credentials. */
async function payAtTheBank(j: Journey, lang: Language) {
  const { page } = j;
  let callback = '';
  page.on('request', (request) => {
    if (request.url().includes('/payment/callback/')) callback ||= request.url();
  });
  await page.locator('button[value="pay"]').click();
  await page.waitForURL(/\/paymentresult/);
  await page.getByRole('heading', { name: text(lang, 'payment:result.success.title') }).waitFor();
  const resNum = (await field(page, lang, 'orderId').textContent())!.trim();
  const amount = Number(digitsOf((await field(page, lang, 'amount').textContent()) ?? ''));
  const username = (await field(page, lang, 'username').textContent())!.trim();
  const password = (await field(page, lang, 'password').textContent())!.trim();
  expect(resNum).toMatch(/^S\d{8}-\d{10}$/);
  expect(username).toMatch(/^\w{4,}$/);
  expect(password.length).toBeGreaterThanOrEqual(8);
  return { resNum, amount, username, password, callback };
}

describe('a discount code in fa at 375 px', () => {
  const lang: Language = 'fa';
  const test = journeyTest({ language: lang, mobile: true });

  test('a buyer types a 20 % code in Persian digits, sees the reduced total, pays it at the sandbox bank; the code is used once', async ({
    j,
  }) => {
    const { page } = j;
    const code = `BAHAR${(randomBytes(3).readUIntBE(0, 3) % 9000) + 1000}`;
    expect(await separAdmin('coupons', 'add', '--code', code, '--percent', '20')).toContain(`Added ${code}`);
    expect(await separAdmin('coupons', 'list')).toMatch(new RegExp(`^${code}\\t20%\\t0 used`, 'm'));

    await page.goto('/payment?plan_id=1');
    await page.getByRole('heading', { level: 1, name: text(lang, 'payment:title') }).waitFor();
    await expect.poll(() => total(page, lang)).toBeGreaterThan(0);
    const listed = await total(page, lang);
    const discount = Math.floor((listed * 20) / 100);
    const reduced = listed - discount;

    // The code, behind its link, typed as a Persian keyboard's number row types digits.
    await page.getByRole('button', { name: text(lang, 'payment:coupon.open') }).click();
    const typed = `${code.slice(0, 5).toLowerCase()}${persianDigits(code.slice(5))}`;
    await page.getByLabel(text(lang, 'payment:coupon.label')).fill(typed);
    await page.getByRole('button', { name: text(lang, 'payment:coupon.apply'), exact: true }).click();
    const applied = page.getByRole('status').filter({ hasText: code });
    await applied.waitFor();
    // It says the code (as the server keeps it: Latin digits, upper case) and what it takes off.
    expect(digitsOf(((await applied.textContent()) ?? '').replace(code, ''))).toBe(String(discount));
    // The summary: the plan's price struck through, the discount, and the total after it.
    expect(digitsOf((await page.locator('s').first().textContent()) ?? '')).toBe(String(listed));
    await expect.poll(() => total(page, lang)).toBe(reduced);
    await page.getByLabel(text(lang, 'payment:email.label')).fill(`coupon-${code.toLowerCase()}@example.com`);
    await page.getByRole('radio', { name: new RegExp(text(lang, 'payment:gateway.ird')) }).check();
    await j.axe('payment with a discount code');
    await screenshotOf(page, page.locator('s').first(), 'payment-coupon-mobile-fa');

    const start = page.getByRole('button', { name: text(lang, 'payment:start') });
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    await page.waitForURL(/\/sandbox\/pay\//);
    // The bank is asked for the reduced amount (the sandbox writes it in rials).
    const bank = digitsOf((await page.locator('body').textContent()) ?? '');
    expect(bank).toContain(String(reduced * 10));
    expect(bank).not.toContain(String(listed * 10));

    const paid = await payAtTheBank(j, lang);
    expect(paid.amount).toBe(reduced);
    await page.mouse.move(0, 0);
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await j.axe('result after a discount code');

    // The order is for the reduced amount and keeps its code, and the code counts one use.
    const order = await orderAmount(paid.resNum);
    expect(order.toman).toBe(reduced);
    expect(order.shown).toMatch(new RegExp(`^discount code:\\s+${code}, ${discount} tomans off$`, 'm'));
    expect(await separAdmin('coupons', 'list')).toMatch(new RegExp(`^${code}\\t20%\\t1 used`, 'm'));

    // The bank's return replayed: the duplicate page, and still one use.
    expect(paid.callback).not.toBe('');
    await page.goto(paid.callback);
    await page.waitForURL(/\/paymentresult/);
    await page.getByRole('heading', { name: text(lang, 'payment:result.duplicate.title') }).waitFor();
    expect(await separAdmin('coupons', 'list')).toMatch(new RegExp(`^${code}\\t20%\\t1 used`, 'm'));
  });
});

describe('a referral in en at 1280 px', () => {
  const lang: Language = 'en';
  const test = journeyTest({ language: lang });

  test('a visitor who came through an inviter’s link buys a plan; the inviter sees the reward in the wallet and on the invite card', async ({
    j,
  }) => {
    const { page, baseURL } = j;
    const percent = Number(/^referral %:\s+(\d+)/m.exec(await separAdmin('settings', 'show'))?.[1]);
    expect(percent).toBeGreaterThan(0);
    const tag = randomBytes(3).toString('hex');
    const inviterName = `inv${tag}`;
    const inviterPassword = `Pw${randomBytes(6).toString('hex')}`;
    await separAdmin(
      'users',
      'create',
      '--plan',
      '1',
      '--username',
      inviterName,
      '--password',
      inviterPassword,
      '--email',
      `inviter-${tag}@example.com`,
    );

    // The inviter, in a browser of their own, signs in and finds the invitation link on the dashboard.
    const inviter = await openJourney(`referral inviter ${lang}`, { language: lang });
    let inviterFailed = true;
    try {
      const ip = inviter.page;
      await ip.goto('/login');
      await ip.getByLabel(text(lang, 'auth:login.username')).fill(inviterName);
      await ip.getByLabel(text(lang, 'auth:login.password'), { exact: true }).fill(inviterPassword);
      await ip.getByRole('button', { name: text(lang, 'auth:login.submit'), exact: true }).click();
      await ip.waitForURL(/\/panel$/);
      const card = ip.getByRole('region', { name: text(lang, 'panel:invite.title') });
      await card.getByText(text(lang, 'panel:invite.earnedNone')).waitFor();
      const link = new URL((await card.getByText(/\/\?ref=/).textContent())!.trim());
      expect(link.origin).toBe(baseURL);
      expect(link.pathname).toBe('/');
      const code = link.searchParams.get('ref')!;
      expect(code).toMatch(/^\w{4,}$/);
      await inviter.axe('dashboard with the invite card');

      // The visitor opens the link: the server keeps the code in a cookie for 30 days.
      await page.goto(`${link.pathname}${link.search}`);
      const kept = (await j.context.cookies()).find((cookie) => cookie.name === REFERRAL_COOKIE);
      expect(kept?.value).toBe(code);
      expect(kept!.httpOnly).toBe(true);
      expect(kept!.expires - Date.now() / 1000).toBeGreaterThan((REFERRAL_COOKIE_DAYS - 1) * DAY_SECONDS);
      // From the home page's pricing to a plan's payment page, and through the sandbox bank.
      const select = page
        .locator('#pricing')
        .getByRole('link', { name: new RegExp(text(lang, 'plans:card.select')) })
        .first();
      await select.click();
      await page.waitForURL(/\/payment\?plan_id=\d+$/);
      await page.getByRole('heading', { level: 1, name: text(lang, 'payment:title') }).waitFor();
      await page.getByLabel(text(lang, 'payment:email.label')).fill(`referred-${tag}@example.com`);
      await page.getByRole('radio', { name: new RegExp(text(lang, 'payment:gateway.ird')) }).check();
      const start = page.getByRole('button', { name: text(lang, 'payment:start') });
      await expect.poll(() => start.isEnabled()).toBe(true);
      await start.click();
      await page.waitForURL(/\/sandbox\/pay\//);
      const paid = await payAtTheBank(j, lang);
      const price = (await orderAmount(paid.resNum)).toman;
      expect(paid.amount).toBe(price);
      const reward = Math.floor((price * percent) / 100);
      expect(reward).toBeGreaterThan(0);

      // The inviter's wallet: one referral entry of the shop's percentage of the price, rounded down.
      const entries = await separAdmin('wallet', 'show', inviterName);
      expect(entries).toContain(`${inviterName}: balance ${reward.toLocaleString('en-US')}`);
      expect(entries.split('\n').filter((line) => /\treferral\t/.test(line))).toEqual([
        expect.stringMatching(new RegExp(`\\treferral\\t\\+${reward}\\t`)),
      ]);
      await ip.goto('/panel/wallet');
      const row = ip
        .getByRole('table')
        .getByRole('row')
        .filter({ has: ip.getByRole('cell', { name: text(lang, 'panel:wallet.kinds.referral') }) });
      await row.waitFor();
      expect(await ip.getByRole('table').getByRole('row').count()).toBe(2);
      expect((await row.locator('td').allTextContents()).map(digitsOf)).toContain(String(reward));
      await inviter.axe('wallet with a referral reward');
      await screenshotOf(ip, row, 'wallet-referral-en');

      // The dashboard's invite card says what the invitation has earned.
      await ip.goto('/panel');
      await card
        .getByText(
          text(lang, 'panel:invite.earned_one', { count: '1', amount: `${reward.toLocaleString('en-US')} Toman` }),
        )
        .waitFor();
      await inviter.axe('dashboard with earnings');
      await screenshotOf(ip, card, 'invite-earnings-en');
      expect(inviter.problems).toEqual([]);
      inviterFailed = false;
    } finally {
      await inviter.close(inviterFailed);
    }
  });
});
