import { z } from 'zod';
import { AREA_CODE_VALUES } from '../constants.ts';
import { meetingDisplayConfig } from './meeting-display.ts';
import { MEETING_TYPES } from './meetings.ts';
import { meetingWaitlistEntry, waitlistPlace } from './waitlist.ts';
import { publicPrivacyNotice } from './privacy.ts';
import { whenMissing } from './when-missing.ts';
import { formField } from '../forms/form-definition.ts';
import { answersBody } from './forms.ts';
import { publicApplication } from './approval.ts';
import { publicPricing, signUpPayment } from './payments.ts';

/**
 * The public pages' contract (issue 4): sign-up, code retrieval (lookup) and the guest's own page.
 * Everything lives under /api/public; guest endpoints authenticate with the `X-Guest-Token` header.
 *
 * Note: `AREA_CODES` (value + localised label objects) already exists in constants.ts and is exported
 * from the package root under that name; the plain value tuple is `AREA_CODE_VALUES`, re-exported here.
 */
export { AREA_CODE_VALUES, type AreaCode } from '../constants.ts';

/** The header that carries the guest token (never put it in a URL). */
export const GUEST_TOKEN_HEADER = 'x-guest-token';

export const PUBLIC_MEETING_STATUSES = ['open', 'disabled', 'deadline_passed', 'full'] as const;
export type PublicMeetingStatus = (typeof PUBLIC_MEETING_STATUSES)[number];

export const GENDERS = ['male', 'female'] as const;

/** The value a date-schedule form accepts for "not applicable" names / licence numbers. */
export const NOT_APPLICABLE = 'NA';

const requiredText = (key: string, max = 200) =>
  z
    .string({ error: whenMissing(key) })
    .trim()
    .min(1, key)
    .max(max);
const optionalText = (max = 200) => z.string().trim().max(max).default('');

const areaCode = z.enum(AREA_CODE_VALUES, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? 'areaCodeRequired' : 'invalidOption'),
});

/**
 * Digits only (spaces, dashes and brackets are stripped). The per-area-code check (libphonenumber)
 * runs on the server and answers the same 'phoneInvalid' field message.
 */
const phone = z
  .string({ error: whenMissing('phoneRequired') })
  .transform((value) => value.replace(/[\s\-()]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'phoneRequired')
      .regex(/^\d{4,15}$/, 'phoneInvalid'),
  );

const email = z
  .string({ error: whenMissing('emailRequired') })
  .trim()
  .min(1, 'emailRequired')
  .max(200)
  .pipe(z.email('emailInvalid'));

export const generalSignUpBody = z.strictObject({
  meeting_type: z.literal('general'),
  name: requiredText('guestNameRequired'),
  gender: z.enum(GENDERS, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'genderRequired' : 'invalidOption'),
  }),
  local_guest: z.boolean({ error: whenMissing('localGuestRequired') }),
  area_code: areaCode,
  phone,
  email,
  institution: optionalText(),
  job_title: optionalText(),
  contact_name: optionalText(),
  contact_number: requiredText('contactNumberRequired', 50),
  contact_phone: requiredText('contactPhoneRequired', 50),
  /** Ticked the privacy notice's consent box: required when the meeting shows a notice. */
  consent: z.boolean().default(false),
  /** The notice version the form showed: a newer one on the server asks the visitor to read it again. */
  consent_version: z.number().int().min(0).optional(),
  /**
   * Answers to the meeting's own fields (issue 42), by field key. Absent on a back-office edit: the
   * stored answers stay as they are (a client written before own fields existed loses none).
   */
  answers: answersBody.optional(),
  /** A paid meeting's ticket, discount code and who the receipt is for (issue 44). */
  payment: signUpPayment.optional(),
  /** An invitation code (issue 45): an approval, and a seat reserved for invitees or past the limit. */
  invitation_code: z.string().trim().max(40).optional(),
});

