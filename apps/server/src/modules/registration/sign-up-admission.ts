import type { PublicApplication } from '@meetflow/shared/schemas/approval';
import type { Db } from '../../db/database.ts';
import type { SeatKind } from '../guests/guest-rules.ts';
import type * as repo from './registration.repository.ts';

/*
 * Who may register (issue 45), as the sign-up asks it: an invitation code (the invitations module),
 * a match on the organisation's member list (the members module) and approval (the approval
 * module). Each module registers after this one and fills its port on `app.registration`. A meeting
 * that uses none of them (no approval, no code given, no member-priced ticket) never calls them.
 */

/** An invitation found by its code, checked before the sign-up's transaction. */
export interface InvitationMatch {
  id: number;
  code: string;
  /** 'reserved' takes an invitee seat, 'bypass' a seat past the limit. */
  seat: Extract<SeatKind, 'reserved' | 'bypass'>;
  /** The registration type the invitation signs up as (null: the visitor's choice). */
  userTypeId: number | null;
}

export interface SignUpInvitations {
  /**
   * The invitation `code` names for this meeting (trimmed, case-folded): INVITATION_INVALID when
   * none, disabled or past its date, INVITATION_USED_UP when every use is taken, and
   * INVITATION_WRONG_TYPE when it is tied to another registration type. Nothing is counted yet.
   */
  find(
    meeting: repo.PublicMeetingRow,
    code: string,
    userTypeId: number | null,
    now: number,
  ): Promise<InvitationMatch>;
  /**
   * One use of the invitation, in the sign-up's transaction before the seats are taken: the
   * conditional UPDATE on `used_count` (INVITATION_USED_UP rolls the sign-up back), its webhook
   * event and audit entry.
   */
  redeemIn(
    trx: Db,
    meeting: repo.PublicMeetingRow,
    match: InvitationMatch,
    guestId: number,
    now: number,
    ip: string | null,
  ): Promise<void>;
}

/** A row of the organisation's member list that the sign-up matched. */
export interface MemberMatch {
  id: number;
  memberClass: string;
}

export interface SignUpMembers {
  /**
   * The member row of the meeting's organisation whose licence number and one of whose names match
   * the sign-up's, valid on the meeting's first day; null on no licence, no row, or a name that does
   * not match (never a guess).
   */
  match(
    meeting: repo.PublicMeetingRow,
    person: { licenceNumber: string; names: readonly string[] },
    now: number,
  ): Promise<MemberMatch | null>;
}

/** An application written with the sign-up (approval, issue 45). */
export interface NewApplication {
  /** Held: the guest row just written (awaiting approval); unheld: null. */
  guestId: number | null;
  /** Unheld: JSON of the guest row to be, written once approved. */
  form: string | null;
  scheduleIds: readonly number[];
  /** Unheld: the visitor's token (its hash), which opens the guest page once approved. */
  tokenHash: string | null;
  areaCode: string;
  phone: string;
  email: string;
  displayName: string;
  language: string;
  userTypeId: number | null;
  maskedPhone: string;
}

export interface SignUpApproval {
  /**
   * The application in the sign-up's transaction: its row (ALREADY_APPLIED on a pending one of the
   * same phone), the webhook event, the audit entry and the "application received" mail.
   */
  applyIn(
    trx: Db,
    meeting: repo.PublicMeetingRow,
    application: NewApplication,
    now: number,
    ip: string,
  ): Promise<number>;
  /** The application a visitor's token was given for (without a held seat), or null. */
  ofToken(tokenHash: string): Promise<{ meetingId: number; view: PublicApplication } | null>;
  /** A phone's newest application for the meeting (the look-up), or null. */
  ofPhone(meetingId: number, areaCode: string, phone: string): Promise<PublicApplication | null>;
  /**
   * The look-up of a phone whose application waits without a held seat, where the meeting wants
   * the e-mailed code: the "application received" mail again (once per window, audited), and the
   * address masked as a guest's code mail shows it; null when the phone has no such application,
   * NO_GUEST_EMAIL when it gave no address.
   */
  mailPending(
    meeting: repo.PublicMeetingRow,
    areaCode: string,
    phone: string,
    ip: string,
  ): Promise<{ maskedEmail: string } | null>;
}
