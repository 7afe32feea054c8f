import { formFields, type FormFieldInput } from '@meetflow/shared/forms/form-definition';
import type { Db } from '../apps/server/src/db/database.ts';
import { GUEST_FIELD_NAMES } from '../packages/shared/src/guest-field-names.ts';
import { everyTypeForm } from '../apps/server/test/form-fixtures.ts';
import { xlsxOf } from '../apps/server/test/import-fixtures.ts';
import {
  createMeeting,
  createSchedule,
  createUserType,
  macaoPhone,
} from '../apps/server/test/registration-fixtures.ts';
import { cameAndLeft } from './certificates.ts';
import { insertGuests } from './door-day.ts';

/*
 * The 100,000-guest congress (issue 46) as seeded rows: a date-schedule meeting running today (its
 * first day two days ago), 20 sessions, three registration types with their fees, a 12-field form of
 * its own, guests with their answers and sessions, and — for certificates — a day's entry and exit
 * of every other guest. The import file is the same congress's guests as an organiser would send them.
 */

export const SESSIONS = 20;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const REGISTRATION_TYPES = [
  { name: 'Doctor', fee: 150_000 },
  { name: 'Nurse', fee: 80_000 },
  { name: 'Student', fee: 30_000 },
];

/** The congress's own questions: every type a guest can import (no file), 12 in all, with conditions. */
export const CONGRESS_FORM: FormFieldInput[] = everyTypeForm().filter(
  (f) => !['intro', 'note', 'membership'].includes(f.key),
);

/** Guest k's answers, as stored (values) and as the import file writes them (texts). */
export function congressAnswers(k: number) {
  const surgeon = k % 2 === 1;
  const robotic = k % 4 === 1;
  const accompanied = k % 3 === 0;
  return {
    specialty: surgeon ? 'surgery' : 'medicine',
    ...(surgeon ? { subspecialty: robotic ? ['robotic'] : ['open', 'lap'] } : {}),
    ...(robotic ? { robotic_years: k % 30 } : {}),
    department: `Department ${k % 20}`,
    ...(k % 5 === 0 ? { remarks: 'Arrives late' } : {}),
    accompanied,
    ...(accompanied ? { companion: `Companion ${k}` } : {}),
    birthday: `19${60 + (k % 40)}-0${1 + (k % 9)}-1${k % 9}`,
    work_email: `dr${k}@hospital.example`,
    office_phone: { area_code: '852', phone: '23456789' },
    diet: k % 4 === 0 ? 'veg' : 'none',
    photo_ok: true,
  };
}

const ANSWER_HEADERS = [
  'Specialty',
  'Sub-specialty',
  'Years of robotic surgery',
  'Department',
  'Remarks',
  'Accompanied',
  'Companion name',
  'Date of birth',
  'Work e-mail',
  'Office phone',
  'Diet',
  'I agree to be photographed',
];

function answerCells(k: number): string[] {
  const a = congressAnswers(k);
  const labels: Record<string, string> = { robotic: 'Robotic', open: 'Open', lap: 'Laparoscopic' };
  return [
    a.specialty === 'surgery' ? 'Surgery' : 'Medicine',
    a.subspecialty?.map((v) => labels[v]).join('；') ?? '',
    a.robotic_years === undefined ? '' : String(a.robotic_years),
    a.department,
    a.remarks ?? '',
    a.accompanied ? 'Yes' : 'No',
    a.companion ?? '',
    a.birthday,
    a.work_email,
    '+852 2345 6789',
    a.diet === 'veg' ? 'Vegetarian' : 'No needs',
    'Yes',
  ];
}

export interface Congress {
  id: number;
  name: string;
  sessionIds: number[];
  typeIds: number[];
  /** Guest codes in insertion order (guest ids ascending). */
  codes: string[];
  guestIds: number[];
  startAt: number;
}

const sessionName = (s: number) => `Session ${String(s + 1).padStart(2, '0')}`;