export const dateScheduleSignUpBody = z.strictObject({
  meeting_type: z.literal('date_schedule'),
  /** Chinese name, or 'NA'. */
  name_zh: requiredText('nameZhRequired'),
  /** English name, or 'NA'. */
  name_en: requiredText('nameEnRequired'),
  area_code: areaCode,
  phone,
  email,
  organization: optionalText(),
  user_type_id: z
    .number({ error: whenMissing('userTypeRequired') })
    .int()
    .positive(),
  /** Licence or certificate number, or 'NA'. */
  license_number: requiredText('licenseNumberRequired', 100),
  other: optionalText(500),
  academy_member: z.boolean().default(false),
  college_category_id: z.number().int().positive().nullable().default(null),
  schedule_ids: z
    .array(z.number().int().positive(), { error: whenMissing('scheduleRequired') })
    .min(1, 'scheduleRequired')
    .max(200),
  /** Ticked the privacy notice's consent box: required when the meeting shows a notice. */
  consent: z.boolean().default(false),
  /** The notice version the form showed: a newer one on the server asks the visitor to read it again. */
  consent_version: z.number().int().min(0).optional(),
  /**
   * Answers to the meeting's own fields (issue 42), by field key. Absent on a back-office edit: the
   * stored answers stay as they are (a client written before own fields existed loses none).
   */
  answers: answersBody.optional(),
  /** A paid meeting's ticket, discount code and who the receipt is for (issue 44). */
  payment: signUpPayment.optional(),
  /** An invitation code (issue 45): an approval, and a seat reserved for invitees or past the limit. */
  invitation_code: z.string().trim().max(40).optional(),
});

export const signUpBody = z.discriminatedUnion('meeting_type', [generalSignUpBody, dateScheduleSignUpBody], {
  error: (issue) => (issue.input === undefined ? 'meetingTypeRequired' : undefined),
});
export type SignUpBody = z.input<typeof signUpBody>;
export type SignUpInput = z.output<typeof signUpBody>;
export type GeneralSignUpBody = z.input<typeof generalSignUpBody>;
export type DateScheduleSignUpBody = z.input<typeof dateScheduleSignUpBody>;

export const lookupBody = z.strictObject({ area_code: areaCode, phone });
export type LookupBody = z.input<typeof lookupBody>;

export const enrolBody = z.strictObject({
  schedule_id: z
    .number({ error: whenMissing('scheduleRequired') })
    .int()
    .positive(),
});
export type EnrolBody = z.input<typeof enrolBody>;

export const publicMeetingParams = z.strictObject({ publicId: z.string().min(1).max(100) });
export const enrolmentParams = z.strictObject({ scheduleId: z.coerce.number().int().positive() });

const localizedName = {
  name: z.string(),
  name_cn: z.string(),
  name_en: z.string(),
};

