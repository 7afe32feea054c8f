import type { Answers } from '@meetflow/shared/forms/form-engine';
import { ApiError } from '../../../lib/http-errors.ts';
import { newScanNonce } from '../scan-retry.ts';
import { isSessionLost, isUnreachable } from './door-api.ts';
import { emit, noteFailure, type DoorContext } from './door-context.ts';
import { put, scheduleSave } from './door-copy.ts';
import type { DoorAnswer } from './door-types.ts';
import { withoutAnswered } from './open-questions.ts';
import type { QueuedScan } from './station-store.ts';

/*
 * Answers given at the door (issue 42), online or not. A scan still waiting in the queue takes them
 * with it; otherwise the server records them at once; out of its reach they queue as an item of
 * their own behind the scans, and go up with them. Either way the station stops asking them.
 */

export type DoorAnswersSaved =
  /** On the server now, or on this device to go up with the queue. */
  | { status: 'saved' | 'queued' }
  /** The server refused them: the message of each field, by key. */
  | { status: 'invalid'; errors: Record<string, string> };

/** The queued scan's upload holds this lock: answers join a scan only while no upload has it. */
const UPLOAD_LOCK = 'meetflow-station-upload';

function underUploadLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(UPLOAD_LOCK, work) : work();
}

/** The server's refusal of the answers, by field key (it names them `answers.<key>`). */
function refusedFields(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError)) return null;
  const fields = (error.data as { fields?: Record<string, string> } | null)?.fields;
  if (!fields) return null;
  const byKey = Object.entries(fields)
    .filter(([path]) => path.startsWith('answers.'))
    .map(([path, message]) => [path.slice('answers.'.length), message]);
  return byKey.length > 0 ? Object.fromEntries(byKey) : null;
}

/** Closes the answered questions in the copy held here. */
function closeAnswered(ctx: DoorContext, guestId: number, values: Answers) {
  const guest = ctx.byId.get(guestId);
  if (!guest) return;
  put(ctx, withoutAnswered(ctx.meta?.door_fields, guest, values));
  scheduleSave(ctx);
}

export async function saveDoorAnswers(
  ctx: DoorContext,
  answer: DoorAnswer,
  values: Answers,
): Promise<DoorAnswersSaved> {
  const guest = answer.guest;
  if (!guest || answer.result !== 'success' || !answer.type) throw new Error('no check-in to answer for');
  const { scope, store } = ctx;
  // Judged here and still queued: the scan carries them.
  if (answer.offline && (await underUploadLock(() => store.attachAnswers(answer.nonce, values)))) {
    closeAnswered(ctx, guest.id, values);
    return { status: 'queued' };
  }
  if (ctx.status.online && !ctx.status.needsLogin && ctx.status.queued === 0) {
    try {
      await ctx.api.saveAnswers({
        meeting_id: scope.meetingId,
        schedule_id: scope.scheduleId,
        guest_id: guest.id,
        answers: values,
      });
      closeAnswered(ctx, guest.id, values);
      return { status: 'saved' };
    } catch (error) {
      noteFailure(ctx, error);
      const refused = refusedFields(error);
      if (refused) return { status: 'invalid', errors: refused };
      if (!isUnreachable(error) && !isSessionLost(error)) throw error;
    }
  }
  // Out of reach, or behind scans still waiting: in the queue, in the order given.
  const item: QueuedScan = {
    nonce: newScanNonce(),
    meeting_id: scope.meetingId,
    schedule_id: scope.scheduleId,
    station: scope.station,
    direction: answer.type,
    type: answer.type,
    at: answer.at,
    guest_id: guest.id,
    guest_name: guest.name,
    answers: values,
    answers_only: true,
  };
  await store.enqueue(item);
  closeAnswered(ctx, guest.id, values);
  emit(ctx, { queued: await store.queueLength() });
  return { status: 'queued' };
}
