import type { Generated } from 'kysely';

/** The member list's uploads (migration 2026-11-30-13-member-imports; modules/members). */
export interface MemberImportTables {
  member_imports: {
    id: Generated<number>;
    organization_id: number;
    status: Generated<'uploaded' | 'running' | 'done' | 'failed'>;
    file_name: string;
    /** JSON array of the valid rows as judged at upload; null once applied. */
    rows_data: string | null;
    total: Generated<number>;
    processed: Generated<number>;
    created: Generated<number>;
    updated: Generated<number>;
    skipped: Generated<number>;
    created_by: string;
    created_at: number;
    finished_at: number | null;
    /** When the apply claimed it or last wrote a batch (migration 2026-11-30-21). */
    touched_at: number | null;
  };
}
