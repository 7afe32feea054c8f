import type { BroadcastList } from '@meetflow/shared/schemas/mail';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { BroadcastPayload } from './mail-compose.ts';
import type { BroadcastDeps } from './mail-broadcasts.ts';

/** A meeting's broadcasts with their progress, newest first. */
export async function broadcastProgress(
  deps: Pick<BroadcastDeps, 'db' | 'jobs'>,
  user: AuthUser,
  meetingId: number,
): Promise<BroadcastList> {
  const { db, jobs } = deps;
  await visibleMeeting(db, user, meetingId);
  const rows = await jobs.listMeetingJobs(meetingId, 'mail.broadcast');
  const items = await Promise.all(
    rows.map(async (row) => {
      const payload = JSON.parse(row.payload) as BroadcastPayload;
      const counts = await jobs.countByStatus(meetingId, `broadcast:${row.id}:`);
      const sum = (test: (c: (typeof counts)[number]) => boolean) =>
        counts.filter(test).reduce((n, c) => n + c.count, 0);
      const recipients = payload.guest_ids.length;
      const sent = sum((c) => c.status === 'done' && !c.noted);
      const failed = sum((c) => c.status === 'failed');
      const skipped = sum((c) => c.status === 'done' && c.noted);
      return {
        id: row.id,
        created_at: row.created_at,
        created_by: payload.created_by,
        subject: Object.values(payload.texts)[0]?.subject ?? '',
        recipients,
        // Not yet fanned out counts as queued too.
        queued: recipients - sent - failed - skipped,
        sent,
        failed,
        skipped,
      };
    }),
  );
  return { items };
}
