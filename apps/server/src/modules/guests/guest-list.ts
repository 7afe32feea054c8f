import type { FormField } from '@meetflow/shared/forms/form-definition';
import type { Language } from '@meetflow/shared/languages';
import {
  GUEST_COUNT_CAP,
  type AdminGuest,
  type GuestListFilter,
  type GuestPage,
} from '@meetflow/shared/schemas/guests';
import type { MeetingType } from '@meetflow/shared/schemas/meetings';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { keysetBatches } from '../../lib/export-pipeline.ts';
import { startOfLocalDay } from '../../lib/local-time.ts';
import type { GuestsDeps } from './guest-admin.service.ts';
import { answerFilter } from './guest-answers.ts';
import { toAdminGuest } from './guest-view.ts';
import * as repo from './guest-list.repository.ts';
import { formFieldsOf } from './registration-form.ts';

export type Filters = Omit<GuestListFilter, 'page' | 'page_size'>;

/** What the list's filters say about a meeting's guests; `fields`: the meeting's own (answer filters). */
function toFilter(
  meetingId: number,
  query: Partial<Filters>,
  today: number,
  fields: readonly FormField[],
): repo.GuestFilter {
  return {
    meetingId,
    keyword: query.keyword,
    userTypeId: query.user_type_id,
    status: query.status && { is: query.status, today },
    signedUpFrom: query.signed_up_from,
    signedUpTo: query.signed_up_to,
    answers: answerFilter(fields, query.answer),
  };
}

/** The list's order; the export follows it too, so that the file reads like the screen. */
function toOrder(meetingType: MeetingType, query: Filters): repo.GuestOrder {
  return {
    sortBy: query.sort_by,
    sortOrder: query.sort_order,
    nameColumn: meetingType === 'general' ? 'name' : 'name_zh',
  };
}

/** The guest list of a meeting: a page on screen, every row for the export, the ids a broadcast reaches. */
export function createGuestList(deps: GuestsDeps) {
  const { db, clock } = deps;
  const countCap = deps.countCap ?? GUEST_COUNT_CAP;

  async function withCertificates(
    meeting: { id: number; start_at: number; end_at: number },
    guests: AdminGuest[],
  ): Promise<AdminGuest[]> {
    if (!deps.certificateStates || guests.length === 0) return guests;
    const states = await deps.certificateStates(
      meeting,
      guests.map((g) => g.id),
    );
    return guests.map((g) => ({ ...g, certificate: states.get(g.id) ?? null }));
  }

  return {
    /**
     * The live guests a broadcast with the list's filters reaches (those who unsubscribed from
     * broadcasts left out), for a meeting the caller has already checked access to.
     */
    async matchingGuestIds(meeting: { id: number }, query: Partial<Filters>): Promise<number[]> {
      // The form only when answers filter: a broadcast to everyone reads no more than before.
      const fields = query.answer?.length ? await formFieldsOf(db, meeting.id) : [];
      const filter = toFilter(meeting.id, query, startOfLocalDay(clock()), fields);
      return repo.matchingGuestIds(db, filter);
    },

    async list(
      user: AuthUser,
      meetingId: number,
      query: GuestListFilter,
      lang: Language,
    ): Promise<GuestPage> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const today = startOfLocalDay(clock());
      const fields = await formFieldsOf(db, meeting.id);
      const filter = toFilter(meeting.id, query, today, fields);
      const { rows, total, capped } = await repo.listGuests(
        db,
        await repo.planSearch(db, filter, { countCap, meetingGuests: meeting.registered_count }),
        toOrder(meeting.meeting_type, query),
        { offset: (query.page - 1) * query.page_size, limit: query.page_size },
        { cap: countCap, known: repo.isUnfiltered(filter) ? meeting.registered_count : undefined },
      );
      return {
        items: await withCertificates(
          meeting,
          rows.map((row) => toAdminGuest(row, meeting.meeting_type, lang, today, fields)),
        ),
        total,
        total_capped: capped,
        page: query.page,
        page_size: query.page_size,
      };
    },

    /** The meeting's own fields, retired ones included: the export's answer columns. */
    formFields: (meetingId: number): Promise<FormField[]> => formFieldsOf(db, meetingId),

    /**
     * Every matching guest in the list's order, read in keyset batches: the export's rows, with
     * `fields` the meeting's own (read once by the caller, who makes their columns of them). The
     * filters are checked now, before the file starts: a 400 can still be answered.
     */
    exportRows(
      meeting: VisibleMeeting,
      query: Filters,
      lang: Language,
      fields: readonly FormField[],
    ): AsyncGenerator<AdminGuest> {
      const today = startOfLocalDay(clock());
      const unplanned = toFilter(meeting.id, query, today, fields);
      return (async function* () {
        const filter = await repo.planSearch(db, unplanned, {
          countCap,
          meetingGuests: meeting.registered_count,
        });
        const order = toOrder(meeting.meeting_type, query);
        for await (const rows of keysetBatches((last: repo.GuestListRow | undefined, size) =>
          repo.guestsAfter(db, filter, order, last, size),
        )) {
          // A batch at a time, so each batch's certificates are one read.
          yield* await withCertificates(
            meeting,
            rows.map((row) => toAdminGuest(row, meeting.meeting_type, lang, today, fields)),
          );
        }
      })();
    },
  };
}
