import { type FieldMessageKey } from '@meetflow/shared/field-messages';
import { type Language } from '@meetflow/shared/languages';
import { FILE_KIND_MIMES } from '@meetflow/shared/schemas/files';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import {
  type Meeting,
  type MeetingInput,
  type MeetingPage,
  type meetingListQuery,
} from '@meetflow/shared/schemas/meetings';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { auditFields, pickFields } from '../../lib/audit-fields.ts';
import { localDayBounds } from '../../lib/local-time.ts';
import { randomToken } from '../../lib/secure-random.ts';
import { checkinCounts } from '../attendance/attendance.service.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting as accessibleMeeting } from '../../core/meeting-access.ts';
import { findFileMimes } from '../files/files.service.ts';
import {
  assertOrganizationVisible,
  subtreeIds,
  visibleOrganizationIds,
} from '../../core/organization-scope.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { LogMessage, SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import type { SeatEvents } from '../guests/seat-events.ts';
import {
  findMeeting,
  insertMeeting,
  listMeetings,
  softDeleteMeeting,
  updateMeeting,
  type MeetingRow,
  type MeetingValues,
} from './meetings.repository.ts';

type ListQuery = z.output<typeof meetingListQuery>;

/** 128 bits from the CSPRNG, URL-safe (22 characters): the meeting's id in public links and QR codes. */
export function newPublicId(): string {
  return randomToken(16);
}

