import type { PublicGuest } from '@meetflow/shared/schemas/public';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation, isUniqueViolationOf } from '../../db/db-errors.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import { insertGuestTakingSeats, parseAnswers, type FilledSeats } from '../guests/guest-rules.ts';
import { guestSignedUp } from '../webhooks/webhooks.service.ts';
import { afterSignUps, signUpEntry } from './admit-together.ts';
import { toPublicGuest } from './public-guest.ts';
import * as repo from './registration.repository.ts';
import type { RegistrationDeps } from './registration.service.ts';
import type { PricedSignUp } from './sign-up-payments.ts';
import type { AdmissionVerdict } from './admission-verdict.ts';

/** A checked sign-up about to be written, and the answer it gives when seated everywhere it chose. */
export interface PendingSignUp {
  meeting: repo.PublicMeetingRow;
  values: Insertable<Database['guests']>;
  token: string;
  scheduleIds: number[];
  ip: string;
  now: number;
  maskedPhone: string;
  /** A paid meeting's price (issue 44): the order is opened with the guest row. */
  priced?: PricedSignUp;
  /** Who may register (issue 45): the invitation redeemed, the member matched, a held application. */
  admission?: AdmissionVerdict;
  seated: () => { guest_token: string; guest: PublicGuest; waiting: null };
}

type WaitingPlace = Awaited<ReturnType<NonNullable<RegistrationDeps['waitlist']>['joinMeetingList']>>;

/** What the one-sign-up transaction wrote: a guest (perhaps waiting for sessions), or a place on the list. */
interface Written {
  filled: FilledSeats;
  guestId: number;
  /** Full sessions whose lists the guest joined. */
  waitingFor: number[];
  /** Set instead of a guest when the meeting was full and its list took the sign-up. */
  waiting?: WaitingPlace;
}

/**
 * A sign-up on its own: a full meeting (its waiting list), a seat refused in its batch, or a batch
 * that failed. The audit entry commits with the sign-up: one disk flush answers both.
 */
export async function signUpAlone(deps: RegistrationDeps, s: PendingSignUp) {
  let written: Written;
  try {
    written = await deps.db.transaction().execute((trx) => seatOrJoinList(deps, trx, s));
  } catch (error) {
    // The same phone joined the list a moment before (a double submit): its place stands.
    if (isUniqueViolationOf(error, 'waitlist_entries')) throw new AppError('ALREADY_WAITING');
    // A held sign-up's application: the phone has one pending already (applied without a seat).
    if (isUniqueViolationOf(error, 'applications')) throw new AppError('ALREADY_APPLIED');
    if (isUniqueViolation(error)) throw new AppError('ALREADY_SIGNED_UP');
    throw error;
  }
  await afterSignUps(deps, s.meeting, written.filled);
  return answer(deps, s, written);
}

async function seatOrJoinList(deps: RegistrationDeps, trx: Db, s: PendingSignUp): Promise<Written> {
  const written: Written = { filled: { meeting: false, sessions: [] }, guestId: 0, waitingFor: [] };
  try {
    await seatGuest(deps, trx, s, written);
  } catch (error) {
    // The meeting is full (its rows were taken back): the sign-up becomes a place on its list —
    // not an invited one, whose use of the invitation was counted in this transaction.
    if (!(error instanceof AppError && error.errorName === 'MEETING_FULL' && deps.waitlist)) throw error;
    if (s.admission?.invitation) throw error;
    written.waiting = await joinMeetingList(deps, trx, s);
    return written;
  }
  await deps.systemLog.record(signUpEntry(s.meeting, written.guestId, s.maskedPhone, s.ip), trx);
  return written;
}

