import type { Language } from '@meetflow/shared/languages';
import type { BroadcastTexts } from '@meetflow/shared/schemas/mail';
import { PermanentJobError, type JobRow, type Jobs } from '../jobs/jobs.service.ts';
import { textLanguage, type BroadcastPayload, type MailPayload } from './mail-compose.ts';
import type { BroadcastDeps } from './mail-broadcasts.ts';
import { messageIdOf } from './mail-signing.ts';

type JobDeps = Pick<BroadcastDeps, 'db' | 'jobs' | 'composer' | 'transport' | 'broadcastPerMinute'>;

/** Recipients queued per transaction: the writer is free for sign-ups between two of them. */
const FAN_OUT_CHUNK = 500;

/** The `mail.broadcast` job: one paced `mail` job per confirmed recipient, queued in multi-row inserts. */
export async function fanOutBroadcast(
  deps: Pick<JobDeps, 'db' | 'jobs' | 'broadcastPerMinute'>,
  job: JobRow,
): Promise<void> {
  const { db, jobs } = deps;
  const { guest_ids: guestIds } = JSON.parse(job.payload) as BroadcastPayload;
  const spacingMs = 60_000 / deps.broadcastPerMinute;
  // The same text for every message: the recipient is the job's guest.
  const payload = { type: 'broadcast', broadcast_id: job.id } satisfies MailPayload;
  for (let i = 0; i < guestIds.length; i += FAN_OUT_CHUNK) {
    const specs = guestIds.slice(i, i + FAN_OUT_CHUNK).map((guestId, offset) => ({
      kind: 'mail',
      key: `broadcast:${job.id}:${guestId}`,
      payload,
      // Spread over time: the throttle holds across instances and lets confirmations pass between.
      runAt: job.created_at + Math.floor((i + offset) * spacingMs),
      meetingId: job.meeting_id,
      guestId,
    }));
    await db.transaction().execute((trx) => jobs.enqueueMany(trx, specs));
  }
}

/**
 * The organiser's texts of a broadcast, read once per broadcast and kept (they never change once
 * queued): its job's payload also lists every recipient — 100,000 ids at a congress — too much to
 * read and parse again for each of its messages. A few broadcasts are kept, the oldest dropped.
 */
export function broadcastTextsReader(jobs: Pick<Jobs, 'findJob'>, keep = 8) {
  const cache = new Map<number, BroadcastTexts>();
  return async (broadcastId: number): Promise<BroadcastTexts> => {
    const cached = cache.get(broadcastId);
    if (cached) return cached;
    const broadcast = await jobs.findJob(broadcastId);
    if (!broadcast) throw new PermanentJobError('broadcast not found');
    const { texts } = JSON.parse(broadcast.payload) as BroadcastPayload;
    if (cache.size >= keep) cache.delete(cache.keys().next().value!);
    cache.set(broadcastId, texts);
    return texts;
  };
}

/** The `mail.test` job: a broadcast as one guest would get it, sent to the organiser's own address. */
export async function sendBroadcastTest(deps: JobDeps, job: JobRow): Promise<void> {
  const { composer } = deps;
  const payload = JSON.parse(job.payload) as {
    to: string;
    language: Language;
    texts: BroadcastTexts;
    meeting_id: number;
    /** Set when the sender may not see the guests (tests queued before it show the first guest). */
    example_guest?: boolean;
  };
  const guest = await composer.sampleGuest(payload.meeting_id, payload.example_guest !== true);
  if (!guest) throw new PermanentJobError('meeting not found');
  const lang = textLanguage(payload.texts, payload.language);
  const context = await composer.contextOf(
    guest,
    { type: 'broadcast' },
    {},
    lang,
    payload.texts[lang] ?? null,
  );
  const mail = await composer.render(context);
  if (!deps.transport) throw new Error('no mail server configured');
  await deps.transport.send({
    to: payload.to,
    subject: `[TEST] ${mail.subject}`,
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments,
    messageId: messageIdOf(job.idempotency_key),
  });
}
