import type { CertificateState } from '@meetflow/shared/certificate-states';
import type { Language } from '@meetflow/shared/languages';
import type { SignUpInput } from '@meetflow/shared/schemas/public';
import type { Db, DatabaseKind } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { addGuest } from './add-guest.ts';
import { answerFileDownload } from './answer-file-download.ts';
import { cancelGuest, cancelGuestIn, type GuestApplications, type GuestOrders } from './cancel-guest.ts';
import { editGuest } from './edit-guest.ts';
import { createGuestLog, visibleGuest } from './guest-admin-common.ts';
import { guestDetail } from './guest-detail.ts';
import { createGuestList } from './guest-list.ts';
import * as repo from './guests.repository.ts';
import type { SeatEvents } from './seat-events.ts';

export interface GuestsDeps {
  db: Db;
  /** Which database the guests live in. */
  dbKind: DatabaseKind;
  systemLog: SystemLog;
  clock: () => number;
  /** Told after a committed add, delete or change of sessions: the meeting's live figures changed. */
  onSignupsChanged?: (meetingId: number) => void;
  /** Told after the commit when an add or edit took the last seat of the meeting or a session. */
  notifications?: Pick<NotificationsService, 'meetingFilled' | 'sessionFilled'>;
  /** Each listed guest's certificate of attendance (the certificates module answers it). */
  certificateStates?: (
    meeting: { id: number; start_at: number; end_at: number },
    guestIds: readonly number[],
  ) => Promise<Map<number, CertificateState>>;
  /** The waiting lists (seat-events.ts): seats freed by a delete or an edit are handed out in its transaction. */
  waitlist?: SeatEvents;
  /** Events for other systems, written in the change's transaction. */
  webhooks: WebhookEmitter;
  /** A guest's pending order, closed when they are cancelled (the payments module answers it). */
  orders?: GuestOrders;
  /** A cancelled guest's pending application is withdrawn (the approval module answers it). */
  applications?: GuestApplications;
  /** Where the list stops counting matches ("10,000+"); also what makes a keyword broad (guests.repository.ts). */
  countCap?: number;
}

/**
 * The back-office guest list (issue 5): scoped to the user's organisation subtree (404 outside),
 * manual add and edit with the sign-up's rules and seat counting (add-guest.ts, edit-guest.ts), and
 * delete that frees the seats (cancel-guest.ts). The list and export are guest-list.ts.
 */
export function createGuestsService(deps: GuestsDeps) {
  const { db } = deps;
  const log = createGuestLog(deps);
  const findVisible = (user: AuthUser, guestId: number) => visibleGuest(deps, user, guestId);

  return {
    /** A live meeting inside the user's subtree; 404 otherwise (the one meeting access rule). */
    visibleMeeting: (user: AuthUser, meetingId: number): Promise<VisibleMeeting> =>
      visibleMeeting(db, user, meetingId),
    ...createGuestList(deps),
    detail: (user: AuthUser, guestId: number, lang: Language) => guestDetail(deps, user, guestId, lang),
    create: (user: AuthUser, meetingId: number, body: SignUpInput, ip: string, lang: Language) =>
      addGuest(deps, log, user, meetingId, body, ip, lang),
    update: (user: AuthUser, guestId: number, body: SignUpInput, ip: string, lang: Language) =>
      editGuest(deps, log, user, guestId, body, ip, lang),
    /** A file the guest answered with (answer-file-download.ts), audited. */
    answerFile: (user: AuthUser, guestId: number, fileId: string, ip: string) =>
      answerFileDownload(deps, log, user, guestId, fileId, ip),

    /** Cancels the guest (see cancel-guest.ts), audited. */
    async remove(user: AuthUser, guestId: number, ip: string): Promise<void> {
      const guest = await findVisible(user, guestId);
      await cancelGuest(deps, guest, user.auditName);
      await log(user, ip, 'delete', {
        key: 'guest.deleted',
        params: { id: guest.id, meeting_id: guest.meeting_id, meeting_name: guest.meeting_name },
      });
    },

    /** A live guest of a live meeting inside the user's subtree; 404 otherwise. */
    findVisible,

    /**
     * Cancels a live guest as `remove` does, for work already authorised (a guest withdrawing their
     * own sign-up); `alsoInTrx` runs in the same transaction (the withdrawal erases their data there).
     * NOT_FOUND when the guest is gone.
     */
    async cancel(guestId: number, actor: string, alsoInTrx?: (trx: Db) => Promise<void>): Promise<void> {
      const guest = await repo.findGuestMeeting(db, guestId);
      if (!guest) throw new AppError('NOT_FOUND');
      await cancelGuest(deps, guest, actor, alsoInTrx);
    },

    /**
     * Cancels a live guest in the caller's transaction, without a word to their orders (the
     * payments module, expiring an unpaid order's hold, has closed it): false when already gone.
     */
    async cancelIn(trx: Db, guestId: number, actor: string | null): Promise<boolean> {
      const guest = await repo.findGuestFields(trx, guestId);
      if (!guest || guest.cancelled_at !== null) return false;
      await cancelGuestIn(deps, trx, guest, actor);
      return true;
    },

    log,
  };
}
export type GuestsService = ReturnType<typeof createGuestsService>;
