import { asRecord, normalizeAccount, toText, type Account, type Country, type RawServer } from '@separ/domain';
import { separApi } from '../api.ts';
import { apiError } from '../errors.ts';

export interface ServersData {
  servers: RawServer[];
  countries: Country[];
}

export interface ChangePasswordArgs {
  current: string;
  next: string;
}

/** The account of SPEC §3 from POST /api/site/account (camelCase or snake_case; at the top or under `data`). */
export function accountFromResponse(body: unknown): Account | null {
  const record = asRecord(body);
  if (record.ok === false) return null;
  const nested = asRecord(record.data);
  return normalizeAccount('username' in nested ? nested : record);
}

/** SPEC §8: a not-ok body or a missing servers or countries list is an error. */
export function serversFromResponse(body: unknown): ServersData | null {
  const record = asRecord(body);
  if (record.ok !== true || !Array.isArray(record.servers) || !Array.isArray(record.countries)) return null;
  return {
    servers: record.servers.map((item) => asRecord(item) as unknown as RawServer),
    countries: record.countries.map((item) => {
      const country = asRecord(item);
      return { id: toText(country.id), title: toText(country.title) };
    }),
  };
}

export const panelApi = separApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/site/account with no body: the user record with its devices and payments. */
    getAccount: build.query<Account, void>({
      async queryFn(_args, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/api/site/account', method: 'POST' });
        if (result.error) return { error: result.error };
        const account = accountFromResponse(result.data);
        if (!account) return { error: apiError(toText(asRecord(result.data).message) || 'Account unavailable') };
        return { data: account };
      },
      providesTags: ['Account'],
    }),
    /** POST /api/site/changepassword?currentpassword&newpassword → { ok, message }; ok false is an answer, not an error. */
    changePassword: build.mutation<{ ok: boolean; message: string }, ChangePasswordArgs>({
      query: ({ current, next }) => ({
        url: '/api/site/changepassword',
        method: 'POST',
        params: { currentpassword: current, newpassword: next },
      }),
      transformResponse: (body: unknown) => {
        const record = asRecord(body);
        return { ok: record.ok === true, message: toText(record.message) };
      },
      // The server links carry the password: they change with it.
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
    /** POST /api/site/unlinkdevice?sessionId → ok; on ok the device leaves the cached account at once. */
    unlinkDevice: build.mutation<{ ok: true }, { id: string }>({
      async queryFn({ id }, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/api/site/unlinkdevice', method: 'POST', params: { sessionId: id } });
        if (result.error) return { error: result.error };
        const body = asRecord(result.data);
        if (body.ok !== true) return { error: apiError(toText(body.message) || 'Device not disconnected') };
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

export const { useGetAccountQuery, useChangePasswordMutation, useGetServersQuery, useUnlinkDeviceMutation } = panelApi;