/** The meeting with its sessions, registration types, fees and form; no guests. */
export async function createCongress(db: Db, organization: number, name: string) {
  const meeting = await createMeeting(db, organization, { name, meeting_type: 'date_schedule' });
  const startAt = Date.now() - 2 * DAY;
  await db
    .updateTable('meetings')
    .set({ start_at: startAt, end_at: startAt + 3 * DAY })
    .where('id', '=', meeting.id)
    .execute();
  const sessionIds: number[] = [];
  for (let s = 0; s < SESSIONS; s++) sessionIds.push(await createSchedule(db, meeting.id, 0, sessionName(s)));
  const now = Date.now();
  const typeIds: number[] = [];
  for (const [sort, type] of REGISTRATION_TYPES.entries()) {
    const typeId = await createUserType(db, meeting.id, sessionIds, type.name);
    typeIds.push(typeId);
    await db
      .insertInto('price_items')
      .values({
        meeting_id: meeting.id,
        item_type: 'registration',
        user_type_id: typeId,
        schedule_id: null,
        name: type.name,
        name_cn: type.name,
        name_en: type.name,
        amount: type.fee,
        early_amount: null,
        early_until: null,
        sort,
        retired_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await db
    .insertInto('registration_forms')
    .values({
      meeting_id: meeting.id,
      fields: JSON.stringify(formFields.parse(CONGRESS_FORM)),
      version: 1,
      updated_at: now,
    })
    .execute();
  return { id: meeting.id, name, sessionIds, typeIds, startAt };
}

/**
 * A congress with `count` guests (numbered from `offset`): each with its answers, a registration
 * type and one session; every other guest entered on the first day and left 7 hours later.
 */
export async function seedCongress(
  db: Db,
  organization: number,
  name: string,
  count: number,
  offset: number,
): Promise<Congress> {
  const congress = await createCongress(db, organization, name);
  const { id, sessionIds, typeIds, startAt } = congress;
  const codes = await insertGuests(db, id, count, offset, (k) => ({
    name: '',
    name_zh: `嘉賓${k}`,
    name_en: `Guest ${k}`,
    gender: null,
    local_guest: null,
    organization: `Hospital ${k % 50}`,
    user_type_id: typeIds[k % typeIds.length]!,
    license_number: `L${k}`,
    answers: JSON.stringify(congressAnswers(k)),
    created_at: startAt - DAY - (count - (k - offset)) * 100,
  }));
  const guestIds = (
    await db.selectFrom('guests').select('id').where('meeting_id', '=', id).orderBy('id').execute()
  ).map((g) => g.id);
  await db.transaction().execute(async (trx) => {
    for (let first = 0; first < guestIds.length; first += 500) {
      const batch = guestIds.slice(first, first + 500);
      await trx
        .insertInto('guest_schedules')
        .values(
          batch.map((guest_id, i) => ({
            guest_id,
            schedule_id: sessionIds[(first + i) % SESSIONS]!,
            created_at: startAt,
          })),
        )
        .execute();
      const came = batch.filter((_, i) => (first + i) % 2 === 0);
      if (came.length === 0) continue;
      await trx
        .insertInto('check_ins')
        .values(cameAndLeft(id, came, { firstIn: startAt + HOUR, stepMs: 100, stayMs: 7 * HOUR }))
        .execute();
    }
  });
  return { ...congress, codes, guestIds };
}

/** The congress's guests `offset`… as the organiser's file: the date-schedule columns and the 12 answers. */
export function congressFile(count: number, offset: number): Promise<Buffer> {
  const headers = [
    GUEST_FIELD_NAMES.name_zh.en,
    GUEST_FIELD_NAMES.name_en.en,
    GUEST_FIELD_NAMES.area_code.en,
    GUEST_FIELD_NAMES.phone.en,
    GUEST_FIELD_NAMES.email.en,
    GUEST_FIELD_NAMES.organization.en,
    GUEST_FIELD_NAMES.user_type.en,
    GUEST_FIELD_NAMES.license_number.en,
    GUEST_FIELD_NAMES.session.en,
    ...ANSWER_HEADERS,
  ];
  return xlsxOf([
    headers,
    ...Array.from({ length: count }, (_, n) => {
      const k = offset + n;
      return [
        `嘉賓${k}`,
        `Guest ${k}`,
        '853',
        macaoPhone(k),
        `guest${k}@example.com`,
        `Hospital ${k % 50}`,
        REGISTRATION_TYPES[k % REGISTRATION_TYPES.length]!.name,
        `L${k}`,
        `2027-01-10 ${sessionName(k % SESSIONS)}`,
        ...answerCells(k),
      ];
    }),
  ]);
}
