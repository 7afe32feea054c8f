import { z } from 'zod';

/**
 * Waiting lists (issue 19): one per meeting and one per session, switched on by the organiser. A
 * visitor who finds the meeting or a session full joins its list; when a seat frees up the first in
 * line gets it, at once (automatic) or as an offer to accept before it expires.
 *
 * Scope: 0 is the meeting itself, otherwise a session's id (as in the scan log).
 */

/**
 * waiting: in line · offered: a seat is held for them until `offer_expires_at` · promoted: given the
 * seat · expired: let an offer lapse · declined: turned an offer down · left: left the list themselves
 * · removed: taken off by an organiser (or their sign-up was deleted).
 */
export const WAITLIST_STATUSES = [
  'waiting',
  'offered',
  'promoted',
  'expired',
  'declined',
  'left',
  'removed',
] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** The statuses still on the list. */
export const ACTIVE_WAITLIST_STATUSES = ['waiting', 'offered'] as const;

/** The longest offer an organiser may set, in hours (two weeks). */
export const WAITLIST_OFFER_HOURS_MAX = 24 * 14;
export const WAITLIST_MAX_LENGTH = 1_000_000;

/** A meeting's or a session's list settings, part of its edit form. */
export const waitlistSettingsFields = {
  /** Visitors may join when full. Switched off, the list takes no one new; those on it keep their place. */
  waitlist_enabled: z.boolean().default(false),
  /** The most who may wait at once; 0 = no maximum. */
  waitlist_max: z.number().int().min(0).max(WAITLIST_MAX_LENGTH).default(0),
};
/**
 * The meeting's alone (it applies to its sessions' lists too): 0 = a freed seat goes to the first in
 * line at once; otherwise it is offered to them for this many hours, then passes on.
 */
export const waitlistOfferHours = z.number().int().min(0).max(WAITLIST_OFFER_HOURS_MAX).default(0);

// ── The visitor's side ─────────────────────────────────────────────────────────────────────────────

/** A place on a list as its visitor sees it. */
export const waitlistPlace = z.object({
  /** 0: the meeting; otherwise the session. */
  schedule_id: z.number().int(),
  status: z.enum(WAITLIST_STATUSES),
  /** 1 = next in line; null unless waiting. */
  position: z.number().int().nullable(),
  joined_at: z.number().int(),
  /** Offered only: until when the seat is held. */
  offer_expires_at: z.number().int().nullable(),
  /** Offered only: what accepts or declines the offer (the offer page's and the e-mail link's token). */
  offer_token: z.string().nullable(),
});
export type WaitlistPlace = z.infer<typeof waitlistPlace>;

/**
 * A visitor on the meeting's own list (not yet a guest): what their waiting page shows. Their token
 * (from the sign-up or the look-up) becomes their guest token once they are given a seat: status
 * `promoted` then means "open the guest page".
 */
export const meetingWaitlistEntry = waitlistPlace.extend({
  meeting_public_id: z.string(),
  display_name: z.string(),
  masked_phone: z.string(),
  masked_email: z.string(),
  /** The sessions chosen on the form (date-schedule meetings): enrolled in, as far as seats allow, once promoted. */
  schedule_ids: z.array(z.number().int()),
});
export type MeetingWaitlistEntry = z.infer<typeof meetingWaitlistEntry>;

export const offerTokenBody = z.strictObject({ token: z.string().min(1).max(200) });
export type OfferTokenBody = z.input<typeof offerTokenBody>;

/** What the offer page shows before the visitor accepts or declines. */
export const waitlistOffer = z.object({
  meeting_public_id: z.string(),
  meeting_name: z.string(),
  meeting_name_cn: z.string(),
  meeting_name_en: z.string(),
  /** The session offered; null: a seat at the meeting. */
  session: z
    .object({ id: z.number().int(), name: z.string(), name_cn: z.string(), name_en: z.string() })
    .nullable(),
  display_name: z.string(),
  /** offered: still open; anything else: what became of it (promoted = already accepted). */
  status: z.enum(WAITLIST_STATUSES),
  offer_expires_at: z.number().int().nullable(),
});
export type WaitlistOffer = z.infer<typeof waitlistOffer>;

export const waitlistParams = z.strictObject({ scheduleId: z.coerce.number().int().positive() });

// ── The back office ────────────────────────────────────────────────────────────────────────────────

export const WAITLIST_PAGE_SIZE_MAX = 200;
export const waitlistQuery = z.strictObject({
  /** 0 (default): the meeting's list; otherwise a session's. */
  schedule_id: z.coerce.number().int().min(0).default(0),
  /** active: waiting and offered; all: with what became of the others. */
  show: z.enum(['active', 'all']).default('active'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(WAITLIST_PAGE_SIZE_MAX).default(50),
});
export type WaitlistQuery = z.input<typeof waitlistQuery>;

export const waitlistAdminEntry = z.object({
  id: z.number().int(),
  schedule_id: z.number().int(),
  status: z.enum(WAITLIST_STATUSES),
  position: z.number().int().nullable(),
  display_name: z.string(),
  area_code: z.string(),
  phone: z.string(),
  email: z.string(),
  language: z.string(),
  /** The guest (session lists; the meeting's list once promoted). */
  guest_id: z.number().int().nullable(),
  joined_at: z.number().int(),
  offered_at: z.number().int().nullable(),
  offer_expires_at: z.number().int().nullable(),
  /** When it left the list (promoted, expired, declined, left, removed). */
  decided_at: z.number().int().nullable(),
  /** The organiser who promoted or removed it; null: the visitor or the server. */
  decided_by: z.string().nullable(),
});
export type WaitlistAdminEntry = z.infer<typeof waitlistAdminEntry>;

/** A list's figures: the meeting list, the schedule detail and the live statistics show them. */
export const waitlistCounts = z.object({
  waiting: z.number().int(),
  offered: z.number().int(),
  /** Offers that lapsed (all time). */
  expired: z.number().int(),
  promoted: z.number().int(),
});
export type WaitlistCounts = z.infer<typeof waitlistCounts>;

export const waitlistPage = z.object({
  /** The list's settings as they are now. */
  enabled: z.boolean(),
  max: z.number().int(),
  offer_hours: z.number().int(),
  /** Seats: taken (offers included) / limit (0 = unlimited). */
  seats_taken: z.number().int(),
  seat_limit: z.number().int(),
  counts: waitlistCounts,
  items: z.array(waitlistAdminEntry),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type WaitlistPage = z.infer<typeof waitlistPage>;

export const waitlistEntryParams = z.strictObject({
  id: z.coerce.number().int().positive(),
  entryId: z.coerce.number().int().positive(),
});
export const waitlistExportQuery = z.strictObject({ schedule_id: z.coerce.number().int().min(0).default(0) });

/** Manual promotion: the seat is given at once; when none is free the limit is raised by one for it. */
export const waitlistPromoteResult = z.object({
  entry: waitlistAdminEntry,
  /** The limit after the promotion. */
  seat_limit: z.number().int(),
  limit_raised: z.boolean(),
});
export type WaitlistPromoteResult = z.infer<typeof waitlistPromoteResult>;
