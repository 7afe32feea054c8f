import { z } from 'zod';
import { AREA_CODE_VALUES } from '../constants.ts';
import { LANGUAGES } from '../languages.ts';
import { guestOrder } from './payments.ts';
import { signUpBody } from './public.ts';
import { whenMissing } from './when-missing.ts';

/**
 * Group bookings (issue 45): one contact registers several attendees in one submission, all seated
 * or none. The contact's page is opened by the group token in the `X-Group-Token` header (never in
 * a URL the server logs).
 */

/** The header that carries the contact's group token. */
export const GROUP_TOKEN_HEADER = 'x-group-token';

/**
 * The group page's path segment Stripe sends the contact back to (`#/group/return`) in place of the
 * token, which never goes to Stripe: the page kept the token in the tab's session storage.
 */
export const GROUP_CHECKOUT_RETURN = 'return';

/** The most attendees any group may have, whatever a meeting's `group_max` says. */
export const GROUP_SIZE_CEILING = 50;

const requiredText = (key: string, max = 200) =>
  z
    .string({ error: whenMissing(key) })
    .trim()
    .min(1, key)
    .max(max);

export const groupContact = z.strictObject({
  name: requiredText('guestNameRequired'),
  area_code: z.enum(AREA_CODE_VALUES, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? 'areaCodeRequired' : 'invalidOption',
  }),
  phone: z
    .string({ error: whenMissing('phoneRequired') })
    .transform((value) => value.replace(/[\s\-()]/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'phoneRequired')
        .regex(/^\d{4,15}$/, 'phoneInvalid'),
    ),
  email: z
    .string({ error: whenMissing('emailRequired') })
    .trim()
    .min(1, 'emailRequired')
    .max(200)
    .pipe(z.email('emailInvalid')),
});

/** The group form: the contact and 2..group_max attendees, each a full sign-up body. */
export const groupBody = z.strictObject({
  contact: groupContact,
  attendees: z
    .array(signUpBody, { error: whenMissing('groupAttendeesRequired') })
    .min(2, 'groupTooSmall')
    .max(GROUP_SIZE_CEILING, 'groupTooLarge'),
});
export type GroupBody = z.input<typeof groupBody>;
export type GroupInput = z.output<typeof groupBody>;

/** `unpaid`: seated, waiting for the group's order to be paid (no code yet). */
export const GROUP_ATTENDEE_STATES = ['registered', 'unpaid', 'cancelled'] as const;

export const groupAttendee = z.object({
  /** The guest's id: what cancel and re-send name. */
  id: z.number().int(),
  display_name: z.string(),
  /** e.g. '+853 ****5678' */
  masked_phone: z.string(),
  masked_email: z.string(),
  /** The attendee's entry code (QR content); null once cancelled. */
  guest_code: z.string().nullable(),
  state: z.enum(GROUP_ATTENDEE_STATES),
});
export type GroupAttendee = z.infer<typeof groupAttendee>;

/** The contact's group page. */
export const publicGroup = z.object({
  meeting_public_id: z.string(),
  contact_name: z.string(),
  language: z.enum(LANGUAGES),
  created_at: z.number().int(),
  attendees: z.array(groupAttendee),
  /**
   * A paid meeting's group: its ONE order (decision 0106) as the paid sign-up's page shows it
   * (lines naming their attendee, state, how to pay while pending); null on a free meeting.
   */
  order: guestOrder.nullable(),
});
export type PublicGroup = z.infer<typeof publicGroup>;

/** The answer of a group booking: the group token is shown only here (and in the contact's mail). */
export const groupTokenResult = z.object({ group_token: z.string(), group: publicGroup });
export type GroupTokenResult = z.infer<typeof groupTokenResult>;

export const groupAttendeeParams = z.strictObject({ guestId: z.coerce.number().int().positive() });
