import { describe, expect, it } from 'vitest';
import { appInfoApi, plansApi } from '@separ/api';
import { PAGE_DATA_ID, type PageData } from '@separ/domain';
import { createStore } from '../app/store.ts';
import { readPageData, seedPageData, serializePageData } from './pageData.ts';

const plan = (id: number, ios: 0 | 1, title: string) => ({
  id,
  title,
  active: 1,
  ios,
  allowedMB: 51200,
  subsDays: 30,
  allowedDevices: 1,
  discount: null,
  price_toman: '{"100":120000}',
  price_credit: '{"100":120000}',
});

const served: PageData = {
  plans: { ok: true, code: 200, data: [plan(1, 0, 'Android </script> one'), plan(2, 1, 'iOS one')] },
  appLinks: { android: 'https://dl.example/a.apk', windows: 'https://dl.example/w.exe' },
};

const pageWith = (text: string | null) => {
  const doc = document.implementation.createHTMLDocument('page');
  if (text !== null) {
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_DATA_ID;
    block.textContent = text;
    doc.body.append(block);
  }
  return doc;
};

const memory = () => ({ getItem: () => null, setItem: () => undefined });

describe('the data a served page carries (issue 28 §1)', () => {
  it('is read back as the server wrote it, safe inside HTML, and nothing malformed', () => {
    const text = serializePageData(served);
    expect(text).not.toContain('</script>');
    expect(readPageData(pageWith(text))).toEqual(served);
    expect(readPageData(pageWith(null))).toBeNull();
    for (const bad of ['{', 'null', '[1]', '"x"']) expect(readPageData(pageWith(bad)), bad).toBeNull();
    // App links that are not text become empty links, as the app info call reads them.
    expect(readPageData(pageWith('{"appLinks":{"android":{}}}'))).toEqual({ appLinks: { android: '', windows: '' } });
  });

  it('fills the store as if the plans and app links had just been fetched, per platform', () => {
    const store = createStore({ storage: memory() });
    seedPageData(store, served);
    const state = store.getState();
    const android = plansApi.endpoints.getPlans.select({ platform: 'android' })(state);
    const ios = plansApi.endpoints.getPlans.select({ platform: 'ios' })(state);
    expect(android.status).toBe('fulfilled');
    expect(android.data?.map((p) => p.id)).toEqual([1]);
    expect(ios.data?.map((p) => p.id)).toEqual([2]);
    expect(appInfoApi.endpoints.getAppInfo.select()(state).data).toEqual(served.appLinks);
  });

  it('leaves plans the client would refuse to the screens, which fetch them as before', () => {
    const store = createStore({ storage: memory() });
    seedPageData(store, { plans: { ok: false, code: 500 } });
    seedPageData(store, null);
    const state = store.getState();
    expect(plansApi.endpoints.getPlans.select({ platform: 'android' })(state).status).toBe('uninitialized');
    expect(appInfoApi.endpoints.getAppInfo.select()(state).status).toBe('uninitialized');
  });
});
