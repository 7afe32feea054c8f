import {
  LOGIN_PATH,
  HOME_PATH,
  loginPathWithRedirect,
  sanitizeRedirect,
} from '../../lib/session/redirect.ts';
import { STATION_PATH } from '../../lib/station-lock.ts';

export const NOT_FOUND_PATH = '/404';

export interface GuardInput {
  pathname: string;
  /** pathname + search: what the login redirect should bring the user back to. */
  fullPath: string;
  /** The `redirect` query parameter, on the login page. */
  redirect: string | null;
  loggedIn: boolean;
  /** The matched route is public (whiteList meta). */
  whiteList: boolean;
  /** The catch-all matched. */
  unknownRoute: boolean;
  routesGenerated: boolean;
  /** Name of the matched back-office route, if any. */
  routeName: string | undefined;
  allowedNames: ReadonlySet<string>;
  /** A self check-in kiosk is locked to the station until its operator's PIN releases it. */
  kioskLocked?: boolean;
}

export type GuardResult = { type: 'render' } | { type: 'redirect'; to: string } | { type: 'generate' };

/** The navigation guard of spec §4, as a pure function of where we are and who is logged in. */
export function decideGuard(input: GuardInput): GuardResult {
  const { pathname, loggedIn } = input;
  if (input.kioskLocked && pathname !== STATION_PATH) return { type: 'redirect', to: STATION_PATH };
  if (pathname === LOGIN_PATH) {
    // Honour ?redirect here too: this runs in the same tick as the login form's own navigation.
    return loggedIn
      ? { type: 'redirect', to: sanitizeRedirect(input.redirect) ?? HOME_PATH }
      : { type: 'render' };
  }
  if (input.unknownRoute) return loggedIn ? { type: 'redirect', to: NOT_FOUND_PATH } : { type: 'render' };
  if (input.whiteList) return { type: 'render' };
  if (!loggedIn) return { type: 'redirect', to: loginPathWithRedirect(input.fullPath) };
  if (!input.routesGenerated) return { type: 'generate' };
  if (input.routeName && input.routeName !== '404' && !input.allowedNames.has(input.routeName)) {
    return { type: 'redirect', to: NOT_FOUND_PATH };
  }
  return { type: 'render' };
}
