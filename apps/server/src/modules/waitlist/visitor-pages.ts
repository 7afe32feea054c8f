import type { z } from 'zod';
import type { guestTokenResult, PublicGuest } from '@meetflow/shared/schemas/public';

/** A visitor known by their guest token: their guest row and meeting, as the registration module reads them. */
export interface Visitor {
  guest: { id: number; meeting_id: number };
}

/**
 * What the waiting-list routes need of the visitor's guest page: who holds the token, whether a session
 * is open to them, the page they see, and a token for a guest just given a seat. The registration
 * module answers it when it registers (registration.module.ts): it needs the waiting lists itself, so
 * the waiting lists must not import it.
 */
export interface VisitorPages {
  authenticated(token: string | undefined): Promise<Visitor>;
  assertEnrollable(visitor: Visitor, scheduleId: number): Promise<void>;
  viewOf(visitor: Visitor): Promise<PublicGuest>;
  openGuestPage(guestId: number, ip: string): Promise<z.infer<typeof guestTokenResult>>;
}
