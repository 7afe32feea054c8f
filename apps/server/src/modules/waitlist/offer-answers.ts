import { linkInLanguage, matchLanguage } from '@meetflow/shared/languages';
import type { WaitlistOffer } from '@meetflow/shared/schemas/waitlist';
import { AppError } from '../../lib/app-error.ts';
import type { WaitlistOfferMail } from '../mail/mail.service.ts';
import { offerToken, readOfferToken } from './offer-token.ts';
import { changeSeats } from './faces-common.ts';
import type { WaitlistDeps } from './waitlist.service.ts';
import * as scopes from './waitlist-scopes.repository.ts';
import * as repo from './waitlist.repository.ts';

/** The offer page (opened by the signed token of the offer mail): show, accept, decline; the mail itself. */
export function createOfferAnswers(deps: WaitlistDeps) {
  const { db, clock, core } = deps;

  async function offerOf(token: string) {
    const named = readOfferToken(deps.signingSecret, token);
    const entry = named && (await repo.findEntry(db, named.entryId));
    if (!named || !entry) throw new AppError('WAITLIST_ENTRY_NOT_FOUND');
    const meeting = await scopes.meetingOfEntry(db, entry.meeting_id);
    if (!meeting || meeting.deleted_at !== null) throw new AppError('NO_MEETING');
    return { named, entry, meeting };
  }

  async function offer(token: string): Promise<WaitlistOffer> {
    const { named, entry, meeting } = await offerOf(token);
    const session =
      entry.scope_id === 0 ? undefined : await scopes.scheduleOfMeeting(db, meeting.id, entry.scope_id);
    // An older offer of the same place (re-offered since) reads as what became of it: not open.
    const sameOffer = entry.offered_at === named.offeredAt;
    return {
      meeting_public_id: meeting.public_id,
      meeting_name: meeting.name,
      meeting_name_cn: meeting.name_cn,
      meeting_name_en: meeting.name_en,
      session: session
        ? { id: session.id, name: session.name, name_cn: session.name_cn, name_en: session.name_en }
        : null,
      display_name: entry.display_name,
      status: sameOffer ? entry.status : 'expired',
      offer_expires_at: entry.offer_expires_at,
    };
  }

  return {
    offer,

    /** Accepts an offer before it lapses: the held seat becomes the guest's. Answers the guest. */
    async acceptOffer(token: string, ip: string): Promise<{ guestId: number; meetingId: number }> {
      const { named, entry, meeting } = await offerOf(token);
      const now = clock();
      const guestId = await changeSeats(deps, meeting.id, async (trx) => {
        await core.lockScope(trx, { meetingId: entry.meeting_id, scopeId: entry.scope_id });
        const current = (await repo.findEntry(trx, entry.id))!;
        const open =
          current.status === 'offered' &&
          current.offered_at === named.offeredAt &&
          (current.offer_expires_at ?? 0) > now;
        if (!open) return null;
        // Null: the place gave way (stale) and its seat went on; that is committed, then said.
        return core.seat(trx, current, now, true, { username: null, ip });
      });
      if (guestId === null) throw new AppError('OFFER_NOT_OPEN');
      return { guestId, meetingId: meeting.id };
    },

    /** An offer's mail, asked for when it is sent: null once the offer is no longer open. */
    async offerForMail(entryId: number, offeredAt: number): Promise<WaitlistOfferMail | null> {
      const entry = await repo.findEntry(db, entryId);
      if (!entry || entry.status !== 'offered' || entry.offered_at !== offeredAt) return null;
      const session =
        entry.scope_id === 0
          ? undefined
          : await scopes.scheduleOfMeeting(db, entry.meeting_id, entry.scope_id);
      const token = offerToken(deps.signingSecret, entry.id, offeredAt);
      return {
        meetingId: entry.meeting_id,
        email: entry.email,
        displayName: entry.display_name,
        language: entry.language,
        session: session ?? null,
        expiresAt: entry.offer_expires_at ?? offeredAt,
        // Opened on any phone, the offer page shows the language the visitor joined in.
        url: linkInLanguage(
          `${deps.publicUrl}/#/waitlist-offer/${token}`,
          matchLanguage(entry.language) ?? 'zh-tw',
        ),
      };
    },

    async declineOffer(token: string, ip: string): Promise<WaitlistOffer> {
      const { named, entry, meeting } = await offerOf(token);
      const declined = await changeSeats(deps, meeting.id, (trx) =>
        core.takeOff(trx, entry.id, 'declined', clock(), { username: null, ip }, named.offeredAt),
      );
      if (!declined) throw new AppError('OFFER_NOT_OPEN');
      return offer(token);
    },
  };
}
