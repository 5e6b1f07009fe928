import { createApi } from '@reduxjs/toolkit/query/react';
import { separBaseQuery } from './baseQuery.ts';

/** Cache tags: what a mutation changes, so that the screens showing it load again. */
export const TAGS = ['Account', 'Servers', 'Wallet'] as const;

/**
 * The one RTK Query api of the site. Endpoints are injected per feature (plans, payments, auth,
 * panel), each in its own module.
 */
export const separApi = createApi({
  reducerPath: 'api',
  baseQuery: separBaseQuery,
  tagTypes: TAGS,
  endpoints: () => ({}),
});
