import type { Generated } from 'kysely';

/**
 * The tables of who may register (issue 45; migration 2026-11-30-03-admission), kept apart from
 * schema.ts for its length. The columns the issue added to meetings, user_types, guests and
 * price_items are in schema.ts and schema-payments.ts with their tables.
 */
export interface AdmissionTables {
  /** The approval queue (modules/approval): a sign-up that waits, or waited, for a decision. */
  applications: {
    id: Generated<number>;
    meeting_id: number;
    status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
    /** With a held seat: the guest row (guests.approval 'pending'); without: set once approved. */
    guest_id: number | null;
    /** Without a held seat: JSON of the guest row to be; null once decided or erased. */
    form: string | null;
    /** JSON array of the sessions chosen (without a held seat). */
    schedule_ids: Generated<string>;
    /** SHA-256 of the visitor's token (without a held seat); the guest's own once approved. */
    token_hash: string | null;
    area_code: Generated<string>;
    phone: Generated<string>;
    email: Generated<string>;
    display_name: Generated<string>;
    language: Generated<string>;
    user_type_id: number | null;
    group_id: number | null;
    /** The organiser's reason, told to the applicant. */
    reason: Generated<string>;
    created_at: number;
    decided_at: number | null;
    decided_by: string | null;
    /** A rejected applicant's personal data is erased then. */
    erase_at: number | null;
    erased_at: number | null;
  };
  /** Invitation codes (modules/invitations); `used_count` never passes `max_uses`. */
  invitations: {
    id: Generated<number>;
    meeting_id: number;
    code: string;
    kind: 'shared' | 'personal';
    /** 'reserved': an invitee seat (meetings.invitee_reserved); 'bypass': past the meeting's limit. */
    seats: 'reserved' | 'bypass';
    user_type_id: number | null;
    max_uses: Generated<number>;
    used_count: Generated<number>;
    invitee_name: Generated<string>;
    invitee_email: Generated<string>;
    language: Generated<string>;
    sent_at: number | null;
    note: Generated<string>;
    enabled: Generated<number>;
    valid_until: number | null;
    created_at: number;
    updated_at: number;
  };
  /** An organisation's member and licence list (modules/members). */
  member_records: {
    id: Generated<number>;
    organization_id: number;
    licence_number: string;
    /** The licence number folded for matching (upper case, no spaces or dashes). */
    licence_key: string;
    name_zh: Generated<string>;
    name_en: Generated<string>;
    /** The names normalised for matching, space-separated. */
    name_keys: Generated<string>;
    member_class: Generated<string>;
    /** 'YYYY-MM-DD', the last valid local day; null: no end. */
    valid_until: string | null;
    created_at: number;
    updated_at: number;
  };
  /** A group booking (modules/groups): its contact and the page that lists the group's codes. */
  guest_groups: {
    id: Generated<number>;
    meeting_id: number;
    contact_name: Generated<string>;
    contact_email: Generated<string>;
    contact_area_code: Generated<string>;
    contact_phone: Generated<string>;
    token_hash: string;
    language: Generated<string>;
    size: number;
    created_at: number;
    erased_at: number | null;
  };
}
