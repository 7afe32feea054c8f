import { REGION_AREA_CODES, type AreaCode } from '@meetflow/shared/constants';
import { resolveDisplayConfig } from '@meetflow/shared/display-text';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { timeZone } from '../../lib/local-time.ts';
import { ancestorIds } from '../../core/organization-scope.ts';
import { publicNotice } from '../privacy/consent.ts';
import { inheritedRegion } from '../organizations/organizations.service.ts';
import { parseFields } from '../guests/guest-rules.ts';
import { meetingStatus, waitlistOpen } from './meeting-status.ts';
import type { RegistrationDeps } from './registration.service.ts';
import * as repo from './registration.repository.ts';

/** The meeting behind a public id, if it is live (NO_MEETING otherwise). */
export async function liveMeeting(db: Db, publicId: string): Promise<repo.PublicMeetingRow> {
  const meeting = await repo.findLiveMeetingByPublicId(db, publicId);
  if (!meeting) throw new AppError('NO_MEETING');
  return meeting;
}

/** The area code of the organisation's region (or its nearest parent's); null when none has one. */
async function regionAreaCode(
  db: Db,
  organizationId: number,
  ancestors: readonly number[],
): Promise<AreaCode | null> {
  const region = await inheritedRegion(db, organizationId, ancestors);
  return region ? REGION_AREA_CODES[region] : null;
}

/** What the sign-up page shows: the meeting, its sessions and user types, its form options. */
export async function getPublicMeeting(
  deps: Pick<RegistrationDeps, 'db' | 'clock' | 'payments'>,
  publicId: string,
): Promise<PublicMeeting> {
  const { db } = deps;
  const meeting = await liveMeeting(db, publicId);
  const now = deps.clock();
  const dateSchedule = meeting.meeting_type === 'date_schedule';
  const displayConfig = resolveDisplayConfig(meeting.display_config);
  // Read once: the categories and the region both come from the organisation and those above.
  const ancestors = await ancestorIds(db, meeting.organization_id);
  // The categories this meeting offers: global ones and those of its organisation or above.
  const collegeCategories = () => repo.listCollegeCategories(db, ancestors);
  const [schedules, userTypes, pairs, categories] = dateSchedule
    ? await Promise.all([
        repo.listSchedulesWithTimes(db, meeting.id),
        repo.listUserTypes(db, meeting.id),
        repo.listUserTypeSchedules(db, meeting.id),
        collegeCategories(),
      ])
    : [[], [], [], await collegeCategories()];
  return {
    public_id: meeting.public_id,
    name: meeting.name,
    name_cn: meeting.name_cn,
    name_en: meeting.name_en,
    location: meeting.location,
    location_cn: meeting.location_cn,
    location_en: meeting.location_en,
    start_at: meeting.start_at,
    end_at: meeting.end_at,
    time_zone: timeZone(),
    meeting_type: meeting.meeting_type,
    multi_language: meeting.multi_language === 1,
    status: meetingStatus(meeting, now),
    waitlist_open: waitlistOpen(meeting),
    registration_deadline: meeting.registration_deadline,
    banner_file_id: meeting.banner_file_id,
    schedule_file_id: meeting.schedule_file_id,
    guide_file_id: meeting.guide_file_id,
    display_config: displayConfig,
    default_area_code:
      displayConfig.default_area_code ?? (await regionAreaCode(db, meeting.organization_id, ancestors)),
    user_types: userTypes.map((t) => ({
      ...t,
      schedule_ids: pairs.filter((p) => p.user_type_id === t.id).map((p) => p.schedule_id),
    })),
    schedules: schedules.map((s) => ({
      id: s.id,
      name: s.name,
      name_cn: s.name_cn,
      name_en: s.name_en,
      date: s.date,
      start_time: s.start_time ?? null,
      end_time: s.end_time ?? null,
      signup_limit: s.signup_limit,
      seats_left: s.signup_limit > 0 ? Math.max(0, s.signup_limit - s.signup_count - s.waitlist_held) : null,
      waitlist_open: waitlistOpen(s),
    })),
    college_categories: categories,
    privacy_notice: publicNotice(meeting),
    form_fields: parseFields(meeting.form_fields ?? undefined).filter((f) => !f.retired),
    // A paid meeting's prices and ways to pay (issue 44), from the payments module.
    pricing: meeting.currency !== null && deps.payments ? await deps.payments.pricingOf(meeting, now) : null,
    group_max: meeting.group_max,
  };
}
