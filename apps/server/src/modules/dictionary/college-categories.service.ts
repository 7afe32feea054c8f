import type { z } from 'zod';
import type { CollegeCategory, collegeCategoryBody } from '@meetflow/shared';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './college-categories.repository.ts';
import { createAuditor, type Actor, type DictionaryDeps } from './dictionary-context.ts';

type Body = z.output<typeof collegeCategoryBody>;

const describe = (c: { id: number; name: string }) => `college category #${c.id} "${c.name}"`;

/** The global list of college categories offered on the date-schedule sign-up form. */
export function createCollegeCategoriesService({ db, systemLog, clock }: DictionaryDeps) {
  const audit = createAuditor(systemLog);
  return {
    list: (): Promise<CollegeCategory[]> => repo.listCollegeCategories(db),

    async create(actor: Actor, body: Body): Promise<CollegeCategory> {
      const now = clock();
      const row = await repo.insertCollegeCategory(db, { ...body, created_at: now, updated_at: now });
      await audit(actor, 'create', `Created ${describe(row)}`);
      return row;
    },

    async update(actor: Actor, id: number, body: Body): Promise<CollegeCategory> {
      const row = await repo.updateCollegeCategory(db, id, { ...body, updated_at: clock() });
      if (!row) throw new AppError('NOT_FOUND');
      await audit(actor, 'update', `Updated ${describe(row)}`);
      return row;
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const row = await repo.findCollegeCategory(db, id);
      if (!row || !(await repo.deleteCollegeCategory(db, id))) throw new AppError('NOT_FOUND');
      await audit(actor, 'delete', `Deleted ${describe(row)}`);
    },
  };
}
export type CollegeCategoriesService = ReturnType<typeof createCollegeCategoriesService>;
