// Holds the server to one owner per table (apps/server/src/db/table-owners.ts).
//
// What counts, in apps/server/src outside tests, db/migrations/ and demo/ (the seed):
// - a WRITE is `insertInto('t')`, `updateTable('t')` or `deleteFrom('t')`;
// - a READ is `selectFrom('t')` or `selectFrom('t as x')`, subqueries and `({ selectFrom }) => …`
//   included;
// - a JOIN (`innerJoin('t as x', …)`, `leftJoin`, …) is neither: it belongs to the statement, and
//   the statement's main table (after selectFrom/updateTable/deleteFrom) decides where it may be
//   written. One statement that joins is one round trip; asking the joined table's owner instead
//   would cost a query per row. A statement that wants another table's rows (not only a filter or
//   a label) is the other table's to write: select from it in its owner.
// - CTE names (`with`/`withRecursive`) and raw `sql` text are not tables and are not looked at.
// The rule: a table is written in its owner file only, and read there or in the owner's module (the
// module is the unit of the repository wall; its repositories may split by role). Other modules
// ask the owner through its module's `<module>.reads.ts`, and write through its `<module>.writes.ts`
// (see table-owners.ts); those files import only their module's repositories and db/, never a service.
// Files that still break the rule are listed in ALLOWED with a one-line reason. The list only
// shrinks: an entry (or a table in one) that the file no longer needs fails the check too, so it
// goes as soon as the query moves to its owner.
import fs from 'node:fs';
import path from 'node:path';

const SRC = new URL('../apps/server/src/', import.meta.url).pathname;

/** Files and folders that are not held to the owners. */
const EXEMPT = [
  /\.test\.ts$/,
  /^db\/migrations\//, // frozen in time: they may not import app code
  /^demo\//, // the demo seed fills every table, as a test fixture does
  // Access is the rule every module applies; core/ sits below the modules and cannot ask them.
  /^core\/access\.repository\.ts$/,
];

/** file → tables it still reads (`read`) or writes (`write`, reads included) outside their owner. */
const ALLOWED = {
  'modules/attendance/attendance-records.repository.ts': {
    reason: 'the live counts read seats taken beside the attendance in one statement',
    read: ['meetings', 'schedules'],
  },
  'modules/attendance/attendance.repository.ts': {
    reason: 'a scan checks the session, the guest and the enrolment in the transaction that records it',
    read: ['guest_schedules', 'guests'],
  },
  'modules/attendance/offline-door.repository.ts': {
    reason: "a door station's copy is one pass over the meeting's guests and their enrolment",
    read: ['guest_schedules', 'guests'],
  },
  'modules/certificates/certificates.repository.ts': {
    reason: "certificates are issued to the meeting's live guests, read with the names a certificate prints",
    read: ['guests'],
  },
  'modules/dashboard/dashboard.repository.ts': {
    reason: 'the sign-up chart groups guests by day in SQL',
    read: ['guests'],
  },
  'modules/dictionary/college-categories.repository.ts': {
    reason: 'a category held by a guest may not be deleted, checked in the delete itself',
    read: ['guests'],
  },
  'modules/dictionary/user-types.repository.ts': {
    reason: 'a user type held by a guest may not be deleted, checked in the delete itself',
    read: ['guests'],
  },
  'modules/guests/guest-search.ts': {
    reason: 'the search terms are written with the guest, in the transaction that writes it',
    write: ['guest_search_terms'],
  },
  'modules/guests/guest-seats.repository.ts': {
    reason: 'taking a seat moves the meeting and session counters in the same transaction',
    write: ['guest_schedules', 'guests', 'meetings', 'schedules'],
  },
  'modules/guests/guests.repository.ts': {
    reason: 'the guest list filters and sorts by arrival in SQL',
    read: ['check_ins'],
  },
  'modules/imports/imports.repository.ts': {
    reason: "a guest file's phones are matched against the meeting's guests, locked for the import",
    read: ['guests'],
  },
  'modules/imports/schedule-import.repository.ts': {
    reason: "a schedule file writes the meeting's dictionary in one transaction",
    write: ['college_categories', 'schedules', 'user_type_schedules', 'user_types'],
  },
  'modules/mail/mail.repository.ts': {
    reason:
      "a mail lists the guest's sessions, reminders find theirs in SQL; the outbox marks guests it sent to",
    read: ['guest_schedules', 'schedules'],
    write: ['guests'],
  },

  'modules/notifications/notifications.repository.ts': {
    reason: "one INSERT … SELECT finds a meeting's audience up its organisation chain",
    read: ['meetings', 'organizations', 'users'],
  },

  'modules/privacy/late-writes.repository.ts': {
    reason: 'the sweep after a purge looks for personal data written late into any table',
    read: ['guests', 'import_failures', 'import_rows', 'imports', 'scan_conflicts', 'waitlist_entries'],
    write: ['meetings'],
  },
  'modules/privacy/privacy.repository.ts': {
    reason: "a purge erases a meeting's personal data across its tables in one transaction",
    read: ['guest_schedules'],
    write: [
      'certificates',
      'guest_search_terms',
      'guest_tokens',
      'guests',
      'import_failures',
      'import_rows',
      'imports',
      'jobs',
      'meetings',
      'scan_conflicts',
      'schedules',
      'waitlist_entries',
      'waitlist_tokens',
    ],
  },

  'modules/registration/registration.repository.ts': {
    reason: 'a sign-up writes the guest, its enrolments and its device token in one transaction',
    write: ['guest_schedules', 'guests'],
  },
  'modules/schedule-detail/schedule-detail.repository.ts': {
    reason: "a session's page lists its enrolled guests with their attendance, in pages",
    read: ['guest_schedules'],
  },
  'modules/waitlist/waitlist-scopes.repository.ts': {
    reason: 'an offer locks the scope counters and turns an entry into a guest in one transaction',
    write: ['meetings', 'schedules'],
  },
  'modules/waitlist/waitlist.repository.ts': {
    reason: "a place seated becomes a guest in the seat's transaction: its tokens, its guest's rows",
    read: ['guest_schedules', 'guests'],
    write: ['guest_tokens'],
  },
};

