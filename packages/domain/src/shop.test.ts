import { describe, expect, it } from 'vitest';
import {
  changedShopLinks,
  DEFAULT_SHOP_LINKS,
  DEFAULT_SHOP_SETTINGS,
  isShopUrl,
  SHOP_LINK_KEYS,
  shopLinksFrom,
  shopNameIn,
  shopNameProblem,
  shopUrlProblem,
  SUPPORT_CHAT_URL,
} from './index.ts';

describe('the shop settings (issue 23 §5)', () => {
  it('defaults to the links the site was built with, each its own', () => {
    expect(DEFAULT_SHOP_SETTINGS).toMatchObject({
      shopName: 'Separ',
      supportChatUrl: SUPPORT_CHAT_URL,
      freeEnabled: true,
    });
    const links = SHOP_LINK_KEYS.map((key) => DEFAULT_SHOP_LINKS[key]);
    // The server finds each default in the built pages by its whole attribute: no two may be the same.
    expect(new Set(links).size).toBe(links.length);
    for (const link of links) expect(isShopUrl(link)).toBe(true);
  });

  it('takes a shop name of 1 to 40 characters on one line', () => {
    expect(shopNameProblem('My VPN')).toBeNull();
    expect(shopNameProblem('سپر')).toBeNull();
    expect(shopNameProblem('x'.repeat(40))).toBeNull();
    expect(shopNameProblem('   ')).toMatch(/empty/);
    expect(shopNameProblem('x'.repeat(41))).toMatch(/at most 40/);
    expect(shopNameProblem('Separ\r\nBcc: x@example.com')).toMatch(/line breaks/);
    expect(shopNameProblem('Sep\u0000ar')).toMatch(/control/);
  });

  it('takes http(s) links with a host, nothing that could run or break out of an attribute', () => {
    for (const good of ['https://t.me/my_support', 'http://example.com/a?b=1&c=2', 'https://wa.me/989120000000'])
      expect(shopUrlProblem(good), good).toBeNull();
    for (const bad of [
      'javascript:alert(1)',
      'tg://resolve?domain=x',
      't.me/x',
      'https://',
      'https://exa mple.com',
      'https://example.com/"><script>',
      'https://user:pass@example.com/',
      `https://example.com/${'a'.repeat(500)}`,
      '',
    ])
      expect(shopUrlProblem(bad), bad).not.toBeNull();
    expect(isShopUrl(42)).toBe(false);
  });

  it('tells which links differ from the defaults, and reads a page’s links back', () => {
    expect(changedShopLinks(DEFAULT_SHOP_LINKS)).toEqual({});
    const links = { ...DEFAULT_SHOP_LINKS, supportChatUrl: 'https://t.me/other' };
    expect(changedShopLinks(links)).toEqual({ supportChatUrl: 'https://t.me/other' });
    expect(shopLinksFrom(changedShopLinks(links))).toEqual(links);
    expect(shopLinksFrom({ botUrl: 'javascript:alert(1)', channelUrl: 7 })).toEqual(DEFAULT_SHOP_LINKS);
    expect(shopLinksFrom(null)).toEqual(DEFAULT_SHOP_LINKS);
  });

  it('writes the default name in each language’s script, and an operator’s own as given', () => {
    expect(shopNameIn('Separ', 'fa')).toBe('سپر');
    expect(shopNameIn('Separ', 'en')).toBe('Separ');
    expect(shopNameIn('Nova VPN', 'fa')).toBe('Nova VPN');
  });
});
