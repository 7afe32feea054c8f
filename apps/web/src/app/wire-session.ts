import { configureHttp } from '../lib/http-hooks.ts';
import { toast } from '../lib/toast.ts';
import { useSessionStore } from '../lib/session/session-store.ts';
import { LOGIN_PATH, loginPathWithRedirect } from '../lib/session/redirect.ts';

/** The app's current route (hash routing): pathname + search. */
function currentRoute(): { pathname: string; search: string } {
  const route = window.location.hash.replace(/^#/, '') || '/';
  const queryAt = route.indexOf('?');
  return queryAt < 0
    ? { pathname: route, search: '' }
    : { pathname: route.slice(0, queryAt), search: route.slice(queryAt) };
}

/**
 * Connects the HTTP client to the session: it signs requests with the stored token and, on an
 * expired or revoked session, logs out and sends the user to login with a way back (spec §8).
 */
export function wireSession(): void {
  configureHttp({
    getToken: () => useSessionStore.getState().token,
    onAuthFailure: (message) => {
      useSessionStore.getState().clear();
      // The toast holder sits above both layouts, so the message outlives the switch to login.
      toast.error(message, { key: message });
      const { pathname, search } = currentRoute();
      // The hash router follows the address.
      if (pathname !== LOGIN_PATH) window.location.replace(`#${loginPathWithRedirect(pathname + search)}`);
    },
  });
}
