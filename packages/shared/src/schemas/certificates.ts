import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { HEX_COLOR } from '../display-text.ts';
import { normalizeCertificateCode } from '../certificate-code.ts';
import { CERTIFICATE_STATES } from '../certificate-states.ts';

/*
 * Proof of attendance (issue 18): a meeting's attendance rule and credits, its certificate template,
 * the certificates issued from them, their public verification, and name badges.
 * Times are integer milliseconds; time present is in whole minutes.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const credits = z.number().min(0).max(1000);

export const meetingCertificateParams = z.strictObject({ id });
export const certificateGuestParams = z.strictObject({ id, guestId: id });

/**
 * When a guest earns the certificate: every condition set must hold (0, [] and false are "not set").
 * Time present is the union of the guest's entry–exit intervals over the whole meeting and its
 * sessions (overlapping sessions count once), an entry without an exit closing at the end of its day.
 */
export const certificateRule = z.strictObject({
  /** Present at least this many minutes over the whole meeting. */
  min_minutes: z.number().int().min(0).max(100_000).default(0),
  /** Each of these sessions attended (present there at least `session_min_minutes`). */
  required_session_ids: z.array(id).max(500).default([]),
  /** Checked in (meeting door or any session) on each day of the meeting. */
  every_day: z.boolean().default(false),
  /** Minutes present in a session for it to count as attended (and earn its credits). */
  session_min_minutes: z.number().int().min(1).max(1440).default(1),
  /** Credits for the meeting itself, given with the certificate. */
  meeting_credits: credits.default(0),
  /** Credits per session, added for each session attended. */
  session_credits: z
    .array(z.strictObject({ schedule_id: id, credits }))
    .max(500)
    .refine((list) => new Set(list.map((e) => e.schedule_id)).size === list.length, 'sessionCreditsDuplicate')
    .default([]),
  /** The meeting's evaluation completed (and its quiz passed), where it has one that is not a draft. */
  meeting_evaluation_required: z.boolean().default(false),
  /** The evaluation of each required session completed (and passed), where the session has one. */
  session_evaluations_required: z.boolean().default(false),
});
export type CertificateRule = z.output<typeof certificateRule>;

/** The placeholders a text block may hold; `{name}` is the guest's name in the template's language. */
export const CERTIFICATE_PLACEHOLDERS = [
  'name',
  'name_zh',
  'name_en',
  'meeting',
  'dates',
  'hours',
  'credits',
  'sessions',
  'code',
  'verify_url',
  'issued_on',
] as const;
export type CertificatePlaceholder = (typeof CERTIFICATE_PLACEHOLDERS)[number];

export const CERTIFICATE_PAGES = ['a4_landscape', 'a4_portrait'] as const;

/** One text block; x, y and width are percentages of the page (y from the top edge to the text's top). */
export const certificateBlock = z.strictObject({
  text: z.string().max(1000),
  x: z.number().min(0).max(100),
  y: z.number().min(0).max(100),
  width: z.number().min(5).max(100).default(80),
  size: z.number().int().min(6).max(96).default(16),
  align: z.enum(['left', 'center', 'right']).default('center'),
  bold: z.boolean().default(false),
  color: z.string().trim().regex(HEX_COLOR, 'colorInvalid').toLowerCase().default('#222222'),
});
export type CertificateBlock = z.output<typeof certificateBlock>;

export const certificateTemplate = z.strictObject({
  page: z.enum(CERTIFICATE_PAGES).default('a4_landscape'),
  /** The language of `{name}`, `{meeting}`, `{dates}`, `{sessions}` and `{issued_on}`. */
  language: z.enum(LANGUAGES).default('zh-tw'),
  /** An uploaded image (files, SHA-256 id), drawn over the whole page. */
  background_file_id: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable()
    .default(null),
  blocks: z.array(certificateBlock).max(30),
  /** The verification link as a QR code (mm from the page's bottom-right corner), or none. */
  qr: z
    .strictObject({
      size_mm: z.number().min(10).max(60),
      right_mm: z.number().min(0),
      bottom_mm: z.number().min(0),
    })
    .nullable()
    .default({ size_mm: 24, right_mm: 18, bottom_mm: 14 }),
});
export type CertificateTemplate = z.output<typeof certificateTemplate>;
export type CertificateTemplateInput = z.input<typeof certificateTemplate>;

export const certificateSettings = z.object({
  rule: certificateRule,
  template: certificateTemplate,
  /** Guests who earned it may download it from their guest page (it is issued on their first download). */
  guest_download: z.boolean(),
  updated_at: z.number().int().nullable(),
});
export type CertificateSettings = z.infer<typeof certificateSettings>;

