import { AppError } from '../src/lib/app-error.ts';
import { takeMeetingSeat } from '../src/modules/guests/guest-seats.repository.ts';
import { liveMeetingByPublicId } from '../src/modules/meetings/meetings.reads.ts';
import type { TestContext } from './helpers.ts';

/**
 * An invitee's sign-up as the sign-up makes it with the invitations port: the code checked before
 * the transaction, then in one transaction its use counted and the seat its kind names taken
 * (MEETING_FULL rolls the use back). Answers the outcome's error name, or 'ok'.
 */
export async function redeemAndSeat(
  ctx: TestContext,
  publicId: string,
  code: string,
  userTypeId: number | null = null,
): Promise<string> {
  const port = ctx.app.registration.invitations.use;
  const meeting = await liveMeetingByPublicId(ctx.db, publicId);
  if (!meeting) throw new Error('no meeting');
  try {
    const now = ctx.now();
    const match = await port.find(meeting, code, userTypeId, now);
    await ctx.db.transaction().execute(async (trx) => {
      await port.redeemIn(trx, meeting, match, 0, now, '10.9.9.9');
      if (!(await takeMeetingSeat(trx, meeting.id, match.seat))) throw new AppError('MEETING_FULL');
    });
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.errorName;
    throw error;
  }
}

export function tally(outcomes: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
  return counts;
}
