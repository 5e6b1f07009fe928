import { configureStore } from '@reduxjs/toolkit';
import { separApi } from './api.ts';
import type { ApiConfig } from './baseQuery.ts';

/** A store with only the api slice, configured like the web app's (tests of this package). */
export function createApiStore(config: ApiConfig = {}) {
  return configureStore({
    reducer: { [separApi.reducerPath]: separApi.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { api: config } }, serializableCheck: false }).concat(separApi.middleware),
  });
}