/** The guest row and its seats; a chosen session that is full puts the guest on its list. */
async function seatGuest(deps: RegistrationDeps, trx: Db, s: PendingSignUp, written: Written) {
  const { meeting, scheduleIds } = s;
  const invitation = s.admission?.invitation;
  const inserted = await insertGuestTakingSeats(trx, s.values, scheduleIds, s.now, written.filled, {
    skipFullSessions: deps.waitlist !== undefined,
    // An invitation's use is counted before the seats: its kind of seat, or none of this commits.
    ...(invitation && {
      seat: invitation.seat,
      beforeSeats: (guestId: number) =>
        deps.invitations!.redeemIn(trx, meeting, invitation, guestId, s.now, s.ip),
    }),
  });
  written.guestId = inserted.id;
  // Waiting for approval with the seat held: the application names the guest row.
  if (s.admission?.approval === 'held') {
    await deps.approval!.applyIn(
      trx,
      meeting,
      {
        guestId: inserted.id,
        form: null,
        scheduleIds,
        tokenHash: null,
        areaCode: s.values.area_code,
        phone: s.values.phone,
        email: s.values.email,
        displayName: guestDisplayName({ name: '', name_zh: '', name_en: '', ...s.values }),
        language: s.values.language ?? 'zh-tw',
        userTypeId: s.values.user_type_id ?? null,
        maskedPhone: s.maskedPhone,
      },
      s.now,
      s.ip,
    );
  }
  // Before any session list can seat the new guest: signed up comes before promoted.
  await deps.webhooks?.emit(
    trx,
    guestSignedUp(
      meeting.id,
      inserted.id,
      'public',
      scheduleIds.filter((id) => !inserted.fullSessions.includes(id)),
      { waitingSessionIds: inserted.fullSessions, answers: parseAnswers(s.values.answers) },
    ),
  );
  // A chosen session that is full: its waiting list, or SESSION_FULL when it takes no one.
  for (const scheduleId of inserted.fullSessions) {
    await deps.waitlist!.joinSessionListIn(
      trx,
      inserted.id,
      { meetingId: meeting.id, scopeId: scheduleId },
      s.now,
      s.ip,
    );
    written.waitingFor.push(scheduleId);
  }
  // A paid sign-up's order holds the seats just taken, or none of this commits.
  if (s.priced) {
    await deps.payments!.openOrderIn(
      trx,
      meeting,
      s.priced,
      {
        id: inserted.id,
        meetingId: meeting.id,
        displayName: guestDisplayName({ name: '', name_zh: '', name_en: '', ...s.values }),
        seatedScheduleIds: scheduleIds.filter((id) => !inserted.fullSessions.includes(id)),
        unpaid: s.values.unpaid === 1,
      },
      s.now,
      s.ip,
    );
  }
}

/** A place on the full meeting's list, carrying the form to fill the guest row when seated. */
function joinMeetingList(deps: RegistrationDeps, trx: Db, s: PendingSignUp) {
  const {
    token_hash: tokenHash,
    guest_code: _code,
    created_at: _at,
    mail_pending: _mail,
    // Paid or not is decided when the list seats them (their order opens then).
    unpaid: _unpaid,
    // A held sign-up keeps `approval: 'pending'` in the form: the list seats it awaiting approval,
    // with its application (waitlist/seat.ts), as a free seat would have held it now.
    ...form
  } = s.values;
  // A paid meeting's ticket kind goes with the place: its order is priced when a seat is given.
  const ticket = s.priced?.quote.lines.find((line) => line.schedule_id === null)?.price_item_id;
  return deps.waitlist!.joinMeetingList(
    trx,
    s.meeting.id,
    {
      form: ticket === undefined ? form : { ...form, price_item_id: ticket },
      scheduleIds: s.scheduleIds,
      displayName: guestDisplayName({ name: '', name_zh: '', name_en: '', ...form }),
      tokenHash,
    },
    s.now,
    s.ip,
  );
}

/** The visitor's answer: the guest page, or their place on the meeting's list. */
async function answer(deps: RegistrationDeps, s: PendingSignUp, written: Written) {
  const { db, waitlist } = deps;
  const { meeting, token } = s;
  const { waiting } = written;
  if (waiting) {
    // Given a seat at once (one freed meanwhile): the token already opens the guest page.
    if (waiting.status === 'promoted' && waiting.guest_id !== null) {
      const guest = await repo.findGuestById(db, waiting.guest_id);
      if (guest)
        return {
          guest_token: token,
          guest: await toPublicGuest(db, meeting, guest, waitlist),
          waiting: null,
        };
    }
    return {
      guest_token: token,
      guest: null,
      waiting: await waitlist!.meetingEntryView(waiting, meeting.public_id),
    };
  }
  if (written.waitingFor.length > 0) {
    // Places on full sessions' lists (one may even have been seated at once): read back.
    const row = await repo.findGuestById(db, written.guestId);
    if (row)
      return { guest_token: token, guest: await toPublicGuest(db, meeting, row, waitlist), waiting: null };
  }
  return s.seated();
}
