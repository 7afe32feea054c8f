import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { newGuestCode, randomToken, sha256 } from '../../lib/secure-random.ts';
import {
  allowedScheduleIds,
  enrolHoldingSeat,
  enrolInSession,
  insertGuestHoldingSeat,
  parseAnswers,
} from '../guests/guest-rules.ts';
import {
  audit,
  entryParams,
  scopeOf,
  type ChangedBy,
  type CoreContext,
  type WaitingGuestForm,
} from './core-context.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import { giveWayIfStale } from './fill.ts';
import * as scopes from './waitlist-scopes.repository.ts';
import * as repo from './waitlist.repository.ts';

/**
 * Gives a place its seat: the meeting's list makes the visitor a guest (their devices' tokens become
 * guest tokens, the confirmation is queued with the guest row), a session's list enrols the guest
 * and queues the updated confirmation. `held`: the seat was held by the place's offer. A stale place
 * gives way (see giveWayIfStale) and a seat it held goes to the next in line. Answers the guest's
 * id, or null when the place gave way or had moved on.
 */
export async function seat(
  core: CoreContext,
  trx: Db,
  entry: repo.EntryRow,
  now: number,
  held: boolean,
  by: ChangedBy = { username: null, ip: null },
): Promise<number | null> {
  const scope = scopeOf(entry);
  const from = entry.status as 'waiting' | 'offered';
  if (await giveWayIfStale(trx, entry, now, held)) {
    if (held) await core.fill(trx, scope, now);
    return null;
  }
  const guestId = scope.scopeId === 0 ? await guestFromPlace(core, trx, entry, now) : entry.guest_id!;
  if (
    !(await repo.moveEntry(trx, entry.id, [from], {
      status: 'promoted',
      decided_at: now,
      guest_id: guestId,
      decided_by: by.username,
    }))
  )
    throw new AppError('CONFLICT');
  await scopes.adjustScope(trx, scope, {
    waiting: from === 'waiting' ? -1 : 0,
    held: held ? -1 : 0,
    seats: 1,
  });
  if (scope.scopeId === 0) {
    const form = JSON.parse(entry.form ?? '{}') as WaitingGuestForm;
    const enrolled = await enrolChosenSessions(core, trx, entry, guestId, now);
    // A sign-up that waits for approval (issue 45) is seated awaiting it: its application goes to
    // the queue with it, and the code follows the organiser's approval.
    if (form.approval === 'pending') await applicationOfPlace(core, trx, entry, form, guestId, enrolled, now);
    // A paid meeting's new guest owes an order at today's price, with a hold of its own.
    await core.deps.payments?.guestSeatedIn(
      trx,
      {
        guestId,
        meetingId: entry.meeting_id,
        userTypeId: form.user_type_id ?? null,
        priceItemId: form.price_item_id ?? null,
        scheduleIds: enrolled,
        member: form.member_record_id != null,
      },
      now,
    );
  } else {
    await enrolHoldingSeat(trx, guestId, scope.scopeId, now);
    await core.deps.mail?.queueEnrolmentUpdate(
      trx,
      { id: guestId, meeting_id: entry.meeting_id },
      { cancelled: [] },
    );
  }
  await core.deps.webhooks.emit(trx, {
    type: 'guest.promoted',
    meetingId: entry.meeting_id,
    guestId,
    data: {
      guest_id: guestId,
      // null: the meeting's own list (the visitor became a guest); else the session enrolled in.
      session_id: scope.scopeId === 0 ? null : scope.scopeId,
      waitlist_entry_id: entry.id,
      // A new guest: the answers their form gave, as guest.signed_up carries them.
      ...(scope.scopeId === 0
        ? { answers: parseAnswers((JSON.parse(entry.form ?? '{}') as WaitingGuestForm).answers) }
        : {}),
    },
  });
  const message = { key: 'waitlist.promoted' as const, params: { ...entryParams(entry), guest_id: guestId } };
  await audit(core, trx, entry, message, by.username, by.ip);
  return guestId;
}

/** The guest row a place on the meeting's list becomes; the visitor's device tokens follow it. */
async function guestFromPlace(core: CoreContext, trx: Db, entry: repo.EntryRow, now: number) {
  const { price_item_id: _ticket, ...form } = JSON.parse(entry.form ?? '{}') as WaitingGuestForm;
  const guestId = await insertGuestHoldingSeat(trx, {
    ...form,
    meeting_id: entry.meeting_id,
    guest_code: newGuestCode(),
    // The visitor's devices keep their tokens (guest_tokens); this one is never handed out.
    token_hash: sha256(randomToken(32)),
    created_at: now,
    language: entry.language,
    // Awaiting approval: the confirmation with the code is queued when approved, not now.
    ...(form.approval === 'pending' ? {} : core.deps.mail?.confirmationColumns()),
  });
  await repo.copyTokensToGuest(trx, entry.id, guestId);
  return guestId;
}

/** The application of a place seated awaiting approval, through the approval module's port. */
async function applicationOfPlace(
  core: CoreContext,
  trx: Db,
  entry: repo.EntryRow,
  form: WaitingGuestForm,
  guestId: number,
  scheduleIds: readonly number[],
  now: number,
) {
  await core.deps.approval?.placeSeatedIn(
    trx,
    {
      guestId,
      meetingId: entry.meeting_id,
      scheduleIds,
      areaCode: form.area_code,
      phone: form.phone,
      email: form.email ?? '',
      displayName: guestDisplayName({ name: '', name_zh: '', name_en: '', ...form }),
      language: entry.language,
      userTypeId: form.user_type_id ?? null,
    },
    now,
  );
}

/**
 * The sessions chosen on the form that the registration type still allows, as far as seats allow;
 * a full one with a list takes them in line. Answers those given a seat.
 */
async function enrolChosenSessions(
  core: CoreContext,
  trx: Db,
  entry: repo.EntryRow,
  guestId: number,
  now: number,
) {
  const form = JSON.parse(entry.form ?? '{}') as WaitingGuestForm;
  const allowed = new Set(form.user_type_id ? await allowedScheduleIds(trx, form.user_type_id) : []);
  const enrolled: number[] = [];
  for (const scheduleId of (JSON.parse(entry.schedule_ids) as number[]).filter((id) => allowed.has(id))) {
    if (await enrolOrWait(core, trx, { id: guestId, meeting_id: entry.meeting_id }, scheduleId, now)) {
      enrolled.push(scheduleId);
    }
  }
  return enrolled;
}

/**
 * A new guest's session: its seat when one is free (true), else a place on its list when open,
 * else nothing.
 */
async function enrolOrWait(
  core: CoreContext,
  trx: Db,
  guest: { id: number; meeting_id: number },
  scheduleId: number,
  now: number,
) {
  try {
    await enrolInSession(trx, guest.id, scheduleId, now);
    return true;
  } catch (error) {
    if (!(error instanceof AppError) || error.errorName !== 'SESSION_FULL') throw error;
    await core
      .joinSessionList(trx, guest.id, { meetingId: guest.meeting_id, scopeId: scheduleId }, now, null)
      .catch((refused: unknown) => {
        if (!(refused instanceof AppError)) throw refused;
      });
    return false;
  }
}
