import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  canHydrate,
  FixedYearContext,
  fetchPrerenderedTranslations,
  readPrerenderData,
  serializePrerenderData,
  type ClientStart,
  type PrerenderData,
  useYear,
} from './data.ts';

const data: PrerenderData = { path: '/buy', language: 'fa', year: 2026, namespaces: ['common', 'plans'] };
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
    const evil = { ...data, path: '/</script><script>alert(1)</script>' };
    const text = serializePrerenderData(evil);
    expect(text).not.toContain('</script>');
    block.textContent = text;
    expect(readPrerenderData(doc)).toEqual(evil);
    for (const bad of [
      '{',
      'null',
      '{"path":"/","language":"de","year":1,"namespaces":[]}',
      '{"path":"/","language":"fa","year":1,"namespaces":["../x"]}',
      '{"path":"/","language":"fa","year":1,"resources":{}}',
      '{"path":"/"}',
    ]) {
      block.textContent = bad;
      expect(readPrerenderData(doc), bad).toBeNull();
    }
    expect(readPrerenderData(document.implementation.createHTMLDocument('empty'))).toBeNull();
  });
});

describe('the prerendered page’s translations', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('are fetched from the locales, one file per namespace the page used, in its language', async () => {
    const asked: string[] = [];
    const fetcher = (async (url: string) => {
      asked.push(url);
      return json({ from: url });
    }) as typeof fetch;
    const resources = await fetchPrerenderedTranslations(data, fetcher, 'https://separ.example');
    expect(asked.sort()).toEqual([
      'https://separ.example/locales/fa/common.json',
      'https://separ.example/locales/fa/plans.json',
    ]);
    expect(resources).toEqual({
      fa: {
        common: { from: 'https://separ.example/locales/fa/common.json' },
        plans: { from: 'https://separ.example/locales/fa/plans.json' },
      },
    });
  });

  it('are left to i18next when one of them cannot be had', async () => {
    const missing = (async (url: string) =>
      url.includes('plans') ? json({ ok: false }, 404) : json({})) as typeof fetch;
    expect(await fetchPrerenderedTranslations(data, missing)).toBeUndefined();
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await fetchPrerenderedTranslations(data, offline)).toBeUndefined();
    const notJson = (async () => new Response('<html>', { status: 200 })) as typeof fetch;
    expect(await fetchPrerenderedTranslations(data, notJson)).toBeUndefined();
  });
});

describe('the footer’s year', () => {
  const Year = () => useYear();

  it('is the clock’s, or the year a story fixes', () => {
    expect(renderToString(createElement(Year))).toBe(String(new Date().getFullYear()));
    expect(renderToString(createElement(FixedYearContext, { value: 2031 }, createElement(Year)))).toBe('2031');
  });
});
