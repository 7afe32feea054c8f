import type { Language } from '@meetflow/shared/languages';
import type { GroupInput, GroupTokenResult } from '@meetflow/shared/schemas/groups';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { newGuestCode, randomToken, sha256 } from '../../lib/secure-random.ts';
import { admitGuestBatch, parseAnswers, type FilledSeats, type NewGuest } from '../guests/guest-rules.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import { livePhoneTaken } from '../guests/guests.reads.ts';
import { liveMeetingByPublicId } from '../meetings/meetings.reads.ts';
import { signUpEntry } from '../registration/admit-together.ts';
import { checkSignUp, type CheckedSignUp } from '../registration/check-sign-up.ts';
import { meetingStatus } from '../registration/meeting-status.ts';
import { PUBLIC_LIMITS } from '../registration/public-limits.ts';
import type { PricedSignUp } from '../registration/sign-up-payments.ts';
import { guestSignedUp } from '../webhooks/webhooks.service.ts';
import { groupToken } from './group-token.ts';
import { groupView } from './group-view.ts';
import type { GroupsDeps } from './groups.service.ts';
import * as repo from './guest-groups.repository.ts';

/**
 * A group booking (issue 45): the contact and 2..group_max attendees, each checked as a public
 * sign-up, then ONE transaction that writes the group, every guest row, the meeting seat and the
 * session seats of every attendee — or nothing. A full meeting or session, a phone already signed
 * up, anything refused rolls the whole group back: there is no waiting list for a group (half a
 * group seated and half waiting is a booking nobody asked for). The rows are written first and the
 * seats taken last through the guest core's `admitGuestBatch` (the public seats, the counters'
 * row locks sign-ups admitted together take), so groups and single sign-ups racing for the last
 * seats never oversell and the meeting's row is not held while each attendee is written.
 */
