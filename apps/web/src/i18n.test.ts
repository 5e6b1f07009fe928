import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/setup.ts';
import { applyDocumentLanguage, createI18n, languageOf, NAMESPACES } from './i18n.ts';

const LOCALES = resolve(import.meta.dirname, '../../../locales');

describe('translations over HTTP (SPEC §7, §9)', () => {
  it('retries a failed file with a doubling delay from 350 ms, then uses it', async () => {
    const attempts: number[] = [];
    server.use(
      http.get('*/locales/:lng/:ns.json', ({ params }) => {
        // (Persian, the fallback language, loads beside English and is answered at once.)
        if (params.ns !== 'common' || params.lng !== 'en')
          return HttpResponse.json(JSON.parse(readFileSync(resolve(LOCALES, `fa/common.json`), 'utf8')));
        attempts.push(performance.now());
        if (attempts.length <= 2) return new HttpResponse('busy', { status: 503 });
        return HttpResponse.json(
          JSON.parse(readFileSync(resolve(LOCALES, `${String(params.lng)}/common.json`), 'utf8')),
        );
      }),
    );
    document.cookie = 'i18next=en; path=/';
    const i18n = await createI18n({ localesBase: window.location.origin });
    expect(languageOf(i18n)).toBe('en');
    expect(i18n.t('header.login')).toBe('Login');
    expect(attempts).toHaveLength(3);
    // 350 ms, then 700 ms (a little slack for timers).
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(340);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(690);
    document.cookie = 'i18next=; path=/; max-age=0';
  }, 10_000);

  it('reads at most 10 files at once', async () => {
    let inFlight = 0;
    let most = 0;
    server.use(
      http.get('*/locales/:lng/:ns.json', async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 30));
        inFlight -= 1;
        return HttpResponse.json({});
      }),
    );
    const i18n = await createI18n({ localesBase: window.location.origin, lng: 'fa' });
    await i18n.loadNamespaces([...NAMESPACES]);
    await i18n.loadLanguages('en');
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(10);
  });

  it('detects Persian when nothing says otherwise, and the query before the cookie', async () => {
    window.history.replaceState(null, '', '/');
    server.use(http.get('*/locales/:lng/:ns.json', () => HttpResponse.json({})));
    expect(languageOf(await createI18n({ localesBase: window.location.origin }))).toBe('fa');
    document.cookie = 'i18next=fa; path=/';
    window.history.replaceState(null, '', '/?lng=en');
    expect(languageOf(await createI18n({ localesBase: window.location.origin }))).toBe('en');
    window.history.replaceState(null, '', '/');
  });

  it('sets the page language, direction, body class and the saved choice', () => {
    applyDocumentLanguage('en');
    expect([document.documentElement.lang, document.documentElement.dir, document.body.className]).toEqual([
      'en',
      'ltr',
      'ltr',
    ]);
    expect(localStorage.getItem('userLanguage')).toBe('en');
    applyDocumentLanguage('fa');
    expect([document.documentElement.lang, document.documentElement.dir, document.body.className]).toEqual([
      'fa',
      'rtl',
      'rtl',
    ]);
  });
});
