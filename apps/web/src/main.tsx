import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import '@separ/ui/fonts';
import { App } from './App.tsx';
import { createStore } from './app/store.ts';
import { apiConfigFromEnv } from './config.ts';
import { createI18n } from './i18n.ts';
import { routes } from './routes.tsx';

async function start() {
  // Mock mode (`npm run dev:mock`): the MSW handlers of @separ/api answer every backend call.
  if (import.meta.env.MODE === 'mock') {
    const { startMockBackend } = await import('./mocks/browser.ts');
    await startMockBackend();
  }
  const i18n = await createI18n();
  const store = createStore({ api: apiConfigFromEnv() });
  const router = createBrowserRouter(routes);
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  createRoot(root).render(<App store={store} i18n={i18n} router={router} />);
}

void start();
