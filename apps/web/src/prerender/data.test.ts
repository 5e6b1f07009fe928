import { describe, expect, it } from 'vitest';
import { canHydrate, readPrerenderData, serializePrerenderData, type ClientStart, type PrerenderData } from './data.ts';

const data: PrerenderData = { path: '/buy', language: 'fa', year: 2026, resources: { fa: { common: { a: 'ب' } } } };
const start: ClientStart = { language: 'fa', pathname: '/buy', search: '', loggedIn: false, darkMode: false };

describe('hydrating a prerendered page', () => {
  it('hydrates only when the first render will be the prerendered one', () => {
    expect(canHydrate(data, start)).toBe(true);
    expect(canHydrate(data, { ...start, search: '?lng=fa' })).toBe(true);
    expect(canHydrate(data, { ...start, language: 'en' })).toBe(false);
    expect(canHydrate(data, { ...start, pathname: '/plans' })).toBe(false);
    expect(canHydrate(data, { ...start, search: '?platform=ios' })).toBe(false);
    expect(canHydrate(data, { ...start, search: '?lng=fa&x=1' })).toBe(false);
    expect(canHydrate(data, { ...start, loggedIn: true })).toBe(false);
    expect(canHydrate(data, { ...start, darkMode: true })).toBe(false);
  });

  it('reads back what the prerender wrote, and nothing malformed', () => {
    const doc = document.implementation.createHTMLDocument('x');
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = 'separ-prerender';
    doc.body.append(block);
    const evil = { ...data, resources: { fa: { common: { a: '</script><script>alert(1)</script>' } } } };
    const text = serializePrerenderData(evil);
    expect(text).not.toContain('</script>');
    block.textContent = text;
    expect(readPrerenderData(doc)).toEqual(evil);
    for (const bad of ['{', 'null', '{"path":"/","language":"de","year":1,"resources":{}}', '{"path":"/"}']) {
      block.textContent = bad;
      expect(readPrerenderData(doc), bad).toBeNull();
    }
    expect(readPrerenderData(document.implementation.createHTMLDocument('empty'))).toBeNull();
  });
});
