import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';

/*
 * Invitations (issue 45): codes for one or many uses that draw on the seats reserved for invitees
 * or bypass the meeting's limit, tied to a registration type or not; personal ones are mailed.
 */

export const INVITATION_SEATS = ['reserved', 'bypass'] as const;
export type InvitationSeats = (typeof INVITATION_SEATS)[number];
export const INVITATION_KINDS = ['shared', 'personal'] as const;

/** Letters and digits a generated code uses: no 0/O, 1/I/L, 2/Z, 5/S, 8/B look-alikes. */
export const INVITATION_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const GENERATED_CODE_LENGTH = 10;

const recordId = z.coerce.number().int().positive().max(2_147_483_647);
export const invitationIdParams = z.strictObject({ id: recordId });

/** A code as typed: trimmed, upper case, 4–40 of A–Z, 0–9, '-' and '_'. */
export const invitationCodeText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{4,40}$/, 'invitationCodeFormat');

export const invitation = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(INVITATION_KINDS),
  seats: z.enum(INVITATION_SEATS),
  /** The registration type it signs up as (null: the invitee's choice). */
  user_type_id: z.number().int().nullable(),
  max_uses: z.number().int(),
  used_count: z.number().int(),
  valid_until: z.number().int().nullable(),
  enabled: z.boolean(),
  note: z.string(),
  /** A personal invitation's invitee (empty for a shared code). */
  invitee_name: z.string(),
  invitee_email: z.string(),
  language: z.enum(LANGUAGES),
  /** When its mail was last handed to the outbox (personal invitations). */
  sent_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type Invitation = z.infer<typeof invitation>;
export const invitationList = z.array(invitation);

/** POST /api/meetings/:id/invitations (a shared code). `code` null: one is generated. */
export const invitationBody = z.strictObject({
  code: invitationCodeText.nullable().default(null),
  seats: z.enum(INVITATION_SEATS),
  user_type_id: z.number().int().positive().nullable().default(null),
  max_uses: z.number().int().min(1, 'maxUsesMin').max(100_000).default(1),
  valid_until: z.number().int().nullable().default(null),
  enabled: z.boolean().default(true),
  note: z.string().trim().max(500).default(''),
});
export type InvitationBody = z.input<typeof invitationBody>;
/** PUT /api/invitations/:id: the same fields; `code` null keeps the code. */
export const invitationUpdateBody = invitationBody;

/** PUT /api/meetings/:id/invitee-seats. */
export const inviteeSeatsBody = z.strictObject({
  reserved: z.number().int().min(0).max(1_000_000),
});
export type InviteeSeatsBody = z.input<typeof inviteeSeatsBody>;
/** The seat figures of the invitations page. */
export const inviteeSeats = z.object({
  /** 0: no limit. */
  limit: z.number().int(),
  /** Seats taken (guests), invitees' included. */
  registered: z.number().int(),
  /** Seats held by open offers of the waiting list. */
  waitlist_held: z.number().int(),
  /** Invitee seats still reserved (not yet taken). */
  reserved: z.number().int(),
  /** Guests seated through invitations: on a reserved seat, and past the limit. */
  used_reserved: z.number().int(),
  used_bypass: z.number().int(),
  /** Seats the public can still take (null: no limit). */
  public_free: z.number().int().nullable(),
});
export type InviteeSeats = z.infer<typeof inviteeSeats>;

/** Letters and digits of a personal invitation's code: about 93 bits, its link's only secret. */
export const PERSONAL_CODE_LENGTH = 20;
/** Invitees one list may bring (a larger list is sent in parts). */
export const INVITEE_LIST_MAX = 500;

/** One invitee of an imported list; language and type null: the list's own. */
export const invitee = z.strictObject({
  name: z.string().trim().min(1, 'inviteeNameRequired').max(300),
  email: z.string().trim().toLowerCase().min(1, 'emailRequired').max(200).pipe(z.email('emailInvalid')),
  language: z.enum(LANGUAGES).nullable().default(null),
  user_type_id: z.number().int().positive().nullable().default(null),
});
export type Invitee = z.input<typeof invitee>;

/**
 * POST /api/meetings/:id/invitations/personal: each invitee gets a single-use code of their own and
 * a mail with their personal link. `language` and `user_type_id` are the list's, for rows without.
 */
export const personalInvitationsBody = z.strictObject({
  seats: z.enum(INVITATION_SEATS),
  user_type_id: z.number().int().positive().nullable().default(null),
  language: z.enum(LANGUAGES).default('zh-tw'),
  valid_until: z.number().int().nullable().default(null),
  invitees: z.array(invitee).min(1, 'inviteesRequired').max(INVITEE_LIST_MAX),
});
export type PersonalInvitationsBody = z.input<typeof personalInvitationsBody>;
/** What an imported list made: the invitations mailed, and the addresses already invited (left alone). */
export const personalInvitationsResult = z.object({
  created: invitationList,
  already_invited: z.array(z.string()),
});
export type PersonalInvitationsResult = z.infer<typeof personalInvitationsResult>;

/** POST /api/public/meetings/:publicId/invitations/check: the code in the body, never in a URL. */
export const publicInvitationParams = z.strictObject({
  publicId: z.string().min(1).max(100),
});
export const publicInvitationBody = z.strictObject({
  code: z.string().trim().min(1).max(60),
});
/** Whether a code would be accepted now; the sign-up page shows "You are invited" and fixes the type. */
export const publicInvitation = z.object({
  valid: z.boolean(),
  /** Why not: 'invalid' (unknown, disabled or expired), 'used_up'. */
  reason: z.enum(['invalid', 'used_up']).nullable(),
  /** The registration type the invitation signs up as (null: the invitee's choice). */
  user_type_id: z.number().int().nullable(),
  /** A personal invitation (one invitee, one use); no name is told: the code is all the page has. */
  personal: z.boolean(),
  /** The names of that registration type, for the page to say what the invitee registers as. */
  user_type: z.object({ name: z.string(), name_cn: z.string(), name_en: z.string() }).nullable(),
  /**
   * The invitation seats its holder though the public seats are gone: it passes the limit, or one of
   * the seats reserved for invitees is still free (the sign-up decides, under its lock). A full
   * meeting's page then shows the form to this invitee instead of "full" or the waiting list.
   */
  seat_past_public: z.boolean(),
});
export type PublicInvitation = z.infer<typeof publicInvitation>;
