import { StrictMode, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import type { AppStore } from './app/store.ts';

export interface AppProvidersProps {
  store: AppStore;
  i18n: I18n;
  children: ReactNode;
}

/** Store and translations around the router: the browser's and the prerender's alike. */
export function AppProviders({ store, i18n, children }: AppProvidersProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </Provider>
    </StrictMode>
  );
}

export interface AppProps extends Omit<AppProvidersProps, 'children'> {
  router: ReturnType<typeof createBrowserRouter>;
}

/** The whole site: store, translations and router. */
export function App({ store, i18n, router }: AppProps) {
  return (
    <AppProviders store={store} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
