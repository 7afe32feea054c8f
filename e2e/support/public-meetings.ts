import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Api } from './api.ts';
import { pdfDocument, pngImage } from './files.ts';

/** Meetings for the visitor-page tests, set up through the admin API, and guests through the public API. */

const DAY1 = '2027-01-11';
const START = Date.UTC(2027, 0, 10, 0);
const END = Date.UTC(2027, 0, 12, 23);

let serial = 0;
/**
 * A valid Macao mobile number unique to this run. 62xxxxxx is allocated throughout; 66xxxxxx is not
 * (6606–6609 are not mobile ranges), which made clock-built numbers fail now and then.
 */
export function macaoPhone(): string {
  serial += 1;
  return `62${String(Date.now() + serial).slice(-6)}`;
}

export interface Created {
  id: number;
  public_id: string;
}

export async function createPublicMeeting(
  api: Api,
  options: {
    type: 'general' | 'date_schedule';
    name: string;
    schedulePdf?: boolean;
    guidePdf?: boolean;
    signupEnabled?: boolean;
    /** Running now instead of in January 2027 (the door's scans count only on the meeting's days). */
    runningNow?: boolean;
    /** 0 (default): unlimited. */
    registrationLimit?: number;
    /** A waiting list: seats given at once (offerHours 0) or offered for that many hours. */
    waitlist?: { offerHours: number };
    /**
     * The privacy notice switched on (issue 20), with the organiser's own texts; a language left out
     * (or '') shows the default notice.
     */
    privacyNotice?: Partial<Record<Lang, string>>;
  },
): Promise<Created> {
  const org = await api.call<{ id: number }>('POST', '/organizations', {
    name: `Public org ${Date.now()}-${serial++}`,
  });
  const banner = await api.upload(
    '/files',
    { kind: 'banner' },
    { name: 'banner.png', mimeType: 'image/png', buffer: pngImage(360, 120) },
  );
  const uploadPdf = (wanted: boolean | undefined, name: string) =>
    wanted
      ? api.upload('/files', { kind: 'pdf' }, { name, mimeType: 'application/pdf', buffer: pdfDocument() })
      : null;
  const schedule = await uploadPdf(options.schedulePdf, 'schedule.pdf');
  const guide = await uploadPdf(options.guidePdf, 'guide.pdf');
  const meeting = await api.call<Created>('POST', '/meetings', {
    organization_id: org.id,
    name: `${options.name}（繁）`,
    name_cn: `${options.name}（简）`,
    name_en: `${options.name} (EN)`,
    location: '澳門會展中心',
    location_cn: '澳门会展中心',
    location_en: 'Macao Convention Centre',
    start_at: options.runningNow ? Date.now() - 3_600_000 : START,
    end_at: options.runningNow ? Date.now() + 6 * 3_600_000 : END,
    registration_limit: options.registrationLimit ?? 0,
    waitlist_enabled: options.waitlist !== undefined,
    waitlist_offer_hours: options.waitlist?.offerHours ?? 0,
    multi_language: true,
    signup_enabled: options.signupEnabled ?? true,
    meeting_type: options.type,
    banner_file_id: banner.id,
    schedule_file_id: schedule?.id ?? null,
    guide_file_id: guide?.id ?? null,
  });
  if (options.privacyNotice) await enablePrivacyNotice(api, meeting.id, options.privacyNotice);
  return meeting;
}

/** Switches a meeting's privacy notice on: the sign-up form then asks for consent. */
export async function enablePrivacyNotice(
  api: Api,
  meetingId: number,
  notice: Partial<Record<Lang, string>> = {},
) {
  await api.call('PUT', `/meetings/${meetingId}/privacy`, {
    notice_enabled: true,
    notice: { 'zh-tw': notice['zh-tw'] ?? '', 'zh-cn': notice['zh-cn'] ?? '', en: notice.en ?? '' },
    retention_days: 180,
  });
}

