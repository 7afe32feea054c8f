import type { PublicGuest } from '@meetflow/shared/schemas/public';
import { publicApi } from '../public-api.ts';
import type { Pending } from './session-actions.ts';

/**
 * Sends a session action and answers the guest as it is now. Accepting a held seat hands this device
 * a new guest token (`onToken`).
 */
export async function sessionCall(
  token: string,
  { action, session, offerToken }: Pending,
  onToken: (token: string) => void,
): Promise<PublicGuest> {
  switch (action) {
    case 'enrol':
      return publicApi.enrol(token, session.id);
    case 'cancel':
      return publicApi.cancel(token, session.id);
    case 'join':
      return publicApi.joinSessionWaitlist(token, session.id);
    case 'leave':
    case 'decline':
      // Leaving a session's list declines the seat it holds for the guest, and answers the guest.
      return publicApi.leaveSessionWaitlist(token, session.id);
    case 'accept': {
      const result = await publicApi.acceptOffer(offerToken ?? '');
      if (!result.guest) throw new Error('accepted offer without a guest');
      onToken(result.guest_token);
      return result.guest;
    }
  }
}
