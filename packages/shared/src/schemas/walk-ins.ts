import { z } from 'zod';
import { DAY_END_STATION, STATION_MAX } from './attendance.ts';
import { answersBody } from './forms.ts';
import { OFFLINE_SYNC_MAX } from './offline-door.ts';
import { areaCode, email, phone } from './public.ts';

/*
 * Walk-ins at the door (issue 45): a visitor who never signed up, registered by door staff at the
 * station and checked in at once. The door asks what it needs and no more: a name, the area code
 * and phone (the meeting's one identity: a phone already signed up is that guest), an e-mail only
 * if the visitor gives one, and the meeting's own fields marked "ask at the door". Times are
 * integer milliseconds.
 */

const id = z.number().int().positive().max(2_147_483_647);

/** The client's id for the walk-in and its entry scan: a re-sent request records nothing twice. */
const nonce = z.string().trim().min(8).max(64);

const station = z
  .string()
  .trim()
  .max(STATION_MAX)
  .refine((value) => value.toLowerCase() !== DAY_END_STATION, 'invalidOption')
  .default('');

/** What the door asks a walk-in. */
export const walkInPerson = z.strictObject({
  name: z
    .string({ error: () => 'guestNameRequired' })
    .trim()
    .min(1, 'guestNameRequired')
    .max(200),
  area_code: areaCode,
  phone,
  /** Optional at the door: '' when the visitor gives none (no confirmation mail is sent either way). */
  email: z.union([z.literal(''), email]).default(''),
  /** Answers to the meeting's ask-at-door fields, checked as the door checks them. */
  answers: answersBody.default({}),
});

export const walkInRequest = z.strictObject({
  meeting_id: id,
  station,
  nonce,
  /**
   * Staff chose "admit anyway" after the meeting answered full: the walk-in takes a seat past the
   * limit and is flagged `over_capacity`.
   */
  admit_over_capacity: z.boolean().default(false),
  person: walkInPerson,
});
export type WalkInRequest = z.input<typeof walkInRequest>;
export type WalkInInput = z.output<typeof walkInRequest>;

/**
 * What became of a walk-in: `admitted` a new guest in a seat, `over_capacity` a new guest past the
 * limit, `merged` the phone was a guest already (checked in as that guest, nothing of theirs
 * overwritten but the door's answers), `conflict` kept for the organiser (offline only).
 */
export const WALK_IN_OUTCOMES = ['admitted', 'over_capacity', 'merged', 'conflict'] as const;
export type WalkInOutcome = (typeof WALK_IN_OUTCOMES)[number];

export const walkInAnswer = z.object({
  outcome: z.enum(WALK_IN_OUTCOMES),
  guest_id: z.number().int().nullable(),
  /** The guest's name as the list shows it (a merged guest's own name, not the one typed). */
  name: z.string(),
  /** 'in': the entry recorded now; 'already_inside': a merged guest was in already. */
  check_in: z.enum(['in', 'already_inside']).nullable(),
  /** Why a queued walk-in was kept as a conflict (see offline-door.ts CONFLICT_REASONS). */
  reason: z.string().nullable(),
});
export type WalkInAnswer = z.infer<typeof walkInAnswer>;

/** A walk-in an offline station registered, queued with its entry scan's time. */
export const offlineWalkIn = z.strictObject({
  nonce,
  /** When the station admitted the visitor, on its (server-corrected) clock. */
  at: z.number().int().min(0),
  person: walkInPerson,
});
export type OfflineWalkIn = z.output<typeof offlineWalkIn>;

export const walkInSyncRequest = z.strictObject({
  meeting_id: id,
  station,
  walk_ins: z.array(offlineWalkIn).min(1).max(OFFLINE_SYNC_MAX),
});
export type WalkInSyncRequest = z.input<typeof walkInSyncRequest>;
export type WalkInSyncInput = z.output<typeof walkInSyncRequest>;

export const walkInSyncAnswer = z.object({
  results: z.array(walkInAnswer.extend({ nonce: z.string() })),
  admitted: z.number().int(),
  over_capacity: z.number().int(),
  merged: z.number().int(),
  conflicts: z.number().int(),
});
export type WalkInSyncAnswer = z.infer<typeof walkInSyncAnswer>;