/** A date-schedule meeting in English first: sessions A and B for "Doctor", C only for "Nurse". */
export async function createDateScheduleMeeting(api: Api, name: string) {
  const meeting = await createPublicMeeting(api, { type: 'date_schedule', name });
  await api.call('PUT', `/meetings/${meeting.id}/display-config`, {
    language_order: ['en', 'zh-tw', 'zh-cn'],
  });
  const session = (n: string, limit: number) =>
    api.call<{ id: number }>('POST', `/meetings/${meeting.id}/schedules`, {
      name: `${n}（繁）`,
      name_cn: `${n}（简）`,
      name_en: n,
      signup_limit: limit,
      date: DAY1,
    });
  const a = await session('Opening plenary', 0);
  const b = await session('Workshop on imaging', 5);
  const c = await session('Nursing forum', 0);
  const doctor = await api.call<{ id: number }>('POST', `/meetings/${meeting.id}/user-types`, {
    name: '醫生',
    name_cn: '医生',
    name_en: 'Doctor',
    schedule_ids: [a.id, b.id],
  });
  await api.call('POST', `/meetings/${meeting.id}/user-types`, {
    name: '護士',
    name_cn: '护士',
    name_en: 'Nurse',
    schedule_ids: [c.id],
  });
  return { meeting, sessions: { a: a.id, b: b.id, c: c.id }, doctor: doctor.id };
}

export async function publicSignUp(
  request: APIRequestContext,
  publicId: string,
  data: Record<string, unknown>,
) {
  const response = await request.post(`/api/public/meetings/${publicId}/sign-ups`, { data });
  const body = (await response.json()) as { code: number; message: string };
  expect(body.code, body.message).toBe(0);
}

/** Signs a guest up through the public API and returns the QR content (the guest code). */
export async function signUpGuestCode(
  request: APIRequestContext,
  publicId: string,
  name: string,
): Promise<string> {
  const response = await request.post(`/api/public/meetings/${publicId}/sign-ups`, {
    data: {
      meeting_type: 'general',
      name,
      gender: 'female',
      local_guest: true,
      area_code: '853',
      phone: macaoPhone(),
      email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`,
      institution: 'Kiang Wu Hospital',
      job_title: 'Nurse',
      contact_name: 'Desk',
      contact_number: '28000000',
      contact_phone: '66999999',
    },
  });
  const body = (await response.json()) as {
    code: number;
    message: string;
    data: { guest: { guest_code: string } };
  };
  expect(body.code, body.message).toBe(0);
  return body.data.guest.guest_code;
}

export type Lang = 'zh-tw' | 'zh-cn' | 'en';
const HTML_LANG: Record<Lang, string> = { 'zh-tw': 'zh-TW', 'zh-cn': 'zh-CN', en: 'en' };

/** Switches a visitor page's language and waits until the document says so. */
export async function pickLanguage(page: Page, lang: Lang) {
  await page.getByTestId(`public-lang-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
}

export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Moves a meeting's end to a moment ago (its start an hour before): what has to follow its end (the
 * evaluations' invitations, issue 43) then follows, while today's scans still fall within it.
 */
export async function endMeetingNow(api: Api, meetingId: number) {
  const meeting = await api.call<Record<string, unknown>>('GET', `/meetings/${meetingId}`);
  const keep = [
    'organization_id',
    'name',
    'name_cn',
    'name_en',
    'location',
    'location_cn',
    'location_en',
    'registration_limit',
    'registration_deadline',
    'waitlist_enabled',
    'waitlist_max',
    'waitlist_offer_hours',
    'multi_language',
    'signup_enabled',
    'meeting_type',
    'banner_file_id',
    'schedule_file_id',
    'guide_file_id',
  ];
  const body = Object.fromEntries(keep.map((key) => [key, meeting[key]]));
  const end = Date.now() - 1000;
  await api.call('PUT', `/meetings/${meetingId}`, { ...body, start_at: end - 3_600_000, end_at: end });
}
