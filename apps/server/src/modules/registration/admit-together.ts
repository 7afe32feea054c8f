import { isConnectionLost } from '../../db/db-errors.ts';
import { createBatcher } from '../../lib/batcher.ts';
import { admitGuestBatch, parseAnswers, type FilledSeats, type NewGuest } from '../guests/guest-rules.ts';
import { guestSignedUp } from '../webhooks/webhooks.service.ts';
import type * as repo from './registration.repository.ts';
import type { RegistrationDeps } from './registration.service.ts';

/** A sign-up that may be admitted together with others (see createAdmitTogether). */
export interface Applicant extends NewGuest {
  meeting: repo.PublicMeetingRow;
  ip: string;
  maskedPhone: string;
}
/** Admitted with its new id, refused (a phone already signed up, a meeting full), or to be tried alone. */
export type Admitted = { id: number } | 'phone_taken' | 'meeting_full' | 'alone';

type AdmitDeps = Pick<
  RegistrationDeps,
  | 'db'
  | 'dbKind'
  | 'log'
  | 'systemLog'
  | 'webhooks'
  | 'clock'
  | 'notifications'
  | 'onSignupsChanged'
  | 'mail'
  | 'waitlist'
>;

/** The sign-up's audit entry, for one sign-up or many admitted together. */
export const signUpEntry = (meeting: repo.PublicMeetingRow, guestId: number, phone: string, ip: string) => ({
  action: 'sign_up' as const,
  source: 'public' as const,
  message: {
    key: 'registration.signed_up' as const,
    params: { meeting_id: meeting.id, meeting_name: meeting.name, guest_id: guestId, phone },
  },
  username: null,
  ip,
});

/** After a committed sign-up: live figures, the confirmation mail, the organisers' notices of a last seat. */
export async function afterSignUps(
  deps: Pick<RegistrationDeps, 'onSignupsChanged' | 'mail' | 'notifications'>,
  meeting: repo.PublicMeetingRow,
  filled: FilledSeats,
) {
  deps.onSignupsChanged?.(meeting.id);
  deps.mail?.kick();
  // Only for the sign-up that took a last seat: one write then, none otherwise.
  if (filled.meeting) await deps.notifications?.meetingFilled(meeting);
  for (const session of filled.sessions) await deps.notifications?.sessionFilled(meeting, session);
}

/**
 * Sign-ups of an open meeting are admitted together: those that arrive while the meeting's batch
 * runs go in its next one — one transaction, one seat update per counter and one flush for them
 * all (docs/decisions/0048-signup-batches.md). A sign-up refused a seat here, or caught in a
 * batch that failed (a deadlock, one visitor's bad text), goes on alone, where the waiting lists
 * and the exact refusals live; a lost connection fails the batch's sign-ups with a 503.
 */
export function createAdmitTogether(deps: AdmitDeps) {
  return createBatcher(
    async (meetingId: number, applicants: Applicant[]): Promise<Admitted[]> => {
      const meeting = applicants[0]!.meeting;
      let batch: Awaited<ReturnType<typeof admitGuestBatch>>;
      try {
        batch = await admitBatch(deps, meetingId, applicants);
      } catch (error) {
        // Nothing was acknowledged: with the database gone, each answers 503 (the error handler).
        if (error instanceof Error && isConnectionLost(error)) throw error;
        // Anything else — a deadlock, one visitor's text the database refuses, the meeting just
        // deleted — fails only the sign-up it belongs to when each goes on alone.
        const { code, errcode } = error as { code?: string; errcode?: number };
        deps.log?.warn(`sign-ups admitted together failed (${errcode ?? code ?? 'error'}); each tries alone`);
        return applicants.map(() => 'alone');
      }
      await afterSignUps(deps, meeting, batch.filled);
      // A meeting that filled takes no one else unless its waiting list does: no need to try alone.
      const listTakesThem = deps.waitlist !== undefined && meeting.waitlist_enabled === 1;
      return batch.outcomes.map((outcome) => {
        if ('id' in outcome) return outcome;
        if (outcome.refused === 'phone_taken') return 'phone_taken';
        return outcome.refused.full === 'meeting' && !listTakesThem ? 'meeting_full' : 'alone';
      });
    },
    // Bounded: everyone in a batch waits for its slowest statement.
    64,
  );
}

/** One transaction for the batch: the seats and guest rows, their webhook events and audit entries. */
function admitBatch(deps: AdmitDeps, meetingId: number, applicants: Applicant[]) {
  const meeting = applicants[0]!.meeting;
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const taken = await admitGuestBatch(trx, meetingId, applicants, now, deps.dbKind === 'postgres');
    const admitted = applicants.flatMap((applicant, i) => {
      const outcome = taken.outcomes[i]!;
      return 'id' in outcome ? [{ applicant, id: outcome.id }] : [];
    });
    await deps.webhooks?.emitAll(
      trx,
      // The answers as the batch wrote them: no read.
      admitted.map(({ applicant, id }) =>
        guestSignedUp(meetingId, id, 'public', applicant.scheduleIds, {
          answers: parseAnswers(applicant.values.answers),
        }),
      ),
    );
    await deps.systemLog.recordAll(
      admitted.map(({ applicant, id }) => signUpEntry(meeting, id, applicant.maskedPhone, applicant.ip)),
      trx,
    );
    return taken;
  });
}
