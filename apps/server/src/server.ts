import { flushCompileCache } from 'node:module';
import type { FastifyListenOptions } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, refuseGuessableAdminPassword } from './config.ts';
import { openDatabase } from './db/database.ts';
import { assertPortFree, spreadAccept, spreadsAccept } from './lib/accept-spread.ts';
import { createRedis } from './lib/redis.ts';
import { collectStartupGarbageWhenIdle } from './lib/startup-garbage.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureFirstAdmin, hasUsers } from './modules/users/users.service.ts';
import { answerHealthOnly } from './plugins/health-only.ts';

const config = loadConfig();
const { db, kind } = openDatabase(config);
await migrateToLatest(db);

// ADMIN_PASSWORD is scored when it is about to become the first administrator's, in a child process
// while the app builds (see refuseGuessableAdminPassword); a guessable one stops the start here.
const adminPasswordChecked =
  config.adminPassword !== undefined && !(await hasUsers(db))
    ? refuseGuessableAdminPassword(config, config.adminPassword)
    : Promise.resolve();
adminPasswordChecked.catch(() => undefined); // awaited once the app is built

const redis = config.redisUrl ? await createRedis(config.redisUrl) : undefined;
const app = await buildApp({ config, db, dbKind: kind, redis });
// A worker builds the same app, so every module registers its job handlers and hooks as it does
// on any instance, and answers only its health (docs/decisions/0084-instance-roles.md).
if (config.role === 'worker') answerHealthOnly(app);

await adminPasswordChecked;
const admin = await ensureFirstAdmin(db, { account: config.adminAccount, password: config.adminPassword });
if (admin.generatedPassword) {
  // Printed once, to the operator's terminal only; it is never stored in plain text.
  process.stdout.write(
    `\n  First administrator created.\n  Account:  ${config.adminAccount}\n  Password: ${admin.generatedPassword}\n  Change it after logging in.\n\n`,
  );
}

let stopAccepting = () => {};
let stopping = false;
/**
 * Health answers 503 at once and the instance keeps serving for SHUTDOWN_DRAIN_MS, so that the load
 * balancer routes new traffic elsewhere before the listener closes. Then requests already received
 * are answered, idle connections and event streams end, and the process exits; a stuck request
 * cannot hold it for longer than 10 s more.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining');
  setTimeout(() => {
    app.log.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, config.shutdownDrainMs + 10_000).unref();
  app.startDraining();
  // No further claims; jobs still running when the drain ends go back to the queue for another runner.
  await app.jobs.stop({ handBackAfterMs: config.shutdownDrainMs });
  await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  stopAccepting();
  await app.close();
  await db.destroy();
  redis?.disconnect();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

if (spreadsAccept) {
  // Several listening sockets share the port, so that a crowd connecting at once is taken quickly
  // (lib/accept-spread.ts). Fastify hands `reusePort` on to Node's listen.
  await assertPortFree(config.host, config.port);
  await app.listen({ host: config.host, port: config.port, reusePort: true } as FastifyListenOptions);
  stopAccepting = await spreadAccept(app.server);
} else {
  await app.listen({ host: config.host, port: config.port });
}
if (config.role !== 'web') app.jobs.start();
app.log.info(
  { role: config.role },
  `MeetFlow is ready on http://localhost:${config.port} (database: ${kind}, role: ${config.role})`,
);
// Written now rather than at exit, which a killed process never reaches (see main.js).
flushCompileCache();
// What loading left behind goes at the first quiet moment after the server listens (lib/startup-garbage.ts).
collectStartupGarbageWhenIdle();
