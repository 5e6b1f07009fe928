import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SIMULATED_CONNECT_DELAY_MS } from '@separ/domain';
import { disconnect } from './actions.ts';
import { resetApp, type AppState } from './appSlice.ts';

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected';

/** The simulated connection of SPEC §4: client state only, no network call. */
export interface ConnectionState {
  isConnected: boolean;
  connectionStatus: ConnectionStatus;
}

export const initialConnectionState: ConnectionState = { isConnected: false, connectionStatus: 'disconnected' };

/** Connect needs a selected server: connecting at once, connected after 2000 ms. */
export const connect = createAsyncThunk<
  void,
  { delayMs?: number } | void,
  { state: { app: AppState; connection: ConnectionState } }
>(
  'connection/connect',
  async (options, { dispatch, getState }) => {
    dispatch(setConnectionStatus('connecting'));
    await new Promise((resolve) => setTimeout(resolve, options?.delayMs ?? SIMULATED_CONNECT_DELAY_MS));
    // A disconnect during the wait wins.
    if (getState().connection.connectionStatus === 'connecting') dispatch(setConnectionStatus('connected'));
  },
  { condition: (_options, { getState }) => getState().app.selectedServer !== null },
);

export const connectionSlice = createSlice({
  name: 'connection',
  initialState: initialConnectionState,
  reducers: {
    /** Sets the status directly; isConnected is true only for 'connected'. */
    setConnectionStatus(state, action: PayloadAction<ConnectionStatus>) {
      state.connectionStatus = action.payload;
      state.isConnected = action.payload === 'connected';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(disconnect, () => initialConnectionState);
    builder.addCase(resetApp, () => initialConnectionState);
  },
});

export const { setConnectionStatus } = connectionSlice.actions;
export { disconnect };
