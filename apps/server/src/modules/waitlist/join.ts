import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { guestDisplayName, maskPhone } from '../guests/guest-format.ts';
import { audit, listParam, type CoreContext, type WaitingGuestForm } from './core-context.ts';
import * as scopes from './waitlist-scopes.repository.ts';
import * as repo from './waitlist.repository.ts';

/**
 * A place at the end of a list. The list must be open and below its maximum (WAITLIST_FULL
 * otherwise — SESSION_FULL / MEETING_FULL when it is switched off). A seat freed between the "full"
 * answer and this join is handed out at once (fill), possibly to this very place.
 */
async function join(
  core: CoreContext,
  trx: Db,
  scope: repo.Scope,
  values: Omit<Insertable<Database['waitlist_entries']>, 'meeting_id' | 'scope_id' | 'seq' | 'created_at'>,
  now: number,
  ip: string | null,
): Promise<{ entry: repo.EntryRow; seatFree: boolean }> {
  const place = await scopes.takePlaceNumber(trx, scope);
  if (place === undefined) {
    const state = await scopes.lockScope(trx, scope, false);
    if (!state) throw new AppError('NOT_FOUND');
    if (state.enabled) throw new AppError('WAITLIST_FULL');
    throw scope.scopeId === 0
      ? new AppError('MEETING_FULL')
      : new AppError('SESSION_FULL', { data: { schedule_id: scope.scopeId } });
  }
  const entry = await repo.insertEntry(trx, {
    ...values,
    meeting_id: scope.meetingId,
    scope_id: scope.scopeId,
    seq: place.seq,
    created_at: now,
  });
  const params = {
    meeting_id: scope.meetingId,
    list: listParam(scope),
    position: place.position,
    phone: maskPhone(entry.area_code, entry.phone),
  };
  await audit(core, trx, entry, { key: 'waitlist.joined', params }, null, ip);
  return { entry, seatFree: place.seatFree };
}

/**
 * A visitor's place on the meeting's list (the sign-up of a full meeting): the form kept for the
 * guest row to be, the device's token, then any seat free right now handed out.
 */
export async function joinMeetingList(
  core: CoreContext,
  trx: Db,
  meetingId: number,
  visitor: {
    form: WaitingGuestForm;
    scheduleIds: readonly number[];
    displayName: string;
    tokenHash: string;
  },
  now: number,
  ip: string,
): Promise<repo.EntryRow> {
  const scope = { meetingId, scopeId: 0 };
  const { form } = visitor;
  const { entry, seatFree } = await join(
    core,
    trx,
    scope,
    {
      area_code: form.area_code,
      phone: form.phone,
      email: form.email,
      display_name: visitor.displayName,
      language: form.language ?? 'zh-tw',
      form: JSON.stringify(form),
      schedule_ids: JSON.stringify(visitor.scheduleIds),
    },
    now,
    ip,
  );
  await repo.addToken(trx, entry.id, visitor.tokenHash, now);
  if (!seatFree) return entry;
  await core.fill(trx, scope, now);
  return (await repo.findEntry(trx, entry.id))!;
}

/** A guest's place on a session's list (their contact copied onto it). */
export async function joinSessionList(
  core: CoreContext,
  trx: Db,
  guestId: number,
  scope: repo.Scope,
  now: number,
  ip: string | null,
) {
  const guest = await repo.guestForPlace(trx, guestId);
  if (!guest) throw new AppError('NOT_FOUND');
  const { entry, seatFree } = await join(
    core,
    trx,
    scope,
    {
      guest_id: guestId,
      area_code: guest.area_code,
      phone: guest.phone,
      email: guest.email,
      display_name: guestDisplayName(guest),
      language: guest.language,
    },
    now,
    ip,
  );
  if (seatFree) await core.fill(trx, scope, now);
  return entry;
}
