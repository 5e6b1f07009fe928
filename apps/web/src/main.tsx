import { startTransition } from 'react';
import { HYDRATING_EVENT } from '@separ/domain';
import { hasSession } from './app/session.ts';
import { canHydrate, fetchPrerenderedTranslations, readPrerenderData } from './prerender/data.ts';

/** A new task: the browser paints and answers input between the parts of the app's code. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // Mock mode (`npm run dev:mock`): the MSW handlers of @separ/api answer every backend call.
  if (import.meta.env.MODE === 'mock') {
    const { startMockBackend } = await import('./mocks/browser.ts');
    await startMockBackend();
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  const prerendered = readPrerenderData();
  // The page's translations come over the network alongside the code (not inside the page).
  const translations = prerendered ? fetchPrerenderedTranslations(prerendered) : Promise.resolve(undefined);
  // The app's code comes in three parts, each evaluated in a task of its own: evaluated at once, it
  // held a slow phone's main thread for 190–370 ms in one piece (docs/BENCHMARKS.md). React's DOM
  // renderer first, then translations and the store, then the screens and the router. All three
  // are asked for at once, so that the network does not wait for the main thread.
  const parts = [
    import('react-dom/client'),
    Promise.all([
      import('./i18n.ts'),
      import('./app/store.ts'),
      import('./config.ts'),
      import('./prerender/pageData.ts'),
    ]),
    Promise.all([import('./App.tsx'), import('./routes.tsx')]),
  ] as const;
  const { createRoot, hydrateRoot } = await parts[0];
  await nextTask();
  const [{ createI18n, languageOf }, { createStore }, { apiConfigFromEnv }, { readPageData, seedPageData }] =
    await parts[1];
  await nextTask();
  const [{ App }, { createAppRouter, loadLazyRoutes, routes }] = await parts[2];
  const initialResources = await translations;
  const [i18n] = await Promise.all([
    createI18n(initialResources ? { initialResources } : {}),
    // The page's own code first, so that the router's first render is the page, not a placeholder.
    loadLazyRoutes(routes, window.location.pathname),
  ]);
  const store = createStore({ api: apiConfigFromEnv() });
  // The plans and links the server drew the page with: hydration draws the same, and nothing is
  // fetched again before the page is live (issue 28 §1).
  seedPageData(store, readPageData());
  const router = createAppRouter();
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
    // A button the visitor pressed before the app came is pressed again now (src/boot.ts): React
    // hydrates what it needs for it at once and handles it, instead of after the whole page.
    window.dispatchEvent(new Event(HYDRATING_EVENT));
  } else {
    // A page drawn afresh replaces the prerendered markup when it commits.
    createRoot(root).render(app);
  }
}

void start();
