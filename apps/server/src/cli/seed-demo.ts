import { parseArgs } from 'node:util';
import { loadConfig, refuseGuessableAdminPassword } from '../config.ts';
import { localClockTime, setTimeZone } from '../lib/local-time.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DemoDataRefusedError, seedDemo } from '../demo/seed-demo.ts';
import { ensureFirstAdmin, hasUsers } from '../modules/users/users.service.ts';

const usage = `Usage: npm run seed:demo [-- --force] [-- --seed <number>]

Fills an empty MeetFlow database (DATA_DIR or DATABASE_URL, as the server uses) with demo data.
  --force        add the demo set even though the database already has meetings
  --seed <n>     another pseudo-random seed (default: the same data on every run)`;

const { values } = parseArgs({
  options: {
    force: { type: 'boolean', default: false },
    seed: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const seed = values.seed === undefined ? undefined : Number(values.seed);
if (seed !== undefined && !Number.isSafeInteger(seed)) {
  console.error(`--seed needs an integer.\n\n${usage}`);
  process.exit(1);
}

const config = loadConfig();
setTimeZone(config.timeZone);
const { db, kind } = openDatabase(config);
try {
  await migrateToLatest(db);
  if (config.adminPassword !== undefined && !(await hasUsers(db))) {
    await refuseGuessableAdminPassword(config, config.adminPassword);
  }
  const admin = await ensureFirstAdmin(db, { account: config.adminAccount, password: config.adminPassword });
  if (admin.generatedPassword) {
    process.stdout.write(
      `\n  First administrator created.\n  Account:  ${config.adminAccount}\n  Password: ${admin.generatedPassword}\n  Change it after logging in.\n`,
    );
  }
  const started = performance.now();
  const result = await seedDemo(db, { force: values.force, seed });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const lines = [
    '',
    `  Demo data loaded into the ${kind} database in ${seconds} s.`,
    `  Organisations created: ${result.organizations}`,
    '',
  ];
  for (const m of result.meetings) {
    lines.push(
      `  Meeting #${m.id} ${m.name} (${m.type === 'general' ? 'general' : 'date schedule'})`,
      `    ${m.guests} guests, ${m.enrolments} session enrolments, ${m.scans} scans`,
      `    sign-up page: http://localhost:${config.port}/#/sign-up/${m.publicId}`,
    );
  }
  lines.push(
    '',
    `  Scans lie between ${localClockTime(result.scanWindow.start)} and ${localClockTime(result.scanWindow.end)} today (${config.timeZone}).`,
    '',
    '  Back-office users (the passwords are shown only this once):',
  );
  for (const u of result.users) {
    const password = u.password ?? '(account existed: unchanged)';
    lines.push(`    ${u.account.padEnd(16)} ${u.role.padEnd(11)} ${password}`);
  }
  lines.push(`    ${config.adminAccount.padEnd(16)} ${'admin'.padEnd(11)} (the first administrator)`, '');
  process.stdout.write(`${lines.join('\n')}\n`);
} catch (error) {
  if (!(error instanceof DemoDataRefusedError)) throw error;
  console.error(`\n  ${error.message}\n`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
