import type { Db } from '../../db/database.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import * as access from './cme-access.repository.ts';
import * as repo from './cme.repository.ts';
import { guestIdentity } from './identity.ts';

/*
 * What an erasure does to the CME record (the privacy module calls these; the statements stay with
 * the owners). Imports only the module's repositories and pure helpers, never a service.
 */

/**
 * After a meeting's guests (all, or one) were erased, in the same transaction: their links go (a
 * link would name the erased guest), a person left with no guest goes, and the others are named
 * again from their remaining guests, so nothing the erased guest gave stays on the person.
 * Answers how many people were removed.
 */
export async function forgetErasedGuests(trx: Db, meetingId: number, now: number, guestId?: number) {
  const links = await repo.linksOfErasedGuests(trx, meetingId, guestId);
  if (links.length === 0) return 0;
  await repo.deleteLinks(
    trx,
    links.map((l) => Number(l.guest_id)),
  );
  const removed: number[] = [];
  for (const personId of new Set(links.map((l) => Number(l.person_id)))) {
    const remaining = await repo.remainingGuestsOf(trx, personId);
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

/** The public page's codes and tokens past their expiries, with the addresses they hold. */
export function purgeExpiredAccessCodes(db: Db, now: number): Promise<number> {
  return access.deleteExpired(db, now);
}
