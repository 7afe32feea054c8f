/** Links of the public pages (hash routes), built from the unguessable public id. */
export function publicLink(
  page: 'sign-up' | 'check-in',
  publicId: string,
  at: Location = window.location,
): string {
  return `${at.origin}${at.pathname}#/${page}/${encodeURIComponent(publicId)}`;
}
