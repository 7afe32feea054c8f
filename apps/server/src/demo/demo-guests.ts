import {
  AREA_CODE_VALUES,
  signUpBody,
  type AreaCode,
  type SignUpBody,
} from '@meetflow/shared/schemas/public';
import type { Insertable } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newGuestCode, randomToken, sha256 } from '../lib/secure-random.ts';
import { guestFormValues, requirePhone } from '../modules/guests/guest-rules.ts';
import { CONTACT_NAMES, INSTITUTIONS, JOB_TITLES, NOTES, type DemoMeeting } from './demo-catalogue.ts';
import { demoEmail, demoLandline, demoMobile, demoPerson, type DemoPerson } from './demo-people.ts';
import type { DemoRandom } from './demo-random.ts';
import { demoAnswers } from './demo-form.ts';

export interface DemoGuest {
  values: Insertable<Database['guests']>;
  /** Indexes into the meeting's sessions, ascending. */
  sessions: number[];
  person: DemoPerson;
}

export interface GuestContext {
  meetingId: number;
  /** Database ids of the meeting's sessions, user types, and the college categories, by index. */
  scheduleIds: number[];
  userTypeIds: number[];
  categoryIds: number[];
  /** Sign-ups are spread over [from, to). */
  from: number;
  to: number;
}

function licenceNumber(random: DemoRandom, area: AreaCode, profession: string): string {
  if (profession === 'student') return 'NA';
  if (profession === 'nurse') return `RN${random.digits(6)}`;
  switch (area) {
    case '852':
      return `M${random.int(10000, 23999)}`;
    case '853':
      return `M-${random.digits(4)}`;
    case '86':
      return `1104401${random.digits(8)}`;
    case '886':
      return `醫字第${random.digits(6)}號`;
  }
}

/** Later sign-ups are likelier: most people register in the last week before a meeting. */
function signUpTime(random: DemoRandom, from: number, to: number): number {
  return Math.round(to - (to - from) * random.next() ** 1.8);
}

/**
 * The sign-up form a guest would have sent, built from a demo person; it goes through the same
 * schema and phone check as a real sign-up, so demo rows are rows the product could have written.
 */
function formFor(
  random: DemoRandom,
  meeting: DemoMeeting,
  context: GuestContext,
  person: DemoPerson,
  area: AreaCode,
  phone: string,
  serial: number,
  sessionsLeft: number[],
): { body: SignUpBody; sessions: number[] } {
  const email = demoEmail(random, person, serial);
  if (meeting.kind === 'general') {
    const contact = random.chance(0.3) ? random.pick(CONTACT_NAMES[person.script]) : '';
    return {
      body: {
        meeting_type: 'general',
        name: person.name,
        gender: person.gender,
        local_guest: area === '853',
        area_code: area,
        phone,
        email,
        institution: random.pick(INSTITUTIONS[person.script]),
        job_title: random.pick(JOB_TITLES[person.script]),
        contact_name: contact,
        contact_number: demoLandline(random, area),
        contact_phone: contact ? demoLandline(random, area) : `+${area} ${phone}`,
      },
      sessions: [],
    };
  }
  const typeIndex = meeting.userTypes.indexOf(
    random.pick(meeting.userTypes.flatMap((t) => Array<typeof t>(t.weight).fill(t))),
  );
  const type = meeting.userTypes[typeIndex]!;
  // Each allowed session with its appeal, while seats last; everyone gets at least one.
  let sessions = type.sessions.filter(
    (i) => sessionsLeft[i]! !== 0 && random.chance(meeting.sessions[i]!.appeal),
  );
  if (sessions.length === 0) {
    const open = type.sessions.filter((i) => sessionsLeft[i]! !== 0);
    sessions = open.length ? [random.pick(open)] : [];
  }
  for (const i of sessions) if (sessionsLeft[i]! > 0) sessionsLeft[i]! -= 1;
  const category =
    type.profession === 'student'
      ? null
      : type.profession === 'nurse'
        ? (context.categoryIds[5] ?? null)
        : random.pick(context.categoryIds.slice(0, 5));
  return {
    body: {
      meeting_type: 'date_schedule',
      name_zh: person.nameZh,
      name_en: person.nameEn,
      area_code: area,
      phone,
      email,
      organization: random.pick(INSTITUTIONS[person.script]),
      user_type_id: context.userTypeIds[typeIndex]!,
      license_number: licenceNumber(random, area, type.profession),
      other: random.chance(0.08) ? random.pick(NOTES) : '',
      academy_member: type.name_en === 'Fellow' || (type.name_en === 'Member' && random.chance(0.3)),
      college_category_id: category,
      schedule_ids: sessions.map((i) => context.scheduleIds[i]!),
    },
    sessions,
  };
}

/**
 * The meeting's guests, oldest sign-up first, with the sessions each enrolled in. Session limits
 * are respected as sign-ups arrive in time order, so the popular workshops fill up.
 */
export function demoGuests(
  random: DemoRandom,
  meeting: DemoMeeting,
  context: GuestContext,
  takenPhones: Set<string>,
): DemoGuest[] {
  const times = Array.from({ length: meeting.guests }, () =>
    signUpTime(random, context.from, context.to),
  ).sort((a, b) => a - b);
  // -1: unlimited; otherwise seats left.
  const sessionsLeft = meeting.sessions.map((s) => (s.limit > 0 ? s.limit : -1));
  const areas = Object.fromEntries(AREA_CODE_VALUES.map((a) => [a, meeting.audience.areas[a]])) as Record<
    AreaCode,
    number
  >;
  return times.map((createdAt, serial) => {
    const area = random.weighted(areas);
    const script = random.weighted(
      meeting.audience.scripts[area] as Record<string, number>,
    ) as DemoPerson['script'];
    const person = demoPerson(random, script, area);
    const phone = demoMobile(random, area, takenPhones);
    const form = formFor(random, meeting, context, person, area, phone, serial + 1, sessionsLeft);
    const body = signUpBody.parse(form.body);
    const userTypeId = body.meeting_type === 'date_schedule' ? body.user_type_id : null;
    const type = meeting.userTypes[context.userTypeIds.indexOf(userTypeId ?? -1)];
    return {
      person,
      sessions: form.sessions.sort((a, b) => a - b),
      values: {
        ...guestFormValues(body, requirePhone(body.area_code, body.phone)),
        meeting_id: context.meetingId,
        // Codes and tokens are secrets even in demo data: from the CSPRNG, as the sign-up makes them.
        guest_code: newGuestCode(),
        token_hash: sha256(randomToken(32)),
        created_at: createdAt,
        ...(meeting.form ? { answers: demoAnswers(serial, type?.profession, userTypeId) } : {}),
      },
    };
  });
}