const owners = readOwners();
const problems = [];
const seen = new Map();

for (const file of sourceFiles(SRC)) {
  const rel = path.relative(SRC, file);
  if (EXEMPT.some((re) => re.test(rel))) continue;
  const source = fs.readFileSync(file, 'utf8');
  const uses = tableUses(source);
  seen.set(rel, uses);
  if (/^modules\/[^/]+\/[^/]+\.(reads|writes)\.ts$/.test(rel))
    problems.push(...publishedImports(rel, source));
  const allowed = ALLOWED[rel] ?? { read: [], write: [] };
  for (const [table, kind] of uses) {
    if (!(table in owners)) continue; // a CTE name
    if (isOwnUse(rel, table, kind)) continue;
    if (allowed.write?.includes(table)) continue;
    if (kind === 'read' && allowed.read?.includes(table)) continue;
    const fix =
      kind === 'read' ? "ask the owner's .reads.ts" : 'move the write into the owner (its .writes.ts)';
    problems.push(`${rel}: ${kind}s '${table}', owned by ${owners[table]}: ${fix}`);
  }
}

for (const [rel, entry] of Object.entries(ALLOWED)) {
  const uses = seen.get(rel);
  if (!uses) {
    problems.push(`ALLOWED: ${rel} no longer exists or is exempt: remove its entry`);
    continue;
  }
  for (const kind of ['read', 'write']) {
    for (const table of entry[kind] ?? []) {
      const used = uses.get(table);
      if (used === undefined || (kind === 'write' && used !== 'write') || isOwnUse(rel, table, used)) {
        problems.push(`ALLOWED: ${rel} does not need to ${kind} '${table}': remove it from the list`);
      }
    }
  }
}

for (const [table, owner] of Object.entries(owners)) {
  if (!fs.existsSync(path.join(SRC, owner)))
    problems.push(`table-owners.ts: ${table}'s owner ${owner} is missing`);
}

const pairs = Object.values(ALLOWED).reduce((n, e) => n + (e.read?.length ?? 0) + (e.write?.length ?? 0), 0);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} problem(s). See the header of scripts/check-table-owners.mjs.`);
  process.exit(1);
}
console.log(
  `Table owners hold: ${Object.keys(owners).length} tables; allow-list ${Object.keys(ALLOWED).length} files, ${pairs} file-table pairs.`,
);

/** table → owner file, read from table-owners.ts as text (runs on any Node, without a TS loader). */
function readOwners() {
  const text = fs.readFileSync(path.join(SRC, 'db/table-owners.ts'), 'utf8');
  const map = Object.fromEntries(
    [...text.matchAll(/^ {2}([a-z_]+): '([^']+)',$/gm)].map((m) => [m[1], m[2]]),
  );
  if (Object.keys(map).length === 0) throw new Error('table-owners.ts: no owners found');
  return map;
}

/** A reads or writes file imports only its module's repositories, db/ and packages: never a service. */
function publishedImports(rel, source) {
  const specifiers = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
  return specifiers
    .filter((s) => s.startsWith('.') && !/^\.\/[^/]+\.repository\.ts$/.test(s) && !s.startsWith('../../db/'))
    .map((s) => `${rel}: imports ${s}; a reads or writes file imports only its module's repositories`);
}

/** Whether the file may use the table without an entry: its owner, or a reader in the owner's module. */
function isOwnUse(rel, table, kind) {
  return owners[table] === rel || (kind === 'read' && moduleOf(owners[table]) === moduleOf(rel));
}

/** 'modules/guests/' for 'modules/guests/guest-seats.repository.ts'; the folder elsewhere. */
function moduleOf(rel) {
  return rel.slice(0, rel.lastIndexOf('/') + 1);
}

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

/** table → 'write' or 'read' (a write wins) for the Kysely table references in one source file. */
function tableUses(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const uses = new Map();
  const reference =
    /(?<![\w$])(selectFrom|insertInto|updateTable|deleteFrom)\(\s*['"]([a-z_]+)(?:\s+as\s+\w+)?['"]/g;
  for (const [, method, table] of code.matchAll(reference)) {
    const kind = method === 'selectFrom' ? 'read' : 'write';
    if (uses.get(table) !== 'write') uses.set(table, kind);
  }
  return uses;
}
