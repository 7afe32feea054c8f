import { z } from 'zod';
import { APPLICATION_STATUSES } from './public.ts';

export {
  APPLICATION_STATUSES,
  publicApplication,
  type ApplicationStatus,
  type PublicApplication,
} from './public.ts';

/*
 * Who may register (issue 45): a meeting's admission settings, the approval queue, and the state an
 * applicant sees. Routes (modules/approval):
 *   GET  /api/meetings/:id/admission            → AdmissionSettings          (meeting:view)
 *   PUT  /api/meetings/:id/admission            ← admissionSettingsBody      (meeting:edit)
 *   GET  /api/meetings/:id/applications         ← applicationQuery → ApplicationPage (guest:approve)
 *   POST /api/meetings/:id/applications/decide  ← decideBody → DecideResult  (guest:approve)
 *   the visitor's state rides on the public guest page and the sign-up's answer (`application`,
 *   `publicApplication` in public.ts: the public pages load that module, not this one).
 */

export const APPROVAL_MODES = ['none', 'all', 'types'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];
export const REJECT_ERASE_DAYS_MAX = 90;
export const GROUP_MAX_LIMIT = 50;
export const DECIDE_MAX = 500;
export const REASON_MAX = 500;

export const admissionSettingsBody = z.strictObject({
  /** none: anyone signs up; all: every sign-up waits; types: those of the types marked below. */
  approval: z.enum(APPROVAL_MODES),
  /** A sign-up awaiting approval holds its seat (and its sessions') until decided. */
  approval_holds_seat: z.boolean(),
  /** The registration types whose sign-ups wait (approval 'types'; date-schedule meetings). */
  approval_user_type_ids: z.array(z.number().int().positive()).max(200).default([]),
  /** Days after a rejection that the applicant's personal data is erased (0: at once). */
  reject_erase_days: z.number().int().min(0).max(REJECT_ERASE_DAYS_MAX),
  /** 0: no group bookings; otherwise the most attendees one contact registers at once. */
  group_max: z.number().int().min(0).max(GROUP_MAX_LIMIT),
});
export type AdmissionSettingsBody = z.input<typeof admissionSettingsBody>;

export const admissionSettings = z.object({
  approval: z.enum(APPROVAL_MODES),
  approval_holds_seat: z.boolean(),
  approval_user_type_ids: z.array(z.number().int()),
  reject_erase_days: z.number().int(),
  group_max: z.number().int(),
  /** How many applications wait for a decision now. */
  pending_count: z.number().int(),
});
export type AdmissionSettings = z.infer<typeof admissionSettings>;

export const APPLICATION_PAGE_SIZE_MAX = 200;
export const applicationQuery = z.strictObject({
  status: z.enum(APPLICATION_STATUSES).default('pending'),
  /** Name, phone or e-mail. */
  keyword: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(APPLICATION_PAGE_SIZE_MAX).default(50),
});
export type ApplicationQuery = z.input<typeof applicationQuery>;

export const applicationItem = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  /** True when the application holds its seat (a guest row awaiting approval). */
  holds_seat: z.boolean(),
  guest_id: z.number().int().nullable(),
  display_name: z.string(),
  area_code: z.string(),
  phone: z.string(),
  email: z.string(),
  language: z.string(),
  user_type_id: z.number().int().nullable(),
  /** The group booking it came in (its contact's name), if any. */
  group_id: z.number().int().nullable(),
  group_contact: z.string().nullable(),
  /** The sign-up's own form answers as the guest list shows them: label → text. */
  answers: z.array(z.object({ label: z.string(), value: z.string() })),
  reason: z.string(),
  created_at: z.number().int(),
  decided_at: z.number().int().nullable(),
  decided_by: z.string().nullable(),
  /** When a rejected applicant's data is (or was) erased. */
  erase_at: z.number().int().nullable(),
});
export type ApplicationItem = z.infer<typeof applicationItem>;

export const applicationPage = z.object({
  counts: z.object({
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    withdrawn: z.number().int(),
  }),
  /** Seats: taken / limit (0 = unlimited), so the organiser sees what approving costs. */
  seats_taken: z.number().int(),
  seat_limit: z.number().int(),
  items: z.array(applicationItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ApplicationPage = z.infer<typeof applicationPage>;

export const decideBody = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, 'applicationsRequired').max(DECIDE_MAX),
  decision: z.enum(['approve', 'reject']),
  /** Required to reject: told to the applicant in the mail and on their page. */
  reason: z.string().trim().max(REASON_MAX).default(''),
});
export type DecideBody = z.input<typeof decideBody>;

/** Each application's outcome: decided, or why not (already decided, meeting full). */
export const decideResult = z.object({
  decided: z.array(z.number().int()),
  refused: z.array(
    z.object({
      id: z.number().int(),
      /** An error name of the catalogue (APPLICATION_DECIDED, MEETING_FULL, …). */
      reason: z.string(),
    }),
  ),
});
export type DecideResult = z.infer<typeof decideResult>;
