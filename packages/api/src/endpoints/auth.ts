import { asRecord, toText } from '@separ/domain';
import { separApi } from '../api.ts';
import { apiError, isApiError, isTransportError } from '../errors.ts';

export interface LoginArgs {
  username: string;
  password: string;
}

/** How a login failed, in the terms of SPEC §8, plus the throttle (429) and a server too busy to check (503). */
export type LoginFailure = 'invalid' | 'network' | 'throttled' | 'busy';

export function loginFailure(error: unknown): LoginFailure {
  if (isTransportError(error)) return 'network';
  if (isApiError(error) && error.kind === 'http' && error.code === 429) return 'throttled';
  if (isApiError(error) && error.kind === 'http' && error.code === 503) return 'busy';
  return 'invalid';
}

export const authApi = separApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /site_login with username and password as form fields in the body, never in the URL
     * (CONTRACTS §15: a proxy's access log keeps URLs); the server sets the cookies.
     */
    login: build.mutation<{ username: string }, LoginArgs>({
      async queryFn({ username, password }, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: '/site_login',
          method: 'POST',
          body: { username, password },
          form: true,
        });
        if (result.error) return { error: result.error };
        const body = asRecord(result.data);
        if (body.ok !== true) return { error: apiError('Invalid username or password') };
        return { data: { username: toText(body.username) || username } };
      },
      invalidatesTags: ['Account', 'Servers'],
    }),
    /** POST /api/site/logout: ends the session on the server and clears both cookies. */
    logout: build.mutation<{ ok: boolean }, void>({
      query: () => ({ url: '/api/site/logout', method: 'POST' }),
      // No invalidation: the page resets the whole cache after logout (a refetch now would only 401).
      transformResponse: (body: unknown) => ({ ok: asRecord(body).ok === true }),
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation } = authApi;
