import type { GroupBody, GroupTokenResult, PublicGroup } from '@meetflow/shared/schemas/groups';
import { publicRequest } from '../public-api.ts';

/** The group booking's calls; the group token travels in the X-Group-Token header only. */
export const groupApi = {
  book: (publicId: string, body: GroupBody) =>
    publicRequest<GroupTokenResult>('POST', `/public/meetings/${encodeURIComponent(publicId)}/groups`, {
      body,
    }),
  view: (token: string, signal?: AbortSignal) =>
    publicRequest<PublicGroup>('GET', '/public/group', { groupToken: token, signal }),
  cancel: (token: string, guestId: number) =>
    publicRequest<PublicGroup>('POST', `/public/group/attendees/${guestId}/cancel`, { groupToken: token }),
  /** Stripe's hosted page for the group's pending order (the browser goes there). */
  checkout: (token: string) =>
    publicRequest<{ url: string }>('POST', '/public/group/order/checkout', { groupToken: token, body: {} }),
  resend: (token: string, guestId: number) =>
    publicRequest<PublicGroup>('POST', `/public/group/attendees/${guestId}/resend`, { groupToken: token }),
};
