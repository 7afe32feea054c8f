import type { z } from 'zod';
import type { CollegeCategory, collegeCategoryBody } from '@meetflow/shared/schemas/dictionary';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './college-categories.repository.ts';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleOrganizationIds } from '../../core/organization-scope.ts';
import {
  assertOwnerWritable,
  createAuditor,
  entryChanges,
  requestedOwner,
  type DictionaryDeps,
} from './dictionary-context.ts';

type Body = z.output<typeof collegeCategoryBody>;

const logParams = (c: { id: number; name: string }) => ({ id: c.id, name: c.name });

/**
 * The college categories offered on the date-schedule sign-up form: global ones and those owned by
 * an organisation subtree (see dictionary-context.ts).
 */
export function createCollegeCategoriesService({ db, systemLog, clock }: DictionaryDeps) {
  const audit = createAuditor(systemLog);

  /** The category the user may change; 404 when missing or outside their subtree. */
  async function writableCategory(user: AuthUser, id: number) {
    const row = await repo.findCollegeCategory(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    await assertOwnerWritable(db, user, row.organization_id);
    return row;
  }

  return {
    list: async (user: AuthUser): Promise<CollegeCategory[]> =>
      repo.listCollegeCategories(db, await visibleOrganizationIds(db, user)),

    async create(actor: Actor, body: Body): Promise<CollegeCategory> {
      const owner = await requestedOwner(db, actor.user, body.organization_id, actor.user.organizationId);
      const now = clock();
      const row = await repo.insertCollegeCategory(db, {
        ...body,
        organization_id: owner,
        created_at: now,
        updated_at: now,
      });
      await audit(
        actor,
        'create',
        { key: 'college_category.created', params: logParams(row) },
        entryChanges(null, row),
      );
      return row;
    },

    async update(actor: Actor, id: number, body: Body): Promise<CollegeCategory> {
      const existing = await writableCategory(actor.user, id);
      const owner = await requestedOwner(db, actor.user, body.organization_id, existing.organization_id);
      const row = await repo.updateCollegeCategory(db, id, {
        ...body,
        organization_id: owner,
        updated_at: clock(),
      });
      if (!row) throw new AppError('NOT_FOUND');
      await audit(
        actor,
        'update',
        { key: 'college_category.updated', params: logParams(row) },
        entryChanges(existing, row),
      );
      return row;
    },

    /** Refused while guests carry it: their sign-ups would lose what they chose. */
    async remove(actor: Actor, id: number): Promise<void> {
      const row = await writableCategory(actor.user, id);
      if (!(await repo.deleteUnusedCollegeCategory(db, id))) throw new AppError('COLLEGE_CATEGORY_IN_USE');
      await audit(
        actor,
        'delete',
        { key: 'college_category.deleted', params: logParams(row) },
        entryChanges(row, null),
      );
    },
  };
}
export type CollegeCategoriesService = ReturnType<typeof createCollegeCategoriesService>;
