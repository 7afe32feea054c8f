import type { Language } from '@meetflow/shared/languages';
import type { BroadcastTexts } from '@meetflow/shared/schemas/mail';
import { PermanentJobError, type JobRow } from '../jobs/jobs.service.ts';
import { textLanguage, type BroadcastPayload, type MailPayload } from './mail-compose.ts';
import type { BroadcastDeps } from './mail-broadcasts.ts';
import { messageIdOf } from './mail-signing.ts';

type JobDeps = Pick<BroadcastDeps, 'db' | 'jobs' | 'composer' | 'transport' | 'broadcastPerMinute'>;

/** The `mail.broadcast` job: one paced `mail` job per confirmed recipient. */
export async function fanOutBroadcast(deps: JobDeps, job: JobRow): Promise<void> {
  const { db, jobs } = deps;
  const { guest_ids: guestIds } = JSON.parse(job.payload) as BroadcastPayload;
  const spacingMs = 60_000 / deps.broadcastPerMinute;
  for (let i = 0; i < guestIds.length; i += 500) {
    await db.transaction().execute(async (trx) => {
      for (const [offset, guestId] of guestIds.slice(i, i + 500).entries()) {
        await jobs.enqueue(trx, {
          kind: 'mail',
          key: `broadcast:${job.id}:${guestId}`,
          payload: { type: 'broadcast', broadcast_id: job.id } satisfies MailPayload,
          // Spread over time: the throttle holds across instances and lets confirmations pass between.
          runAt: job.created_at + Math.floor((i + offset) * spacingMs),
          meetingId: job.meeting_id,
          guestId,
        });
      }
    });
  }
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