export const certificateSettingsInput = z.strictObject({
  rule: certificateRule,
  template: certificateTemplate,
  guest_download: z.boolean(),
});
export type CertificateSettingsInput = z.input<typeof certificateSettingsInput>;

/** Preview the template being edited (not yet saved) with a guest's figures, or sample ones. */
export const certificatePreviewRequest = z.strictObject({
  template: certificateTemplate,
  guest_id: id.optional(),
});

export { CERTIFICATE_STATES, type CertificateState } from '../certificate-states.ts';

export const certificateListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(100).optional(),
  state: z.enum(CERTIFICATE_STATES).optional(),
});
export type CertificateListQuery = z.input<typeof certificateListQuery>;
/** The export takes the list's filters without paging. */
export const certificateExportQuery = certificateListQuery.omit({ page: true, page_size: true });

/** A guest with what the event log gives them and the state of their certificate. */
export const certificateRow = z.object({
  guest_id: z.number().int(),
  name: z.string(),
  institution: z.string(),
  minutes: z.number().int(),
  credits: z.number(),
  /** Ids of the sessions attended. */
  sessions: z.array(z.number().int()),
  days_present: z.number().int(),
  earned: z.boolean(),
  /** Presence met the rule but a required evaluation is not yet completed (or its quiz not passed). */
  awaiting_evaluation: z.boolean().default(false),
  state: z.enum(CERTIFICATE_STATES),
  code: z.string().nullable(),
  issued_at: z.number().int().nullable(),
  revoked_at: z.number().int().nullable(),
  emailed_at: z.number().int().nullable(),
});
export type CertificateRow = z.infer<typeof certificateRow>;

export const certificatePage = z.object({
  items: z.array(certificateRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Counts over the whole meeting, whatever the filters. */
  counts: z.object({
    guests: z.number().int(),
    earned: z.number().int(),
    issued: z.number().int(),
    revoked: z.number().int(),
  }),
});
export type CertificatePage = z.infer<typeof certificatePage>;

/** Whom an action applies to: the listed guests, or every guest who earned it. */
export const certificateTargets = z.union([
  z.strictObject({ guest_ids: z.array(id).min(1).max(10_000) }),
  z.strictObject({ all_earned: z.literal(true) }),
]);
export type CertificateTargets = z.output<typeof certificateTargets>;

export const certificateRevokeRequest = z.strictObject({
  guest_ids: z.array(id).min(1).max(10_000),
  reason: z.string().trim().max(200).default(''),
});

export const certificateActionResult = z.object({
  /** Guests the action changed. */
  done: z.number().int(),
  /** Guests left as they were (not earned, already issued, no address…). */
  skipped: z.number().int(),
});
export type CertificateActionResult = z.infer<typeof certificateActionResult>;

/** The public verification (no personal data beyond the name and meeting). */
export const certificateCodeParams = z.strictObject({
  code: z.string().trim().max(40).transform(normalizeCertificateCode),
});
export const certificateVerification = z.object({
  status: z.enum(['valid', 'revoked']),
  name: z.string(),
  meeting: z.object({
    name: z.string(),
    name_cn: z.string(),
    name_en: z.string(),
    start_at: z.number().int(),
    end_at: z.number().int(),
  }),
  issued_at: z.number().int(),
  revoked_at: z.number().int().nullable(),
  time_zone: z.string(),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;

/** The guest page's view of their certificate. */
export const guestCertificateStatus = z.object({
  /** The meeting hands out certificates to guests (a rule is set and guest download is on). */
  offered: z.boolean(),
  earned: z.boolean(),
  /**
   * Presence met the rule; the certificate waits for these evaluations (ids, to answer on the guest
   * page): "complete the evaluation to unlock your certificate".
   */
  awaiting_evaluation_ids: z.array(z.number().int()).default([]),
  /** Downloadable now: issued, or earned where guest download is on. */
  available: z.boolean(),
  revoked: z.boolean(),
  minutes: z.number().int(),
  credits: z.number(),
});
export type GuestCertificateStatus = z.infer<typeof guestCertificateStatus>;

/** Label sheets and the single-badge printer size. */
export const BADGE_LAYOUTS = ['a4_2x4', 'a4_2x5', 'single'] as const;
export type BadgeLayout = (typeof BADGE_LAYOUTS)[number];

export const badgeQuery = z.strictObject({
  layout: z.enum(BADGE_LAYOUTS).default('a4_2x4'),
  /** One guest (door staff may print this only); otherwise every live guest matching the filters. */
  guest_id: id.optional(),
  keyword: z.string().trim().max(100).optional(),
  user_type_id: id.optional(),
});
export type BadgeQuery = z.output<typeof badgeQuery>;
