import type { Db } from '../../db/database.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import * as repo from './cme.repository.ts';
import { guestIdentity } from './identity.ts';

/*
 * What an erasure does to the CME record (cme.writes.ts gives it to the privacy module): the
 * statements that change people and links stay in cme.repository.ts.
 */

/** The links of a meeting's erased guests (all, or one): an erasure takes them away (cme.writes.ts). */
function linksOfErasedGuests(trx: Db, meetingId: number, guestId?: number) {
  return trx
    .selectFrom('cme_links')
    .innerJoin('guests', 'guests.id', 'cme_links.guest_id')
    .select(['cme_links.guest_id', 'cme_links.person_id', 'guests.meeting_id'])
    .where('guests.meeting_id', '=', meetingId)
    .where('guests.erased_at', 'is not', null)
    .$if(guestId !== undefined, (q) => q.where('guests.id', '=', guestId!))
    .execute();
}

/** What a person's remaining guests say, newest first (to refresh the person after an erasure). */
function remainingGuestsOf(trx: Db, personId: number) {
  return trx
    .selectFrom('cme_links')
    .innerJoin('guests', 'guests.id', 'cme_links.guest_id')
    .select(['guests.name', 'guests.name_zh', 'guests.name_en', 'guests.license_number', 'guests.email'])
    .where('cme_links.person_id', '=', personId)
    .where('guests.erased_at', 'is', null)
    .orderBy('guests.id', 'desc')
    .execute();
}

/**
 * After a meeting's guests (all, or one) were erased, in the same transaction: their links go (a
 * link would name the erased guest), a person left with no guest goes, and the others are named
 * again from their remaining guests, so nothing the erased guest gave stays on the person.
 * Answers how many people were removed.
 */
export async function forgetErasedGuests(trx: Db, meetingId: number, now: number, guestId?: number) {
  const links = await linksOfErasedGuests(trx, meetingId, guestId);
  if (links.length === 0) return 0;
  await repo.deleteLinks(
    trx,
    links.map((l) => Number(l.guest_id)),
  );
  const removed: number[] = [];
  for (const personId of new Set(links.map((l) => Number(l.person_id)))) {
    const remaining = await remainingGuestsOf(trx, personId);
    if (remaining.length === 0) {
      removed.push(personId);
      continue;
    }
    const identities = remaining.map(guestIdentity);
    await repo.updatePerson(
      trx,
      personId,
      {
        name: guestDisplayName(remaining[0]!),
        licence_number: identities.find((i) => i.licence)?.licence ?? '',
        email: identities.find((i) => i.email)?.email ?? '',
      },
      now,
    );
  }
  await repo.deletePeople(trx, removed);
  return removed.length;
}
