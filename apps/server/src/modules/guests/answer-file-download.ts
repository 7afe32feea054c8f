import type { AnswerValue, FileAnswer } from '@meetflow/shared/forms/form-engine';
import type { AuthUser } from '../../core/auth-user.ts';
import { AppError } from '../../lib/app-error.ts';
import { storedFile } from '../files/files.reads.ts';
import { visibleGuest, type GuestLog } from './guest-admin-common.ts';
import type { GuestsDeps } from './guest-admin.service.ts';
import * as repo from './guests.repository.ts';
import { parseAnswers } from './registration-form.ts';

export interface AnswerFileDownload {
  /** The name the guest's answer keeps (what their phone sent, cleaned at upload). */
  name: string;
  mime: string;
  data: Uint8Array;
}

function isFileAnswer(value: AnswerValue | undefined): value is FileAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value;
}

/**
 * A file a guest answered with (issue 42: proof of membership), for the back office: only through a
 * guest the user may see (404 otherwise) whose stored answers name that file (404 for any other id,
 * even a stored one), and audited with the guest and the field's key only (the file and its name
 * are personal data).
 */
export async function answerFileDownload(
  deps: Pick<GuestsDeps, 'db'>,
  log: GuestLog,
  user: AuthUser,
  guestId: number,
  fileId: string,
  ip: string,
): Promise<AnswerFileDownload> {
  const guest = await visibleGuest(deps, user, guestId);
  const answers = parseAnswers((await repo.findGuestAnswers(deps.db, guest.id))?.answers);
  const named = Object.entries(answers).find(([, value]) => isFileAnswer(value) && value.id === fileId);
  if (!named) throw new AppError('NOT_FOUND');
  const [key, answer] = named as [string, FileAnswer];
  const file = await storedFile(deps.db, fileId);
  if (!file) throw new AppError('NOT_FOUND');
  await log(user, ip, 'export', {
    key: 'guest.answer_file_downloaded',
    params: { guest_id: guest.id, meeting_id: guest.meeting_id, key },
  });
  return { name: answer.name, mime: file.mime, data: file.data };
}
