import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { TEST_DB } from './helpers.ts';

/**
 * Phone numbers of a test file's people, each issued once. They were drawn at random per person, and
 * 1 run in about 230 gave a guest of the purged meeting the number of a guest of another meeting
 * (kept, as it should be): the search then found "the erased phone" still in `guests`.
 */
let nextPhoneBlock = 6_200_000 + randomInt(0, 60_000);

/** Unique, searchable personal values for guest n of a test. */
export function personal(n: number, tag: string) {
  const block = nextPhoneBlock++;
  return {
    name: `Pn${tag}${n}Qx`,
    phone: `${block}`.padStart(8, '6'),
    email: `mail${tag}${n}@pd-${tag}.example`,
    institution: `Inst${tag}${n}Zk`,
    contact_name: `Cn${tag}${n}Wy`,
    contact_number: `Num${tag}${n}`,
    contact_phone: `Ph${tag}${n}`,
    job_title: `Job${tag}${n}Vv`,
  };
}

/** Every value of every row of every table, as text (blobs decoded), for the leak search. */
export async function everyStoredText(db: Db): Promise<{ table: string; text: string }[]> {
  const tables =
    TEST_DB === 'postgres'
      ? (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
        ).rows
      : (
          await sql<{ name: string }>`select name from sqlite_master where type = 'table'
            and name not like 'sqlite_%'`.execute(db)
        ).rows;
  expect(tables.length).toBeGreaterThan(30);
  const out: { table: string; text: string }[] = [];
  for (const { name } of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    for (const row of rows) {
      for (const value of Object.values(row)) {
        if (typeof value === 'string') out.push({ table: name, text: value });
        else if (value instanceof Uint8Array)
          out.push({ table: name, text: Buffer.from(value).toString('utf8') });
      }
    }
  }
  return out;
}
