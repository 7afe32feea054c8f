/**
 * Whether a guest may hold (be shown, be admitted with) their guest code: not while their order is
 * unpaid (issue 44) nor while their sign-up awaits approval (issue 45).
 */
export function mayHoldCode(guest: { unpaid: number | null; approval: string | null }): boolean {
  return guest.unpaid !== 1 && guest.approval !== 'pending';
}
