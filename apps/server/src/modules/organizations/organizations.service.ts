import type {
  CreateOrganizationBody,
  MoveOrganizationBody,
  Organization,
  OrganizationNode,
  RenameOrganizationBody,
} from '@meetflow/shared/schemas/organizations';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import type { Region } from '@meetflow/shared/constants';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { isAdministrator, type Actor, type AuthUser } from '../../core/auth-user.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { LogMessage, SystemLog } from '../system-log/system-log.service.ts';
import { buildTree } from './organization-tree.ts';
import { ancestorIds, subtreeIds, visibleOrganizationIds } from '../../core/organization-scope.ts';
import * as orgs from './organizations.repository.ts';

/**
 * The region of an organisation, or of its nearest ancestor that has one (the public meeting's area
 * code): a department inherits its college's. Null when none up the tree has one. Two queries at any
 * depth: the ancestors (core's ancestorIds; pass them when already read) and their rows.
 */
export async function inheritedRegion(
  db: Db,
  organizationId: number,
  ancestors?: readonly number[],
): Promise<Region | null> {
  const chain = ancestors ?? (await ancestorIds(db, organizationId));
  const rows = new Map((await orgs.listOrganizations(db, [...chain])).map((r) => [Number(r.id), r]));
  // Up by parent_id rather than trusting the chain's order; at most one step per row, so no cycles.
  let id: number | null = organizationId;
  for (let steps = 0; id !== null && steps <= rows.size; steps += 1) {
    const row = rows.get(id);
    if (!row) return null;
    if (row.region) return row.region;
    id = row.parent_id === null ? null : Number(row.parent_id);
  }
  return null;
}

interface Deps {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
}

/** Only users who see every organisation may work at the top level of the tree. */
function refuseTopLevel(actor: Actor): void {
  if (!isAdministrator(actor.user))
    throw new AppError('VALIDATION_FAILED', { data: { fields: { parent_id: 'organizationRequired' } } });
}

