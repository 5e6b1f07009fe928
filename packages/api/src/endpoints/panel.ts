import { asRecord, normalizeAccount, toText, type Account, type Country, type ErrorCode } from '@separ/domain';
import type { AccountAnswer, AnswerOf, BodyOf, PANEL_ROUTES, QueryOf, ServerRecord } from '@separ/domain/contract';
import { separApi } from '../api.ts';
import { apiError, errorCodeOf, errorCodeOfBody } from '../errors.ts';

type Panel = typeof PANEL_ROUTES;

/** The servers list (`POST /api/site/servers`): the contract's servers, and the countries by their title. */
export interface ServersData {
  servers: ServerRecord[];
  countries: Country[];
}

/**
 * The account as the panel reads it: SPEC §3 (normalised: the spec's backends may send snake_case
 * names) plus the subscription link of CONTRACTS §7 (when the backend sends it).
 */
export type PanelAccount = Account & Partial<Pick<AccountAnswer, 'subUrl' | 'referralCode' | 'reset' | 'nextResetAt'>>;

/** What the subscription page shows (GET /sub/{token}?format=json): the account's state and its link. */
export interface SubscriptionData {
  account: Account;
  subUrl: string;
  /** How many connection links the subscription carries now. */
  links: number;
  /** The links' names, as the apps show them (a node's extra hosts among them). */
  linkNames: string[];
  /** A plan whose data resets (CONTRACTS §14): its period, and the next reset (null: none due yet). */
  dataReset?: { period: 'day' | 'week' | 'month'; nextAt: string | null };
}

/** The reset period and next reset an answer carries (CONTRACTS §14); undefined when its plan does not reset. */
function dataResetOf(source: Record<string, unknown>): SubscriptionData['dataReset'] {
  const period = source.reset;
  if (period !== 'day' && period !== 'week' && period !== 'month') return undefined;
  return { period, nextAt: typeof source.nextResetAt === 'string' ? source.nextResetAt : null };
}

/** A one-time code for linking the messaging bot (POST /api/site/botcode): 8 digits, good once. */
export type BotCode = Omit<AnswerOf<Panel['botCode']>, 'ok'>;

export interface ChangePasswordArgs {
  current: string;
  next: string;
}

/**
 * The server's answer to a password change (the contract's: done, or refused with status 200), as
 * the page reads it: `code` names a refusal (e.g. `passwordTooCommon`) when it sends one.
 */
export type ChangePasswordResult = Pick<AnswerOf<Panel['changePassword']>, 'ok' | 'message'> & { code?: ErrorCode };

export function changePasswordFromResponse(body: unknown): ChangePasswordResult {
  const record = asRecord(body);
  const result: ChangePasswordResult =
    record.ok === true ? { ok: true, message: toText(record.message) } : { ok: false, message: toText(record.message) };
  // A code of the error table: the spec's answers also carry numeric HTTP-like codes, which name no refusal.
  const code = errorCodeOfBody(record);
  if (code) result.code = code;
  return result;
}

