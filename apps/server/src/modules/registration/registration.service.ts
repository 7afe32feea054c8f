import { REGION_AREA_CODES, type AreaCode } from '@meetflow/shared/constants';
import { resolveDisplayConfig } from '@meetflow/shared/display-text';
import { normalizePhone } from '@meetflow/shared/phone';
import {
  type PublicGuest,
  type PublicMeeting,
  type PublicMeetingStatus,
  type LookupResult,
  type LookupVerifyBody,
  type SignUpInput,
} from '@meetflow/shared/schemas/public';
import type { WaitlistPlace } from '@meetflow/shared/schemas/waitlist';
import type { Insertable } from 'kysely';
import type { Db, DatabaseKind } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { timeZone } from '../../lib/local-time.ts';
import type { LimiterFactory } from '../../lib/rate-limiter.ts';
import { newGuestCode, randomToken, sha256 } from '../../lib/secure-random.ts';
import type { Language } from '@meetflow/shared/languages';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { ancestorIds } from '../../core/organization-scope.ts';
import { guestSignedUp, type WebhookEmitter } from '../webhooks/webhooks.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { guestDisplayName, maskEmail, maskPhone } from '../guests/guest-format.ts';
import {
  assertMeetingType,
  checkScheduleChoice,
  guestFormValues,
  insertGuestTakingSeats,
  admitGuestBatch,
  requirePhone,
  allowedScheduleIds,
  type FilledSeats,
  type NewGuest,
  userTypeScheduleIds,
} from '../guests/guest-rules.ts';
import { isConnectionLost, isUniqueViolation, isUniqueViolationOf } from '../../db/db-errors.ts';
import { createBatcher } from '../../lib/batcher.ts';
import type { WaitlistService } from '../waitlist/waitlist.service.ts';
import { consentColumns, publicNotice } from '../privacy/consent.ts';
import { inheritedRegion } from '../organizations/organizations.service.ts';
import * as repo from './registration.repository.ts';

/** The area code of the organisation's region (or its nearest parent's); null when none has one. */
async function regionAreaCode(
  db: Db,
  organizationId: number,
  ancestors: readonly number[],
): Promise<AreaCode | null> {
  const region = await inheritedRegion(db, organizationId, ancestors);
  return region ? REGION_AREA_CODES[region] : null;
}

/**
 * Rate limits of the anonymous endpoints (attempts per window). Code retrieval is counted per
 * (address, phone) and per phone, whatever the answer, so unknown and known numbers count alike;
 * per address, failures and all attempts are counted apart, so a venue's Wi-Fi full of typos
 * still lets a correct retrieval through while one address cannot probe numbers quickly.
 */
export const PUBLIC_LIMITS = {
  /** Generous: a venue's Wi-Fi puts many guests behind one address. */
  signUpPerIp: { points: 60, seconds: 60 },
  lookupPerIpAndPhone: { points: 5, seconds: 600 },
  lookupPerPhone: { points: 20, seconds: 600 },
  /** Failed retrievals; once spent, only correct ones pass. */
  lookupFailuresPerIp: { points: 300, seconds: 600 },
  /** Every retrieval, correct or not: bounds how many numbers one address can try. */
  lookupPerIp: { points: 600, seconds: 600 },
  /** Wrong one-time codes per phone: 5 guesses at a 6-digit code leave a 1 in 200,000 chance. */
  loginCodeFailuresPerPhone: { points: 5, seconds: 600 },
} as const;

export interface RegistrationDeps {
  db: Db;
  dbKind: DatabaseKind;
  /** Warned when sign-ups admitted together fail as a batch (each then tries alone). */
  log?: { warn(message: string): void };
  systemLog: SystemLog;
  /** Events for other systems, written in the sign-up's transaction. */
  webhooks?: WebhookEmitter;
  limiters: LimiterFactory;
  clock: () => number;
  notifications?: Pick<NotificationsService, 'meetingFilled' | 'sessionFilled'>;
  /** Told after a committed sign-up: the meeting's live "signed up" figures changed. */
  onSignupsChanged?: (meetingId: number) => void;
  /** The confirmation mail is queued by the sign-up's own guest row (see confirmationColumns). */
  mail?: Pick<
    MailService,
    'confirmationColumns' | 'kick' | 'loginCodeRequired' | 'sendLoginCode' | 'checkLoginCode'
  >;
  /** Waiting lists: a full meeting or session with its list on takes the sign-up onto it. */
  waitlist?: Pick<
    WaitlistService,
    | 'joinMeetingList'
    | 'joinSessionListIn'
    | 'meetingEntryView'
    | 'meetingPlaceOfPhone'
    | 'addDevice'
    | 'placesOfGuest'
  >;
}

