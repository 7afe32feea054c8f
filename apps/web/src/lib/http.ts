import axios, { type AxiosRequestConfig, isAxiosError } from 'axios';
import { REQUEST_TIMEOUT_MS } from '@meetflow/shared';
import { currentLanguage, i18n } from './i18n.ts';
import { httpHooks } from './http-hooks.ts';
import {
  ApiError,
  HTTP_STATUS_ERROR,
  NETWORK_ERROR,
  TIMEOUT_ERROR,
  classifyFailure,
  isAuthFailure,
  isEnvelope,
} from './http-errors.ts';
import { toast } from './toast.ts';

export { ApiError } from './http-errors.ts';

/** The refresh url authenticates with the refresh token instead of the access token (spec §7). */
export const REFRESH_PATH = '/tokens/create';

export interface RequestOptions extends AxiosRequestConfig {
  /** No toast and no automatic logout: the caller handles the failure itself. */
  silent?: boolean;
}

const client = axios.create({
  baseURL: '/api',
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
  withCredentials: false,
});

/** Paths containing /image are sent without the base URL (spec §7): they are host-rooted already. */
export function baseUrlFor(url: string | undefined, base: string): string {
  return url?.includes('/image') ? '' : base;
}

client.interceptors.request.use((config) => {
  config.baseURL = baseUrlFor(config.url, config.baseURL ?? '');
  config.headers.set('Accept-Language', currentLanguage());
  const token = httpHooks().getToken();
  if (token && !config.headers.has('Authorization')) {
    const value = config.url === REFRESH_PATH ? token.refresh_token : token.access_token;
    config.headers.set('Authorization', `${token.token_type} ${value}`);
  }
  return config;
});

function fail(error: ApiError, silent: boolean): never {
  if (silent) throw error;
  if (isAuthFailure(error.code, error.message)) {
    httpHooks().onAuthFailure(error.message);
  } else {
    // Keyed by text: the same message is shown once at a time however many calls fail together.
    toast.error(error.message, { key: error.message });
  }
  throw error;
}

/** Shows a failure of a call made outside this client (lib/authorized-fetch) the way this client does. */
export function reportFailure(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  try {
    fail(error, false);
  } catch {
    // fail() rethrows for its own callers; here showing it is all that is wanted.
  }
}

export async function request<T>(options: RequestOptions): Promise<T> {
  const { silent = false, ...config } = options;
  const t = i18n.t.bind(i18n);
  try {
    const response = await client.request<unknown>(config);
    const body = response.data;
    if (isEnvelope(body) && body.code === 0) return body.data as T;
    if (isEnvelope(body)) {
      return fail(
        new ApiError(body.message || t('http.unanswered'), body.code, response.status, body.data),
        silent,
      );
    }
    return fail(new ApiError(t('http.unanswered'), HTTP_STATUS_ERROR, response.status, body), silent);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (!isAxiosError(error)) throw error;
    const failure = classifyFailure({
      status: error.response?.status,
      body: error.response?.data,
      axiosCode: error.code,
    });
    switch (failure.kind) {
      case 'envelope':
        return fail(
          new ApiError(
            failure.message ?? t('http.unanswered'),
            failure.code,
            error.response?.status,
            failure.data,
          ),
          silent,
        );
      case 'timeout':
        return fail(new ApiError(t('http.timeout'), TIMEOUT_ERROR, undefined, null), silent);
      case 'network':
        return fail(new ApiError(t('http.network'), NETWORK_ERROR, undefined, null), silent);
      case 'status':
        return fail(
          new ApiError(t('http.status', { status: failure.status }), HTTP_STATUS_ERROR, failure.status, null),
          silent,
        );
    }
  }
}

export const http = {
  get: <T>(url: string, options?: RequestOptions) => request<T>({ ...options, url, method: 'GET' }),
  post: <T>(url: string, data?: unknown, options?: RequestOptions) =>
    request<T>({ ...options, url, data, method: 'POST' }),
  put: <T>(url: string, data?: unknown, options?: RequestOptions) =>
    request<T>({ ...options, url, data, method: 'PUT' }),
  delete: <T>(url: string, options?: RequestOptions) => request<T>({ ...options, url, method: 'DELETE' }),
};
