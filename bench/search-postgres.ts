import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createMeeting, createOrganization } from '../apps/server/test/registration-fixtures.ts';
import { guestSearchUrl, insertGuests, logIn, p95, searchEveryoneP95 } from './door-day.ts';
import { freePort, startApp } from './lib.ts';
import { freshTarget } from './signup-burst.ts';

/*
 * The guest-list search on PostgreSQL at 100,000 guests, as door-day.ts measures it on SQLite: p95
 * of 200 sequential GETs for a keyword one guest matches and for one all of them match (the capped
 * count). The load is followed by VACUUM ANALYZE, as autovacuum does within a minute of a bulk
 * load: straight after it, the planner still takes the meeting for empty and sorts every match
 * (a match-everyone search took 560 ms until the statistics arrived).
 */
const GUESTS = 100_000;

export async function postgresSearch(): Promise<{ one: number; everyone: number }> {
  const target = await freshTarget('postgres');
  try {
    const { db } = openDatabase(loadConfig({ NODE_ENV: 'production', ...target.env }));
    let meetingId: number;
    try {
      await migrateToLatest(db);
      const meeting = await createMeeting(db, await createOrganization(db), { name: 'Big meeting' });
      meetingId = meeting.id;
      await insertGuests(db, meetingId, GUESTS, 0);
      await sql`vacuum analyze`.execute(db);
    } finally {
      await db.destroy();
    }
    const port = await freePort();
    const app = await startApp(target.env, port);
    try {
      const base = `http://127.0.0.1:${port}`;
      const token = await logIn(base);
      return {
        one: await p95(guestSearchUrl(base, meetingId, `Guest ${GUESTS / 2}`), token),
        everyone: await searchEveryoneP95(guestSearchUrl(base, meetingId, 'hospital'), token),
      };
    } finally {
      await app.stop();
    }
  } finally {
    await target.drop();
  }
}
