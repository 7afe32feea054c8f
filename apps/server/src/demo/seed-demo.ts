import type { Db } from '../db/database.ts';
import { randomToken } from '../lib/secure-random.ts';
import { passwordWeakness } from '../core/password-strength.ts';
import { hashPassword } from '../core/password.ts';
import {
  insertCollegeCategory,
  listCollegeCategories,
} from '../modules/dictionary/college-categories.repository.ts';
import { insertMeetingTime, listMeetingTimes } from '../modules/dictionary/meeting-times.repository.ts';
import { insertOrganization, listOrganizations } from '../modules/organizations/organizations.repository.ts';
import { insertLog } from '../modules/system-log/system-log.repository.ts';
import { storedMessageColumns } from '../modules/system-log/system-log.service.ts';
import { accountExists, findUserByAccount, insertManagedUser } from '../modules/users/users.repository.ts';
import {
  COLLEGE_CATEGORIES,
  DEMO_MEETINGS,
  MEETING_TIMES,
  ORGANIZATION_TREE,
  type DemoOrganization,
} from './demo-catalogue.ts';
import { localTime, seedMeeting, type DemoUserIds, type SeededMeeting } from './demo-meeting.ts';
import { DemoRandom } from './demo-random.ts';
import type { ScanWindow } from './demo-scans.ts';
import * as repo from './demo.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The demo's back-office users: [account, display name, built-in role code, organisation path]. */
export const DEMO_USERS = [
  {
    key: 'organiser',
    account: 'demo.organiser',
    name: '梁美儀',
    role: 'organiser',
    organization: ['澳門醫學會'],
  },
  { key: 'door', account: 'demo.door', name: '何志強', role: 'door_staff', organization: ['澳門醫學會'] },
  {
    key: 'hkDoor',
    account: 'demo.hkdoor',
    name: 'Grace Lam',
    role: 'door_staff',
    organization: ['香港內科醫學院'],
  },
] as const;
type DemoUserKey = (typeof DEMO_USERS)[number]['key'];

export interface SeedDemoOptions {
  /** The server's clock: "today" and "this morning" are read from it. */
  now?: number;
  /** The pseudo-random seed: the same seed gives the same names, numbers and times. */
  seed?: number;
  /** Add the demo set even when the database already holds meetings. */
  force?: boolean;
  /** Passwords of the demo users; each missing one is generated and answered once. */
  passwords?: Partial<Record<DemoUserKey, string>>;
}

export interface SeedDemoResult {
  organizations: number;
  meetings: SeededMeeting[];
  /** password is null for an account that existed already (left untouched). */
  users: { account: string; name: string; role: string; password: string | null }[];
  scanWindow: ScanWindow;
}

/** Thrown when the database already has meetings and `force` was not given. */
export class DemoDataRefusedError extends Error {
  readonly meetings: number;
  constructor(meetings: number) {
    super(
      `The database already holds ${meetings} meeting(s): demo data goes into an empty database only. ` +
        'Run with --force to add the demo set anyway.',
    );
    this.name = 'DemoDataRefusedError';
    this.meetings = meetings;
  }
}

/**
 * This morning, 07:45–12:00, in the server's zone; before noon, the four hours and a quarter
 * before now, so that no scan lies in the future.
 */
export function scanWindowFor(now: number): ScanWindow {
  const midnight = localTime(now, 0);
  const end = Math.min(localTime(now, 0, '12:00'), now - MINUTE);
  const start = Math.max(midnight, Math.min(localTime(now, 0, '07:45'), end - (4 * HOUR + 15 * MINUTE)));
  return { start, end: Math.max(end, start + MINUTE) };
}

/** The organisation tree, reusing nodes of the same name under the same parent. */
async function organizationTree(
  trx: Db,
  now: number,
): Promise<{ ids: Map<string, number>; created: number }> {
  const existing = await listOrganizations(trx, null);
  const ids = new Map<string, number>();
  let created = 0;
  async function walk(nodes: readonly DemoOrganization[], parentId: number | null, path: string[]) {
    for (const [sort, node] of nodes.entries()) {
      let id = existing.find((o) => o.name === node.name && o.parent_id === parentId)?.id;
      if (id === undefined) {
        id = await insertOrganization(trx, {
          name: node.name,
          parent_id: parentId,
          sort,
          now,
          region: node.region ?? null,
        });
        created += 1;
      }
      const nodePath = [...path, node.name];
      ids.set(nodePath.join('/'), id);
      await walk(node.children ?? [], id, nodePath);
    }
  }
  await walk(ORGANIZATION_TREE, null, []);
  return { ids, created };
}

