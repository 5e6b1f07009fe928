/**
 * First visit, language, header, drawer, the public pages and unknown paths — in Persian and English.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journeyTest, keepScreenshot, type Language } from './browser.ts';
import { text } from './texts.ts';

const dirOf = (page: Page) =>
  page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, document.body.className]);

describe('a first visit', () => {
  const test = journeyTest({ firstVisit: true });

  test('is Persian and right to left, with the cookie banner until a choice, kept across reloads', async ({ j }) => {
    const { page } = j;
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await dirOf(page)).toEqual(['fa', 'rtl', 'rtl']);
    const banner = page.getByRole('region', { name: text('fa', 'common:cookies.title') });
    await banner.waitFor();
    await j.axe('home, first visit');
    await banner.getByRole('button', { name: text('fa', 'common:cookies.accept'), exact: true }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: text('fa', 'common:cookies.title') }).count()).toBe(0);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('separ-app-state') ?? '{}'));
    expect(saved).toMatchObject({ cookiesAccepted: true, language: 'fa', isRTL: true });
  });

  test('switches to English and back, and the choice survives a reload', async ({ j }) => {
    const { page } = j;
    await page.goto('/');
    await page
      .getByRole('region', { name: text('fa', 'common:cookies.title') })
      .getByRole('button', { name: text('fa', 'common:cookies.reject'), exact: true })
      .click();
    await page
      .getByRole('button', { name: new RegExp(text('fa', 'common:language.switchTo')) })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: text('en', 'home:hero.title') }).waitFor();
    expect(await dirOf(page)).toEqual(['en', 'ltr', 'ltr']);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: text('en', 'home:hero.title') }).waitFor();
    expect(await dirOf(page)).toEqual(['en', 'ltr', 'ltr']);
    expect(await page.evaluate(() => localStorage.getItem('userLanguage'))).toBe('en');
    await page
      .getByRole('button', { name: new RegExp(text('en', 'common:language.switchTo')) })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: text('fa', 'home:hero.title') }).waitFor();
    expect(await dirOf(page)).toEqual(['fa', 'rtl', 'rtl']);
    // The rejected consent stays rejected.
    expect(await page.getByRole('region', { name: text('fa', 'common:cookies.title') }).count()).toBe(0);
  });
});

for (const lang of ['fa', 'en'] as Language[]) {
  describe(`the site in ${lang}`, () => {
    const test = journeyTest({ language: lang });
    const mobile = journeyTest({ language: lang, mobile: true });

    test('the header turns opaque after scrolling more than 10 px', async ({ j }) => {
      const { page } = j;
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await keepScreenshot(page, `home-${lang}`);
      const header = page.locator('header').first();
      const look = () => header.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).position]);
      const [before] = await look();
      await page.mouse.wheel(0, 400);
      await page.waitForFunction(() => window.scrollY > 10);
      await expect.poll(async () => (await look())[0]).not.toBe(before);
      const [after, position] = await look();
      expect(after).not.toMatch(/rgba\(.*, 0\)|transparent/);
      expect(position).toBe('fixed');
      expect(await header.boundingBox()).toMatchObject({ y: 0 });
    });

    mobile('the drawer opens at 375 px and closes on the overlay and on a link', async ({ j }) => {
      const { page } = j;
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const open = page.getByRole('button', { name: text(lang, 'common:header.openMenu') });
      await open.click();
      const drawer = page.getByRole('dialog', { name: text(lang, 'common:header.menuTitle') });
      await drawer.waitFor();
      await j.axe('drawer');
      // The overlay is the part of the screen the drawer does not cover (the drawer opens at the end side).
      await page.mouse.click(lang === 'fa' ? 355 : 20, 400);
      await drawer.waitFor({ state: 'detached' });
      await open.click();
      await drawer.getByRole('link', { name: text(lang, 'common:nav.support') }).click();
      await page.waitForURL(/\/support$/);
      await drawer.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: text(lang, 'support:title') }).waitFor();
    });

    test('install: platforms expand to steps; a screenshot opens full screen', async ({ j }) => {
      const { page } = j;
      await page.goto('/install');
      await page.getByRole('heading', { level: 1, name: text(lang, 'install:title') }).waitFor();
      await j.axe();
      const android = page
        .getByRole('button', { name: new RegExp(text(lang, 'install:platforms.android.name')) })
        .first();
      await android.click();
      expect(await android.getAttribute('aria-expanded')).toBe('true');
      const shot = page.locator('img[src*="/assets/images/android/"]').first();
      await shot.waitFor();
      await shot.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await j.axe('install screenshot');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    });

    test('download: app links, and the iOS modal with the client apps', async ({ j }) => {
      const { page } = j;
      await page.goto('/download');
      await page.getByRole('heading', { level: 1, name: text(lang, 'download:title') }).waitFor();
      const android = page.getByRole('link', { name: new RegExp(text(lang, 'download:android.button')) });
      await android.waitFor();
      expect(await android.getAttribute('href')).toMatch(/^https:\/\//);
      expect(await android.getAttribute('target')).toBe('_blank');
      await j.axe();
      await page.getByRole('button', { name: new RegExp(text(lang, 'download:ios.button')) }).click();
      const modal = page.getByRole('dialog', { name: text(lang, 'download:modal.title') });
      await modal.waitFor();
      for (const client of ['ios', 'mac', 'linux', 'chromeos'])
        await modal
          .getByRole('link', { name: new RegExp(text(lang, `download:modal.clients.${client}.button`)) })
          .waitFor();
      await j.axe('download modal');
      await modal
        .getByRole('button', { name: text(lang, 'download:modal.close') })
        .last()
        .click();
      await modal.waitFor({ state: 'hidden' });
    });

    test('support, free and the legal pages', async ({ j }) => {
      const { page } = j;
      await page.goto('/support');
      await page.getByRole('heading', { level: 1, name: text(lang, 'support:title') }).waitFor();
      const chat = page.getByRole('link', { name: new RegExp(text(lang, 'support:cards.chat.button')) }).first();
      expect(await chat.getAttribute('target')).toBe('_blank');
      await j.axe();
      for (const path of ['/free', '/test']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: text(lang, 'free:title') }).waitFor();
        const bot = page.getByRole('link', { name: new RegExp(text(lang, 'free:button')) }).first();
        expect(await bot.getAttribute('target')).toBe('_blank');
      }
      await j.axe();
      for (const [path, key] of [
        ['/privacy-policy', 'legal:privacy.title'],
        ['/terms-of-use', 'legal:terms.title'],
        ['/cookies', 'legal:cookies.title'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: text(lang, key) }).waitFor();
        // The body is the English text of SPEC §2, last updated September 23, 2025.
        await page
          .getByText(/September 23, 2025/)
          .first()
          .waitFor();
        await j.axe(path);
      }
      await page.getByRole('table').waitFor();
    });

    test('unknown paths show the home page; aliases show their screens', async ({ j }) => {
      const { page } = j;
      for (const path of ['/no/such/page', '/home']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: text(lang, 'home:hero.title') }).waitFor();
      }
      await page.goto('/plans');
      await page.getByRole('heading', { level: 1, name: text(lang, 'plans:title') }).waitFor();
      await page.goto('/login');
      await page.getByRole('heading', { level: 1, name: text(lang, 'auth:login.title') }).waitFor();
      await j.axe();
    });
  });
}