/** `checkinCount`: guests checked in to the whole meeting at least once. */
export function toMeeting(row: MeetingRow, checkinCount = 0): Meeting {
  return {
    id: row.id,
    public_id: row.public_id,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    name: row.name,
    name_cn: row.name_cn,
    name_en: row.name_en,
    location: row.location,
    location_cn: row.location_cn,
    location_en: row.location_en,
    start_at: row.start_at,
    end_at: row.end_at,
    registration_limit: row.registration_limit,
    registration_deadline: row.registration_deadline,
    multi_language: row.multi_language === 1,
    signup_enabled: row.signup_enabled === 1,
    meeting_type: row.meeting_type,
    banner_file_id: row.banner_file_id,
    schedule_file_id: row.schedule_file_id,
    guide_file_id: row.guide_file_id,
    signup_count: row.registered_count,
    checkin_count: checkinCount,
    waitlist_enabled: row.waitlist_enabled === 1,
    waitlist_max: row.waitlist_max,
    waitlist_offer_hours: row.waitlist_offer_hours,
    waiting_count: row.waiting_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The columns the meeting form writes: what an audit entry compares, stored row against input. */
const FORM_FIELDS = [
  'organization_id',
  'name',
  'name_cn',
  'name_en',
  'location',
  'location_cn',
  'location_en',
  'start_at',
  'end_at',
  'registration_limit',
  'registration_deadline',
  'multi_language',
  'signup_enabled',
  'meeting_type',
  'banner_file_id',
  'schedule_file_id',
  'guide_file_id',
  'waitlist_enabled',
  'waitlist_max',
  'waitlist_offer_hours',
] as const satisfies readonly (keyof MeetingValues & keyof MeetingRow)[];

/** The form's fields of a stored meeting, flags as 0/1 like the values written. */
const storedFields = (row: MeetingRow) => auditFields(pickFields(row, FORM_FIELDS));

function toValues(body: MeetingInput): MeetingValues {
  return {
    organization_id: body.organization_id,
    name: body.name,
    name_cn: body.name_cn,
    name_en: body.name_en,
    location: body.location,
    location_cn: body.location_cn,
    location_en: body.location_en,
    start_at: body.start_at,
    end_at: body.end_at,
    registration_limit: body.registration_limit,
    registration_deadline: body.registration_deadline,
    multi_language: body.multi_language ? 1 : 0,
    signup_enabled: body.signup_enabled ? 1 : 0,
    meeting_type: body.meeting_type,
    banner_file_id: body.banner_file_id,
    schedule_file_id: body.schedule_file_id,
    guide_file_id: body.guide_file_id,
    waitlist_enabled: body.waitlist_enabled ? 1 : 0,
    waitlist_max: body.waitlist_max,
    waitlist_offer_hours: body.waitlist_offer_hours,
  };
}

export function createMeetingsService(deps: {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
  /** A raised limit hands its new seats to the waiting list, in the edit's transaction. */
  waitlist?: Pick<SeatEvents, 'seatsFreedIn'>;
  webhooks: WebhookEmitter;
}) {
  const { db, systemLog, clock } = deps;

  /** A live meeting inside the user's subtree; 404 otherwise (another organiser's meeting is not confirmed). */
  async function visibleMeeting(user: AuthUser, id: number): Promise<MeetingRow> {
    // Access through the one core rule, then the full row this module answers with.
    await accessibleMeeting(db, user, id);
    const row = await findMeeting(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Each referenced file must exist and be of the right kind: an image banner, PDFs for the others. */
  async function assertFiles(body: MeetingInput): Promise<void> {
    const refs = [
      {
        field: 'banner_file_id',
        id: body.banner_file_id,
        mimes: FILE_KIND_MIMES.banner,
        key: 'bannerFileInvalid',
      },
      {
        field: 'schedule_file_id',
        id: body.schedule_file_id,
        mimes: FILE_KIND_MIMES.pdf,
        key: 'pdfFileInvalid',
      },
      { field: 'guide_file_id', id: body.guide_file_id, mimes: FILE_KIND_MIMES.pdf, key: 'pdfFileInvalid' },
    ] as const;
    const mimes = await findFileMimes(
      db,
      refs.flatMap((r) => (r.id ? [r.id] : [])),
    );
    const fields: Record<string, FieldMessageKey> = {};
    for (const ref of refs) {
      if (!ref.id) continue;
      const mime = mimes.get(ref.id);
      if (!mime || !(ref.mimes as readonly string[]).includes(mime)) fields[ref.field] = ref.key;
    }
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { data: { fields } });
  }

  async function log(
    user: AuthUser,
    ip: string,
    action: 'create' | 'update' | 'delete',
    message: LogMessage,
    changes: FieldChange[],
  ) {
    await systemLog.record({ action, source: 'admin', message, username: user.auditName, ip, changes });
  }

  return {
    async list(user: AuthUser, query: ListQuery, lang: Language): Promise<MeetingPage> {
      const visible = await visibleOrganizationIds(db, user);
      let organizationIds = visible;
      if (query.organization_id !== undefined) {
        // The filter takes the chosen organisation's subtree, never widening the user's own.
        const wanted = await subtreeIds(db, query.organization_id);
        organizationIds = visible === null ? wanted : wanted.filter((id) => visible.includes(id));
      }
      const { rows, total } = await listMeetings(
        db,
        {
          organizationIds,
          // Whole days in TIME_ZONE: from the first one's start to the last one's end.
          heldFrom: query.date_from ? localDayBounds(query.date_from).from : undefined,
          heldBefore: query.date_to ? localDayBounds(query.date_to).to : undefined,
          keyword: query.keyword,
        },
        { sortBy: query.sort_by, sortOrder: query.sort_order, lang },
        { offset: (query.page - 1) * query.page_size, limit: query.page_size },
      );
      const checkins = await checkinCounts(
        db,
        rows.map((r) => r.id),
      );
      return {
        items: rows.map((row) => toMeeting(row, checkins.get(row.id) ?? 0)),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },

    async get(user: AuthUser, id: number): Promise<Meeting> {
      const row = await visibleMeeting(user, id);
      const checkins = await checkinCounts(db, [row.id]);
      return toMeeting(row, checkins.get(row.id) ?? 0);
    },

    async create(user: AuthUser, body: MeetingInput, ip: string): Promise<Meeting> {
      await assertOrganizationVisible(db, user, body.organization_id);
      await assertFiles(body);
      const values = toValues(body);
      const id = await db.transaction().execute(async (trx) => {
        const created = await insertMeeting(trx, {
          ...values,
          public_id: newPublicId(),
          created_by: user.id,
          now: clock(),
        });
        await deps.webhooks.emit(trx, {
          type: 'meeting.created',
          meetingId: created,
          data: { name: body.name },
        });
        return created;
      });
      await log(
        user,
        ip,
        'create',
        { key: 'meeting.created', params: { id, name: body.name } },
        fieldChanges(null, auditFields(pickFields(values, FORM_FIELDS))),
      );
      return this.get(user, id);
    },

    async update(user: AuthUser, id: number, body: MeetingInput, ip: string): Promise<Meeting> {
      const before = await visibleMeeting(user, id);
      if (body.organization_id !== before.organization_id) {
        await assertOrganizationVisible(db, user, body.organization_id);
      }
      await assertFiles(body);
      const values = toValues(body);
      const changes = fieldChanges(storedFields(before), auditFields(pickFields(values, FORM_FIELDS)));
      const updated = await db.transaction().execute(async (trx) => {
        if (!(await updateMeeting(trx, id, values, clock()))) return false;
        await deps.waitlist?.seatsFreedIn(trx, { meetingId: id, meeting: true, scheduleIds: [] });
        await deps.webhooks.emit(trx, {
          type: 'meeting.updated',
          meetingId: id,
          data: { name: body.name, changed: changes.map((c) => c.field) },
        });
        return true;
      });
      if (!updated) throw new AppError('NOT_FOUND');
      await log(user, ip, 'update', { key: 'meeting.updated', params: { id, name: body.name } }, changes);
      return this.get(user, id);
    },

    async remove(user: AuthUser, id: number, ip: string): Promise<void> {
      const before = await visibleMeeting(user, id);
      const deleted = await db.transaction().execute(async (trx) => {
        if (!(await softDeleteMeeting(trx, id, clock()))) return false;
        await deps.webhooks.emit(trx, {
          type: 'meeting.deleted',
          meetingId: id,
          data: { name: before.name },
        });
        return true;
      });
      if (!deleted) throw new AppError('NOT_FOUND');
      await log(
        user,
        ip,
        'delete',
        { key: 'meeting.deleted', params: { id, name: before.name } },
        fieldChanges(storedFields(before), null),
      );
    },
  };
}
export type MeetingsService = ReturnType<typeof createMeetingsService>;
