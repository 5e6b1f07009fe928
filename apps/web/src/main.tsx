import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { hasSession } from './app/session.ts';
import { createStore } from './app/store.ts';
import { apiConfigFromEnv } from './config.ts';
import { createI18n, languageOf } from './i18n.ts';
import { canHydrate, readPrerenderData } from './prerender/data.ts';
import { loadLazyRoutes, routes } from './routes.tsx';

async function start() {
  // Mock mode (`npm run dev:mock`): the MSW handlers of @separ/api answer every backend call.
  if (import.meta.env.MODE === 'mock') {
    const { startMockBackend } = await import('./mocks/browser.ts');
    await startMockBackend();
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  const prerendered = readPrerenderData();
  const [i18n] = await Promise.all([
    createI18n(prerendered ? { initialResources: prerendered.resources } : {}),
    // The page's own code first, so that the router's first render is the page, not a placeholder.
    loadLazyRoutes(routes, window.location.pathname),
  ]);
  const store = createStore({ api: apiConfigFromEnv() });
  const router = createBrowserRouter(routes);
  const app = <App store={store} i18n={i18n} router={router} />;
  const hydrate =
    prerendered !== null &&
    canHydrate(prerendered, {
      language: languageOf(i18n),
      pathname: window.location.pathname,
      search: window.location.search,
      loggedIn: hasSession(),
      darkMode: store.getState().app.darkMode,
    });
  document.documentElement.dataset.render = hydrate ? 'hydrate' : 'client';
  if (hydrate) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page: the page stays responsive while it comes alive.
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError(error) {
          console.error('Separ: the prerendered page did not hydrate as rendered.', error);
        },
      });
    });
  } else {
    // A page drawn afresh replaces the prerendered markup when it commits.
    createRoot(root).render(app);
  }
}

void start();
