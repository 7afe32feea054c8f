import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';

/*
 * A doctor's CME record across an organisation's meetings (issue 43): the guests of its meetings
 * linked to a person by licence number (or e-mail where there is none), merged and split by the
 * organiser; the per-doctor transcript (back office and a public page behind a one-time e-mailed
 * code); the organisation's yearly return. Times are integer milliseconds; credits come only from
 * issued, non-revoked certificates.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const email = z.string().trim().toLowerCase().max(320).pipe(z.email('emailInvalid'));

export const cmeOrganizationParams = z.strictObject({ id });
export const cmePersonParams = z.strictObject({ id });

/** 'auto': by licence number or e-mail, redone by each linking; 'manual': a merge or split, kept. */
export const CME_LINK_KINDS = ['auto', 'manual'] as const;
export type CmeLinkKind = (typeof CME_LINK_KINDS)[number];

/** What one automatic linking did. */
export const cmeLinkResult = z.object({
  /** Guests newly linked to a person. */
  linked: z.number().int(),
  /** People created for them. */
  people_created: z.number().int(),
});
export type CmeLinkResult = z.infer<typeof cmeLinkResult>;

export const cmePeopleQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  /** Matches the name, licence number or e-mail. */
  keyword: z.string().trim().max(100).optional(),
});
export type CmePeopleQuery = z.input<typeof cmePeopleQuery>;

export const cmePerson = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
  /** Normalised (upper case, no spaces); '' where none. */
  licence_number: z.string(),
  /** Lower case; '' where none. */
  email: z.string(),
  /** Linked guests (meetings attended as a guest). */
  meetings: z.number().int(),
  /** Sum of the credits of the issued, non-revoked certificates of the linked guests. */
  credits: z.number(),
});
export type CmePerson = z.infer<typeof cmePerson>;

export const cmePeoplePage = z.object({
  items: z.array(cmePerson),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CmePeoplePage = z.infer<typeof cmePeoplePage>;

/** One linked guest: a meeting of the person's record. */
export const cmeRecordEntry = z.object({
  guest_id: z.number().int(),
  meeting_id: z.number().int(),
  /** The meeting's name in its three languages (shown with `nameIn`). */
  meeting_name: z.string(),
  meeting_name_cn: z.string(),
  meeting_name_en: z.string(),
  start_at: z.number().int(),
  end_at: z.number().int(),
  /** As the guest signed up for this meeting. */
  guest_name: z.string(),
  licence_number: z.string(),
  email: z.string(),
  linked_by: z.enum(CME_LINK_KINDS),
  /** 0 without an issued, non-revoked certificate. */
  credits: z.number(),
  certificate_code: z.string().nullable(),
  issued_at: z.number().int().nullable(),
});
export type CmeRecordEntry = z.infer<typeof cmeRecordEntry>;

export const cmePersonDetail = z.object({
  person: cmePerson,
  /** Oldest meeting first. */
  entries: z.array(cmeRecordEntry),
  time_zone: z.string(),
});
export type CmePersonDetail = z.infer<typeof cmePersonDetail>;

/** Moves the other person's guests to this one (as manual links) and removes the other. */
export const cmeMergeRequest = z.strictObject({ other_id: id });
export type CmeMergeRequest = z.input<typeof cmeMergeRequest>;

/** Moves these guests of the person to a new person (as manual links). */
export const cmeSplitRequest = z.strictObject({
  guest_ids: z
    .array(id)
    .min(1)
    .max(1000)
    .refine((list) => new Set(list).size === list.length, 'duplicate'),
});
export type CmeSplitRequest = z.input<typeof cmeSplitRequest>;
/** The person that remains (merge) or the new one (split). */
export const cmePersonResult = z.object({ person_id: z.number().int() });
export type CmePersonResult = z.infer<typeof cmePersonResult>;

/** The transcript's language; by default the organisation's. */
export const cmeTranscriptQuery = z.strictObject({
  language: z.enum(LANGUAGES).optional(),
});
export type CmeTranscriptQuery = z.input<typeof cmeTranscriptQuery>;

/* ---------- The doctor's public transcript page ---------- */

export const CME_CODE_LENGTH = 6;

/** Always answered alike, whether or not a person has that address (no enumeration). */
export const cmePublicCodeRequest = z.strictObject({ email });
export type CmePublicCodeRequest = z.input<typeof cmePublicCodeRequest>;
export const cmePublicCodeResult = z.object({ code_sent: z.literal(true) });
export type CmePublicCodeResult = z.infer<typeof cmePublicCodeResult>;

export const cmePublicVerifyRequest = z.strictObject({
  email,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${CME_CODE_LENGTH}}$`), 'loginCodeInvalid'),
});
export type CmePublicVerifyRequest = z.input<typeof cmePublicVerifyRequest>;

/** One organisation's record of the person with that e-mail. */
export const cmePublicTranscript = z.object({
  /** The person (an organisation may hold two with one address, after a split). */
  person_id: z.number().int(),
  organization_id: z.number().int(),
  organization_name: z.string(),
  name: z.string(),
  licence_number: z.string(),
  entries: z.array(cmeRecordEntry.omit({ guest_id: true, linked_by: true, email: true, guest_name: true })),
  total_credits: z.number(),
});
export type CmePublicTranscript = z.infer<typeof cmePublicTranscript>;

/**
 * An opaque access token (sent back as `Authorization: Bearer …`, never in a URL) for the PDF
 * download, valid until `expires_at`; and the records to show.
 */
export const cmePublicVerifyResult = z.object({
  token: z.string(),
  expires_at: z.number().int(),
  transcripts: z.array(cmePublicTranscript),
  time_zone: z.string(),
});
export type CmePublicVerifyResult = z.infer<typeof cmePublicVerifyResult>;

/** `GET /api/public/cme/transcript.pdf`: which organisation's record (one the token covers). */
export const cmePublicTranscriptQuery = z.strictObject({
  organization_id: id,
  /** Which of the organisation's records (see `person_id` above); the first by default. */
  person_id: id.optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type CmePublicTranscriptQuery = z.input<typeof cmePublicTranscriptQuery>;

/* ---------- The organisation's yearly return ---------- */

export const CME_RETURN_COLUMNS = [
  'name',
  'licence_number',
  'email',
  'meeting',
  'dates',
  'credits',
  'certificate_code',
] as const;
export type CmeReturnColumn = (typeof CME_RETURN_COLUMNS)[number];

/** The columns chosen, in their order; all of them until the organiser saves a choice. */
export const cmeReturnColumns = z.strictObject({
  columns: z
    .array(z.enum(CME_RETURN_COLUMNS))
    .min(1)
    .max(CME_RETURN_COLUMNS.length)
    .refine((list) => new Set(list).size === list.length, 'duplicate'),
});
export type CmeReturnColumns = z.infer<typeof cmeReturnColumns>;

/** Meetings whose start falls in this calendar year (in TIME_ZONE). */
export const cmeReturnQuery = z.strictObject({
  year: z.coerce.number().int().min(2000).max(2100),
});
export type CmeReturnQuery = z.input<typeof cmeReturnQuery>;
