import type { JobRow } from '../jobs/jobs.service.ts';
import { audit, entryParams, scopeOf, type CoreContext } from './core-context.ts';
import * as scopes from './waitlist-scopes.repository.ts';
import * as repo from './waitlist.repository.ts';

/** The offer-expiry job: a lapsed offer passes its seat on, once, whichever runner takes the job. */
export async function expireOffer(core: CoreContext, job: JobRow): Promise<void | { skipped: string }> {
  const { deps, locking } = core;
  const payload = JSON.parse(job.payload) as { entry_id: number; offered_at: number };
  const now = deps.clock();
  const expired = await deps.db.transaction().execute(async (trx) => {
    const before = await repo.findEntry(trx, payload.entry_id);
    if (!before) return false;
    await scopes.lockScope(trx, scopeOf(before), locking);
    const entry = (await repo.findEntry(trx, payload.entry_id))!;
    if (entry.status !== 'offered' || entry.offered_at !== payload.offered_at) return false;
    if ((entry.offer_expires_at ?? 0) > now) throw new Error('offer not yet expired');
    await repo.moveEntry(
      trx,
      entry.id,
      ['offered'],
      { status: 'expired', decided_at: now },
      payload.offered_at,
    );
    await scopes.adjustScope(trx, scopeOf(entry), { held: -1 });
    await audit(core, trx, entry, { key: 'waitlist.offer_expired', params: entryParams(entry) }, null, null);
    await core.fill(trx, scopeOf(entry), now);
    return true;
  });
  if (!expired) return { skipped: 'the offer was accepted, declined or withdrawn' };
  deps.mail?.kick();
}
