import { asRecord, toText } from '@separ/domain';
import type { AppLinks as AppLinksAnswer } from '@separ/domain/contract';
import { separApi } from '../api.ts';
import { apiError } from '../errors.ts';

/** The download links of `GET /appinfo` (the contract's `app_android_link`, `app_win_link`), by platform. */
export interface AppLinks {
  android: AppLinksAnswer['app_android_link'];
  windows: AppLinksAnswer['app_win_link'];
}

export const appInfoApi = separApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /appinfo → data[0].app_android_link and app_win_link. */
    getAppInfo: build.query<AppLinks, void>({
      async queryFn(_args, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/appinfo' });
        if (result.error) return { error: result.error };
        const body = asRecord(result.data);
        const first = asRecord(Array.isArray(body.data) ? body.data[0] : undefined);
        if (body.ok !== true) return { error: apiError('App info unavailable') };
        return { data: { android: toText(first.app_android_link), windows: toText(first.app_win_link) } };
      },
    }),
  }),
});

export const { useGetAppInfoQuery } = appInfoApi;
