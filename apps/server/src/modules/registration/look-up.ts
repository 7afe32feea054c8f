import { normalizePhone } from '@meetflow/shared/phone';
import type { PublicApplication } from '@meetflow/shared/schemas/approval';
import type { LookupResult, LookupVerifyBody } from '@meetflow/shared/schemas/public';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/secure-random.ts';
import { maskEmail, maskPhone } from '../guests/guest-format.ts';
import { toPublicGuest } from './public-guest.ts';
import { PUBLIC_LIMITS } from './public-limits.ts';
import { liveMeeting } from './public-meeting.ts';
import * as repo from './registration.repository.ts';
import type { RegistrationDeps } from './registration.service.ts';

type LookUpDeps = Pick<
  RegistrationDeps,
  'db' | 'systemLog' | 'clock' | 'limiters' | 'mail' | 'waitlist' | 'approval'
>;
type WaitingPlace = NonNullable<
  Awaited<ReturnType<NonNullable<RegistrationDeps['waitlist']>['meetingPlaceOfPhone']>>
>;

/**
 * Code retrieval by area code + phone, its e-mailed second step, and the guest page opened for a
 * guest just given a seat. Each success issues a token for this device only.
 */
export function createLookUp(deps: LookUpDeps) {
  const { db } = deps;
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
    const meeting = await liveMeeting(db, publicId);
    const phone = normalizePhone(body.area_code, body.phone) ?? `+${body.area_code}${digits}`;
    const guest = await repo.findGuestByPhone(db, meeting.id, body.area_code, phone);
    const none = { guest: undefined, place: undefined, application: undefined, applicant: false, phone };
    if (!guest) {
      const place = await deps.waitlist?.meetingPlaceOfPhone(meeting.id, body.area_code, phone);
      if (place) return { meeting, ...none, place, phoneKey };
      // An application without a held seat (issue 45): its state, where a phone number is enough;
      // where the code is e-mailed, a pending one is answered as a guest's phone is (by mail).
      const application = await deps.approval?.ofPhone(meeting.id, body.area_code, phone);
      if (application) {
        if (!(deps.mail && (await deps.mail.loginCodeRequired(meeting.id))))
          return { meeting, ...none, application, phoneKey };
        if (application.status === 'pending') return { meeting, ...none, applicant: true, phoneKey };
      }
      await lookupFailuresPerIp.consume(ip);
      throw new AppError('INVALID_INFO');
    }
    return { meeting, ...none, guest, phoneKey };
  }

  /**
   * A pending applicant without a seat, where the look-up mails a code: told by mail that the
   * application waits (no code: nothing to open), answered as a guest's phone is.
   */
  async function mailApplicant(meeting: repo.PublicMeetingRow, areaCode: string, phone: string, ip: string) {
    const mailed = await deps.approval!.mailPending(meeting, areaCode, phone, ip);
    if (!mailed) {
      // Decided between the two reads: as an unknown phone.
      await lookupFailuresPerIp.consume(ip);
      throw new AppError('INVALID_INFO');
    }
    return { code_sent: true as const, masked_email: mailed.maskedEmail };
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

  /** An application's state found by phone, without a token: the signing-up device keeps its own. */
  const applicationAnswer = (application: PublicApplication) => ({
    guest_token: '',
    guest: null,
    waiting: null,
    application,
  });

  return {
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
      const found = await lookedUpGuest(publicId, body, ip);
      const { meeting, guest, place, application } = found;
      if (application) return applicationAnswer(application);
      if (found.applicant) return mailApplicant(meeting, body.area_code, found.phone, ip);
      if (!guest) return issueWaitingToken(meeting, place!, ip);
      if (deps.mail && (await deps.mail.loginCodeRequired(meeting.id))) {
        // A phone number alone does not open this meeting's entry codes: the address must answer too.
        await deps.mail.sendLoginCode(guest);
        return { code_sent: true, masked_email: maskEmail(guest.email) };
      }
      return issueToken(deps, meeting, guest, ip);
    },

    /** The second step of a look-up that asked for a code by e-mail. */
    async verifyLookup(publicId: string, body: LookupVerifyBody, ip: string) {
      const found = await lookedUpGuest(publicId, body, ip);
      const { meeting, guest, place, application, phoneKey } = found;
      if (application) return applicationAnswer(application);
      // Every try spends a point and a right code gives it back: wrong codes alone use up the
      // budget, and once it is spent even the right code waits, so guessing cannot go on.
      // An applicant was sent no code: every try is wrong, as a guest's wrong code is.
      if (found.applicant) {
        await loginCodeFailures.consume(phoneKey);
        throw new AppError('LOGIN_CODE_WRONG');
      }
      if (!guest) return issueWaitingToken(meeting, place!, ip);
      await loginCodeFailures.consume(phoneKey);
      if (!deps.mail?.checkLoginCode(guest.id, body.code.trim())) throw new AppError('LOGIN_CODE_WRONG');
      await loginCodeFailures.refund(phoneKey);
      return issueToken(deps, meeting, guest, ip);
    },

    /** The guest page on this device for a guest just given a seat (an offer accepted from its link). */
    async openGuestPage(guestId: number, ip: string) {
      const guest = await repo.findGuestById(db, guestId);
      const meeting = guest && (await repo.findLiveMeetingById(db, guest.meeting_id));
      if (!guest || !meeting) throw new AppError('NO_MEETING');
      return issueToken(deps, meeting, guest, ip);
    },
  };
}

/** A token for this device; the guest's other devices stay signed in. */
async function issueToken(
  deps: LookUpDeps,
  meeting: repo.PublicMeetingRow,
  guest: repo.GuestRow,
  ip: string,
) {
  const { db, systemLog, clock } = deps;
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
