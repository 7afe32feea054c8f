import { createHmac } from 'node:crypto';
import { doorFields, doorQuestions } from '@meetflow/shared/forms/door-questions';
import { nameIn, type Language } from '@meetflow/shared/languages';
import type { OfflineData } from '@meetflow/shared/schemas/offline-door';
import type { AuthUser } from '../../core/auth-user.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import { formFieldsOf, parseAnswers } from '../guests/guest-rules.ts';
import { resolveScope } from './attendance.service.ts';
import { guestCodeKey, phoneKey } from './door-keys.ts';
import type { OfflineDoorDeps } from './offline-door.service.ts';
import * as door from './offline-door.repository.ts';

/**
 * A change committed after a copy was read may carry an earlier clock reading (it was stamped
 * before the read): a refresh also returns what changed this long before its `since`.
 */
const REFRESH_OVERLAP_MS = 30_000;

/** The salt of a meeting's phone keys, derived from the deployment's door secret. */
const phoneSalt = (deps: Pick<OfflineDoorDeps, 'doorSecret'>, meetingId: number) =>
  createHmac('sha256', deps.doorSecret).update(`phone:${meetingId}`).digest('base64url');

/**
 * The station's copy of a scope: every live guest, or with `since` whoever changed after it
 * (cancelled guests too, so the copy can mark them). Phone keys only for a kiosk, and only
 * where a phone number alone finds a guest.
 */
export async function offlineData(
  deps: OfflineDoorDeps,
  user: AuthUser,
  query: { meeting_id: number; schedule_id?: number; since?: number; phones: boolean },
  lang: Language,
): Promise<OfflineData> {
  const { db, clock } = deps;
  const scope = await resolveScope(db, user, query.meeting_id, query.schedule_id);
  const now = clock();
  const phoneLookup = !(await deps.loginCodeRequired(scope.meetingId));
  // Phone keys can be tested against guessed numbers: only for users who may see the guests'
  // phones anyway (an organiser setting up a kiosk), never for door staff.
  const withPhones = query.phones && phoneLookup && user.permissions.includes('guest:view');
  const salt = withPhones ? phoneSalt(deps, scope.meetingId) : null;
  const scheduled = scope.scopeId !== 0 && scope.meeting.meeting_type === 'date_schedule';
  // The questions asked at the door go once; each guest names those still open for them.
  const fields = await formFieldsOf(db, scope.meetingId);
  const atDoor = doorFields(fields);
  const [rows, userTypes, schedule] = await Promise.all([
    door.listDoorGuests(db, {
      meetingId: scope.meetingId,
      scopeId: scope.scopeId,
      since: query.since === undefined ? undefined : query.since - REFRESH_OVERLAP_MS,
      enrolmentIn: scheduled ? scope.scopeId : undefined,
      withPhone: withPhones,
      withAnswers: atDoor.length > 0,
    }),
    door.listUserTypes(db, scope.meetingId),
    scope.scopeId === 0 ? undefined : door.findSchedule(db, scope.scopeId),
  ]);
  const m = scope.meeting;
  return {
    generated_at: now,
    full: query.since === undefined,
    meeting: {
      id: m.id,
      name: nameIn(lang, m.name, m.name_cn, m.name_en),
      names: {
        'zh-tw': nameIn('zh-tw', m.name, m.name_cn, m.name_en),
        'zh-cn': nameIn('zh-cn', m.name, m.name_cn, m.name_en),
        en: nameIn('en', m.name, m.name_cn, m.name_en),
      },
      meeting_type: m.meeting_type,
    },
    schedule: schedule
      ? { id: schedule.id, name: nameIn(lang, schedule.name, schedule.name_cn, schedule.name_en) }
      : null,
    time_zone: deps.timeZone,
    repeat_window_ms: deps.repeatWindowMs,
    phone_lookup: phoneLookup,
    phone_salt: salt,
    door_fields: atDoor,
    user_types: userTypes.map((t) => ({
      id: t.id,
      name: t.name,
      name_cn: t.name_cn,
      name_en: t.name_en,
    })),
    guests: rows.map((row) => ({
      id: row.id,
      key: guestCodeKey(row.guest_code),
      name: guestDisplayName(row),
      user_type_id: row.user_type_id,
      cancelled: row.cancelled_at !== null,
      enrolled: row.enrolled,
      inside: row.inside,
      last_in_at: row.last_in_at,
      last_out_at: row.last_out_at,
      ...openKeys(atDoor.length > 0 ? fields : [], row),
      // Not admitted until paid (issue 44) nor until approved (issue 45): the station refuses them
      // as the server does.
      ...(row.unpaid === 1 && row.cancelled_at === null ? { unpaid: true as const } : {}),
      ...(row.approval === 'pending' && row.cancelled_at === null ? { pending: true as const } : {}),
      ...(query.phones
        ? { phone_key: salt && row.phone && row.cancelled_at === null ? phoneKey(salt, row.phone) : null }
        : {}),
    })),
  };
}

/** The keys of a guest's open ask-at-door questions, only where there are some (the copy stays small). */
function openKeys(
  fields: Parameters<typeof doorQuestions>[0],
  guest: { answers: string; user_type_id: number | null; cancelled_at: number | null },
): { door_keys?: string[] } {
  if (fields.length === 0 || guest.cancelled_at !== null) return {};
  const keys = doorQuestions(fields, parseAnswers(guest.answers), { userTypeId: guest.user_type_id }).map(
    (f) => f.key,
  );
  return keys.length > 0 ? { door_keys: keys } : {};
}