export function createGroupBooking(deps: GroupsDeps) {
  const { db } = deps;
  const perIp = deps.limiters(
    'public_group_ip',
    PUBLIC_LIMITS.signUpPerIp.points,
    PUBLIC_LIMITS.signUpPerIp.seconds,
  );

  return async function book(
    publicId: string,
    body: GroupInput,
    ip: string,
    language: Language,
  ): Promise<GroupTokenResult> {
    // A group counts as many sign-ups as it has attendees against the address's limit.
    for (let i = 0; i < body.attendees.length; i++) await perIp.consume(ip);
    const meeting = await liveMeetingByPublicId(db, publicId);
    if (!meeting) throw new AppError('NO_MEETING');
    if (meeting.group_max < 2) throw new AppError('GROUPS_NOT_OFFERED');
    const now = deps.clock();
    const status = meetingStatus(meeting, now);
    if (status === 'disabled' || status === 'deadline_passed') throw new AppError('REGISTRATION_CLOSED');
    // Every attendee would wait for the organiser: not taken for groups yet. A paid meeting's group
    // pays one order (decision 0106).
    if (meeting.approval !== 'none') throw new AppError('GROUPS_NEED_APPROVAL');
    if (body.attendees.length > meeting.group_max) {
      throw new AppError('GROUP_TOO_LARGE', { data: { max: meeting.group_max } });
    }
    if (status === 'full') throw new AppError('GROUP_SEATS_SHORT');

    const checked: CheckedSignUp[] = [];
    for (const [i, attendee] of body.attendees.entries()) {
      checked.push(await ofAttendee(i, () => checkSignUp(db, meeting, attendee, language, now)));
    }
    refuseRepeatedPhones(body, checked);
    const priced = meeting.currency === null ? null : await priceAttendees(deps, meeting, body, checked, now);
    // Friendly early answers; the unique index decides under concurrency.
    for (const [i, attendee] of checked.entries()) {
      if (await livePhoneTaken(db, meeting.id, body.attendees[i]!.area_code, attendee.phone)) {
        throw new AppError('ALREADY_SIGNED_UP', { data: { attendee: i } });
      }
    }

    const filled: FilledSeats = { meeting: false, sessions: [] };
    let token: string;
    try {
      token = await db.transaction().execute(async (trx) => {
        const { groupId } = await writeGroup(deps, trx, {
          meeting,
          body,
          checked,
          language,
          now,
          ip,
          filled,
          priced,
        });
        const derived = groupToken(deps.secret, groupId, now);
        await repo.setTokenHash(trx, groupId, sha256(derived));
        await deps.mail?.queueGroupLink(trx, { groupId, meetingId: meeting.id });
        return derived;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ALREADY_SIGNED_UP');
      throw error;
    }
    // As after a sign-up: live figures, the confirmations, the organisers' notices of a last seat.
    deps.onSignupsChanged?.(meeting.id);
    deps.mail?.kick();
    if (filled.meeting) await deps.notifications?.meetingFilled(meeting);
    for (const session of filled.sessions) await deps.notifications?.sessionFilled(meeting, session);
    const group = await repo.findGroupByTokenHash(db, sha256(token));
    if (!group) throw new AppError('GROUP_TOKEN_INVALID');
    return { group_token: token, group: await groupView(db, meeting, group, deps.payments) };
  };
}

type Meeting = NonNullable<Awaited<ReturnType<typeof liveMeetingByPublicId>>>;

/** The write, all or nothing: the group row, then each attendee's guest row and seats in form order. */
async function writeGroup(
  deps: GroupsDeps,
  trx: Db,
  w: {
    meeting: Meeting;
    body: GroupInput;
    checked: CheckedSignUp[];
    language: Language;
    now: number;
    ip: string;
    filled: FilledSeats;
    /** A paid meeting's price of each attendee, in form order; null on a free meeting. */
    priced: PricedSignUp[] | null;
  },
): Promise<{ groupId: number; guestIds: number[] }> {
  const { meeting, body, now } = w;
  const groupId = await repo.insertGroup(trx, {
    meeting_id: meeting.id,
    contact_name: body.contact.name,
    contact_email: body.contact.email,
    contact_area_code: body.contact.area_code,
    contact_phone: body.contact.phone,
    // Unique and not null: a random stand-in until the id the token is derived from is known.
    token_hash: sha256(randomToken(32)),
    language: w.language,
    size: body.attendees.length,
    created_at: now,
    erased_at: null,
  });
  const guestIds = await admitAll(
    deps,
    trx,
    meeting.id,
    w.checked.map((attendee, i) => ({
      values: {
        ...attendee.values,
        meeting_id: meeting.id,
        guest_code: newGuestCode(),
        // The attendee's own guest token is never shown: they retrieve their code by phone, as anyone.
        token_hash: sha256(randomToken(32)),
        created_at: now,
        group_id: groupId,
        // An attendee with something to pay is written unpaid, as a single paid sign-up: their
        // confirmation, with the code, comes when the group's order is paid.
        ...(owes(w.priced, i) ? { unpaid: 1 } : deps.mail?.confirmationColumns()),
      },
      scheduleIds: attendee.scheduleIds,
    })),
    now,
    w.filled,
  );
  // The group's ONE order, after every seat: one reference, one hold, a line per attendee's item.
  if (w.priced) {
    await deps.payments!.openGroupOrderIn(
      trx,
      meeting,
      guestIds.map((id, i) => ({
        guest: {
          id,
          meetingId: meeting.id,
          displayName: guestDisplayName({ name: '', name_zh: '', name_en: '', ...w.checked[i]!.values }),
          seatedScheduleIds: w.checked[i]!.scheduleIds,
          unpaid: owes(w.priced, i),
        },
        priced: w.priced![i]!,
      })),
      body.contact.name,
      now,
      w.ip,
    );
  }
  await deps.webhooks?.emitAll(trx, [
    ...guestIds.map((id, i) =>
      guestSignedUp(meeting.id, id, 'public', w.checked[i]!.scheduleIds, {
        answers: parseAnswers(w.checked[i]!.values.answers),
      }),
    ),
    {
      type: 'group.registered',
      meetingId: meeting.id,
      guestId: null,
      data: { group_id: groupId, size: guestIds.length, guest_ids: guestIds },
    },
  ]);
  await deps.systemLog.recordAll(
    [
      ...guestIds.map((id, i) => signUpEntry(meeting, id, w.checked[i]!.maskedPhone, w.ip)),
      {
        action: 'sign_up' as const,
        source: 'public' as const,
        message: {
          key: 'groups.registered' as const,
          params: {
            meeting_id: meeting.id,
            meeting_name: meeting.name,
            group_id: groupId,
            size: guestIds.length,
          },
        },
        username: null,
        ip: w.ip,
      },
    ],
    trx,
  );
  return { groupId, guestIds };
}

/**
 * Every attendee's guest row, then the seats, as a batch of sign-ups admitted together: the rows
 * (in phone order) before the meeting's and the sessions' counters are locked, so a large group
 * holds the meeting's row for the seat ledger and the COMMIT only, not while each attendee is
 * written. Any attendee without a row (phone taken) or a seat rolls the whole group back.
 */
async function admitAll(
  deps: GroupsDeps,
  trx: Db,
  meetingId: number,
  attendees: NewGuest[],
  now: number,
  filled: FilledSeats,
): Promise<number[]> {
  const { outcomes, filled: taken } = await admitGuestBatch(
    trx,
    meetingId,
    attendees,
    now,
    deps.dbKind === 'postgres',
  );
  const guestIds = outcomes.map((outcome, i) => {
    if ('id' in outcome) return outcome.id;
    if (outcome.refused === 'phone_taken') throw new AppError('ALREADY_SIGNED_UP', { data: { attendee: i } });
    const full = outcome.refused;
    throw new AppError('GROUP_SEATS_SHORT', {
      data: full.full === 'session' ? { schedule_id: full.scheduleId, attendee: i } : { attendee: i },
    });
  });
  filled.meeting = taken.meeting;
  filled.sessions.push(...taken.sessions);
  return guestIds;
}

/**
 * An attendee's refusal, pointed at the attendee: a field message moves under `attendees.<i>.`, a
 * full meeting or session becomes GROUP_SEATS_SHORT (nobody seated), any other refusal carries the index.
 */
async function ofAttendee<T>(i: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const data = (error.data ?? {}) as Record<string, unknown>;
    if (error.errorName === 'VALIDATION_FAILED' && data.fields && typeof data.fields === 'object') {
      const fields = Object.fromEntries(
        Object.entries(data.fields).map(([field, key]) => [`attendees.${i}.${field}`, key]),
      );
      throw new AppError('VALIDATION_FAILED', { data: { ...data, fields, attendee: i } });
    }
    if (error.errorName === 'MEETING_FULL' || error.errorName === 'SESSION_FULL') {
      throw new AppError('GROUP_SEATS_SHORT', { data: { ...data, attendee: i } });
    }
    throw new AppError(error.errorName, { data: { ...data, attendee: i } });
  }
}

/** Whether attendee `i` has something to pay (a paid meeting's priced, non-zero ticket). */
function owes(priced: PricedSignUp[] | null, i: number): boolean {
  return priced !== null && !priced[i]!.free;
}

/**
 * Each attendee priced as a single sign-up is, by their own registration type and sessions
 * (TICKET_REQUIRED pointed at the attendee). No discount code for a group yet, and no member fee
 * (the member list is not matched for groups): decision 0106.
 */
async function priceAttendees(
  deps: GroupsDeps,
  meeting: Meeting,
  body: GroupInput,
  checked: CheckedSignUp[],
  now: number,
): Promise<PricedSignUp[]> {
  if (!deps.payments) throw new Error('a paid meeting needs the payments module');
  const priced: PricedSignUp[] = [];
  for (const [i, attendee] of body.attendees.entries()) {
    if ((attendee.payment?.discount_code?.trim() ?? '') !== '') {
      throw new AppError('GROUP_DISCOUNT_CODE_UNSUPPORTED', { data: { attendee: i } });
    }
    const dateSchedule = attendee.meeting_type === 'date_schedule';
    priced.push(
      await ofAttendee(i, () =>
        deps.payments!.price(
          meeting,
          {
            meetingType: attendee.meeting_type,
            userTypeId: dateSchedule ? attendee.user_type_id : null,
            scheduleIds: checked[i]!.scheduleIds,
            payment: attendee.payment && { ...attendee.payment, discount_code: undefined },
            member: null,
          },
          now,
        ),
      ),
    );
  }
  return priced;
}

/** Two attendees with one phone: the second is pointed at (the unique index would refuse the group). */
function refuseRepeatedPhones(body: GroupInput, checked: CheckedSignUp[]) {
  const seen = new Set<string>();
  for (const [i, attendee] of checked.entries()) {
    const key = `${body.attendees[i]!.area_code} ${attendee.phone}`;
    if (seen.has(key)) {
      throw new AppError('VALIDATION_FAILED', {
        data: { fields: { [`attendees.${i}.phone`]: 'groupPhoneRepeated' }, attendee: i },
      });
    }
    seen.add(key);
  }
}
