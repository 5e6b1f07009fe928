import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { disconnect } from './actions.ts';
import { DEFAULT_LANGUAGE, directionOf, type Language } from '@separ/domain';

/** The signed-in user as the page knows it: never a password or token. */
export interface UserData {
  username: string;
  ios?: number;
}

/** A server chosen for the simulated connection (SPEC §3 leaves its shape open). */
export interface SelectedServer {
  id: number | string;
  title?: string;
  countryCode?: string;
}

/** The client app state of SPEC §3 that is persisted under `separ-app-state`. */
export interface AppState {
  language: Language;
  isRTL: boolean;
  darkMode: boolean;
  cookiesAccepted: boolean | null;
  selectedServer: SelectedServer | null;
  userData: UserData | null;
}

export const initialAppState: AppState = {
  language: DEFAULT_LANGUAGE,
  isRTL: directionOf(DEFAULT_LANGUAGE) === 'rtl',
  darkMode: false,
  cookiesAccepted: null,
  selectedServer: null,
  userData: null,
};

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    setLanguage(state, action: PayloadAction<Language>) {
      state.language = action.payload;
      state.isRTL = directionOf(action.payload) === 'rtl';
    },
    setDarkMode(state, action: PayloadAction<boolean>) {
      state.darkMode = action.payload;
    },
    toggleDarkMode(state) {
      state.darkMode = !state.darkMode;
    },
    setCookiesAccepted(state, action: PayloadAction<boolean>) {
      state.cookiesAccepted = action.payload;
    },
    setSelectedServer(state, action: PayloadAction<SelectedServer | null>) {
      state.selectedServer = action.payload;
    },
    setUserData(state, action: PayloadAction<UserData>) {
      state.userData = action.payload;
    },
    clearUserData(state) {
      state.userData = null;
    },
    /** Back to the defaults (SPEC §4 "reset to defaults"). */
    resetApp() {
      return initialAppState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(disconnect, (state) => {
      state.selectedServer = null;
    });
  },
});

export const {
  setLanguage,
  setDarkMode,
  toggleDarkMode,
  setCookiesAccepted,
  setSelectedServer,
  setUserData,
  clearUserData,
  resetApp,
} = appSlice.actions;
