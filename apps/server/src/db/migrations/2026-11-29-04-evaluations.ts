/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from 'kysely';
import { autoId, isSqlite } from './helpers.ts';

/**
 * Issue 43: CME evaluations. One evaluation per meeting (scope 0) and per session (scope = the
 * schedule's id), its questions one JSON document of the shared form definition, versioned as the
 * registration form is.
 *
 * Completion and answers are kept apart (decision 0091). `evaluation_completions` says that a guest
 * completed an evaluation and when (one row per guest: the primary key is the "one answer per
 * guest" rule), with the quiz's pass or fail; a named evaluation keeps the answers there too. An
 * anonymous evaluation's answers go to `evaluation_responses`, which has no guest, no token, no
 * time finer than the local day, and a random key: SQLite keeps it WITHOUT ROWID, so its rows lie
 * in the random key's order; PostgreSQL's heap is rewritten in that order by the daily maintenance.
 * A quiz's answers are a row of their own (`part` 'quiz'), so that the pass or fail on the
 * completion points at most to them, never to the opinions. `evaluation_invitations` records the
 * invitation and reminder mails (and so who was asked and has not answered).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('evaluations')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id'))
    .addColumn('scope_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('pass_mark', 'integer')
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('draft'))
    .addColumn('remind_after_days', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('closes_on', 'varchar(10)')
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('evaluations_scope', ['meeting_id', 'scope_id'])
    .execute();
  await db.schema
    .createTable('evaluation_completions')
    .addColumn('evaluation_id', 'integer', (c) => c.notNull().references('evaluations.id'))
    .addColumn('guest_id', 'integer', (c) => c.notNull().references('guests.id'))
    .addColumn('completed_at', 'bigint', (c) => c.notNull())
    /** 1 passed, 0 failed, null: no pass mark. */
    .addColumn('passed', 'integer')
    /** Named evaluations only: the answers (JSON); null on an anonymous one. */
    .addColumn('answers', 'text')
    .addPrimaryKeyConstraint('evaluation_completions_pk', ['evaluation_id', 'guest_id'])
    .execute();
  await db.schema
    .createIndex('evaluation_completions_guest')
    .on('evaluation_completions')
    .column('guest_id')
    .execute();
  await db.schema
    .createTable('evaluation_responses')
    .addColumn('id', 'varchar(32)', (c) => c.notNull())
    .addColumn('evaluation_id', 'integer', (c) => c.notNull().references('evaluations.id'))
    .addColumn('part', 'varchar(8)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('evaluation_responses_pk', ['evaluation_id', 'id'])
    .modifyEnd(isSqlite(db) ? sql`without rowid` : sql``)
    .execute();
  await db.schema
    .createTable('evaluation_invitations')
    .addColumn('evaluation_id', 'integer', (c) => c.notNull().references('evaluations.id'))
    .addColumn('guest_id', 'integer', (c) => c.notNull().references('guests.id'))
    .addColumn('invited_at', 'bigint', (c) => c.notNull())
    .addColumn('reminded_at', 'bigint')
    .addPrimaryKeyConstraint('evaluation_invitations_pk', ['evaluation_id', 'guest_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'evaluation_invitations',
    'evaluation_responses',
    'evaluation_completions',
    'evaluations',
  ])
    await db.schema.dropTable(table).execute();
}