/** The shared dictionaries: global time slots and college categories, reusing equal entries. */
async function dictionaries(trx: Db, now: number) {
  const times = await listMeetingTimes(trx, []);
  const timeIds: number[] = [];
  for (const [start, end, remark, remark_cn, remark_en] of MEETING_TIMES) {
    const found = times.find((t) => t.start_time === start && t.end_time === end);
    timeIds.push(
      found?.id ??
        (
          await insertMeetingTime(trx, {
            start_time: start,
            end_time: end,
            remark,
            remark_cn,
            remark_en,
            created_at: now,
            updated_at: now,
          })
        ).id,
    );
  }
  const categories = await listCollegeCategories(trx, []);
  const categoryIds: number[] = [];
  for (const [sort, category] of COLLEGE_CATEGORIES.entries()) {
    const found = categories.find((c) => c.name_en === category.name_en);
    categoryIds.push(
      found?.id ??
        (await insertCollegeCategory(trx, { ...category, sort, created_at: now, updated_at: now })).id,
    );
  }
  return { timeIds, categoryIds };
}

async function demoUsers(
  trx: Db,
  organizations: Map<string, number>,
  hashes: Map<string, string>,
  adminId: number,
  now: number,
): Promise<DemoUserIds> {
  const roles = new Map((await repo.findRoleIdsByCode(trx)).map((r) => [r.code, r.id]));
  const ids: Partial<DemoUserIds> = {};
  for (const user of DEMO_USERS) {
    const hash = hashes.get(user.account);
    const roleId = roles.get(user.role);
    if (!hash || roleId === undefined) {
      // The account exists (or its role was removed): scans are recorded in the administrator's name.
      ids[user.key] = (await findUserByAccount(trx, user.account))?.id ?? adminId;
      continue;
    }
    ids[user.key] = await insertManagedUser(trx, {
      account: user.account,
      name: user.name,
      email: `${user.account}@example.org`,
      password_hash: hash,
      role_id: roleId,
      organization_id: organizations.get(user.organization.join('/')) ?? null,
      enabled: 1,
      now,
    });
  }
  return ids as DemoUserIds;
}

/**
 * Fills an empty database with the demo set: organisations, two meetings with their files,
 * sessions and registration types, a few hundred guests, enrolments and this morning's scans,
 * and the demo users. One transaction: all of it or nothing.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const now = options.now ?? Date.now();
  const random = new DemoRandom(options.seed ?? 20_261_123);
  const window = scanWindowFor(now);

  const adminId = await repo.findAdministratorId(db);
  if (adminId === undefined)
    throw new Error('No enabled administrator: create the first one before the demo data.');
  const meetings = await repo.countMeetings(db);
  if (meetings > 0 && !options.force) throw new DemoDataRefusedError(meetings);

  // Hashing is slow on purpose: done before the transaction takes the write lock.
  const passwords = new Map<string, string>();
  const hashes = new Map<string, string>();
  for (const user of DEMO_USERS) {
    if (await accountExists(db, user.account)) continue;
    const password = options.passwords?.[user.key] ?? randomToken(12);
    const problem = passwordWeakness(password, user);
    if (problem) throw new Error(`The password for ${user.account} is too weak (${problem}).`);
    passwords.set(user.account, password);
    hashes.set(user.account, await hashPassword(password));
  }

  return db.transaction().execute(async (trx) => {
    // Checked again under the write lock: a meeting created meanwhile still stops the seed.
    const count = await repo.countMeetings(trx);
    if (count > 0 && !options.force) throw new DemoDataRefusedError(count);
    const organizations = await organizationTree(trx, now - 60 * DAY);
    const { timeIds, categoryIds } = await dictionaries(trx, now - 45 * DAY);
    const users = await demoUsers(trx, organizations.ids, hashes, adminId, now - 40 * DAY);
    const takenPhones = new Set<string>();
    const seeded: SeededMeeting[] = [];
    for (const def of DEMO_MEETINGS) {
      const organizationId = organizations.ids.get(def.organization.join('/'));
      if (organizationId === undefined)
        throw new Error(`unknown demo organisation ${def.organization.join('/')}`);
      seeded.push(
        await seedMeeting(trx, random, def, {
          now,
          adminId,
          organizationId,
          timeIds,
          categoryIds,
          users,
          window,
          takenPhones,
        }),
      );
    }
    const guests = seeded.reduce((n, m) => n + m.guests, 0);
    const scans = seeded.reduce((n, m) => n + m.scans, 0);
    await insertLog(trx, {
      ...storedMessageColumns({ key: 'demo.loaded', params: { meetings: seeded.length, guests, scans } }),
      action_type: 'create',
      source_type: 'system',
      username: null,
      ip: null,
      ip_location: null,
      created_at: now,
      changes: null,
    });
    return {
      organizations: organizations.created,
      meetings: seeded,
      users: DEMO_USERS.map((u) => ({
        account: u.account,
        name: u.name,
        role: u.role,
        password: passwords.get(u.account) ?? null,
      })),
      scanWindow: window,
    };
  });
}
