import type {
  CaptchaResponse,
  ChangePasswordBody,
  LoginBody,
  LoginResponse,
  RefreshResponse,
  TokenInfo,
  UserInfo,
} from '@meetflow/shared/schemas/auth';
import { REFRESH_PATH, http } from '../http.ts';
import { isLoggedIn, useSessionStore } from './session-store.ts';

/*
 * Answers are typed from the shared schemas but not re-parsed here: the server validates its
 * own output, and the zod runtime would add ~25 KB gzipped to the login and admin chunks.
 */

export function fetchCaptcha(): Promise<CaptchaResponse> {
  return http.get<CaptchaResponse>('/captcha');
}

export function login(body: LoginBody): Promise<LoginResponse> {
  return http.post<LoginResponse>('/login', body);
}

export function fetchMe(): Promise<UserInfo> {
  return http.get<UserInfo>('/me');
}

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await http.put('/me/password', body);
}

let refreshing: Promise<TokenInfo> | null = null;

/**
 * Rotates the token pair; the old refresh token is dead afterwards, so the new one is stored at once.
 * Single flight: a second call while one is pending shares it, because sending the same refresh
 * token twice counts as reuse and revokes the whole session.
 */
export function refreshSession(options: { keepSession?: boolean } = {}): Promise<TokenInfo> {
  refreshing ??= http
    .post<RefreshResponse>(REFRESH_PATH, undefined, {
      silent: options.keepSession,
      keepSession: options.keepSession,
    })
    .then(({ token }) => {
      useSessionStore.getState().setToken(token);
      return token;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Ends the session on the server (best effort: a failure must not keep the user logged in here) and
 * then clears every client-side trace of it. An expired token is not sent: its token-expired answer
 * would end the session a second time, with a message the user who chose to leave has no use for.
 */
export async function logout(): Promise<void> {
  if (isLoggedIn()) {
    await http.post('/logout', undefined, { silent: true }).catch(() => undefined);
  }
  useSessionStore.getState().clear();
  // A door station's copy of guests leaves with the session that fetched it (loaded only now).
  await import('../station-data.ts').then((m) => m.forgetStationData()).catch(() => undefined);
}
