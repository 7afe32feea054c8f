import type { Language } from '@meetflow/shared/languages';
import type { SignUpInput } from '@meetflow/shared/schemas/public';
import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { createBatcher } from '../../lib/batcher.ts';
import { newGuestCode, randomToken, sha256 } from '../../lib/secure-random.ts';
import { maskPhone } from '../guests/guest-format.ts';
import {
  assertAnswerFiles,
  assertMeetingType,
  checkAnswers,
  checkScheduleChoice,
  parseFields,
  guestFormValues,
  requirePhone,
  userTypeScheduleIds,
} from '../guests/guest-rules.ts';
import { consentColumns } from '../privacy/consent.ts';
import { admissionVerdict } from './admission-verdict.ts';
import { createAdmitTogether } from './admit-together.ts';
import { applyWithoutSeat } from './apply-unheld.ts';
import { meetingStatus } from './meeting-status.ts';
import { justSignedUp, publicGuestView } from './public-guest.ts';
import { PUBLIC_LIMITS } from './public-limits.ts';
import * as repo from './registration.repository.ts';
import type { RegistrationDeps } from './registration.service.ts';
import { signUpAlone, type PendingSignUp } from './sign-up-alone.ts';

/**
 * One sign-up, all or nothing: the meeting seat, then each session seat in ascending id order,
 * then the guest rows, in ONE transaction. The unique (meeting, area code, phone) index is the
 * final word on duplicates. An open meeting admits its sign-ups in batches (admit-together.ts);
 * the others, and those its batch refused, go on alone (sign-up-alone.ts).
 */
export function createSignUp(deps: RegistrationDeps) {
  const { db } = deps;
  const signUpPerIp = deps.limiters(
    'public_signup_ip',
    PUBLIC_LIMITS.signUpPerIp.points,
    PUBLIC_LIMITS.signUpPerIp.seconds,
  );

  /**
   * A sign-up's read of its meeting, shared by the sign-ups that arrive while one is in flight: each
   * gets a read that began after it arrived, and a burst costs one read per round, not per visitor.
   */
  const meetingReads = createBatcher(async (publicId: string, waiting: null[]) => {
    const meeting = await repo.findLiveMeetingByPublicId(db, publicId);
    return waiting.map(() => meeting);
  }, 1000);

  /** The same for the sessions a user type allows (key: meeting id and user type id). */
  const userTypeReads = createBatcher(async (key: string, waiting: null[]) => {
    const [meetingId, userTypeId] = key.split(':').map(Number) as [number, number];
    const allowed = await userTypeScheduleIds(db, meetingId, userTypeId);
    return waiting.map(() => allowed);
  }, 1000);

  const admitTogether = createAdmitTogether(deps);

  /** The sessions chosen, checked against the user type, and those the user type allows. */
  async function chosenSessions(meeting: repo.PublicMeetingRow, body: SignUpInput) {
    return body.meeting_type === 'date_schedule'
      ? await checkScheduleChoice(db, meeting, body, (userTypeId) =>
          userTypeReads.submit(`${meeting.id}:${userTypeId}`, null),
        )
      : { chosen: [], allowed: [] };
  }

  /** Each sign-up's outcome counted once, here: accepted (seated or waiting) or refused by its code. */
  return async function signUp(publicId: string, body: SignUpInput, ip: string, language: Language) {
    try {
      const answer = await signUpOnce(publicId, body, ip, language);
      deps.counters?.signUp(answer.waiting ? 'waiting' : 'seated');
      return answer;
    } catch (error) {
      if (error instanceof AppError) deps.counters?.signUpRefused(error.errorName);
      throw error;
    }
  };

  async function signUpOnce(publicId: string, body: SignUpInput, ip: string, language: Language) {
    await signUpPerIp.consume(ip);
    const meeting = await meetingReads.submit(publicId, null);
    if (!meeting) throw new AppError('NO_MEETING');
    const now = deps.clock();
    const status = meetingStatus(meeting, now);
    if (status === 'disabled' || status === 'deadline_passed') throw new AppError('REGISTRATION_CLOSED');
    assertMeetingType(body, meeting.meeting_type);
    const phone = requirePhone(body.area_code, body.phone);
    const consent = consentColumns(meeting, body, now);
    await refuseEarly(deps, meeting, status, body.area_code, phone);
    const { chosen: scheduleIds, allowed } = await chosenSessions(meeting, body);
    const fields = parseFields(meeting.form_fields ?? undefined);
    const answers = checkAnswers(
      fields,
      body.answers,
      { userTypeId: body.meeting_type === 'date_schedule' ? body.user_type_id : null },
      language,
    );
    await assertAnswerFiles(db, fields, answers, language);
    // Who may register (issue 45): an invitation, the member list, approval; a plain meeting reads nothing.
    const verdict = await admissionVerdict(deps, meeting, body, now);
    const { invitation, member } = verdict;
    // A paid meeting (issue 44) prices the sign-up first; a free one reads nothing more.
    const priced =
      meeting.currency === null
        ? undefined
        : await priceSignUp(
            deps,
            meeting,
            body,
            scheduleIds,
            now,
            member && { memberClass: member.memberClass },
          );
    const unpaid = priced !== undefined && !priced.free;
    const held = verdict.approval === 'held';

    const token = randomToken(32);
    const values: Insertable<Database['guests']> = {
      ...guestFormValues(body, phone),
      answers,
      meeting_id: meeting.id,
      guest_code: newGuestCode(),
      token_hash: sha256(token),
      created_at: now,
      language,
      ...consent,
      // An unpaid guest's confirmation, with the code, comes when the order is paid; a held
      // one's when approved.
      ...(unpaid ? { unpaid: 1 } : held ? {} : deps.mail?.confirmationColumns()),
      ...(invitation ? { invitation_id: invitation.id } : {}),
      ...(member ? { member_record_id: member.id } : {}),
      ...(held
        ? { approval: 'pending' as const }
        : verdict.approval === 'auto'
          ? { approval: 'approved' as const }
          : {}),
    };
    // Waiting without a seat: no guest row, an application carrying the form.
    if (verdict.approval === 'unheld') {
      return applyWithoutSeat(deps, meeting, { values, token, scheduleIds, ip, now, language });
    }
    const pending: PendingSignUp = {
      meeting,
      values,
      token,
      scheduleIds,
      ip,
      now,
      priced,
      maskedPhone: maskPhone(body.area_code, phone),
      admission: verdict.approval === 'none' && !invitation && !member ? undefined : verdict,
      // The answer of a sign-up seated in every session it chose.
      seated: () => ({
        guest_token: token,
        guest: publicGuestView(meeting, justSignedUp(values), scheduleIds, allowed, []),
        waiting: null,
      }),
    };
    // A paid sign-up goes alone: its order is written in its own transaction; so does one that
    // redeems an invitation, matched the member list or waits for approval.
    if (status === 'open' && !priced && !pending.admission) {
      const admitted = await admitTogether.submit(meeting.id, {
        meeting,
        values,
        scheduleIds,
        ip,
        maskedPhone: pending.maskedPhone,
      });
      if (admitted === 'phone_taken') throw new AppError('ALREADY_SIGNED_UP');
      if (admitted === 'meeting_full') throw new AppError('MEETING_FULL');
      if (admitted !== 'alone') return pending.seated();
    }
    // Alone: a full meeting (its waiting list), a seat refused in the batch, or a batch that failed.
    return signUpAlone(deps, pending);
  }
}

