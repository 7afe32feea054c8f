import { createHmac } from 'node:crypto';

/*
 * The contact's token of a group booking (issue 45): the group and its moment, signed with the app's
 * groups secret. Only its SHA-256 is stored (guest_groups.token_hash); being derived, it can be put
 * into the contact's mail when that is sent, without ever being written down.
 */
export function groupToken(secret: string, groupId: number, createdAt: number): string {
  return createHmac('sha256', secret).update(`group:${groupId}:${createdAt}`).digest('base64url');
}