/** Whether a full meeting or session still takes places on its waiting list. */
export function waitlistOpen(row: { waitlist_enabled: number; waitlist_max: number; waiting_count: number }) {
  return row.waitlist_enabled === 1 && (row.waitlist_max === 0 || row.waiting_count < row.waitlist_max);
}

export function meetingStatus(meeting: repo.PublicMeetingRow, now: number): PublicMeetingStatus {
  if (!meeting.signup_enabled) return 'disabled';
  // Its guests' data has been erased: new personal data would outlive the purge.
  if (meeting.purged_at !== null) return 'deadline_passed';
  if (meeting.registration_deadline !== null && meeting.registration_deadline < now) return 'deadline_passed';
  // Seats held by open offers of the waiting list are not free.
  const taken = meeting.registered_count + meeting.waitlist_held;
  if (meeting.registration_limit > 0 && taken >= meeting.registration_limit) return 'full';
  return 'open';
}

/**
 * The registration engine (issue 4): public meeting info, sign-up with atomic capacity, code
 * retrieval. Guest-token endpoints live in visitor-guest.service.ts.
 */
export function createRegistrationService(deps: RegistrationDeps) {
  const { db, systemLog, clock } = deps;
  const signUpPerIp = deps.limiters(
    'public_signup_ip',
    PUBLIC_LIMITS.signUpPerIp.points,
    PUBLIC_LIMITS.signUpPerIp.seconds,
  );
  const limiter = (name: string, limit: { points: number; seconds: number }) =>
    deps.limiters(name, limit.points, limit.seconds);
  const lookupPerIpAndPhone = limiter('public_lookup_ip_phone', PUBLIC_LIMITS.lookupPerIpAndPhone);
  const lookupPerPhone = limiter('public_lookup_phone', PUBLIC_LIMITS.lookupPerPhone);
  const lookupFailuresPerIp = limiter('public_lookup_ip_failures', PUBLIC_LIMITS.lookupFailuresPerIp);
  const lookupPerIp = limiter('public_lookup_ip', PUBLIC_LIMITS.lookupPerIp);
  const loginCodeFailures = limiter('public_login_code_phone', PUBLIC_LIMITS.loginCodeFailuresPerPhone);

  /** The look-up's limits and the guest it finds (INVALID_INFO for an unknown number). */
  async function lookedUpGuest(publicId: string, body: { area_code: string; phone: string }, ip: string) {
    const digits = body.phone.replace(/\D/g, '');
    const phoneKey = `${body.area_code}:${digits.replace(/^0+/, '')}`;
    await lookupPerIp.consume(ip);
    await lookupPerIpAndPhone.consume(`${ip} ${phoneKey}`);
    await lookupPerPhone.consume(phoneKey);
    const meeting = await liveMeeting(publicId);
    const phone = normalizePhone(body.area_code, body.phone) ?? `+${body.area_code}${digits}`;
    const guest = await repo.findGuestByPhone(db, meeting.id, body.area_code, phone);
    if (!guest) {
      const place = await deps.waitlist?.meetingPlaceOfPhone(meeting.id, body.area_code, phone);
      if (place) return { meeting, guest: undefined, place, phoneKey };
      await lookupFailuresPerIp.consume(ip);
      throw new AppError('INVALID_INFO');
    }
    return { meeting, guest, place: undefined, phoneKey };
  }

  /**
   * A visitor still on the meeting's waiting list finds their place by phone: a token for this device,
   * which becomes a guest token when they are given a seat. Where the organiser wants more than a
   * phone number (the e-mailed code), a place is not found this way — it has no guest mail to carry
   * the code, and its token would later open the guest page: the visitor keeps the page of the device
   * they signed up on, and an offer comes by e-mail.
   */
  async function issueWaitingToken(meeting: repo.PublicMeetingRow, place: WaitingPlace, ip: string) {
    if (deps.mail && (await deps.mail.loginCodeRequired(meeting.id))) {
      await lookupFailuresPerIp.consume(ip);
      throw new AppError('INVALID_INFO');
    }
    const token = randomToken(32);
    await deps.waitlist!.addDevice(place.id, sha256(token), ip);
    return {
      guest_token: token,
      guest: null,
      waiting: await deps.waitlist!.meetingEntryView(place, meeting.public_id),
    };
  }

  /** A token for this device; the guest's other devices stay signed in. */
  async function issueToken(meeting: repo.PublicMeetingRow, guest: repo.GuestRow, ip: string) {
    const token = randomToken(32);
    await db.transaction().execute(async (trx) => {
      await repo.addGuestToken(trx, guest.id, sha256(token), clock());
      await systemLog.record(
        {
          action: 'code_lookup',
          source: 'public',
          message: {
            key: 'registration.code_retrieved',
            params: {
              meeting_id: meeting.id,
              meeting_name: meeting.name,
              guest_id: guest.id,
              phone: maskPhone(guest.area_code, guest.phone),
            },
          },
          username: null,
          ip,
        },
        trx,
      );
    });
    return {
      guest_token: token,
      guest: await toPublicGuest(db, meeting, guest, deps.waitlist),
      waiting: null,
    };
  }

  async function liveMeeting(publicId: string): Promise<repo.PublicMeetingRow> {
    const meeting = await repo.findLiveMeetingByPublicId(db, publicId);
    if (!meeting) throw new AppError('NO_MEETING');
    return meeting;
  }

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

  /** The sign-up's audit entry, for one sign-up or many admitted together. */
  const signUpEntry = (meeting: repo.PublicMeetingRow, guestId: number, phone: string, ip: string) => ({
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
  async function afterSignUps(meeting: repo.PublicMeetingRow, filled: FilledSeats) {
    deps.onSignupsChanged?.(meeting.id);
    deps.mail?.kick();
    // Only for the sign-up that took a last seat: one write then, none otherwise.
    if (filled.meeting) await deps.notifications?.meetingFilled(meeting);
    for (const session of filled.sessions) await deps.notifications?.sessionFilled(meeting, session);
  }

  /**
   * Sign-ups of an open meeting are admitted together: those that arrive while the meeting's batch
   * runs go in its next one — one transaction, one seat update per counter and one flush for them
   * all (docs/ARCHITECTURE.md, "Speed at the limit"). A sign-up refused a seat here, or caught in a
   * batch that failed (a deadlock, one visitor's bad text), goes on alone, where the waiting lists
   * and the exact refusals live; a lost connection fails the batch's sign-ups with a 503.
   */
  const admitTogether = createBatcher(
    async (meetingId: number, applicants: Applicant[]): Promise<Admitted[]> => {
      const meeting = applicants[0]!.meeting;
      const now = clock();
      let batch: Awaited<ReturnType<typeof admitGuestBatch>>;
      try {
        batch = await db.transaction().execute(async (trx) => {
          const taken = await admitGuestBatch(trx, meetingId, applicants, now, deps.dbKind === 'postgres');
          const admitted = applicants.flatMap((applicant, i) => {
            const outcome = taken.outcomes[i]!;
            return 'id' in outcome ? [{ applicant, id: outcome.id }] : [];
          });
          await deps.webhooks?.emitAll(
            trx,
            admitted.map(({ applicant, id }) =>
              guestSignedUp(meetingId, id, 'public', applicant.scheduleIds),
            ),
          );
          await systemLog.recordAll(
            admitted.map(({ applicant, id }) =>
              signUpEntry(meeting, id, applicant.maskedPhone, applicant.ip),
            ),
            trx,
          );
          return taken;
        });
      } catch (error) {
        // Nothing was acknowledged: with the database gone, each answers 503 (the error handler).
        if (error instanceof Error && isConnectionLost(error)) throw error;
        // Anything else — a deadlock, one visitor's text the database refuses, the meeting just
        // deleted — fails only the sign-up it belongs to when each goes on alone.
        const { code, errcode } = error as { code?: string; errcode?: number };
        deps.log?.warn(`sign-ups admitted together failed (${errcode ?? code ?? 'error'}); each tries alone`);
        return applicants.map(() => 'alone');
      }
      await afterSignUps(meeting, batch.filled);
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

  return {
    async getMeeting(publicId: string): Promise<PublicMeeting> {
      const meeting = await liveMeeting(publicId);
      const dateSchedule = meeting.meeting_type === 'date_schedule';
      const displayConfig = resolveDisplayConfig(meeting.display_config);
      // Read once: the categories and the region both come from the organisation and those above.
      const ancestors = await ancestorIds(db, meeting.organization_id);
      // The categories this meeting offers: global ones and those of its organisation or above.
      const collegeCategories = () => repo.listCollegeCategories(db, ancestors);
      const [schedules, userTypes, pairs, categories] = dateSchedule
        ? await Promise.all([
            repo.listSchedulesWithTimes(db, meeting.id),
            repo.listUserTypes(db, meeting.id),
            repo.listUserTypeSchedules(db, meeting.id),
            collegeCategories(),
          ])
        : [[], [], [], await collegeCategories()];
      return {
        public_id: meeting.public_id,
        name: meeting.name,
        name_cn: meeting.name_cn,
        name_en: meeting.name_en,
        location: meeting.location,
        location_cn: meeting.location_cn,
        location_en: meeting.location_en,
        start_at: meeting.start_at,
        end_at: meeting.end_at,
        time_zone: timeZone(),
        meeting_type: meeting.meeting_type,
        multi_language: meeting.multi_language === 1,
        status: meetingStatus(meeting, clock()),
        waitlist_open: waitlistOpen(meeting),
        registration_deadline: meeting.registration_deadline,
        banner_file_id: meeting.banner_file_id,
        schedule_file_id: meeting.schedule_file_id,
        guide_file_id: meeting.guide_file_id,
        display_config: displayConfig,
        default_area_code:
          displayConfig.default_area_code ?? (await regionAreaCode(db, meeting.organization_id, ancestors)),
        user_types: userTypes.map((t) => ({
          ...t,
          schedule_ids: pairs.filter((p) => p.user_type_id === t.id).map((p) => p.schedule_id),
        })),
        schedules: schedules.map((s) => ({
          id: s.id,
          name: s.name,
          name_cn: s.name_cn,
          name_en: s.name_en,
          date: s.date,
          start_time: s.start_time ?? null,
          end_time: s.end_time ?? null,
          signup_limit: s.signup_limit,
          seats_left:
            s.signup_limit > 0 ? Math.max(0, s.signup_limit - s.signup_count - s.waitlist_held) : null,
          waitlist_open: waitlistOpen(s),
        })),
        college_categories: categories,
        privacy_notice: publicNotice(meeting),
      };
    },

    /**
     * One sign-up, all or nothing: the meeting seat, then each session seat in ascending id order,
     * then the guest rows, in ONE transaction. The unique (meeting, area code, phone) index is the
     * final word on duplicates.
     */
    async signUp(publicId: string, body: SignUpInput, ip: string, language: Language) {
      await signUpPerIp.consume(ip);
      const meeting = await meetingReads.submit(publicId, null);
      if (!meeting) throw new AppError('NO_MEETING');
      const now = clock();
      const status = meetingStatus(meeting, now);
      if (status === 'disabled' || status === 'deadline_passed') throw new AppError('REGISTRATION_CLOSED');
      assertMeetingType(body, meeting.meeting_type);
      const phone = requirePhone(body.area_code, body.phone);
      const consent = consentColumns(meeting, body, now);

      // Friendly early answers; the unique index and the seats below still decide under
      // concurrency. A full meeting answers before the session checks: a burst of late sign-ups
      // costs two reads each. An open meeting's batch finds a phone already signed up itself (its
      // insert skips the row), so the hot path does without that read.
      if (status !== 'open' && (await repo.findGuestByPhone(db, meeting.id, body.area_code, phone))) {
        throw new AppError('ALREADY_SIGNED_UP');
      }
      const waitlist = deps.waitlist;
      if (status === 'full' && !(waitlist && meeting.waitlist_enabled === 1))
        throw new AppError('MEETING_FULL');
      if (
        waitlist &&
        meeting.waiting_count + meeting.waitlist_held > 0 &&
        (await waitlist.meetingPlaceOfPhone(meeting.id, body.area_code, phone))
      ) {
        throw new AppError('ALREADY_WAITING');
      }
      const { chosen: scheduleIds, allowed } =
        body.meeting_type === 'date_schedule'
          ? await checkScheduleChoice(db, meeting, body, (userTypeId) =>
              userTypeReads.submit(`${meeting.id}:${userTypeId}`, null),
            )
          : { chosen: [], allowed: [] };

      const token = randomToken(32);
      const values: Insertable<Database['guests']> = {
        ...guestFormValues(body, phone),
        meeting_id: meeting.id,
        guest_code: newGuestCode(),
        token_hash: sha256(token),
        created_at: now,
        language,
        ...consent,
        ...deps.mail?.confirmationColumns(),
      };

      const masked = maskPhone(body.area_code, phone);
      // The answer of a sign-up seated in every session it chose.
      const seated = () => ({
        guest_token: token,
        guest: publicGuestView(meeting, justSignedUp(values), scheduleIds, allowed, []),
        waiting: null,
      });
      if (status === 'open') {
        const admitted = await admitTogether.submit(meeting.id, {
          meeting,
          values,
          scheduleIds,
          ip,
          maskedPhone: masked,
        });
        if (admitted === 'phone_taken') throw new AppError('ALREADY_SIGNED_UP');
        if (admitted === 'meeting_full') throw new AppError('MEETING_FULL');
        if (admitted !== 'alone') return seated();
      }

      // Alone: a full meeting (its waiting list), a seat refused in the batch, or a batch that failed.
      const filled: FilledSeats = { meeting: false, sessions: [] };
      // Set inside the transaction's callback (a place on the meeting's list instead of a guest).
      let waiting = undefined as WaitingPlace | undefined;
      let guestId = 0;
      const waitingFor: number[] = [];
      try {
        // The audit entry commits with the sign-up: one disk flush answers both.
        await db.transaction().execute(async (trx) => {
          try {
            const inserted = await insertGuestTakingSeats(trx, values, scheduleIds, now, filled, {
              skipFullSessions: waitlist !== undefined,
            });
            guestId = inserted.id;
            // Before any session list can seat the new guest: signed up comes before promoted.
            await deps.webhooks?.emit(
              trx,
              guestSignedUp(
                meeting.id,
                guestId,
                'public',
                scheduleIds.filter((id) => !inserted.fullSessions.includes(id)),
                inserted.fullSessions,
              ),
            );
            // A chosen session that is full: its waiting list, or SESSION_FULL when it takes no one.
            for (const scheduleId of inserted.fullSessions) {
              await waitlist!.joinSessionListIn(
                trx,
                guestId,
                { meetingId: meeting.id, scopeId: scheduleId },
                now,
                ip,
              );
              waitingFor.push(scheduleId);
            }
          } catch (error) {
            // The meeting is full (its rows were taken back): the sign-up becomes a place on its list.
            if (!(error instanceof AppError && error.errorName === 'MEETING_FULL' && waitlist)) throw error;
            const {
              token_hash: tokenHash,
              guest_code: _code,
              created_at: _at,
              mail_pending: _mail,
              ...form
            } = values;
            waiting = await waitlist.joinMeetingList(
              trx,
              meeting.id,
              {
                form,
                scheduleIds,
                displayName: guestDisplayName({ name: '', name_zh: '', name_en: '', ...form }),
                tokenHash,
              },
              now,
              ip,
            );
            return;
          }
          await systemLog.record(signUpEntry(meeting, guestId, masked, ip), trx);
        });
      } catch (error) {
        // The same phone joined the list a moment before (a double submit): its place stands.
        if (isUniqueViolationOf(error, 'waitlist_entries')) throw new AppError('ALREADY_WAITING');
        if (isUniqueViolation(error)) throw new AppError('ALREADY_SIGNED_UP');
        throw error;
      }
      await afterSignUps(meeting, filled);
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
      if (waitingFor.length > 0) {
        // Places on full sessions' lists (one may even have been seated at once): read back.
        const row = await repo.findGuestById(db, guestId);
        if (row)
          return {
            guest_token: token,
            guest: await toPublicGuest(db, meeting, row, waitlist),
            waiting: null,
          };
      }
      return seated();
    },

    /**
     * Code retrieval by area code + phone. A success issues a token for this device and leaves the
     * guest's other devices signed in: a retrieval at the door must not sign out the phone that
     * signed up, nor may anyone who knows a number sign a guest out.
     */
    async lookup(
      publicId: string,
      body: { area_code: string; phone: string },
      ip: string,
    ): Promise<LookupResult> {
      const { meeting, guest, place } = await lookedUpGuest(publicId, body, ip);
      if (!guest) return issueWaitingToken(meeting, place, ip);
      if (deps.mail && (await deps.mail.loginCodeRequired(meeting.id))) {
        // A phone number alone does not open this meeting's entry codes: the address must answer too.
        await deps.mail.sendLoginCode(guest);
        return { code_sent: true, masked_email: maskEmail(guest.email) };
      }
      return issueToken(meeting, guest, ip);
    },

    /** The second step of a look-up that asked for a code by e-mail. */
    async verifyLookup(publicId: string, body: LookupVerifyBody, ip: string) {
      const { meeting, guest, place, phoneKey } = await lookedUpGuest(publicId, body, ip);
      if (!guest) return issueWaitingToken(meeting, place, ip);
      // Every try spends a point and a right code gives it back: wrong codes alone use up the
      // budget, and once it is spent even the right code waits, so guessing cannot go on.
      await loginCodeFailures.consume(phoneKey);
      if (!deps.mail?.checkLoginCode(guest.id, body.code.trim())) throw new AppError('LOGIN_CODE_WRONG');
      await loginCodeFailures.refund(phoneKey);
      return issueToken(meeting, guest, ip);
    },

    /** The guest page on this device for a guest just given a seat (an offer accepted from its link). */
    async openGuestPage(guestId: number, ip: string) {
      const guest = await repo.findGuestById(db, guestId);
      const meeting = guest && (await repo.findLiveMeetingById(db, guest.meeting_id));
      if (!guest || !meeting) throw new AppError('NO_MEETING');
      return issueToken(meeting, guest, ip);
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
type WaitingPlace = NonNullable<
  Awaited<ReturnType<NonNullable<RegistrationDeps['waitlist']>['meetingPlaceOfPhone']>>
>;

/** The guest's own view: masked contact data, enrolments and what can still be enrolled. */
export async function toPublicGuest(
  db: Db,
  meeting: { public_id: string; meeting_type: string },
  guest: repo.GuestRow,
  waitlist: Pick<WaitlistService, 'placesOfGuest'> | undefined,
): Promise<PublicGuest> {
  const enrolled =
    meeting.meeting_type === 'date_schedule' ? await repo.guestScheduleIds(db, guest.id) : ([] as number[]);
  const allowed =
    meeting.meeting_type === 'date_schedule' && guest.user_type_id !== null
      ? await allowedScheduleIds(db, guest.user_type_id)
      : [];
  const places =
    meeting.meeting_type === 'date_schedule' && waitlist ? await waitlist.placesOfGuest(guest.id) : [];
  return publicGuestView(meeting, guest, enrolled, allowed, places);
}

/** A sign-up's own view built from what was just written: no read-back on the hot path. */
function justSignedUp(values: Insertable<Database['guests']>) {
  return {
    guest_code: values.guest_code,
    area_code: values.area_code,
    phone: values.phone,
    email: values.email,
    name: values.name ?? '',
    name_zh: values.name_zh ?? '',
    name_en: values.name_en ?? '',
    user_type_id: values.user_type_id ?? null,
    created_at: values.created_at,
  };
}

/** A sign-up that may be admitted together with others (see admitTogether). */
interface Applicant extends NewGuest {
  meeting: repo.PublicMeetingRow;
  ip: string;
  maskedPhone: string;
}
/** Admitted with its new id, refused (a phone already signed up, a meeting full), or to be tried alone. */
type Admitted = { id: number } | 'phone_taken' | 'meeting_full' | 'alone';

function publicGuestView(
  meeting: { public_id: string },
  guest: Pick<
    repo.GuestRow,
    | 'guest_code'
    | 'area_code'
    | 'phone'
    | 'email'
    | 'name'
    | 'name_zh'
    | 'name_en'
    | 'user_type_id'
    | 'created_at'
  >,
  enrolled: number[],
  allowed: number[],
  waitlist: WaitlistPlace[],
): PublicGuest {
  const enrolledSet = new Set(enrolled);
  return {
    meeting_public_id: meeting.public_id,
    guest_code: guest.guest_code,
    display_name: guestDisplayName(guest),
    masked_phone: maskPhone(guest.area_code, guest.phone),
    masked_email: maskEmail(guest.email),
    user_type_id: guest.user_type_id,
    enrolled_schedule_ids: enrolled,
    enrollable_schedule_ids: allowed.filter((id) => !enrolledSet.has(id)),
    signed_up_at: guest.created_at,
    waitlist,
  };
}
