import type { Db } from '../../db/database.ts';

export async function insertCaptcha(
  db: Db,
  captcha: { id: string; answer_hash: string; expires_at: number },
): Promise<void> {
  await db.insertInto('captchas').values(captcha).execute();
}

/** Deletes and returns the captcha in one statement, so it can be used at most once. */
export function takeCaptcha(db: Db, id: string) {
  return db
    .deleteFrom('captchas')
    .where('id', '=', id)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
}

export async function deleteExpiredCaptchas(db: Db, now: number): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<', now).execute();
}
