import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureFirstAdmin } from './modules/users/users.service.ts';

const config = loadConfig();
const { db, kind } = openDatabase(config);
await migrateToLatest(db);

const admin = await ensureFirstAdmin(db, { account: config.adminAccount, password: config.adminPassword });
if (admin.generatedPassword) {
  // Printed once, to the operator's terminal only; it is never stored in plain text.
  process.stdout.write(
    `\n  First administrator created.\n  Account:  ${config.adminAccount}\n  Password: ${admin.generatedPassword}\n  Change it after logging in.\n\n`,
  );
}

const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
const app = await buildApp({ config, db, dbKind: kind, redis });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  app.startDraining();
  await app.close();
  await db.destroy();
  redis?.disconnect();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
app.log.info(`MeetFlow is ready on http://localhost:${config.port} (database: ${kind})`);
