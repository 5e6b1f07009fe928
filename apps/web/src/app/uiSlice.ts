import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetApp } from './appSlice.ts';

/** Page state that is not persisted (SPEC §3), plus whether the session cookie was present at the last check. */
export interface UiState {
  isMobileMenuOpen: boolean;
  isScrolled: boolean;
  loggedIn: boolean;
}

export const initialUiState: UiState = { isMobileMenuOpen: false, isScrolled: false, loggedIn: false };

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    toggleMobileMenu(state) {
      state.isMobileMenuOpen = !state.isMobileMenuOpen;
    },
    setMobileMenuOpen(state, action: PayloadAction<boolean>) {
      state.isMobileMenuOpen = action.payload;
    },
    setScrolled(state, action: PayloadAction<boolean>) {
      state.isScrolled = action.payload;
    },
    /** The login state, as read from the username cookie (CONTRACTS §3) on every page change. */
    sessionChecked(state, action: PayloadAction<boolean>) {
      state.loggedIn = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetApp, (state) => ({ ...initialUiState, loggedIn: state.loggedIn }));
  },
});

export const { toggleMobileMenu, setMobileMenuOpen, setScrolled, sessionChecked } = uiSlice.actions;
