/** The steps of a purchase that several journeys share. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Journey, Language } from './browser.ts';
import { text } from './texts.ts';

/** From the plan's payment page to the sandbox bank; returns once the bank's page shows. */
export async function startPurchase(j: Journey, lang: Language, planId: number) {
  const { page } = j;
  await page.goto(`/payment?plan_id=${planId}`);
  await page.getByRole('heading', { level: 1, name: text(lang, 'payment:title') }).waitFor();
  await j.axe('payment');
  const start = page.getByRole('button', { name: text(lang, 'payment:start') });
  expect(await start.isDisabled()).toBe(true);
  const email = page.getByLabel(text(lang, 'payment:email.label'));
  await email.fill('buyer@');
  await page.getByText(text(lang, 'errors:validation.invalidEmail')).first().waitFor();
  expect(await start.isDisabled()).toBe(true);
  await email.fill('buyer@example.com');
  await page.getByRole('radio', { name: new RegExp(text(lang, 'payment:gateway.ird')) }).check();
  await expect.poll(() => start.isEnabled()).toBe(true);
  await start.click();
  await page.getByText(text(lang, 'payment:redirecting')).first().waitFor();
  await page.waitForURL(/\/sandbox\/pay\//);
}

/** The value beside a label on the result page. */
export function field(page: Page, lang: Language, key: string) {
  return page
    .locator('dt', { hasText: text(lang, `payment:result.fields.${key}`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');
}
