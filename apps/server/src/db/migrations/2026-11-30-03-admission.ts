/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from 'kysely';
import { autoId } from './helpers.ts';

/**
 * Issue 45: who may register, and how. Approval (a sign-up waits for the secretariat, with its seat
 * held — the guest row, as an unpaid one — or without, as an application carrying its form);
 * invitations (codes drawing on seats reserved for invitees, or past the limit); an organisation's
 * member and licence list; group bookings (one contact, several attendees, all or none); walk-ins
 * registered at the door.
 *
 * Reserved invitee seats are counted like the waiting list's held seats: `invitee_reserved` is how
 * many are still unused, and the public seat check counts them as taken, so the public and the
 * invitees together never pass the limit. An invitee's seat turns one reserved seat into a taken one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('meetings')
    // 'none' | 'all' (every sign-up) | 'types' (the registration types marked needs_approval).
    .addColumn('approval', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('meetings')
    // 1: a sign-up awaiting approval holds its seat (a guest row); 0: it holds none until approved.
    .addColumn('approval_holds_seat', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('meetings')
    // Days after a rejection that the applicant's personal data is erased.
    .addColumn('reject_erase_days', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();
  await db.schema
    .alterTable('meetings')
    // Seats reserved for invitees and not yet taken: the public seat check counts them as taken.
    .addColumn('invitee_reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('meetings')
    // 0: no group bookings; otherwise the most attendees one contact may register at once.
    .addColumn('group_max', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('user_types')
    // 1: with meetings.approval = 'types', sign-ups of this type wait for approval.
    .addColumn('needs_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('price_items')
    // 1: the member fee, charged to a sign-up matched on the organisation's member list.
    .addColumn('member_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [column, type] of [
    // null: not subject to approval; 'pending' | 'approved' | 'rejected'.
    ['approval', 'varchar(10)'],
    // The group booking the guest came in (guest_groups.id).
    ['group_id', 'integer'],
    // The invitation redeemed at sign-up (invitations.id).
    ['invitation_id', 'integer'],
    // The member list row matched at sign-up (member_records.id).
    ['member_record_id', 'integer'],
  ] as const) {
    await db.schema.alterTable('guests').addColumn(column, type).execute();
  }
  await db.schema
    .alterTable('guests')
    // 1: registered at the door by staff.
    .addColumn('walk_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('guests')
    // 1: seated past the limit (a walk-in synced from an offline station): flagged for the organiser.
    .addColumn('over_capacity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // The approval queue: one row per sign-up that waits (or waited) for a decision.
  await db.schema
    .createTable('applications')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    // 'pending' | 'approved' | 'rejected' | 'withdrawn'
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    // With a held seat: the guest row (approval 'pending'); without: null until approved.
    .addColumn('guest_id', 'integer')
    // Without a held seat: JSON of the guest row to be (cleared once decided).
    .addColumn('form', 'text')
    // JSON array of the sessions chosen (date-schedule meetings, without a held seat).
    .addColumn('schedule_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    // SHA-256 of the visitor's token (without a held seat): opens the state on their page.
    .addColumn('token_hash', 'varchar(64)')
    .addColumn('area_code', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('display_name', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'varchar(10)', (c) => c.notNull().defaultTo('zh-tw'))
    .addColumn('user_type_id', 'integer')
    .addColumn('group_id', 'integer')
    // The organiser's reason, told to the guest (rejection; optional on approval).
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'varchar(100)')
    // A rejected applicant's personal data is erased at this time (the retention scan).
    .addColumn('erase_at', 'bigint')
    .addColumn('erased_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('applications_meeting_status')
    .on('applications')
    .columns(['meeting_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('applications_guest').on('applications').column('guest_id').execute();
  await db.schema
    .createIndex('applications_token')
    .on('applications')
    .column('token_hash')
    .unique()
    .execute();
  // One waiting application per phone and meeting (the guest row's own index covers a held seat).
  await db.schema
    .createIndex('applications_pending_phone')
    .on('applications')
    .columns(['meeting_id', 'area_code', 'phone'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('applications_erase').on('applications').column('erase_at').execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    // Upper case, no look-alike letters; unique per meeting.
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    // 'shared' (a code for one or many uses) | 'personal' (one invitee, mailed a link).
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    // 'reserved' (draws on the invitee seats) | 'bypass' (past the meeting's limit).
    .addColumn('seats', 'varchar(10)', (c) => c.notNull())
    // The registration type the invitee signs up as (null: their choice).
    .addColumn('user_type_id', 'integer', (c) => c.references('user_types.id'))
    .addColumn('max_uses', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    // A personal invitation's invitee (erased with the meeting's guests).
    .addColumn('invitee_name', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('invitee_email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'varchar(10)', (c) => c.notNull().defaultTo('zh-tw'))
    .addColumn('sent_at', 'bigint')
    .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('valid_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('invitations_meeting_code', ['meeting_id', 'code'])
    .execute();

  await db.schema
    .createTable('member_records')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
    // As imported, trimmed; matched case- and space-insensitively (licence_key).
    .addColumn('licence_number', 'varchar(100)', (c) => c.notNull())
    .addColumn('licence_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_zh', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // The names normalised for matching (one script, case and spaces folded), space-separated.
    .addColumn('name_keys', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('member_class', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    // 'YYYY-MM-DD' (the last valid local day) or null: no end.
    .addColumn('valid_until', 'varchar(10)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('member_records_licence', ['organization_id', 'licence_key'])
    .execute();

  await db.schema
    .createTable('guest_groups')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    .addColumn('contact_name', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_area_code', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    // SHA-256 of the contact's token: opens the group's page.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('language', 'varchar(10)', (c) => c.notNull().defaultTo('zh-tw'))
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('erased_at', 'bigint')
    .execute();
  await db.schema.createIndex('guest_groups_meeting').on('guest_groups').column('meeting_id').execute();
  await db.schema.createIndex('guests_group').on('guests').column('group_id').execute();

  // The built-in roles gain the new permissions: organisers decide who registers, door staff add walk-ins.
  const grants = {
    organiser: ['guest:approve', 'invitation:manage', 'member:manage', 'guest:walk_in'],
    door_staff: ['guest:walk_in'],
  };
  for (const [code, added] of Object.entries(grants)) {
    const roles = await db
      .selectFrom('roles')
      .select(['id', 'permissions'])
      .where('code', '=', code)
      .execute();
    for (const role of roles) {
      const permissions = JSON.parse(role.permissions) as string[];
      const next = [...permissions, ...added.filter((p) => !permissions.includes(p))];
      await db
        .updateTable('roles')
        .set({ permissions: JSON.stringify(next) })
        .where('id', '=', role.id)
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('guests_group').execute();
  for (const table of ['guest_groups', 'member_records', 'invitations', 'applications'])
    await db.schema.dropTable(table).execute();
  for (const column of [
    'over_capacity',
    'walk_in',
    'member_record_id',
    'invitation_id',
    'group_id',
    'approval',
  ])
    await db.schema.alterTable('guests').dropColumn(column).execute();
  await db.schema.alterTable('price_items').dropColumn('member_only').execute();
  await db.schema.alterTable('user_types').dropColumn('needs_approval').execute();
  for (const column of [
    'group_max',
    'invitee_reserved',
    'reject_erase_days',
    'approval_holds_seat',
    'approval',
  ])
    await db.schema.alterTable('meetings').dropColumn(column).execute();
}
