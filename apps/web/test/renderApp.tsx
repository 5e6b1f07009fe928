import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { act, render } from '@testing-library/react';
import type { Resource } from 'i18next';
import type { HttpHandler } from 'msw';
import { createBrowserRouter } from 'react-router-dom';
import { createMockBackend, type MockBackendOptions } from '@separ/api/mocks';
import type { Language } from '@separ/domain';
import { App } from '../src/App.tsx';
import type { AppState } from '../src/app/appSlice.ts';
import { createStore } from '../src/app/store.ts';
import { createI18n } from '../src/i18n.ts';
import { routes } from '../src/routes.tsx';
import { server } from './setup.ts';

const LOCALES = resolve(import.meta.dirname, '../../../locales');

/** Every translation file, bundled (the app loads them over HTTP; tests need no such wait). */
export const resources: Resource = Object.fromEntries(
  readdirSync(LOCALES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => [
      entry.name,
      Object.fromEntries(
        readdirSync(join(LOCALES, entry.name))
          .filter((file) => file.endsWith('.json'))
          .map((file) => [
            file.replace('.json', ''),
            JSON.parse(readFileSync(join(LOCALES, entry.name, file), 'utf8')),
          ]),
      ),
    ]),
);

export interface RenderOptions {
  language?: Language;
  backend?: MockBackendOptions;
  /** Start with the username cookie of a session (and the mock backend's session). */
  loggedIn?: boolean;
  app?: Partial<AppState>;
  /** Handlers that win over the mock backend's (failures, delays). */
  overrides?: HttpHandler[];
}

/**
 * The whole web app at `path`, on a real store and router, against the MSW mock backend of
 * @separ/api (no hooks mocked).
 */
export async function renderApp(path: string, options: RenderOptions = {}) {
  const mock = createMockBackend({ loggedIn: options.loggedIn ?? false, ...options.backend });
  server.use(...mock.handlers);
  // server.use prepends: the overrides go in last so that they answer first.
  if (options.overrides?.length) server.use(...options.overrides);
  // As the language detector caches it in the browser: the backend answers country names in it.
  document.cookie = `i18next=${options.language ?? 'en'}; path=/`;
  if (options.loggedIn) document.cookie = `jwtUserUsername=${mock.state.user.username}; path=/`;
  window.history.replaceState(null, '', path);
  const store = createStore({
    api: { apiBase: window.location.origin, plansBase: window.location.origin, timeoutMs: 500 },
    app: { cookiesAccepted: true, ...options.app },
  });
  const i18n = await createI18n({ resources, lng: options.language ?? 'en' });
  const router = createBrowserRouter(routes);
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(<App store={store} i18n={i18n} router={router} />);
  });
  return { ...view, store, router, i18n, mock: mock.state };
}
