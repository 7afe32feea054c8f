/**
 * The back office's member list page (features/members, issue 45): an organisation's member and
 * licence list. The organisations page may link to it by path; the page reads `organization`.
 */
export const MEMBERS_PATH = '/system_setting/members';

export function membersLink(organizationId: number): string {
  return `${MEMBERS_PATH}?organization=${organizationId}`;
}
