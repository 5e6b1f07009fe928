import { asRecord, toText } from '@separ/domain';
import type { AnswerOf, BodyOf, SITE_ROUTES } from '@separ/domain/contract';
import { separApi } from '../api.ts';
import { apiError, errorCodeOf, isTransportError } from '../errors.ts';

type LoginRoute = typeof SITE_ROUTES.login;

/** The credentials of `POST /site_login`: its body's fields (the contract's), both given. */
export type LoginArgs = Required<BodyOf<LoginRoute>>;

/** What a login answers beside `ok`: the account's username as the server knows it. */
export type LoginData = Omit<AnswerOf<LoginRoute>, 'ok'>;

/** How a login failed, in the terms of SPEC §8, plus the throttle and a server too busy to check. */
export type LoginFailure = 'invalid' | 'network' | 'throttled' | 'busy';

/**
 * The failure by the answer's `code` (the contract's error table), never its status or its text:
 * `tooManyAttempts` is the throttle, `overloaded` and `unavailable` a server that could not check;
 * anything else, an answer without a code among them, is SPEC §8's invalid credentials.
 */
export function loginFailure(error: unknown): LoginFailure {
  if (isTransportError(error)) return 'network';
  switch (errorCodeOf(error)) {
    case 'tooManyAttempts':
      return 'throttled';
    case 'overloaded':
    case 'unavailable':
      return 'busy';
    default:
      return 'invalid';
  }
}

export const authApi = separApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /site_login with username and password as form fields in the body, never in the URL
     * (CONTRACTS §15: a proxy's access log keeps URLs); the server sets the cookies.
     */
    login: build.mutation<LoginData, LoginArgs>({
      async queryFn({ username, password }, _api, _extra, baseQuery) {
        const body: BodyOf<LoginRoute> = { username, password };
        const result = await baseQuery({ url: '/site_login', method: 'POST', body, form: true });
        if (result.error) return { error: result.error };
        const answer = asRecord(result.data);
        if (answer.ok !== true) return { error: apiError('Invalid username or password') };
        return { data: { username: toText(answer.username) || username } };
      },
      invalidatesTags: ['Account', 'Servers', 'Wallet'],
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
