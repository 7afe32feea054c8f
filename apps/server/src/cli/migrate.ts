import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

const config = loadConfig();
const { db, kind } = openDatabase(config);
try {
  const applied = await migrateToLatest(db);
  console.log(
    applied.length ? `Applied on ${kind}: ${applied.join(', ')}` : `The ${kind} database is up to date.`,
  );
} finally {
  await db.destroy();
}
