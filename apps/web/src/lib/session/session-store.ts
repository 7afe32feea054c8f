import { create } from 'zustand';
import type { LoginResponse, TokenInfo, UserInfo } from '@meetflow/shared/schemas/auth';
import { readJson, removeKey, writeJson } from '../storage.ts';
import { isTokenValid } from './token.ts';

const USER_KEY = 'userInfo';
const TOKEN_KEY = 'tokenInfo';

export interface SessionState {
  user: UserInfo | null;
  token: TokenInfo | null;
  /** The user's permission strings; the route filter and <Auth> read them. */
  permissions: string[];
  setSession(response: LoginResponse): void;
  setToken(token: TokenInfo): void;
  setUser(user: UserInfo): void;
  /** Forgets everything; other stores (tabs, routes) listen for this and reset themselves. */
  clear(): void;
}

const storedUser = readJson<UserInfo | null>(USER_KEY, null);

export const useSessionStore = create<SessionState>()((set) => ({
  user: storedUser,
  token: readJson<TokenInfo | null>(TOKEN_KEY, null),
  permissions: storedUser?.permissions ?? [],
  setSession({ user, token }) {
    writeJson(USER_KEY, user);
    writeJson(TOKEN_KEY, token);
    set({ user, token, permissions: [...user.permissions] });
  },
  setToken(token) {
    writeJson(TOKEN_KEY, token);
    set({ token });
  },
  setUser(user) {
    writeJson(USER_KEY, user);
    set({ user, permissions: [...user.permissions] });
  },
  clear() {
    removeKey(USER_KEY);
    removeKey(TOKEN_KEY);
    set({ user: null, token: null, permissions: [] });
  },
}));

/** Reads the clock, so call it from effects and event handlers, not while rendering pure output. */
export function isLoggedIn(): boolean {
  return isTokenValid(useSessionStore.getState().token, Date.now());
}

/** Runs `listener` whenever the session goes from present to cleared (logout, expiry, revocation). */
export function onSessionCleared(listener: () => void): () => void {
  return useSessionStore.subscribe((state, previous) => {
    if (previous.token && !state.token) listener();
  });
}