export const publicMeeting = z.object({
  public_id: z.string(),
  ...localizedName,
  location: z.string(),
  location_cn: z.string(),
  location_en: z.string(),
  start_at: z.number().int(),
  end_at: z.number().int(),
  /** IANA zone of the deployment (TIME_ZONE): the visitor pages show every time in it. */
  time_zone: z.string(),
  meeting_type: z.enum(MEETING_TYPES),
  multi_language: z.boolean(),
  status: z.enum(PUBLIC_MEETING_STATUSES),
  /** A full meeting takes sign-ups onto its waiting list (switched on, not at its maximum). */
  waitlist_open: z.boolean(),
  registration_deadline: z.number().int().nullable(),
  banner_file_id: z.string().nullable(),
  schedule_file_id: z.string().nullable(),
  guide_file_id: z.string().nullable(),
  /** Resolved over the defaults. */
  display_config: meetingDisplayConfig,
  /**
   * The area code the forms start at: the meeting's own setting, else that of its organisation's
   * region (or the nearest parent's); null: none, the forms ask.
   */
  default_area_code: z.enum(AREA_CODE_VALUES).nullable(),
  /** date_schedule meetings only, else []. */
  user_types: z.array(
    z.object({ id: z.number().int(), ...localizedName, schedule_ids: z.array(z.number().int()) }),
  ),
  /** date_schedule meetings only, else []. */
  schedules: z.array(
    z.object({
      id: z.number().int(),
      ...localizedName,
      /** YYYY-MM-DD */
      date: z.string(),
      /** HH:mm */
      start_time: z.string().nullable(),
      end_time: z.string().nullable(),
      /** 0 = unlimited. */
      signup_limit: z.number().int(),
      /** null = unlimited. */
      seats_left: z.number().int().nullable(),
      /** When full, a guest may join this session's waiting list (switched on, not at its maximum). */
      waitlist_open: z.boolean(),
    }),
  ),
  college_categories: z.array(z.object({ id: z.number().int(), ...localizedName })),
  /** Shown above the submit button with a consent box that must be ticked; null: the meeting asks for none. */
  privacy_notice: publicPrivacyNotice,
  /** The meeting's own fields after the built-in ones (issue 42), retired fields left out. */
  form_fields: z.array(formField),
  /** A paid meeting's prices and ways to pay (issue 44); null: free. */
  pricing: publicPricing.nullable(),
});
export type PublicMeeting = z.infer<typeof publicMeeting>;

export const publicGuest = z.object({
  meeting_public_id: z.string(),
  /** ≥128-bit random, URL-safe: the QR code content; null while the guest's order is unpaid. */
  guest_code: z.string().nullable(),
  /** The guest's order awaits payment (issue 44): their page shows it instead of the code. */
  unpaid: z.boolean(),
  display_name: z.string(),
  /** e.g. '+853 ****5678' */
  masked_phone: z.string(),
  /** e.g. 'a***@example.com' */
  masked_email: z.string(),
  user_type_id: z.number().int().nullable(),
  enrolled_schedule_ids: z.array(z.number().int()),
  enrollable_schedule_ids: z.array(z.number().int()),
  signed_up_at: z.number().int(),
  /** The sessions' waiting lists this guest is on (waiting or offered a seat). */
  waitlist: z.array(waitlistPlace),
  /**
   * Approval (issue 45): 'pending' while the guest's seat is held awaiting the organiser (no code
   * yet), 'approved' once accepted; absent or null where the meeting asks for none.
   */
  approval: z.enum(['pending', 'approved']).nullable().optional(),
});
export type PublicGuest = z.infer<typeof publicGuest>;

/**
 * Answer of sign-up and lookup: the guest token is shown only here. Exactly one of `guest` and
 * `waiting` is set: `waiting` when the visitor is on the meeting's waiting list (not yet a guest); the
 * same token opens their guest page once they are given a seat.
 */
export const guestTokenResult = z.object({
  guest_token: z.string(),
  guest: publicGuest.nullable(),
  waiting: meetingWaitlistEntry.nullable(),
  /**
   * Set instead of `guest` and `waiting` when the sign-up waits for approval without a seat, or was
   * rejected (issue 45): the same token opens the guest page once approved.
   */
  application: publicApplication.nullable().optional(),
});
export type GuestTokenResult = z.infer<typeof guestTokenResult>;

/**
 * The look-up of a meeting whose organiser wants more than a phone number: a one-time code went to
 * the address used at sign-up, and `lookup/verify` with it answers the guest token.
 */
export const loginCodeSent = z.object({ code_sent: z.literal(true), masked_email: z.string() });
export type LoginCodeSent = z.infer<typeof loginCodeSent>;
export const lookupResult = z.union([guestTokenResult, loginCodeSent]);
export type LookupResult = z.infer<typeof lookupResult>;
export const LOGIN_CODE_LENGTH = 6;
export const lookupVerifyBody = z.strictObject({
  area_code: areaCode,
  phone,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'loginCodeInvalid'),
});
export type LookupVerifyBody = z.input<typeof lookupVerifyBody>;
