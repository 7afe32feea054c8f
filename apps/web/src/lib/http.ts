import { REQUEST_TIMEOUT_MS } from '@meetflow/shared/constants';
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
  type Exchange,
} from './http-errors.ts';
import { toast } from './toast.ts';

export { ApiError } from './http-errors.ts';

/*
 * The back office's JSON client: fetch with the session's headers, a timeout, and the envelope
 * unwrapped. (axios did this before at ~17 KB gzip on the admin shell's first screen.)
 */

/** The refresh url authenticates with the refresh token instead of the access token (spec §7). */
export const REFRESH_PATH = '/tokens/create';

export interface RequestOptions {
  /** Query parameters; undefined and null values are left out. */
  params?: object | null;
  /** Milliseconds before the call is given up as timed out (REQUEST_TIMEOUT_MS by default). */
  timeout?: number;
  /**
   * No toast: the caller shows the failure itself (or a background poll shows nothing). An ended
   * session is still handled, for every call (spec §8), or the user would stay on a dead page.
   */
  silent?: boolean;
  /**
   * An ended session is the caller's to handle (a door station keeps judging and queueing, and asks
   * for a login), not a logout and a trip to the login page.
   */
  keepSession?: boolean;
}

interface Call extends RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  data?: unknown;
}

/** Paths containing /image are sent without the base URL (spec §7): they are host-rooted already. */
export function baseUrlFor(url: string | undefined, base: string): string {
  return url?.includes('/image') ? '' : base;
}

/** The request URL: base, path and the defined query parameters. */
export function requestUrl(url: string, params: object | null | undefined): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const search = query.toString();
  return `${baseUrlFor(url, '/api')}${url}${search ? `?${search}` : ''}`;
}

function headersFor(call: Call): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  // FormData sets its own multipart type (with the boundary).
  if (call.data !== undefined && !(call.data instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  const token = httpHooks().getToken();
  if (token) {
    const value = call.url === REFRESH_PATH ? token.refresh_token : token.access_token;
    headers.set('Authorization', `${token.token_type} ${value}`);
  }
  return headers;
}

/** One exchange with the server; never throws: a failure is described in the result. */
async function exchange(call: Call): Promise<Exchange> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, call.timeout ?? REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(requestUrl(call.url, call.params), {
      method: call.method,
      headers: headersFor(call),
      body: call.data === undefined || call.data instanceof FormData ? call.data : JSON.stringify(call.data),
      signal: controller.signal,
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): kept as text.
    }
    return { status: response.status, body, timedOut: false };
  } catch {
    return { status: undefined, body: undefined, timedOut };
  } finally {
    clearTimeout(timer);
  }
}

function fail(error: ApiError, silent: boolean, keepSession = false): never {
  if (isAuthFailure(error.code, error.message)) {
    if (keepSession) throw error;
    httpHooks().onAuthFailure(error.message);
  } else if (!silent) {
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

async function request<T>(call: Call): Promise<T> {
  const { silent = false, keepSession = false } = call;
  const t = i18n.t;
  const answer = await exchange(call);
  const { status, body } = answer;
  if (status !== undefined && status >= 200 && status < 300) {
    if (isEnvelope(body) && body.code === 0) return body.data as T;
    if (isEnvelope(body)) {
      return fail(
        new ApiError(body.message || t('http.unanswered'), body.code, status, body.data),
        silent,
        keepSession,
      );
    }
    return fail(new ApiError(t('http.unanswered'), HTTP_STATUS_ERROR, status, body), silent, keepSession);
  }
  const failure = classifyFailure(answer);
  switch (failure.kind) {
    case 'envelope':
      return fail(
        new ApiError(failure.message ?? t('http.unanswered'), failure.code, status, failure.data),
        silent,
        keepSession,
      );
    case 'timeout':
      return fail(new ApiError(t('http.timeout'), TIMEOUT_ERROR, undefined, null), silent, keepSession);
    case 'network':
      return fail(new ApiError(t('http.network'), NETWORK_ERROR, undefined, null), silent, keepSession);
    case 'status':
      return fail(
        new ApiError(t('http.status', { status: failure.status }), HTTP_STATUS_ERROR, failure.status, null),
        silent,
        keepSession,
      );
  }
}

export const http = {
  get: <T>(url: string, options?: RequestOptions) => request<T>({ ...options, url, method: 'GET' }),
  post: <T>(url: string, data?: unknown, options?: RequestOptions) =>
    request<T>({ ...options, url, data, method: 'POST' }),
  put: <T>(url: string, data?: unknown, options?: RequestOptions) =>
    request<T>({ ...options, url, data, method: 'PUT' }),
  patch: <T>(url: string, data?: unknown, options?: RequestOptions) =>
    request<T>({ ...options, url, data, method: 'PATCH' }),
  delete: <T>(url: string, options?: RequestOptions) => request<T>({ ...options, url, method: 'DELETE' }),
};
