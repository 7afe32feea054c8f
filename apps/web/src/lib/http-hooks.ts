import type { TokenInfo } from '@meetflow/shared/schemas/auth';

/**
 * What the HTTP client needs from the rest of the app. Kept apart from http.ts so the entry chunk
 * can wire the session in without loading the client itself.
 */
export interface HttpHooks {
  getToken(): TokenInfo | null;
  /** Called on a token-expired or session-revoked answer; shows `message` once the login page is up. */
  onAuthFailure(message: string): void;
}

let hooks: HttpHooks = {
  getToken: () => null,
  onAuthFailure: () => undefined,
};

export function configureHttp(next: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...next };
}

export function httpHooks(): HttpHooks {
  return hooks;
}
