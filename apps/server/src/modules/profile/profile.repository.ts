import type { Db } from '../../db/database.ts';

export async function updateProfile(
  db: Db,
  userId: number,
  values: { name: string; email: string | null; language: string | null },
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: now })
    .where('id', '=', userId)
    .execute();
}
