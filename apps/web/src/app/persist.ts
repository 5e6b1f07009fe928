import { APP_STATE_STORAGE_KEY, isLanguage } from '@separ/domain';
import { initialAppState, type AppState, type SelectedServer, type UserData } from './appSlice.ts';

/**
 * Reads the persisted app state, keeping only well-formed fields: a hand-edited or outdated entry
 * never breaks the page, it only falls back to the defaults.
 */
export function loadAppState(storage: Pick<Storage, 'getItem'> | undefined): AppState {
  let raw: unknown;
  try {
    const text = storage?.getItem(APP_STATE_STORAGE_KEY);
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  if (typeof raw !== 'object' || raw === null) return initialAppState;
  const saved = raw as Record<string, unknown>;
  const language = isLanguage(saved.language) ? saved.language : initialAppState.language;
  const user = saved.userData as Partial<UserData> | null | undefined;
  const server = saved.selectedServer as Partial<SelectedServer> | null | undefined;
  return {
    language,
    isRTL: language === 'fa',
    darkMode: saved.darkMode === true,
    cookiesAccepted: typeof saved.cookiesAccepted === 'boolean' ? saved.cookiesAccepted : null,
    selectedServer:
      server && (typeof server.id === 'number' || typeof server.id === 'string') ? (server as SelectedServer) : null,
    userData:
      user && typeof user.username === 'string'
        ? { username: user.username, ...(typeof user.ios === 'number' ? { ios: user.ios } : {}) }
        : null,
  };
}

export function saveAppState(storage: Pick<Storage, 'setItem'> | undefined, state: AppState): void {
  try {
    storage?.setItem(APP_STATE_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Private mode or a full quota: the page works on, it only forgets on reload.
  }
}
