import { Migrator } from 'kysely/migration';
import { migrations } from '../db/migrate.ts';
import { CommandFailure, UsageError, type AdminContext } from './admin-context.ts';
import type { CommandOutput } from './admin-users.ts';

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());
/** One line of a message: errors can hold line breaks. */
const oneLine = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim() || '-';

export async function failedJobsCommand(ctx: AdminContext, io: CommandOutput, kind: string | undefined) {
  const jobs = await ctx.jobs.listFailed({ kind, limit: 200 });
  if (jobs.length === 0) {
    io.say(kind ? `No failed jobs of kind "${kind}".` : 'No failed jobs.');
    return;
  }
  io.out(
    [
      'id\tkind\tattempts\tfailed at\tlast error',
      ...jobs.map((job) =>
        [job.id, job.kind, job.attempts, when(job.finished_at), oneLine(job.last_error)].join('\t'),
      ),
    ].join('\n'),
  );
  io.say(`${jobs.length} failed job(s)${jobs.length === 200 ? ' (the newest 200)' : ''}.`);
}

export async function retryJobsCommand(
  ctx: AdminContext,
  io: CommandOutput,
  args: { id: string | undefined; allFailed: boolean; kind: string | undefined },
) {
  if (args.allFailed === (args.id !== undefined))
    throw new UsageError('Name one job id, or --all-failed (optionally with --kind).');
  if (args.id !== undefined && args.kind !== undefined)
    throw new UsageError('--kind goes with --all-failed.');
  const id = args.id === undefined ? undefined : Number(args.id);
  if (id !== undefined && !(Number.isSafeInteger(id) && id > 0))
    throw new UsageError('A job id is a whole number.');
  const requeued = await ctx.jobs.retryFailed(id === undefined ? { kind: args.kind } : { ids: [id] });
  if (requeued.length === 0) {
    if (id !== undefined) {
      const job = await ctx.jobs.findJob(id);
      throw new CommandFailure(
        job ? `Job ${id} is ${job.status}, not failed: left as it is.` : `No job ${id}.`,
      );
    }
    io.say('No failed jobs to retry.');
    return;
  }
  await ctx.record('update', {
    key: 'jobs.retried',
    params: { count: requeued.length, ids: requeued.join(', ') },
  });
  io.say(
    `Put ${requeued.length} job(s) back in the queue (${requeued.join(', ')}); a running worker takes them.`,
  );
}

export async function migrationsCommand(ctx: AdminContext, io: CommandOutput) {
  const migrator = new Migrator({ db: ctx.db, provider: { getMigrations: async () => migrations } });
  const all = await migrator.getMigrations();
  io.out(
    all
      .map((m) => `${m.executedAt ? `applied ${m.executedAt.toISOString()}` : 'pending'}\t${m.name}`)
      .join('\n'),
  );
  const pending = all.filter((m) => !m.executedAt).length;
  io.say(
    pending
      ? `${pending} pending: npm run db:migrate applies them (the server does at start).`
      : `All ${all.length} applied (${ctx.kind}).`,
  );
}