export function createOrganizationsService({ db, systemLog, clock }: Deps) {
  /** The organisation if the actor may see it; otherwise 404, whether it exists or not. */
  async function visibleOrganization(trx: Db, actor: Actor, id: number): Promise<Organization> {
    const row = await orgs.findOrganization(trx, id);
    const visible = await visibleOrganizationIds(trx, actor.user);
    if (!row || (visible !== null && !visible.includes(id))) throw new AppError('NOT_FOUND');
    return row;
  }

  async function assertNameFree(trx: Db, parentId: number | null, name: string, exceptId?: number) {
    if (await orgs.siblingNameExists(trx, parentId, name, exceptId))
      throw new AppError('ORGANIZATION_NAME_TAKEN');
  }

  /** Places `id` at `position` among its siblings (end when omitted) and renumbers them 0..n. */
  async function reorder(trx: Db, parentId: number | null, id: number, position: number | undefined) {
    const siblings = (await orgs.listChildren(trx, parentId)).filter((s) => s.id !== id);
    const at = Math.min(position ?? siblings.length, siblings.length);
    const ordered = [...siblings.slice(0, at), { id, sort: -1 }, ...siblings.slice(at)];
    for (const [index, sibling] of ordered.entries()) {
      if (sibling.sort !== index) await orgs.setSort(trx, sibling.id, index);
    }
    return at;
  }

  const log = (
    actor: Actor,
    action: 'create' | 'update' | 'delete',
    message: LogMessage,
    changes: FieldChange[],
  ) =>
    systemLog.record({
      action,
      source: 'admin',
      message,
      username: actor.user.auditName,
      ip: actor.ip,
      changes,
    });

  /** What an audit entry compares of an organisation: its place in the tree and its name. */
  const audited = (o: Organization) => ({
    name: o.name,
    parent_id: o.parent_id,
    sort: o.sort,
    region: o.region,
  });

  return {
    async tree(user: AuthUser): Promise<OrganizationNode[]> {
      const visible = await visibleOrganizationIds(db, user);
      return buildTree(await orgs.listOrganizations(db, visible));
    },

    async create(actor: Actor, body: CreateOrganizationBody): Promise<Organization> {
      const parentId = body.parent_id ?? null;
      if (parentId === null) refuseTopLevel(actor);
      const { created, parent } = await db.transaction().execute(async (trx) => {
        const parent = parentId === null ? null : await visibleOrganization(trx, actor, parentId);
        await assertNameFree(trx, parentId, body.name);
        const siblings = await orgs.listChildren(trx, parentId);
        const sort = siblings.length ? Math.max(...siblings.map((s) => s.sort)) + 1 : 0;
        const id = await orgs.insertOrganization(trx, {
          name: body.name,
          parent_id: parentId,
          sort,
          now: clock(),
        });
        return { created: { id, name: body.name, parent_id: parentId, sort, region: null }, parent };
      });
      const named = { id: created.id, name: created.name };
      await log(
        actor,
        'create',
        parent
          ? {
              key: 'organization.created',
              params: { ...named, parent_id: parent.id, parent_name: parent.name },
            }
          : { key: 'organization.created_top', params: named },
        fieldChanges(null, audited(created)),
      );
      return created;
    },

    /** Renames an organisation and, when the body names one, sets its region (null: none). */
    async rename(actor: Actor, id: number, body: RenameOrganizationBody): Promise<Organization> {
      const { before, after } = await db.transaction().execute(async (trx) => {
        const row = await visibleOrganization(trx, actor, id);
        await assertNameFree(trx, row.parent_id, body.name, id);
        const values = { name: body.name, region: body.region === undefined ? row.region : body.region };
        await orgs.updateOrganization(trx, id, values, clock());
        return { before: row, after: { ...row, ...values } };
      });
      const renamed = before.name !== after.name;
      await log(
        actor,
        'update',
        renamed
          ? {
              key: 'organization.renamed',
              params: { id: before.id, name: before.name, new_name: after.name },
            }
          : { key: 'organization.updated', params: { id: before.id, name: before.name } },
        fieldChanges(
          { name: before.name, region: before.region },
          { name: after.name, region: after.region },
        ),
      );
      return after;
    },

    async move(actor: Actor, id: number, body: MoveOrganizationBody): Promise<Organization> {
      if (body.parent_id === null) refuseTopLevel(actor);
      const { row, parent, sort } = await db.transaction().execute(async (trx) => {
        const row = await visibleOrganization(trx, actor, id);
        const parent = body.parent_id === null ? null : await visibleOrganization(trx, actor, body.parent_id);
        if (parent && (await subtreeIds(trx, id)).includes(parent.id))
          throw new AppError('ORGANIZATION_MOVE_CYCLE');
        await assertNameFree(trx, body.parent_id, row.name, id);
        if (row.parent_id !== body.parent_id) await orgs.setParent(trx, id, body.parent_id, clock());
        const sort = await reorder(trx, body.parent_id, id, body.sort);
        return { row, parent, sort };
      });
      const moved = { id: row.id, name: row.name, sort };
      await log(
        actor,
        'update',
        parent
          ? {
              key: 'organization.moved',
              params: { ...moved, parent_id: parent.id, parent_name: parent.name },
            }
          : { key: 'organization.moved_top', params: moved },
        fieldChanges({ parent_id: row.parent_id, sort: row.sort }, { parent_id: body.parent_id, sort }),
      );
      return { ...row, parent_id: body.parent_id, sort };
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const row = await db.transaction().execute(async (trx) => {
        const row = await visibleOrganization(trx, actor, id);
        const hanging = await orgs.dependents(trx, id);
        if (hanging.children) throw new AppError('ORGANIZATION_HAS_CHILDREN');
        if (hanging.users) throw new AppError('ORGANIZATION_HAS_USERS');
        if (hanging.meetings) throw new AppError('ORGANIZATION_HAS_MEETINGS');
        if (hanging.dictionaryEntries) throw new AppError('ORGANIZATION_HAS_DICTIONARY_ENTRIES');
        await orgs.deleteOrganization(trx, id);
        return row;
      });
      await log(
        actor,
        'delete',
        { key: 'organization.deleted', params: { id: row.id, name: row.name } },
        fieldChanges(audited(row), null),
      );
    },
  };
}
export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