/** The sign-up's price, from the payments module (TICKET_REQUIRED, DISCOUNT_CODE_INVALID). */
function priceSignUp(
  deps: RegistrationDeps,
  meeting: repo.PublicMeetingRow,
  body: SignUpInput,
  scheduleIds: number[],
  now: number,
  member: { memberClass: string } | null,
) {
  if (!deps.payments) throw new Error('a paid meeting needs the payments module');
  const dateSchedule = body.meeting_type === 'date_schedule';
  return deps.payments.price(
    meeting,
    {
      meetingType: body.meeting_type,
      userTypeId: dateSchedule ? body.user_type_id : null,
      scheduleIds,
      payment: body.payment,
      member,
    },
    now,
  );
}

/**
 * Friendly early answers; the unique index and the seats still decide under concurrency. A full
 * meeting answers before the session checks: a burst of late sign-ups costs two reads each. An
 * open meeting's batch finds a phone already signed up itself (its insert skips the row), so the
 * hot path does without that read.
 */
async function refuseEarly(
  deps: RegistrationDeps,
  meeting: repo.PublicMeetingRow,
  status: string,
  areaCode: string,
  phone: string,
) {
  if (status !== 'open' && (await repo.findGuestByPhone(deps.db, meeting.id, areaCode, phone))) {
    throw new AppError('ALREADY_SIGNED_UP');
  }
  const waitlist = deps.waitlist;
  if (status === 'full' && !(waitlist && meeting.waitlist_enabled === 1)) throw new AppError('MEETING_FULL');
  if (
    waitlist &&
    meeting.waiting_count + meeting.waitlist_held > 0 &&
    (await waitlist.meetingPlaceOfPhone(meeting.id, areaCode, phone))
  ) {
    throw new AppError('ALREADY_WAITING');
  }
}
