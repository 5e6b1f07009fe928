/**
 * Issue 33's journey: an operator adds a CDN address to a V2Ray node in the admin, and a buyer's
 * Connect page lists it beside the node's own link (CONTRACTS §14: one more link in every format,
 * with the node's protocol and keys), and the buyer's subscription carries it.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { DEMO_OPERATOR } from '../../server/src/modules/operators/operators.ts';
import { journeyTest, keepScreenshot, type Language } from './browser.ts';
import { separAdmin } from './operator.ts';
import { field, startPurchase } from './shop.ts';
import { text } from './texts.ts';

describe('an extra address of a node, in en', () => {
  const lang: Language = 'en';
  const test = journeyTest({ language: lang });

  test('an operator adds a CDN address in the admin; the buyer’s Connect page and subscription carry it', async ({
    j,
  }) => {
    const { page } = j;
    const name = `DE Edge ${randomBytes(2).toString('hex')}`;
    const cdn = `cdn-${randomBytes(3).toString('hex')}.example.net`;
    await separAdmin(
      ...['nodes', 'add', '--name', name, '--type', 'vless', '--host', 'de.example.com', '--port', '443'],
      ...['--country', 'DE', '--security', 'tls', '--sni', 'de.example.com'],
    );

    // The sandbox's demo operator, in the admin: the node's form, then its extra addresses.
    const admin = await page.context().newPage();
    await admin.goto('/admin/nodes');
    await admin.getByLabel(text(lang, 'admin:login.username')).fill(DEMO_OPERATOR.username);
    await admin.getByLabel(text(lang, 'admin:login.password'), { exact: true }).fill(DEMO_OPERATOR.password);
    await admin.getByRole('button', { name: text(lang, 'admin:login.submit') }).click();
    await admin.getByRole('heading', { name: text(lang, 'admin:login.title') }).waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: `${text(lang, 'admin:common.edit')}: ${name}` }).click();
    const form = admin.locator('[aria-labelledby="nodeHosts-add-title"]');
    await form.getByLabel(text(lang, 'admin:nodeHosts.fields.address'), { exact: true }).fill(cdn);
    await form.getByLabel(new RegExp(`^${text(lang, 'admin:nodeHosts.fields.remark')}`)).fill('CDN');
    await form.getByRole('button', { name: text(lang, 'admin:nodeHosts.add'), exact: true }).click();
    // Listed under the node, with the name apps will show.
    await admin.getByText(text(lang, 'admin:nodeHosts.inApps', { name: `${name} - CDN` })).waitFor();
    await keepScreenshot(admin, 'admin-node-hosts-en');
    await admin.close();

    // A buyer pays at the sandbox bank, signs in from the result, and lands on Connect.
    await startPurchase(j, lang, 1);
    await page.locator('button[value="pay"]').click();
    await page.waitForURL(/\/paymentresult/);
    await page.getByRole('heading', { name: text(lang, 'payment:result.success.title') }).waitFor();
    const username = (await field(page, lang, 'username').textContent())!.trim();
    const password = (await field(page, lang, 'password').textContent())!.trim();
    await page.getByRole('link', { name: text(lang, 'payment:result.success.connect') }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel(text(lang, 'auth:login.username')).fill(username);
    await page.getByLabel(text(lang, 'auth:login.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: text(lang, 'auth:login.submit'), exact: true }).click();
    await page.waitForURL(/\/panel\/connect$/);

    // The links by name: the node's own, then its CDN address.
    const names = page.getByRole('region', { name: text(lang, 'connect:page.links') });
    await names.getByText(`${name} - CDN`, { exact: true }).waitFor();
    await expect.poll(() => names.getByText(name, { exact: true }).count()).toBe(1);
    await j.axe('connect with an extra address');

    // The subscription the buyer's app fetches holds a link to the CDN address, with the node's keys.
    const subUrl = await page.evaluate(async () => {
      const response = await fetch('/api/site/account', { method: 'POST', credentials: 'include' });
      return ((await response.json()) as { subUrl: string }).subUrl;
    });
    const links = Buffer.from(
      await (await fetch(subUrl, { headers: { 'user-agent': 'v2rayNG/1.9.46' } })).text(),
      'base64',
    )
      .toString('utf8')
      .split('\n');
    const own = links.find((link) => link.includes('@de.example.com:443'))!;
    const extra = links.find((link) => link.includes(`@${cdn}:443`))!;
    expect(own).toBeDefined();
    expect(extra).toBeDefined();
    // The same id before the address, the same parameters after it.
    expect(extra.split('@')[0]).toBe(own.split('@')[0]);
    expect(decodeURIComponent(extra.split('#')[1]!)).toBe(`${name} - CDN`);
  });
});