/** The account of SPEC §3 from POST /api/site/account (camelCase or snake_case; at the top or under `data`). */
export function accountFromResponse(body: unknown): PanelAccount | null {
  const record = asRecord(body);
  if (record.ok === false) return null;
  const nested = asRecord(record.data);
  const source = 'username' in nested ? nested : record;
  const account: PanelAccount | null = normalizeAccount(source);
  const subUrl = toText(source.subUrl ?? source.sub_url);
  if (account && /^https?:\/\//.test(subUrl)) account.subUrl = subUrl;
  // The account's referral code (CONTRACTS §12), when the server names one.
  const referralCode = toText(source.referralCode);
  if (account && referralCode) account.referralCode = referralCode;
  // A plan whose data resets (CONTRACTS §14): its period, and the next reset when one is due.
  const dataReset = dataResetOf(source);
  if (account && dataReset) {
    account.reset = dataReset.period;
    account.nextResetAt = dataReset.nextAt;
  }
  return account;
}

/** GET /sub/{token}?format=json → the page's data; null when the body is not that. */
export function subscriptionFromResponse(body: unknown): SubscriptionData | null {
  const record = asRecord(body);
  if (record.ok !== true) return null;
  const account = normalizeAccount(record);
  const subUrl = toText(record.subUrl);
  if (!account || !/^https?:\/\//.test(subUrl)) return null;
  const linkNames = Array.isArray(record.linkNames) ? record.linkNames.map((name) => toText(name)).filter(Boolean) : [];
  const dataReset = dataResetOf(record);
  return {
    account,
    subUrl,
    links: typeof record.links === 'number' ? record.links : 0,
    linkNames,
    ...(dataReset ? { dataReset } : {}),
  };
}

/** The subscription page's error for a link that was replaced or never existed: the answer's code says so. */
export function isSubscriptionGone(error: unknown): boolean {
  return errorCodeOf(error) === 'subscriptionNotFound';
}

/** SPEC §8: a not-ok body or a missing servers or countries list is an error. */
export function serversFromResponse(body: unknown): ServersData | null {
  const record = asRecord(body);
  if (record.ok !== true || !Array.isArray(record.servers) || !Array.isArray(record.countries)) return null;
  return {
    servers: record.servers.map((item) => asRecord(item) as unknown as ServerRecord),
    countries: record.countries.map((item) => {
      const country = asRecord(item);
      return { id: toText(country.id), title: toText(country.title) };
    }),
  };
}

export const panelApi = separApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/site/account with no body: the user record with its devices and payments. */
    getAccount: build.query<PanelAccount, void>({
      async queryFn(_args, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/api/site/account', method: 'POST' });
        if (result.error) return { error: result.error };
        const account = accountFromResponse(result.data);
        if (!account)
          return {
            error: apiError(
              toText(asRecord(result.data).message) || 'Account unavailable',
              undefined,
              errorCodeOfBody(asRecord(result.data)),
            ),
          };
        return { data: account };
      },
      providesTags: ['Account'],
    }),
    /** GET /sub/{token}?format=json (no session): the subscription page's account and link; 404 when replaced. */
    getSubscription: build.query<SubscriptionData, string>({
      async queryFn(token, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: `/sub/${encodeURIComponent(token)}`,
          method: 'GET',
          params: { format: 'json' },
        });
        if (result.error) return { error: result.error };
        const data = subscriptionFromResponse(result.data);
        if (!data)
          return {
            error: apiError(
              toText(asRecord(result.data).message) || 'Subscription unavailable',
              undefined,
              errorCodeOfBody(asRecord(result.data)),
            ),
          };
        return { data };
      },
    }),
    /** POST /api/site/sub/reset → { ok, subUrl }: a new link; the old one answers 404 from now on. */
    resetSubscription: build.mutation<{ subUrl: string }, void>({
      async queryFn(_args, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/api/site/sub/reset', method: 'POST' });
        if (result.error) return { error: result.error };
        const body = asRecord(result.data);
        const subUrl = toText(body.subUrl);
        if (body.ok !== true || !subUrl)
          return { error: apiError(toText(body.message) || 'Link not replaced', undefined, errorCodeOfBody(body)) };
        return { data: { subUrl } };
      },
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            panelApi.util.updateQueryData('getAccount', undefined, (account) => {
              account.subUrl = data.subUrl;
            }),
          );
        } catch {
          return;
        }
      },
    }),
    /**
     * POST /api/site/changepassword with JSON `{ currentpassword, newpassword }` in the body, never in
     * the URL (CONTRACTS §15) → `{ ok, message, code? }`; ok false is an answer, not an error.
     */
    changePassword: build.mutation<ChangePasswordResult, ChangePasswordArgs>({
      query: ({ current, next }) => ({
        url: '/api/site/changepassword',
        method: 'POST',
        body: { currentpassword: current, newpassword: next } satisfies BodyOf<Panel['changePassword']>,
      }),
      transformResponse: changePasswordFromResponse,
      // A change replaces the subscription link, the VPN id in every link and the other devices'
      // sessions (CONTRACTS §15): the account and the servers are fetched again.
      invalidatesTags: (result) => (result?.ok ? ['Servers', 'Account'] : []),
    }),
    /** POST /api/site/servers (JSON content type, no body) → servers and countries. */
    getServers: build.query<ServersData, void>({
      async queryFn(_args, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/api/site/servers', method: 'POST' });
        if (result.error) return { error: result.error };
        const data = serversFromResponse(result.data);
        if (!data) return { error: apiError('Error loading server information') };
        return { data };
      },
      providesTags: ['Servers'],
    }),
    /** POST /api/site/botcode → a new one-time code for the bot's My account (each call replaces the last). */
    createBotCode: build.mutation<BotCode, void>({
      async queryFn(_args, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/api/site/botcode', method: 'POST' });
        if (result.error) return { error: result.error };
        const body = asRecord(result.data);
        const code = toText(body.code);
        if (body.ok !== true || !/^\d{4,12}$/.test(code))
          return { error: apiError(toText(body.message) || 'No code was made', undefined, errorCodeOfBody(body)) };
        const answer: BotCode = { code, expiresAt: toText(body.expiresAt), minutes: Number(body.minutes) || 10 };
        return { data: answer };
      },
    }),
    /** POST /api/site/unlinkdevice?sessionId → ok; on ok the device leaves the cached account at once. */
    unlinkDevice: build.mutation<{ ok: true }, { id: string }>({
      async queryFn({ id }, _api, _extra, baseQuery) {
        const params = { sessionId: id } satisfies QueryOf<Panel['unlinkDevice']>;
        const result = await baseQuery({ url: '/api/site/unlinkdevice', method: 'POST', params });
        if (result.error) return { error: result.error };
        const body = asRecord(result.data);
        if (body.ok !== true)
          return {
            error: apiError(toText(body.message) || 'Device not disconnected', undefined, errorCodeOfBody(body)),
          };
        return { data: { ok: true } };
      },
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          panelApi.util.updateQueryData('getAccount', undefined, (account) => {
            account.devices = account.devices.filter((device) => device.id !== id);
          }),
        );
      },
      invalidatesTags: (result) => (result ? ['Account'] : []),
    }),
  }),
});

export const {
  useGetAccountQuery,
  useChangePasswordMutation,
  useGetServersQuery,
  useUnlinkDeviceMutation,
  useGetSubscriptionQuery,
  useResetSubscriptionMutation,
  useCreateBotCodeMutation,
} = panelApi;
