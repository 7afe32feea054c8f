import type { z } from 'zod';
import type { DictionaryEntry, dictionaryEntryBody } from '@meetflow/shared/schemas/dictionary';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../core/auth-user.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import {
  assertOwnerWritable,
  createAuditor,
  entryChanges,
  type DictionaryDeps,
} from './dictionary-context.ts';
import * as repo from './dictionary-entries.repository.ts';

type Body = z.output<typeof dictionaryEntryBody>;

const logParams = (e: { id: number; type: string; value: string }) => ({
  id: e.id,
  type: e.type,
  value: e.value,
});

const taken = () =>
  new AppError('DICTIONARY_VALUE_TAKEN', { data: { fields: { value: 'dictionaryValueTaken' } } });

/**
 * Generic typed lists (type, label, value); (type, value) is unique across the installation, so
 * every entry is global: everyone reads them, administrators alone change them.
 */
export function createDictionaryEntriesService({ db, systemLog, clock }: DictionaryDeps) {
  const audit = createAuditor(systemLog);

  /** Checks first for a clear answer; the unique constraint still settles a race between two writers. */
  async function write<T>(body: Body, exceptId: number | undefined, run: () => Promise<T>): Promise<T> {
    if (await repo.findEntryWithValue(db, body.type, body.value, exceptId)) throw taken();
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  /** The entry, when it exists (404) and the user may change global entries (403). */
  async function writableEntry(actor: Actor, id: number) {
    const row = await repo.findDictionaryEntry(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    await assertOwnerWritable(db, actor.user, null);
    return row;
  }

  return {
    list: (type: string | undefined): Promise<DictionaryEntry[]> => repo.listDictionaryEntries(db, type),

    async create(actor: Actor, body: Body): Promise<DictionaryEntry> {
      await assertOwnerWritable(db, actor.user, null);
      const now = clock();
      const row = await write(body, undefined, () =>
        repo.insertDictionaryEntry(db, { ...body, created_at: now, updated_at: now }),
      );
      await audit(
        actor,
        'create',
        { key: 'dictionary_entry.created', params: logParams(row) },
        entryChanges(null, row),
      );
      return row;
    },

    async update(actor: Actor, id: number, body: Body): Promise<DictionaryEntry> {
      const existing = await writableEntry(actor, id);
      const row = await write(body, id, () =>
        repo.updateDictionaryEntry(db, id, { ...body, updated_at: clock() }),
      );
      if (!row) throw new AppError('NOT_FOUND');
      await audit(
        actor,
        'update',
        { key: 'dictionary_entry.updated', params: logParams(row) },
        entryChanges(existing, row),
      );
      return row;
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const row = await writableEntry(actor, id);
      if (!(await repo.deleteDictionaryEntry(db, id))) throw new AppError('NOT_FOUND');
      await audit(
        actor,
        'delete',
        { key: 'dictionary_entry.deleted', params: logParams(row) },
        entryChanges(row, null),
      );
    },
  };
}
export type DictionaryEntriesService = ReturnType<typeof createDictionaryEntriesService>;
