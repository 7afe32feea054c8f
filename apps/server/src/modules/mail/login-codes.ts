import { AppError } from '../../lib/app-error.ts';
import type { MailPayload } from './mail-compose.ts';
import { loginCodeMatches, loginCodeWindow } from './mail-signing.ts';
import type { MailDeps } from './mail.service.ts';
import * as repo from './mail.repository.ts';

export const CODE_MAIL_LIMITS = {
  perIp: { points: 10, seconds: 600 },
  perAddress: { points: 3, seconds: 600 },
} as const;
/** A code mail asked again within this window is the same message (one per guest per window). */
const CODE_MAIL_WINDOW_MS = 10 * 60_000;

/**
 * The guest code and the look-up's one-time code by e-mail: the visitor's "send my code to my
 * e-mail" and the second factor of the phone look-up.
 */
export function createLoginCodes(
  deps: Pick<MailDeps, 'db' | 'jobs' | 'clock' | 'systemLog' | 'limiters' | 'signingSecret'>,
) {
  const { db, jobs, clock, systemLog } = deps;
  const codePerIp = deps.limiters(
    'mail_code_ip',
    CODE_MAIL_LIMITS.perIp.points,
    CODE_MAIL_LIMITS.perIp.seconds,
  );
  const codePerAddress = deps.limiters(
    'mail_code_address',
    CODE_MAIL_LIMITS.perAddress.points,
    CODE_MAIL_LIMITS.perAddress.seconds,
  );

  return {
    /**
     * The visitor's "send my code to my e-mail": the same answer whether or not the address is known
     * (no enumeration), rate-limited per address and per client address like the phone look-up.
     */
    async sendCodeByEmail(publicId: string, email: string, ip: string): Promise<void> {
      await codePerIp.consume(ip);
      await codePerAddress.consume(email.toLowerCase());
      const meeting = await repo.findLiveMeetingByPublicId(db, publicId);
      if (!meeting) throw new AppError('NO_MEETING');
      const guests = await repo.liveGuestIdsByEmail(db, meeting.id, email);
      const window = Math.floor(clock() / CODE_MAIL_WINDOW_MS);
      await db.transaction().execute(async (trx) => {
        for (const { id } of guests) {
          await jobs.enqueue(trx, {
            kind: 'mail',
            key: `code:${id}:${window}`,
            payload: { type: 'code' } satisfies MailPayload,
            meetingId: meeting.id,
            guestId: id,
          });
        }
        await systemLog.record(
          {
            action: 'code_lookup',
            source: 'public',
            message: {
              key: 'mail.code_requested',
              params: { meeting_id: meeting.id, meeting_name: meeting.name, count: guests.length },
            },
            username: null,
            ip,
          },
          trx,
        );
      });
      jobs.kick();
    },

    /** Whether this meeting's phone look-up also needs a code sent by e-mail. */
    async loginCodeRequired(meetingId: number): Promise<boolean> {
      return (await repo.findSettings(db, meetingId))?.lookup_code_by_email === 1;
    },

    /** Mails the guest a one-time code for the look-up; one mail per guest per window however often asked. */
    async sendLoginCode(guest: { id: number; meeting_id: number; email: string }): Promise<void> {
      if (!guest.email) throw new AppError('NO_GUEST_EMAIL');
      const window = loginCodeWindow(clock());
      await db.transaction().execute(async (trx) => {
        await jobs.enqueue(trx, {
          kind: 'mail',
          key: `login-code:${guest.id}:${window}`,
          payload: { type: 'login_code', window } satisfies MailPayload,
          meetingId: guest.meeting_id,
          guestId: guest.id,
        });
      });
      jobs.kick();
    },

    checkLoginCode(guestId: number, code: string): boolean {
      return loginCodeMatches(deps.signingSecret, guestId, code, clock());
    },
  };
}
