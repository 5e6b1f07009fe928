/**
 * From paying to connecting on a 375 px phone (issue #21): the bank's page fits, nothing covers the
 * new credentials, one tap leads to Connect after the login; the QR code there decodes to the
 * account's subscription URL, which a v2rayNG client reads as the account's links; the subscription
 * page in a browser; a new link, and the old one is gone — in Persian and English.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journeyTest, keepScreenshot, type Language } from './browser.ts';
import { field, startPurchase } from './shop.ts';
import { text } from './texts.ts';

const V2RAYNG = 'v2rayNG/1.9.46';

/** What a phone's camera would read from the code on the screen. */
async function scan(code: Locator): Promise<string | null> {
  // In the middle of the screen, clear of the sticky header.
  await code.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const png = PNG.sync.read(await code.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** The element the visitor sees at the middle of this one is this one (or inside it): nothing covers it. */
async function isUncovered(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const viewport = page.viewportSize()!;
  if (box.y < 0 || box.y + box.height > viewport.height) return false;
  return target.evaluate(
    (element, point) => {
      const top = document.elementFromPoint(point.x, point.y);
      return top !== null && (element === top || element.contains(top));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

async function subscription(url: string, userAgent = V2RAYNG) {
  const response = await fetch(url, { headers: { 'user-agent': userAgent } });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

for (const lang of ['fa', 'en'] as Language[]) {
  describe(`paying to connecting on a phone in ${lang}`, () => {
    const test = journeyTest({ language: lang, mobile: true, firstVisit: true });

    test('buy → result → Connect → QR → the client reads the links → a new link', async ({ j }) => {
      const { page } = j;
      await startPurchase(j, lang, 7);
      // The bank's page fits the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.locator('button[value="pay"]').click();
      await page.waitForURL(/\/paymentresult/);
      await page.getByRole('heading', { name: text(lang, 'payment:result.success.title') }).waitFor();
      const username = (await field(page, lang, 'username').textContent())!.trim();
      const password = (await field(page, lang, 'password').textContent())!.trim();
      // Nothing over the credentials, on arrival or scrolled to: the consent banner waits for the next page.
      for (const value of [field(page, lang, 'username'), field(page, lang, 'password')]) {
        await value.scrollIntoViewIfNeeded();
        expect(await isUncovered(page, value)).toBe(true);
      }
      expect(await page.getByRole('button', { name: text(lang, 'common:cookies.accept') }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await keepScreenshot(page, `result-phone-${lang}`);
      await j.axe('result on a phone');

      // One tap to Connect: the login first, then straight there.
      await page.getByRole('link', { name: text(lang, 'payment:result.success.connect') }).click();
      await page.waitForURL(/\/login$/);
      await page.getByLabel(text(lang, 'auth:login.username')).fill(username);
      await page.getByLabel(text(lang, 'auth:login.password'), { exact: true }).fill(password);
      await page.getByRole('button', { name: text(lang, 'auth:login.submit'), exact: true }).click();
      await page.waitForURL(/\/panel\/connect$/);
      // Past the credentials, the consent banner is back; the buyer answers it.
      await page.getByRole('button', { name: text(lang, 'common:cookies.accept'), exact: true }).click();
      const code = page.getByRole('img', { name: text(lang, 'connect:link.qr') });
      await code.waitFor();
      const account = await page.evaluate(async () => {
        const response = await fetch('/api/site/account', { method: 'POST' });
        return (await response.json()) as { subUrl: string };
      });
      expect(account.subUrl).toMatch(/\/sub\/[A-Za-z0-9_-]{32}$/);
      expect(await scan(code)).toBe(account.subUrl);
      await page.getByText(account.subUrl).waitFor();
      await j.axe('connect');
      await keepScreenshot(page, `connect-phone-${lang}`);

      // What v2rayNG gets from the link: the account's links, its state in the headers.
      const answer = await subscription(account.subUrl);
      expect(answer.status).toBe(200);
      const links = Buffer.from(answer.body, 'base64').toString('utf8').split('\n');
      expect(links.length).toBeGreaterThan(0);
      expect(links.every((link) => /^(vless|vmess|trojan|ss|hysteria2|hy2):\/\//.test(link))).toBe(true);
      expect(links.some((link) => link.includes(username))).toBe(true);
      expect(answer.headers.get('subscription-userinfo')).toMatch(/^upload=0; download=\d+; total=\d+/);

      // The subscription page in a browser: the account, the same code, at a phone's and a desktop's width.
      await page.goto(account.subUrl);
      const title = page.getByRole('heading', { name: text(lang, 'connect:page.title') });
      await title.waitFor();
      await page.getByText(username, { exact: true }).waitFor();
      expect(await scan(page.getByRole('img', { name: text(lang, 'connect:link.qr') }))).toBe(account.subUrl);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await j.axe('subscription page at 375 px');
      await keepScreenshot(page, `subscription-phone-${lang}`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await j.axe('subscription page at 1280 px');
      await page.setViewportSize({ width: 375, height: 740 });

      // A new link: asked first; then the old one is gone and the new one works.
      await page.goto('/panel/connect');
      await code.waitFor();
      await page.getByRole('button', { name: text(lang, 'connect:connect.reset') }).click();
      const dialog = page.getByRole('dialog', { name: text(lang, 'connect:connect.resetTitle') });
      await dialog.getByRole('button', { name: text(lang, 'connect:connect.resetConfirm') }).click();
      await page.getByText(text(lang, 'connect:connect.resetDone')).waitFor();
      const fresh = await code.getAttribute('data-qr');
      expect(fresh).not.toBe(account.subUrl);
      // The code is drawn anew for the new link: read once the redrawn one is on the screen.
      await expect.poll(() => scan(code), { timeout: 10_000 }).toBe(fresh);
      expect((await subscription(account.subUrl)).status).toBe(404);
      expect((await subscription(fresh!)).status).toBe(200);
      // The old link in a browser says it no longer works.
      j.allow(new RegExp(`GET ${account.subUrl}(\\?format=json)? answered 404`));
      await page.goto(account.subUrl);
      await page.getByText(text(lang, 'connect:page.notFound')).waitFor();
      await j.axe('replaced subscription link');
    });
  });
}
