import type { CmeLinkResult } from '@meetflow/shared/schemas/cme';
import type { Db } from '../../db/database.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import { unlinkedGuestsOfOrganization } from '../guests/guests.reads.ts';
import * as repo from './cme.repository.ts';
import { guestIdentity, personFits, type GuestIdentity } from './identity.ts';

/*
 * Who the guests of an organisation's meetings are: the automatic linking (by licence, else e-mail)
 * and the organiser's merge and split. Each runs under the organisation's linking lock.
 */

type Person = GuestIdentity & { id: number };
type Guest = {
  id: number;
  name: string;
  name_zh: string;
  name_en: string;
  license_number: string;
  email: string;
};

/**
 * The people of an organisation, found by licence and by e-mail (the oldest person first), and by
 * the identities of the guests linked to them by hand, so that a merge or a split lasts for later
 * sign-ups (the person merged away is gone, its licence and e-mail with it).
 */
class PeopleIndex {
  private readonly byLicence = new Map<string, Person>();
  private readonly byEmail = new Map<string, Person>();
  constructor(people: Person[], manual: { person_id: number; identity: GuestIdentity }[]) {
    const byId = new Map(people.map((p) => [p.id, p]));
    for (const person of people) this.add(person);
    for (const { person_id, identity } of manual) {
      const person = byId.get(person_id);
      if (person) this.add(person, identity);
    }
  }
  add(person: Person, identity: GuestIdentity = person) {
    if (identity.licence && !this.byLicence.has(identity.licence))
      this.byLicence.set(identity.licence, person);
    if (identity.email && !this.byEmail.has(identity.email)) this.byEmail.set(identity.email, person);
  }
  /**
   * By licence where the guest has one; else (or when no one has it) by e-mail — with a licence, only
   * a person known by e-mail alone, who then takes the licence.
   */
  find(guest: GuestIdentity): Person | undefined {
    if (guest.licence) {
      const byLicence = this.byLicence.get(guest.licence);
      if (byLicence) return byLicence;
      const byEmail = guest.email ? this.byEmail.get(guest.email) : undefined;
      return byEmail && !byEmail.licence ? byEmail : undefined;
    }
    return guest.email ? this.byEmail.get(guest.email) : undefined;
  }
}

/**
 * Links every unlinked live guest of the organisation's meetings, and again those linked
 * automatically whose licence or e-mail no longer fits their person (corrected since); links set
 * by hand stay. A guest with neither licence nor e-mail stays unlinked. People left with no guest go.
 */
export async function linkOrganization(db: Db, organizationId: number, now: number): Promise<CmeLinkResult> {
  return db.transaction().execute(async (trx) => {
    await repo.lockOrganizationLinks(trx, organizationId);
    const people = (await repo.peopleOf(trx, organizationId)).map((p) => ({
      id: Number(p.id),
      licence: p.licence_number,
      email: p.email,
    }));
    const byId = new Map(people.map((p) => [p.id, p]));
    const manual = (await repo.manualLinksOf(trx, organizationId)).map((l) => ({
      person_id: Number(l.person_id),
      identity: guestIdentity(l),
    }));
    const index = new PeopleIndex(people, manual);
    // A link still holds when the person fits the guest, or the index (hand-made links) finds them.
    const stale = (await repo.autoLinksOf(trx, organizationId)).filter((link) => {
      const person = byId.get(Number(link.person_id));
      const identity = guestIdentity(link);
      return !person || !(personFits(person, identity) || index.find(identity) === person);
    });
    // Read before the stale links go, or their guests would come twice.
    const guests: Guest[] = [
      ...(await unlinkedGuestsOfOrganization(trx, organizationId)),
      ...stale.map((l) => ({ ...l, id: Number(l.guest_id) })),
    ];
    await repo.deleteLinks(
      trx,
      stale.map((l) => Number(l.guest_id)),
    );
    const links: { guest_id: number; person_id: number }[] = [];
    let created = 0;
    for (const guest of guests) {
      const identity = guestIdentity(guest);
      if (!identity.licence && !identity.email) continue;
      let person = index.find(identity);
      if (!person) {
        const values = {
          name: guestDisplayName(guest),
          licence_number: identity.licence,
          email: identity.email,
        };
        person = {
          id: await repo.insertPerson(trx, { organization_id: organizationId, ...values }, now),
          ...identity,
        };
        created += 1;
      } else if (!person.licence && identity.licence) {
        // A person known by e-mail alone takes the licence. Never the other way: an address given
        // with someone's licence is not theirs (the public page shows each address its own guests).
        person.licence = identity.licence;
        await repo.updatePerson(trx, person.id, { licence_number: person.licence }, now);
      }
      index.add(person);
      links.push({ guest_id: guest.id, person_id: person.id });
    }
    await repo.insertLinks(trx, links, 'auto', now);
    if (stale.length > 0) await repo.deletePeople(trx, await repo.emptyPeople(trx, organizationId));
    return { linked: links.length, people_created: created };
  });
}

/** Moves the other person's guests to this one, as links set by hand, and removes the other. */
export async function mergePeople(
  db: Db,
  person: repo.PersonRow,
  other: repo.PersonRow,
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await repo.lockOrganizationLinks(trx, person.organization_id);
    const moved = await repo.linkedGuestIds(trx, other.id);
    if (moved.length > 0) await repo.moveLinks(trx, moved, person.id);
    const fill = {
      ...(person.licence_number ? {} : { licence_number: other.licence_number }),
      ...(person.email ? {} : { email: other.email }),
    };
    await repo.updatePerson(trx, person.id, fill, now);
    await repo.deletePeople(trx, [other.id]);
    return moved.length;
  });
}

/**
 * Moves some of a person's guests to a new person, as links set by hand; the new person is named
 * after the newest of them. Answers the new person's id.
 */
export async function splitPerson(
  db: Db,
  person: repo.PersonRow,
  guestIds: readonly number[],
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await repo.lockOrganizationLinks(trx, person.organization_id);
    const newest = (await repo.entriesOf(trx, [person.id]))
      .filter((e) => guestIds.includes(Number(e.guest_id)))
      .sort((a, b) => Number(b.guest_id) - Number(a.guest_id))[0];
    const identity = newest ? guestIdentity(newest) : { licence: '', email: '' };
    const id = await repo.insertPerson(
      trx,
      {
        organization_id: person.organization_id,
        name: newest ? guestDisplayName(newest) : person.name,
        licence_number: identity.licence,
        email: identity.email,
      },
      now,
    );
    await repo.moveLinks(trx, guestIds, id);
    return id;
  });
}
