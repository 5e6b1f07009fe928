import { APP_STATE_STORAGE_KEY } from '@separ/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  clearUserData,
  initialAppState,
  resetApp,
  setCookiesAccepted,
  setLanguage,
  setSelectedServer,
  setUserData,
} from './appSlice.ts';
import { connect, disconnect, setConnectionStatus } from './connectionSlice.ts';
import { loadAppState } from './persist.ts';
import { createStore } from './store.ts';
import { setMobileMenuOpen, setScrolled, toggleMobileMenu } from './uiSlice.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('the app state (SPEC §3)', () => {
  it('starts with the defaults: Persian, right to left, no choices made', () => {
    const store = createStore({ storage: memoryStorage() });
    expect(store.getState().app).toEqual({
      language: 'fa',
      isRTL: true,
      darkMode: false,
      cookiesAccepted: null,
      selectedServer: null,
      userData: null,
    });
    expect(store.getState().connection).toEqual({ isConnected: false, connectionStatus: 'disconnected' });
    expect(store.getState().ui).toMatchObject({ isMobileMenuOpen: false, isScrolled: false });
  });

  it('persists under separ-app-state and reads it back', () => {
    const storage = memoryStorage();
    const store = createStore({ storage });
    store.dispatch(setLanguage('en'));
    store.dispatch(setCookiesAccepted(false));
    store.dispatch(setUserData({ username: 'sp1', ios: 1 }));
    const saved = JSON.parse(storage.data.get(APP_STATE_STORAGE_KEY)!);
    expect(saved).toMatchObject({
      language: 'en',
      isRTL: false,
      cookiesAccepted: false,
      userData: { username: 'sp1', ios: 1 },
    });
    expect(createStore({ storage }).getState().app).toEqual(saved);
  });

  it('does not persist the page state', () => {
    const storage = memoryStorage();
    const store = createStore({ storage });
    store.dispatch(setLanguage('en'));
    store.dispatch(toggleMobileMenu());
    store.dispatch(setScrolled(true));
    const saved = JSON.parse(storage.data.get(APP_STATE_STORAGE_KEY)!);
    expect(Object.keys(saved).sort()).toEqual([
      'cookiesAccepted',
      'darkMode',
      'isRTL',
      'language',
      'selectedServer',
      'userData',
    ]);
  });

  it('falls back to the defaults on a broken or foreign entry, field by field', () => {
    expect(loadAppState(memoryStorage({ [APP_STATE_STORAGE_KEY]: '{nope' }))).toEqual(initialAppState);
    expect(
      loadAppState(
        memoryStorage({
          [APP_STATE_STORAGE_KEY]: JSON.stringify({
            language: 'de',
            darkMode: 'yes',
            cookiesAccepted: true,
            userData: { name: 1 },
          }),
        }),
      ),
    ).toEqual({ ...initialAppState, cookiesAccepted: true });
    expect(loadAppState(undefined)).toEqual(initialAppState);
  });

  it('sets and clears user data, toggles the menu, resets to the defaults', () => {
    const store = createStore({ storage: memoryStorage() });
    store.dispatch(setUserData({ username: 'sp1' }));
    expect(store.getState().app.userData).toEqual({ username: 'sp1' });
    store.dispatch(clearUserData());
    expect(store.getState().app.userData).toBeNull();
    store.dispatch(toggleMobileMenu());
    expect(store.getState().ui.isMobileMenuOpen).toBe(true);
    store.dispatch(setMobileMenuOpen(false));
    expect(store.getState().ui.isMobileMenuOpen).toBe(false);
    store.dispatch(setLanguage('en'));
    store.dispatch(setConnectionStatus('connected'));
    store.dispatch(resetApp());
    expect(store.getState().app).toEqual(initialAppState);
    expect(store.getState().connection.connectionStatus).toBe('disconnected');
  });
});

describe('the simulated connection (SPEC §4)', () => {
  it('needs a selected server', async () => {
    const store = createStore({ storage: memoryStorage() });
    const result = await store.dispatch(connect({ delayMs: 1 }));
    expect(result.meta).toMatchObject({ requestStatus: 'rejected', condition: true });
    expect(store.getState().connection.connectionStatus).toBe('disconnected');
  });

  it('is connecting at once and connected after 2000 ms', async () => {
    vi.useFakeTimers();
    try {
      const store = createStore({ storage: memoryStorage() });
      store.dispatch(setSelectedServer({ id: 3, title: 'Germany 1' }));
      const done = store.dispatch(connect());
      expect(store.getState().connection).toEqual({ isConnected: false, connectionStatus: 'connecting' });
      await vi.advanceTimersByTimeAsync(1999);
      expect(store.getState().connection.connectionStatus).toBe('connecting');
      await vi.advanceTimersByTimeAsync(1);
      await done;
      expect(store.getState().connection).toEqual({ isConnected: true, connectionStatus: 'connected' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('disconnect sets disconnected and clears the server, also during connecting', async () => {
    vi.useFakeTimers();
    try {
      const store = createStore({ storage: memoryStorage() });
      store.dispatch(setSelectedServer({ id: 3 }));
      const done = store.dispatch(connect());
      store.dispatch(disconnect());
      await vi.advanceTimersByTimeAsync(2000);
      await done;
      expect(store.getState().connection).toEqual({ isConnected: false, connectionStatus: 'disconnected' });
      expect(store.getState().app.selectedServer).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('setting the status directly sets isConnected only for connected', () => {
    const store = createStore({ storage: memoryStorage() });
    for (const status of ['connecting', 'connected', 'disconnected'] as const) {
      store.dispatch(setConnectionStatus(status));
      expect(store.getState().connection).toEqual({ connectionStatus: status, isConnected: status === 'connected' });
    }
  });
});
