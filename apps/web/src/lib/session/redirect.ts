export const HOME_PATH = '/meeting_management/meeting';
export const LOGIN_PATH = '/login';

/**
 * Accepts only an in-app path for the post-login redirect. Anything that could leave the app
 * (absolute URLs, protocol-relative '//host', backslash tricks, control characters) is refused:
 * otherwise a crafted login link would be an open redirect.
 */
export function sanitizeRedirect(raw: string | null | undefined): string | null {
  if (!raw) return null;
  if (!raw.startsWith('/')) return null;
  if (raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  if (raw === LOGIN_PATH || raw.startsWith(`${LOGIN_PATH}?`) || raw.startsWith(`${LOGIN_PATH}/`)) return null;
  return raw;
}

export function loginPathWithRedirect(fullPath: string): string {
  const target = sanitizeRedirect(fullPath);
  return target ? `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}` : LOGIN_PATH;
}
