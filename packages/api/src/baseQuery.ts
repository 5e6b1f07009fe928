import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { REQUEST_TIMEOUT_MS } from '@separ/domain';
import { httpError, INVALID_JSON, NETWORK_FAILED, REQUEST_TIMEOUT, type ApiError } from './errors.ts';

/** Where the calls go. Both default to the page's own origin. */
export interface ApiConfig {
  /** The backend host of SPEC §7 (`VITE_API_BASE`), e.g. `https://panel.example:2087`; '' = same origin. */
  apiBase?: string;
  /** The plans service's own base URL; defaults to `apiBase`. */
  plansBase?: string;
  /** Per-request timeout; SPEC §9 fixes 10 000 ms. */
  timeoutMs?: number;
}

/** The store passes the configuration as the thunk's extra argument: `{ api: ApiConfig }`. */
export interface ApiExtra {
  api?: ApiConfig;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestArgs {
  url: string;
  method?: Method;
  /** Query-string parameters (SPEC §7 sends the payload of most calls this way). */
  params?: Record<string, string | number>;
  /**
   * A JSON body, when present (form-urlencoded with `form`); a `FormData` is sent as it is, as
   * multipart/form-data with the boundary the browser writes (the card receipt, CONTRACTS §11).
   */
  body?: unknown;
  /**
   * Send `application/x-www-form-urlencoded` instead of JSON as the content type (the login call);
   * a `body` is then sent as form fields.
   */
  form?: boolean;
  /** Which base URL: the backend (default) or the plans service. */
  service?: 'api' | 'plans';
}

function joinUrl(base: string, path: string, params: RequestArgs['params']): string {
  const trimmed = base.endsWith('/') ? base.slice(0, -1) : base;
  const query = params
    ? new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString()
    : '';
  return `${trimmed}${path}${query ? `?${query}` : ''}`;
}

/** Whether the body is a multipart form, which sets its own content type (with its boundary). */
function isMultipart(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

/** The body as the content type says: form fields (strings and numbers), JSON, or a multipart form as given. */
function encodeBody(request: RequestArgs): string | FormData | undefined {
  if (request.body === undefined) return undefined;
  if (isMultipart(request.body)) return request.body;
  if (!request.form) return JSON.stringify(request.body);
  const fields = Object.entries(request.body as Record<string, unknown>).filter(
    (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return new URLSearchParams(fields.map(([key, value]) => [key, String(value)])).toString();
}

/**
 * The shared request helper of SPEC §7 as an RTK Query base query: JSON content type, cookies
 * included, a 10 s timeout, a JSON body when present, and the errors of SPEC §8:
 * `HTTP {status}: {statusText}` (status as code, body text as details), `Invalid JSON response`,
 * `Request timeout`, and the underlying message or `Network request failed`.
 */
export const separBaseQuery: BaseQueryFn<RequestArgs | string, unknown, ApiError> = async (args, api) => {
  const request = typeof args === 'string' ? { url: args } : args;
  const config = (api.extra as ApiExtra | undefined)?.api ?? {};
  const apiBase = config.apiBase ?? '';
  const base = request.service === 'plans' ? (config.plansBase ?? apiBase) : apiBase;
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  api.signal.addEventListener('abort', onOuterAbort);

  try {
    let response: Response;
    try {
      response = await fetch(joinUrl(base, request.url, request.params), {
        method: request.method ?? 'GET',
        credentials: 'include',
        headers: isMultipart(request.body)
          ? { Accept: 'application/json' }
          : {
              'Content-Type': request.form ? 'application/x-www-form-urlencoded' : 'application/json',
              Accept: 'application/json',
            },
        body: encodeBody(request),
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) return { error: { kind: 'timeout', message: REQUEST_TIMEOUT } };
      const message = error instanceof Error && error.message ? error.message : NETWORK_FAILED;
      return { error: { kind: 'network', message } };
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      if (timedOut) return { error: { kind: 'timeout', message: REQUEST_TIMEOUT } };
      return { error: { kind: 'network', message: NETWORK_FAILED } };
    }
    if (!response.ok) return { error: httpError(response.status, response.statusText, text) };
    try {
      return { data: JSON.parse(text) as unknown };
    } catch {
      return { error: { kind: 'json', message: INVALID_JSON } };
    }
  } finally {
    clearTimeout(timer);
    api.signal.removeEventListener('abort', onOuterAbort);
  }
};
