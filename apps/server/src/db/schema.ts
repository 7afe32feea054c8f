import type { Generated } from 'kysely';
import type { Region } from '@meetflow/shared/constants';
import type { AdmissionTables } from './schema-admission.ts';
import type { MemberImportTables } from './schema-members.ts';
import type { PaymentTables } from './schema-payments.ts';

/** Times are integers: milliseconds since the epoch. Flags are integers 0/1 on both databases. */
export interface Database extends PaymentTables, AdmissionTables, MemberImportTables {
  app_secrets: { name: string; value: string };
  roles: {
    id: Generated<number>;
    name: string;
    /** 1 = holds every permission, including ones added later. */
    is_admin: number;
    /** JSON array of permission strings. */
    permissions: string;
    /** Stable key of a built-in role ('administrator', 'organiser', 'door_staff'); null for custom roles. */
    code: string | null;
    created_at: number;
  };
  users: {
    id: Generated<number>;
    account: string;
    name: string;
    email: string | null;
    language: string | null;
    password_hash: string;
    role_id: number;
    /** null: every organisation; otherwise the user sees this organisation's subtree only. */
    organization_id: number | null;
    enabled: number;
    created_at: number;
    updated_at: number;
  };
  sessions: {
    id: string;
    user_id: number;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
    ip: string | null;
  };
  refresh_tokens: {
    token_hash: string;
    session_id: string;
    created_at: number;
    used_at: number | null;
  };
  captchas: { id: string; answer_hash: string; expires_at: number };
  system_logs: {
    id: Generated<number>;
    /** English text: what older rows show, and what keyword searches read. */
    content: string;
    /** A key of LOG_MESSAGES and its parameters as JSON; null on rows older than the catalogue. */
    message_key: string | null;
    message_params: string | null;
    action_type: string;
    source_type: string;
    username: string | null;
    ip: string | null;
    ip_location: string | null;
    created_at: number;
    /** JSON array of {field, before, after} (personal values masked); null where none were recorded. */
    changes: Generated<string | null>;
  };
  organizations: {
    id: Generated<number>;
    name: string;
    parent_id: number | null;
    sort: Generated<number>;
    /** ISO 3166-1 alpha-2 (CN, HK, MO, TW) or null: what its meetings' area code starts at. */
    region: Region | null;
    created_at: number;
    updated_at: number;
  };
  /** Uploaded files, content-addressed: id is the SHA-256 of data (hex). */
  files: {
    id: string;
    mime: string;
    size: number;
    data: Uint8Array;
    created_at: number;
    /** 1: a visitor's file answer (personal), never served by the public GET /api/files/:id. */
    private: Generated<number>;
  };
  meetings: {
    id: Generated<number>;
    /** Unguessable id used in public URLs and links. */
    public_id: string;
    organization_id: number;
    name: string;
    name_cn: string;
    name_en: string;
    location: Generated<string>;
    location_cn: Generated<string>;
    location_en: Generated<string>;
    start_at: number;
    end_at: number;
    /** 0 = unlimited. */
    registration_limit: Generated<number>;
    /** Seats taken: raised atomically with each sign-up (see DESIGN.md, capacity). */
    registered_count: Generated<number>;
    registration_deadline: number | null;
    multi_language: Generated<number>;
    signup_enabled: Generated<number>;
    meeting_type: Generated<'general' | 'date_schedule'>;
    banner_file_id: string | null;
    schedule_file_id: string | null;
    guide_file_id: string | null;
    /** JSON of the meeting display config (language order, colours, editable texts). */
    display_config: Generated<string>;
    created_by: number | null;
    created_at: number;
    updated_at: number;
    /** Soft delete: guests and records are kept. */
    deleted_at: number | null;
    /** When the passed registration deadline was announced to the organisers (notifications). */
    deadline_notified_at: Generated<number | null>;
    /** Waiting list (modules/waitlist): 1 = full sign-ups join it; 0 max = no maximum. */
    waitlist_enabled: Generated<number>;
    waitlist_max: Generated<number>;
    /** 0: a freed seat goes to the first in line at once; otherwise offered for this many hours. */
    waitlist_offer_hours: Generated<number>;
    /** The last place number handed out (commit order); how many are waiting now. */
    waitlist_seq: Generated<number>;
    waiting_count: Generated<number>;
    /** Seats held by open offers (not guests yet): the seat check counts them with registered_count. */
    waitlist_held: Generated<number>;
    /** Privacy (modules/privacy): 1 = the sign-up form shows the notice and asks for consent. */
    privacy_notice_enabled: Generated<number>;
    /** JSON {zh-tw, zh-cn, en} of the organiser's texts ('' = the default); every version is in privacy_notices. */
    privacy_notice: Generated<string>;
    privacy_notice_version: Generated<number>;
    /** Days after end_at that guests' personal data is kept; then it is erased. */
    retention_days: Generated<number>;
    /** When the organisers were told of the coming purge, for the purge_at it was told for. */
    retention_notified_at: Generated<number | null>;
    purged_at: Generated<number | null>;
    /** Paid registration (modules/payments): null = a free meeting; otherwise its currency. */
    currency: Generated<string | null>;
    /** Who may register (modules/approval…, issue 45): 'none' | 'all' | 'types' (user_types.needs_approval). */
    approval: Generated<'none' | 'all' | 'types'>;
    /** 1: a sign-up awaiting approval holds its seat (a guest row); 0: an application holds none. */
    approval_holds_seat: Generated<number>;
    /** Days after a rejection that the applicant's personal data is erased. */
    reject_erase_days: Generated<number>;
    /** Seats reserved for invitees, not yet taken: the public seat check counts them as taken. */
    invitee_reserved: Generated<number>;
    /** 0: no group bookings; otherwise the most attendees one contact registers at once. */
    group_max: Generated<number>;
  };
  /** Every version of a meeting's privacy notice as shown (defaults filled in): what a consent agreed to. */
  privacy_notices: { meeting_id: number; version: number; texts: string; created_at: number };
  /** Dictionary of time slots (HH:mm) that sessions pick from. */
  meeting_times: {
    id: Generated<number>;
    /** null: a global entry (administrators change it); otherwise it belongs to this subtree. */
    organization_id: number | null;
    start_time: string;
    end_time: string;
    remark: Generated<string>;
    remark_cn: Generated<string>;
    remark_en: Generated<string>;
    created_at: number;
    updated_at: number;
  };
  /** A meeting's sessions ("schedules" in the spec). */
  schedules: {
    id: Generated<number>;
    meeting_id: number;
    name: string;
    name_cn: string;
    name_en: string;
    /** 0 = unlimited. */
    signup_limit: Generated<number>;
    signup_count: Generated<number>;
    /** The session's waiting list, as the meeting's (its offers last the meeting's waitlist_offer_hours). */
    waitlist_enabled: Generated<number>;
    waitlist_max: Generated<number>;
    waitlist_seq: Generated<number>;
    waiting_count: Generated<number>;
    /** Seats held by open offers: the seat check counts them with signup_count. */
    waitlist_held: Generated<number>;
    /** YYYY-MM-DD */
    date: string;
    meeting_time_id: number | null;
    sort: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  /** Registration types of a meeting. */
  user_types: {
    id: Generated<number>;
    meeting_id: number;
    name: string;
    name_cn: string;
    name_en: string;
    sort: Generated<number>;
    created_at: number;
    updated_at: number;
    /** 1: with meetings.approval = 'types', this type's sign-ups wait for approval. */
    needs_approval: Generated<number>;
  };
  /** The guest–schedule map: sessions a registration type may enrol in. */
  user_type_schedules: { user_type_id: number; schedule_id: number };
  /** Owned like meeting_times: null is global. */
  college_categories: {
    id: Generated<number>;
    organization_id: number | null;
    name: string;
    name_cn: string;
    name_en: string;
    sort: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  dictionary_entries: {
    id: Generated<number>;
    type: string;
    label: string;
    value: string;
    sort: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  /** Public sign-ups: one per phone per meeting (unique meeting_id, area_code, phone). */
  guests: {
    id: Generated<number>;
    meeting_id: number;
    /** ≥128-bit random, base64url: the QR code content. */
    guest_code: string;
    /** SHA-256 (hex) of the guest token; the token itself is never stored. */
    token_hash: string;
    area_code: string;
    /** E.164, e.g. '+85366123456'. */
    phone: string;
    email: string;
    name: Generated<string>;
    gender: string | null;
    local_guest: number | null;
    institution: Generated<string>;
    job_title: Generated<string>;
    contact_name: Generated<string>;
    contact_number: Generated<string>;
    contact_phone: Generated<string>;
    name_zh: Generated<string>;
    name_en: Generated<string>;
    organization: Generated<string>;
    user_type_id: number | null;
    license_number: Generated<string>;
    other: Generated<string>;
    academy_member: Generated<number>;
    college_category_id: number | null;
    created_at: number;
    cancelled_at: number | null;
    /** When the door's copy of this guest last changed (name, type, enrolments, cancellation); 0: never since created_at. */
    updated_at: Generated<number>;
    /** The language of the page the guest signed up on: their mail is written in it. */
    language: Generated<string>;
    /** 1: the sign-up's confirmation is yet to be queued (the runner turns it into a mail job). */
    mail_pending: Generated<number>;
    /** 1: unsubscribed from broadcasts (List-Unsubscribe); transactional mail still goes. */
    broadcast_opt_out: Generated<number>;
    /** The privacy notice version the guest agreed to at sign-up, and when; null where none was asked. */
    consent_version: Generated<number | null>;
    consent_at: Generated<number | null>;
    /** When the personal fields were erased (retention purge or withdrawal); null: still held. */
    erased_at: Generated<number | null>;
    /** JSON object of the answers to the meeting's own fields (field key → value, forms/form-engine.ts). */
    answers: Generated<string>;
    /** 1: the guest's order awaits payment: no guest code, no confirmation, "unpaid" at the door. */
    unpaid: Generated<number>;
    /** null: not subject to approval; otherwise 'pending' (holding its seat, no code yet), 'approved', 'rejected'. */
    approval: Generated<'pending' | 'approved' | 'rejected' | null>;
    /** The group booking the guest came in (guest_groups), the invitation redeemed, the member row matched. */
    group_id: Generated<number | null>;
    invitation_id: Generated<number | null>;
    member_record_id: Generated<number | null>;
    /** 1: registered at the door by staff. */
    walk_in: Generated<number>;
    /** 1: seated past the meeting's limit (a walk-in synced from an offline station): flagged. */
    over_capacity: Generated<number>;
  };
  /** A meeting's own form fields (JSON array of the shared form definition); version counts saves. */
  registration_forms: { meeting_id: number; fields: string; version: number; updated_at: number };
  /** An evaluation of a meeting (scope_id 0) or of one of its sessions (scope_id = schedule id). */
  evaluations: {
    id: Generated<number>;
    meeting_id: number;
    scope_id: number;
    /** JSON: the title and intro in the three languages. */
    title: string;
    intro: Generated<string>;
    anonymous: Generated<number>;
    pass_mark: number | null;
    /** 'draft' | 'open' | 'closed'. */
    state: Generated<string>;
    remind_after_days: Generated<number>;
    /** The last local day answers are taken ('YYYY-MM-DD'); null: until closed. */
    closes_on: string | null;
    /** JSON array of the shared evaluation question definition. */
    fields: Generated<string>;
    version: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  /** One per guest and evaluation: that and when they completed it (the answers only when named). */
  evaluation_completions: {
    evaluation_id: number;
    guest_id: number;
    completed_at: number;
    passed: number | null;
    answers: string | null;
  };
  /** An anonymous evaluation's answers: nothing that names a guest or a completion (decision 0091). */
  evaluation_responses: {
    /** 128-bit random, hex. */
    id: string;
    evaluation_id: number;
    /** 'opinion' or 'quiz'. */
    part: string;
    /** The local day answered, 'YYYY-MM-DD'. */
    day: string;
    answers: string;
  };
  evaluation_invitations: {
    evaluation_id: number;
    guest_id: number;
    invited_at: number;
    reminded_at: number | null;
  };
  /** A doctor across an organisation's meetings (CME record). */
  cme_people: {
    id: Generated<number>;
    organization_id: number;
    licence_number: Generated<string>;
    email: Generated<string>;
    name: Generated<string>;
    created_at: number;
    updated_at: number;
  };
  /** Which person a guest is; 'manual' links are never redone by the automatic linking. */
  cme_links: { guest_id: number; person_id: number; linked_by: string; created_at: number };
  /** One-time e-mailed codes of the doctor's public transcript page (hashed). */
  cme_access_codes: {
    id: Generated<number>;
    email: string;
    code_hash: string;
    attempts: Generated<number>;
    created_at: number;
    expires_at: number;
    used_at: number | null;
    token_hash: string | null;
    token_expires_at: number | null;
  };
  /** The yearly return's chosen columns (JSON array), per organisation. */
  cme_return_settings: { organization_id: number; columns: string; updated_at: number };
  /** A guest's session enrolments; schedules.signup_count counts these rows. */
  guest_schedules: { guest_id: number; schedule_id: number; created_at: number };
  /** Append-only scan log (never updated or deleted); nonce makes a retried scan a no-op. */
  check_ins: {
    id: Generated<number>;
    meeting_id: number;
    guest_id: number;
    /** 0 = the whole meeting, otherwise schedules.id. */
    scope_id: number;
    type: 'in' | 'out';
    station: string;
    operator_id: number | null;
    /** The operator's name at scan time: a later rename does not rewrite the log. */
    operator_name: string | null;
    nonce: string;
    created_at: number;
  };
  /** A meeting's attendance rule, credits and certificate template (JSON, see schemas/certificates). */
  certificate_settings: {
    meeting_id: number;
    rule: string;
    template: string;
    guest_download: number;
    updated_by: number | null;
    updated_at: number;
  };
  /** Issued certificates, one per guest; what they certify is kept as issued. */
  certificates: {
    id: Generated<number>;
    meeting_id: number;
    guest_id: number;
    code: string;
    name: string;
    name_zh: string;
    name_en: string;
    minutes: number;
    credits: number;
    /** JSON array of schedules.id attended. */
    sessions: string;
    issued_at: number;
    issued_by: number | null;
    revoked_at: number | null;
    revoked_by: number | null;
    revoke_reason: Generated<string>;
    emailed_at: number | null;
  };
  /**
   * A place on a waiting list (modules/waitlist): scope 0 is the meeting's list, otherwise a session's.
   * seq orders the line (commit order). Meeting entries keep the sign-up form until promotion makes
   * them a guest (guest_id); session entries belong to a guest from the start.
   */
  waitlist_entries: {
    id: Generated<number>;
    meeting_id: number;
    scope_id: number;
    seq: number;
    status: Generated<'waiting' | 'offered' | 'promoted' | 'expired' | 'declined' | 'left' | 'removed'>;
    guest_id: number | null;
    area_code: string;
    phone: string;
    email: Generated<string>;
    display_name: Generated<string>;
    language: Generated<string>;
    /** JSON of the guest row to be (meeting entries only). */
    form: string | null;
    /** JSON array of the sessions chosen on the form (meeting entries of date-schedule meetings). */
    schedule_ids: Generated<string>;
    created_at: number;
    offered_at: number | null;
    offer_expires_at: number | null;
    decided_at: number | null;
    decided_by: string | null;
  };
  /** The devices of a visitor on a meeting's list (SHA-256 of their tokens); guest tokens once promoted. */
  waitlist_tokens: { token_hash: string; entry_id: number; created_at: number };
  /** Back-office notifications; params is JSON (meeting names, session name, file name). */
  notifications: {
    id: Generated<number>;
    user_id: number;
    type: string;
    meeting_id: number | null;
    params: string;
    read_at: number | null;
    created_at: number;
  };
  /** Per-guest attendance summary for a scope, written in the scan's transaction. */
  guest_attendance: {
    guest_id: number;
    /** 0 = the whole meeting, otherwise schedules.id. */
    scope_id: number;
    meeting_id: number;
    /** 1 while the guest is inside (last scan was an entry). */
    inside: number;
    first_in_at: number | null;
    last_in_at: number | null;
    last_out_at: number | null;
    /** When this summary last changed (server clock): what a door station's refresh picks up. */
    updated_at: Generated<number>;
  };
  /** Keyword search terms of live guests (hex of UTF-8; see modules/guests/guest-search.ts). */
  guest_search_terms: { meeting_id: number; term: string; guest_id: number };
  /** Failed logins per key (`account` or `account|ip`), for the growing wait (auth/login-throttle.ts). */
  login_failures: { key: string; failures: number; last_failure_at: number };
  /** Tokens issued by code retrieval, one per device; the sign-up device's is guests.token_hash. */
  guest_tokens: { token_hash: string; guest_id: number; created_at: number };
  /**
   * Durable background work (DESIGN.md: one job mechanism): written in the transaction of what causes
   * it, claimed by one runner at a time (modules/jobs/). payload is JSON.
   */
  jobs: {
    id: Generated<number>;
    kind: string;
    idempotency_key: string;
    payload: Generated<string>;
    status: Generated<'queued' | 'running' | 'done' | 'failed'>;
    attempts: Generated<number>;
    run_at: number;
    lease_until: number | null;
    last_error: string | null;
    meeting_id: number | null;
    guest_id: number | null;
    created_at: number;
    finished_at: number | null;
  };
  /** Which guest mails a meeting sends, and the organiser's own texts (JSON, see modules/mail/). */
  meeting_mail_settings: {
    meeting_id: number;
    confirmation_enabled: Generated<number>;
    reminder_hours: Generated<number>;
    lookup_code_by_email: Generated<number>;
    templates: Generated<string>;
    updated_at: number;
  };
  /** A bulk import (modules/imports): the file until it has run, its mapping, options and counts. */
  imports: {
    id: Generated<number>;
    kind: 'guests' | 'schedule';
    meeting_id: number;
    /** 'reading': a guest file's rows are being stored; 'uploaded' only once all are (see modules/imports). */
    status: Generated<'reading' | 'uploaded' | 'queued' | 'running' | 'done' | 'failed'>;
    file_name: string;
    file_size: number;
    file_sha256: string;
    file_data: Uint8Array | null;
    format: 'xlsx' | 'csv';
    encoding: string | null;
    headers: Generated<string>;
    sample: Generated<string>;
    mapping: Generated<string>;
    options: string | null;
    total: Generated<number>;
    processed: Generated<number>;
    created: Generated<number>;
    updated: Generated<number>;
    skipped: Generated<number>;
    failed: Generated<number>;
    error: string | null;
    created_by: string;
    created_at: number;
    started_at: number | null;
    finished_at: number | null;
    /** When the file's rows began to be stored (upload, another encoding): a read long begun never finished. */
    read_at: number | null;
  };
  /** An uploaded guest file's data rows as read (cells: JSON array), until its import has run. */
  import_rows: { import_id: number; row_number: number; cells: string };
  /** The rows of an import that were not written, with their cells and why. */
  import_failures: { import_id: number; row_number: number; cells: string; reason: string };
  /** The column mapping a meeting's last guest import used, by normalised header. */
  meeting_import_mappings: { meeting_id: number; mapping: string; updated_at: number };
  /**
   * Offline scans that no longer fitted when uploaded (issue 17): kept for the organiser, outside the
   * scan log. guest_name is the name the station showed.
   */
  scan_conflicts: {
    id: Generated<number>;
    meeting_id: number;
    scope_id: number;
    guest_id: number | null;
    guest_name: string;
    type: 'in' | 'out';
    reason: string;
    station: string;
    operator_id: number | null;
    operator_name: string | null;
    nonce: string;
    scanned_at: number;
    uploaded_at: number;
  };
  /** A program's credentials (issue 21): only the SHA-256 of the secret is kept. */
  api_tokens: {
    id: Generated<number>;
    user_id: number;
    name: string;
    token_hash: string;
    /** The prefix and the secret's last four characters, for recognising it in a list. */
    hint: string;
    /** JSON array: the permissions the token may use (still only those its owner holds). */
    permissions: string;
    created_at: number;
    expires_at: number | null;
    last_used_at: number | null;
    last_used_ip: string | null;
    revoked_at: number | null;
  };
  /** Where an organisation's events are sent (null organisation: every one). */
  webhook_endpoints: {
    id: Generated<number>;
    organization_id: number | null;
    url: string;
    description: Generated<string>;
    /** JSON array of WEBHOOK_EVENT_TYPES. */
    event_types: string;
    /** The Standard Webhooks signing secret (whsec_…). */
    secret: string;
    enabled: Generated<number>;
    disabled_reason: string | null;
    failing_since: number | null;
    created_by: number | null;
    created_at: number;
    updated_at: number;
  };
  /** The outbox: one event for one endpoint, written in the transaction of the change. */
  webhook_deliveries: {
    id: Generated<number>;
    endpoint_id: number;
    message_id: string;
    event_type: string;
    meeting_id: number | null;
    guest_id: number | null;
    ordering_key: string | null;
    /** The JSON body as signed and sent. */
    payload: string;
    state: Generated<'pending' | 'delivered' | 'failed'>;
    attempts: Generated<number>;
    next_attempt_at: number | null;
    lease_until: number | null;
    created_at: number;
    delivered_at: number | null;
    last_status_code: number | null;
    last_duration_ms: number | null;
    last_error: string | null;
  };
  webhook_attempts: {
    id: Generated<number>;
    delivery_id: number;
    attempted_at: number;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
    response_body: Generated<string>;
    manual: Generated<number>;
  };
}
