import type { Database } from './schema.ts';

/**
 * Who owns each table: the one repository file (under apps/server/src) that writes it and that other
 * modules ask when they need its rows. `npm run lint:tables` (scripts/check-table-owners.mjs) holds the
 * code to this map and to its shrinking allow-list of files that still read or write others' tables.
 *
 * How another module asks the owner: through the owner module's `<module>.reads.ts` (e.g.
 * meetings/meetings.reads.ts, dictionary/dictionary.reads.ts), plain functions `(db, …)` that call the
 * module's own repositories; the asking module's repository or service imports them. Not through
 * core/: core sits below the modules and may not import them, so a read placed there would have to
 * query the table itself and become a second owner; core/ keeps only the rules every module shares
 * (access, presence). Nor through the owner's service: a reads file imports nothing but its module's
 * repositories, so asking it pulls no services (and none of their cycles) into the asker, while the
 * lint wall still keeps every other module out of the repositories themselves.
 *
 * A write another module must make (a profile's own user row, a meeting's display settings) goes
 * the same way through `<module>.writes.ts`: the statement stays in the owner repository and takes
 * the caller's transaction (`db`) as every repository function does.
 *
 * Shared column lists live beside the queries in the owner repository (`meetingColumns`,
 * `scheduleColumns`, …); a reads file passes on those another module's statement needs.
 */
export const TABLE_OWNERS = {
  app_secrets: 'modules/auth/secrets.repository.ts',
  api_tokens: 'modules/auth/api-tokens.repository.ts',
  captchas: 'modules/auth/captcha.repository.ts',
  login_failures: 'modules/auth/login-failures.repository.ts',
  sessions: 'modules/auth/sessions.repository.ts',
  refresh_tokens: 'modules/auth/sessions.repository.ts',
  roles: 'modules/users/users.repository.ts',
  users: 'modules/users/users.repository.ts',
  system_logs: 'modules/system-log/system-log.repository.ts',
  organizations: 'modules/organizations/organizations.repository.ts',
  files: 'modules/files/files.repository.ts',
  meetings: 'modules/meetings/meetings.repository.ts',
  privacy_notices: 'modules/privacy/privacy.repository.ts',
  meeting_times: 'modules/dictionary/meeting-times.repository.ts',
  schedules: 'modules/dictionary/schedules.repository.ts',
  user_types: 'modules/dictionary/user-types.repository.ts',
  user_type_schedules: 'modules/dictionary/user-types.repository.ts',
  college_categories: 'modules/dictionary/college-categories.repository.ts',
  dictionary_entries: 'modules/dictionary/dictionary-entries.repository.ts',
  registration_forms: 'modules/guests/registration-form.repository.ts',
  guests: 'modules/guests/guests.repository.ts',
  guest_schedules: 'modules/guests/guests.repository.ts',
  guest_search_terms: 'modules/guests/guests.repository.ts',
  guest_tokens: 'modules/registration/registration.repository.ts',
  check_ins: 'modules/attendance/attendance.repository.ts',
  guest_attendance: 'modules/attendance/attendance.repository.ts',
  scan_conflicts: 'modules/attendance/offline-door.repository.ts',
  certificate_settings: 'modules/certificates/certificates.repository.ts',
  certificates: 'modules/certificates/certificates.repository.ts',
  evaluations: 'modules/evaluations/evaluations.repository.ts',
  evaluation_completions: 'modules/evaluations/evaluation-answers.repository.ts',
  evaluation_responses: 'modules/evaluations/evaluation-answers.repository.ts',
  evaluation_invitations: 'modules/evaluations/evaluation-answers.repository.ts',
  cme_people: 'modules/cme/cme.repository.ts',
  cme_links: 'modules/cme/cme.repository.ts',
  cme_access_codes: 'modules/cme/cme-access.repository.ts',
  cme_return_settings: 'modules/cme/cme.repository.ts',
  waitlist_entries: 'modules/waitlist/waitlist.repository.ts',
  waitlist_tokens: 'modules/waitlist/waitlist.repository.ts',
  notifications: 'modules/notifications/notifications.repository.ts',
  jobs: 'modules/jobs/jobs.repository.ts',
  meeting_mail_settings: 'modules/mail/mail.repository.ts',
  imports: 'modules/imports/imports.repository.ts',
  import_failures: 'modules/imports/imports.repository.ts',
  import_rows: 'modules/imports/imports.repository.ts',
  meeting_import_mappings: 'modules/imports/imports.repository.ts',
  webhook_endpoints: 'modules/webhooks/webhooks.repository.ts',
  webhook_deliveries: 'modules/webhooks/webhooks.repository.ts',
  webhook_attempts: 'modules/webhooks/webhooks.repository.ts',
  meeting_payment_settings: 'modules/payments/pricing.repository.ts',
  payment_accounts: 'modules/payments/pricing.repository.ts',
  price_items: 'modules/payments/pricing.repository.ts',
  discount_codes: 'modules/payments/pricing.repository.ts',
  orders: 'modules/payments/orders.repository.ts',
  order_lines: 'modules/payments/orders.repository.ts',
  payments: 'modules/payments/payments.repository.ts',
  receipts: 'modules/payments/receipts.repository.ts',
  receipt_counters: 'modules/payments/receipts.repository.ts',
  stripe_events: 'modules/payments/stripe/stripe-events.repository.ts',
  statement_lines: 'modules/payments/statements.repository.ts',
  statement_previews: 'modules/payments/statements.repository.ts',
  applications: 'modules/approval/applications.repository.ts',
  invitations: 'modules/invitations/invitations.repository.ts',
  member_records: 'modules/members/member-records.repository.ts',
  member_imports: 'modules/members/member-records.repository.ts',
  guest_groups: 'modules/groups/guest-groups.repository.ts',
} as const satisfies Record<keyof Database, string>;
