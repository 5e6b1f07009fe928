import { combineReducers, configureStore, createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import { isAdminEndpoint, isUnauthorized, separApi, type ApiConfig } from '@separ/api';
import { appSlice, clearUserData, type AppState } from './appSlice.ts';
import { connectionSlice } from './connectionSlice.ts';
import { loadAppState, saveAppState } from './persist.ts';
import { clearSessionCookies, hasSession, rememberConsent } from './session.ts';
import { sessionChecked, uiSlice } from './uiSlice.ts';

const rootReducer = combineReducers({
  app: appSlice.reducer,
  ui: uiSlice.reducer,
  connection: connectionSlice.reducer,
  [separApi.reducerPath]: separApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  api?: ApiConfig;
  /** Where the app state persists; the browser's localStorage by default. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Overrides of the persisted app state (tests). */
  app?: Partial<AppState>;
}

function defaultStorage(): StoreOptions['storage'] {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The web app's store: the app state of SPEC §3 (persisted under `separ-app-state`), the page's
 * UI state, the simulated connection, and the RTK Query cache. A 401 from the backend ends the
 * session in the page.
 */
export function createStore(options: StoreOptions = {}) {
  const storage = options.storage ?? defaultStorage();
  const listener = createListenerMiddleware();
  listener.startListening({
    // Only an answer whose code says the session is gone ends it (a wrong password's 401 is
    // `bad_credentials`). The operators' console has a session of its own: its answers end no customer's.
    predicate: (action) => {
      if (!isRejectedWithValue(action) || !isUnauthorized(action.payload)) return false;
      const endpoint = (action.meta.arg as { endpointName?: string } | undefined)?.endpointName;
      return endpoint !== 'login' && !isAdminEndpoint(endpoint);
    },
    effect: (_action, api) => {
      clearSessionCookies();
      api.dispatch(clearUserData());
      api.dispatch(sessionChecked(false));
    },
  });

  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      app: { ...loadAppState(storage), ...options.app },
      ui: { isMobileMenuOpen: false, isScrolled: false, loggedIn: hasSession() },
    },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { api: options.api ?? {} } } })
        .prepend(listener.middleware)
        .concat(separApi.middleware),
  });

  let saved = store.getState().app;
  rememberConsent(saved.cookiesAccepted);
  store.subscribe(() => {
    const app = store.getState().app;
    if (app === saved) return;
    if (app.cookiesAccepted !== saved.cookiesAccepted) rememberConsent(app.cookiesAccepted);
    saved = app;
    saveAppState(storage, app);
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
