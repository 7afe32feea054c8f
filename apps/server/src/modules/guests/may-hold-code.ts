/**
 * Whether a guest may hold their guest code (the entry ticket) now: not while their order is unpaid
 * (issue 44), nor while their sign-up awaits approval (issue 45). Every place that shows or sends
 * the code asks this one rule.
 */
export function mayHoldCode(guest: { unpaid: number | null; approval: string | null }): boolean {
  return guest.unpaid !== 1 && guest.approval !== 'pending';
}
