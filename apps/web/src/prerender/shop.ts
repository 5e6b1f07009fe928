import { SHOP_DATA_ID, shopLinksFrom, type ShopLinks } from '@separ/domain';

let cached: ShopLinks | undefined;

/**
 * The shop's links in this page (issue 23 §5): the server writes the operator's into every page it
 * serves — into the prerendered HTML, and those that differ from the defaults as a JSON block — so
 * that the app renders the links the page already shows. The defaults without a block (a page
 * as built, the prerender itself, the development server).
 */
export function readShopLinks(doc: Document | undefined = globalThis.document): ShopLinks {
  if (cached && doc === globalThis.document) return cached;
  let given: unknown = null;
  try {
    given = JSON.parse(doc?.getElementById(SHOP_DATA_ID)?.textContent ?? 'null');
  } catch {
    given = null;
  }
  const links = shopLinksFrom(given);
  if (doc === globalThis.document) cached = links;
  return links;
}
