import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_LINKS, SHOP_DATA_ID } from '@separ/domain';
import { readShopLinks } from './shop.ts';

const pageWith = (block: string | null) => {
  const doc = document.implementation.createHTMLDocument('page');
  if (block !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = SHOP_DATA_ID;
    script.textContent = block;
    doc.body.append(script);
  }
  return doc;
};

describe('the shop links a served page carries (issue 23 §5)', () => {
  it('are the defaults in a page as built', () => {
    expect(readShopLinks(pageWith(null))).toEqual(DEFAULT_SHOP_LINKS);
    expect(readShopLinks(undefined)).toEqual(DEFAULT_SHOP_LINKS);
  });

  it('are the operator’s where the server wrote them, and never anything but an http(s) link', () => {
    expect(readShopLinks(pageWith('{"supportChatUrl":"https://t.me/new_support?a=1&b=2"}'))).toEqual({
      ...DEFAULT_SHOP_LINKS,
      supportChatUrl: 'https://t.me/new_support?a=1&b=2',
    });
    expect(readShopLinks(pageWith('{"botUrl":"javascript:alert(1)"}'))).toEqual(DEFAULT_SHOP_LINKS);
    expect(readShopLinks(pageWith('{not json'))).toEqual(DEFAULT_SHOP_LINKS);
  });
});
