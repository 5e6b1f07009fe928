/**
 * The shop's settings (issue 23 §5): the operator changes the support chat link with `separ-admin
 * settings set`, and the next load of `/support` — prerendered, in Persian and in English — shows
 * the new one: in the page as it comes, and once its app has taken it over (hydrated, so the app
 * renders the link the page carries), and in a page the app draws itself.
 */
import { afterAll, describe, expect } from 'vitest';
import { journeyTest, type Language } from './browser.ts';
import { separAdmin } from './operator.ts';
import { text } from './texts.ts';

/** The support chat the site is built with (DEFAULT_SHOP_LINKS of @separ/domain). */
const DEFAULT_SUPPORT = 'https://t.me/separ_support';
const NEW_SUPPORT = 'https://t.me/separ_help_desk?start=web&from=support';

describe('the operator’s settings', () => {
  const test = journeyTest({ language: 'fa' });
  // The other journeys find the shop as built.
  afterAll(async () => {
    await separAdmin('settings', 'set', '--support-url', DEFAULT_SUPPORT);
  });

  test('a new support chat link is on the next load of /support, in both languages', async ({ j }) => {
    const { page } = j;
    const chat = (lng: Language) => page.getByRole('link', { name: text(lng, 'support:cards.chat.button') });
    await j.read('/support');
    expect(await chat('fa').getAttribute('href')).toBe(DEFAULT_SUPPORT);

    const said = await separAdmin('settings', 'set', '--support-url', NEW_SUPPORT);
    expect(said).toContain(`${DEFAULT_SUPPORT} -> ${NEW_SUPPORT}`);
    expect(await separAdmin('settings', 'show')).toMatch(/support chat: +https:\/\/t\.me\/separ_help_desk/);

    for (const [lng, path] of [
      ['fa', '/support'],
      ['en', '/support?lng=en'],
    ] as const) {
      // As the page comes, before any script: the server wrote the link into the prerendered HTML.
      // separ-admin is another process: the server sees its change within its check interval
      // (SEPAR_PLANS_CACHE_CHECK_MS, a second), so the first load may still be the old page.
      await expect
        .poll(
          async () => {
            await j.read(path);
            return chat(lng).getAttribute('href');
          },
          { timeout: 5000, interval: 400, message: `${lng}, prerendered` },
        )
        .toBe(NEW_SUPPORT);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lng);
      expect(await page.evaluate(() => document.documentElement.dataset.render)).toBeUndefined();
      // Once the app has taken the page over: hydrated without a mismatch (a journey fails on one).
      await page.mouse.move(20, 20);
      await page.waitForFunction(() => document.documentElement.dataset.live === 'true');
      expect(await page.evaluate(() => document.documentElement.dataset.render)).toBe('hydrate');
      expect(await chat(lng).getAttribute('href'), `${lng}, hydrated`).toBe(NEW_SUPPORT);
      await j.axe(`${path} with the operator's support link`);
      // A page the app draws itself (a query the prerender did not see) has it too.
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}fresh=1`);
      await chat(lng).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.render)).toBe('client');
      expect(await chat(lng).getAttribute('href'), `${lng}, drawn by the app`).toBe(NEW_SUPPORT);
    }
  });
});
