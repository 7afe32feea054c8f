import type {
  MeetingWaitlistEntry,
  WaitlistAdminEntry,
  WaitlistPlace,
} from '@meetflow/shared/schemas/waitlist';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { maskEmail, maskPhone } from '../guests/guest-format.ts';
import { offerToken } from './offer-token.ts';
import type { WaitlistDeps } from './waitlist.service.ts';
import * as repo from './waitlist.repository.ts';

/* What the waiting lists' faces share: a place's views, committing a change of seats, a meeting's place. */

type ViewDeps = Pick<WaitlistDeps, 'db' | 'signingSecret'>;

/** A place as its visitor sees it: where it stands, and the offer's token while one is open. */
export async function place(deps: ViewDeps, entry: repo.EntryRow): Promise<WaitlistPlace> {
  return {
    schedule_id: entry.scope_id,
    status: entry.status,
    position: entry.status === 'waiting' ? await repo.positionOf(deps.db, entry) : null,
    joined_at: entry.created_at,
    offer_expires_at: entry.status === 'offered' ? entry.offer_expires_at : null,
    offer_token:
      entry.status === 'offered' && entry.offered_at !== null
        ? offerToken(deps.signingSecret, entry.id, entry.offered_at)
        : null,
  };
}

/** The waiting page of a place on the meeting's list (contact data masked). */
export async function meetingEntryView(
  deps: ViewDeps,
  entry: repo.EntryRow,
  publicId: string,
): Promise<MeetingWaitlistEntry> {
  return {
    ...(await place(deps, entry)),
    meeting_public_id: publicId,
    display_name: entry.display_name,
    masked_phone: maskPhone(entry.area_code, entry.phone),
    masked_email: maskEmail(entry.email),
    schedule_ids: JSON.parse(entry.schedule_ids) as number[],
  };
}

function adminEntry(entry: repo.EntryRow, position: number | null): WaitlistAdminEntry {
  return {
    id: entry.id,
    schedule_id: entry.scope_id,
    status: entry.status,
    position,
    display_name: entry.display_name,
    area_code: entry.area_code,
    phone: entry.phone,
    email: entry.email,
    language: entry.language,
    guest_id: entry.guest_id,
    joined_at: entry.created_at,
    offered_at: entry.offered_at,
    offer_expires_at: entry.offer_expires_at,
    decided_at: entry.decided_at,
    decided_by: entry.decided_by,
  };
}

/**
 * Rows in list order (offers, then the line, then the rest): the waiting ones are consecutive, so
 * one count gives the first its position and the others follow.
 */
export async function adminEntries(db: Db, rows: repo.EntryRow[]): Promise<WaitlistAdminEntry[]> {
  const first = rows.find((r) => r.status === 'waiting');
  let next = first ? await repo.positionOf(db, first) : 0;
  return rows.map((r) => adminEntry(r, r.status === 'waiting' ? next++ : null));
}

/** Commits a change of seats and tells whom it concerns (the live figures, the mail runner). */
export async function changeSeats<T>(
  deps: Pick<WaitlistDeps, 'db' | 'onSignupsChanged' | 'mail'>,
  meetingId: number,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction().execute(work);
  deps.onSignupsChanged?.(meetingId);
  deps.mail?.kick();
  return result;
}

/** A place of this meeting's lists (WAITLIST_ENTRY_NOT_FOUND otherwise). */
export async function entryOfMeeting(db: Db, meetingId: number, entryId: number) {
  const entry = await repo.findEntry(db, entryId);
  if (!entry || entry.meeting_id !== meetingId) throw new AppError('WAITLIST_ENTRY_NOT_FOUND');
  return entry;
}
