/**
 * Issue 31's English journey: the shop has a toman-per-dollar rate (set by its operator with
 * separ-admin) and no crypto gateway's keys, so outside production the sandbox crypto page stands
 * in for them. An English buyer sees the plan's price in dollars on the payment page, chooses the
 * test crypto gate, pays the TEST invoice on the shop's own origin, and gets the credentials.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { journeyTest } from './browser.ts';
import { separAdmin } from './operator.ts';
import { field } from './shop.ts';
import { text } from './texts.ts';

/** Plan 2's 320,000 tomans at this rate are $5.00. */
const RATE = 64_000;

describe('paying in crypto in en at 1280 px', () => {
  const test = journeyTest({ language: 'en' });
  beforeAll(async () => {
    await separAdmin('settings', 'set', '--toman-per-usd', String(RATE));
  });
  // The other journeys find the shop as built: no rate.
  afterAll(async () => {
    await separAdmin('settings', 'set', '--toman-per-usd', '0');
  });

  test('an English buyer sees dollars, pays on the sandbox crypto page and gets the credentials', async ({ j }) => {
    const { page, baseURL } = j;
    // separ-admin is another process: the server sees the rate within its check interval.
    await expect
      .poll(async () => (await (await fetch(`${baseURL}/site_gateways`)).json()).crypto_sandbox_active, {
        timeout: 5000,
        interval: 300,
      })
      .toBe(1);

    await page.goto('/payment?plan_id=2');
    await page.getByRole('heading', { level: 1, name: text('en', 'payment:title') }).waitFor();
    // The total in dollars, the rial gates saying what they charge in tomans.
    await page.locator('strong', { hasText: '$5.00' }).waitFor();
    await page
      .getByText(/^Charged in Toman: /)
      .first()
      .waitFor();
    const label = text('en', 'payment:gateway.sandboxcrypto').replace(/[()]/g, '\\$&');
    const crypto = page.getByRole('radio', { name: new RegExp(label) });
    await crypto.check();
    await page.getByText(text('en', 'payment:gateway.sandboxCryptoHint')).waitFor();
    await page.getByLabel(text('en', 'payment:email.label')).fill('abroad@example.com');
    await j.axe('payment with the test crypto gate');
    const start = page.getByRole('button', { name: text('en', 'payment:start') });
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();

    // The TEST invoice on our own origin: the dollars, the order number, no money moves.
    await page.waitForURL(/\/sandbox\/crypto\/SBC[0-9A-F]+$/);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL).origin);
    await page.getByText(text('en', 'sandbox:crypto.badge'), { exact: true }).waitFor();
    await page.getByText(text('en', 'sandbox:crypto.notice')).waitFor();
    await page.getByText(text('en', 'sandbox:crypto.amountValue', { value: '5.00' })).waitFor();
    await page.getByText(/^S\d{8}-\d{10}$/).waitFor();
    await j.axe('the sandbox crypto page');
    await page.locator('button[value="pay"]').click();

    // Back through the crypto return to the result page, with the new account's credentials.
    await page.getByRole('heading', { name: text('en', 'payment:result.success.title') }).waitFor();
    const username = (await field(page, 'en', 'username').textContent())!.trim();
    const password = (await field(page, 'en', 'password').textContent())!.trim();
    expect(username).toMatch(/^\w{4,}$/);
    expect(password.length).toBeGreaterThanOrEqual(8);
    await page.mouse.move(0, 0);
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await j.axe('crypto result');
  });
});
