import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { guestFilterFields } from './guests.ts';
import { generalSignUpBody } from './public.ts';

/*
 * Guest mail (issue 15): a meeting's mail settings and texts, a guest's delivery history, previews,
 * and the visitor's "send my code by e-mail".
 */

/**
 * What a guest can be sent. Confirmations and updates carry the calendar file; broadcasts do not;
 * a certificate carries the guest's certificate of attendance as a PDF (issue 18); an evaluation's
 * invitation and reminder link to the evaluation on the guest page (issue 43); a receipt and a
 * credit note carry their PDF (issue 44); a group's contact, not a guest, is sent the link to the
 * group's page (issue 45); an applicant is told their application was received, or rejected with the
 * organiser's reason, never with a code (issue 45).
 * group's page (issue 45); an invitee of an imported list, not a guest yet, their personal sign-up
 * link (issue 45).
 */
export const MAIL_TYPES = [
  'confirmation',
  'enrolment_update',
  'reminder',
  'code',
  'broadcast',
  'login_code',
  'certificate',
  'waitlist_offer',
  'evaluation_invitation',
  'evaluation_reminder',
  'receipt',
  'credit_note',
  'group_link',
  'application_received',
  'application_rejected',
  'invitation',
] as const;
export type MailType = (typeof MAIL_TYPES)[number];
/** The types an organiser can rewrite (subject and body per language). */
export const EDITABLE_MAIL_TYPES = ['confirmation', 'enrolment_update', 'reminder', 'certificate'] as const;
export type EditableMailType = (typeof EDITABLE_MAIL_TYPES)[number];
export const MAIL_REMINDER_HOURS_MAX = 24 * 14;
export const MAIL_SUBJECT_MAX = 200;
export const MAIL_BODY_MAX = 5000;

const id = z.coerce.number().int().positive().max(2_147_483_647);
const language = z.enum(LANGUAGES);

const mailText = z.strictObject({
  subject: z.string().trim().min(1, 'required').max(MAIL_SUBJECT_MAX),
  body: z.string().trim().min(1, 'required').max(MAIL_BODY_MAX),
});
export type MailText = z.infer<typeof mailText>;

/** The organiser's texts: a missing type or language means the product's default text. */
const mailTemplates = z.strictObject({
  confirmation: z.partialRecord(language, mailText).optional(),
  enrolment_update: z.partialRecord(language, mailText).optional(),
  reminder: z.partialRecord(language, mailText).optional(),
  certificate: z.partialRecord(language, mailText).optional(),
});
export type MailTemplates = z.infer<typeof mailTemplates>;

export const mailSettingsBody = z.strictObject({
  confirmation_enabled: z.boolean(),
  /** 0: no reminder; otherwise hours before the meeting (or each session of a date-schedule meeting). */
  reminder_hours: z.number().int().min(0).max(MAIL_REMINDER_HOURS_MAX),
  /** The check-in page's phone look-up also asks for a one-time code sent to the guest's e-mail. */
  lookup_code_by_email: z.boolean().default(false),
  templates: mailTemplates,
});
export type MailSettingsBody = z.input<typeof mailSettingsBody>;

export const mailSettings = mailSettingsBody.extend({
  /** The product's default texts, shown where the organiser has written none. */
  defaults: z.record(z.enum(EDITABLE_MAIL_TYPES), z.record(language, mailText)),
  placeholders: z.array(z.string()),
  mail_server_configured: z.boolean(),
});
export type MailSettings = z.infer<typeof mailSettings>;

export const mailMeetingParams = z.strictObject({ id });

export const mailPreviewBody = z.strictObject({
  /** A broadcast previews the text given (it has no saved or default one worth showing). */
  type: z.enum([...EDITABLE_MAIL_TYPES, 'broadcast']),
  language,
  /** The text being edited (not yet saved); null previews the saved or default text. */
  text: mailText.nullable().default(null),
});
export type MailPreviewBody = z.input<typeof mailPreviewBody>;
/**
 * `html` shows the QR code inline as a data: URL (the sent mail refers to its attachment instead).
 * `example_guest`: rendered for a made-up guest, not the meeting's first one (the meeting has no
 * guest, or the user may not see its guests: a guest code is an entry ticket).
 */
export const mailPreview = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  example_guest: z.boolean(),
});
export type MailPreview = z.infer<typeof mailPreview>;

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const guestMessage = z.object({
  id: z.number().int(),
  type: z.enum(MAIL_TYPES),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  /** The mail server's answer to a failed attempt, or why the message was skipped. */
  reason: z.string().nullable(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type GuestMessage = z.infer<typeof guestMessage>;
export const guestMessages = z.object({
  /** False: queued messages wait until the operator sets SMTP_URL. */
  mail_server_configured: z.boolean(),
  items: z.array(guestMessage),
});
export type GuestMessages = z.infer<typeof guestMessages>;
export const guestMessageParams = z.strictObject({ id });

/** The visitor's "send my code to my e-mail": the same answer whether or not the address is known. */
export const codeByEmailBody = z.strictObject({
  email: generalSignUpBody.shape.email,
});
export type CodeByEmailBody = z.input<typeof codeByEmailBody>;

/**
 * Where the guest page says the confirmation went, masked ('j***@example.com'); null when the
 * meeting sends none, no mail server is set up or the guest gave no address (the page says nothing).
 * `awaiting`: what the confirmation (it carries the code) still waits for, so there is nothing to
 * send again yet: the organiser's approval (the mail sent was "application received") or payment.
 */
export const guestConfirmationMail = z.object({
  masked_email: z.string().nullable(),
  awaiting: z.enum(['approval', 'payment']).nullable(),
});
export type GuestConfirmationMail = z.infer<typeof guestConfirmationMail>;

/* Broadcasts: an organiser's message to all or the filtered guests of a meeting. */

/** The texts per language; a guest gets their own language, else the first written of zh-tw, zh-cn, en. */
export const broadcastTexts = z
  .partialRecord(language, mailText)
  .refine((texts) => Object.keys(texts).length > 0, { message: 'required' });
export type BroadcastTexts = z.infer<typeof broadcastTexts>;

/** Whom: the guest list's filters (none: every live guest). Sorting fields are ignored. */
export const broadcastFilters = z.strictObject(guestFilterFields).partial();
export type BroadcastFilters = z.input<typeof broadcastFilters>;

export const broadcastCountBody = z.strictObject({ filters: broadcastFilters.default({}) });
export const broadcastCount = z.object({ count: z.number().int() });

export const broadcastBody = z.strictObject({
  filters: broadcastFilters.default({}),
  texts: broadcastTexts,
  /** The number the organiser confirmed; the send is refused when the recipients changed since. */
  confirmed_count: z.number().int().min(1),
});
export type BroadcastBody = z.input<typeof broadcastBody>;
export type BroadcastRequest = z.output<typeof broadcastBody>;

export const broadcastTestBody = z.strictObject({ texts: broadcastTexts, language });
export type BroadcastTestBody = z.input<typeof broadcastTestBody>;

export const broadcastSummary = z.object({
  id: z.number().int(),
  created_at: z.number().int(),
  created_by: z.string(),
  subject: z.string(),
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type BroadcastSummary = z.infer<typeof broadcastSummary>;
export const broadcastList = z.object({ items: z.array(broadcastSummary) });
export type BroadcastList = z.infer<typeof broadcastList>;
export const broadcastParams = z.strictObject({ id, broadcastId: id });

export const unsubscribeQuery = z.strictObject({ token: z.string().min(1).max(200) });
