import type { FileAnswer } from '@meetflow/shared/forms/form-engine';
import { AppError } from '../../lib/app-error.ts';
import type { Upload } from '../../lib/multipart-upload.ts';
import { storeAnswerFile } from '../files/files.service.ts';
import { parseFields } from '../guests/guest-rules.ts';
import { meetingStatus } from './meeting-status.ts';
import { PUBLIC_LIMITS } from './public-limits.ts';
import * as repo from './registration.repository.ts';
import type { RegistrationDeps } from './registration.service.ts';

/**
 * A visitor's file for a file field of the meeting's form (issue 42), uploaded before the sign-up
 * that names it: counted per address before the body is read, taken only while the meeting takes
 * sign-ups and only by a form that asks for a file, then stored by the files module. The sign-up
 * checks that the file its answer names was stored (guest-rules' assertAnswerFiles).
 */
export function createAnswerUpload(deps: Pick<RegistrationDeps, 'db' | 'clock' | 'limiters'>) {
  const { answerUploadPerIp } = PUBLIC_LIMITS;
  const perIp = deps.limiters('public_upload_ip', answerUploadPerIp.points, answerUploadPerIp.seconds);

  return async function uploadAnswerFile(
    publicId: string,
    ip: string,
    read: () => Promise<Upload>,
  ): Promise<FileAnswer> {
    await perIp.consume(ip);
    const meeting = await repo.findLiveMeetingByPublicId(deps.db, publicId);
    if (!meeting) throw new AppError('NO_MEETING');
    const status = meetingStatus(meeting, deps.clock());
    if (status === 'disabled' || status === 'deadline_passed') throw new AppError('REGISTRATION_CLOSED');
    // A form without a file field has nothing to upload for: no anonymous storage there.
    const fields = parseFields(meeting.form_fields ?? undefined);
    if (!fields.some((f) => f.type === 'file' && !f.retired)) throw new AppError('NOT_FOUND');
    const { file } = await read();
    if (!file) throw new AppError('FILE_REQUIRED');
    return storeAnswerFile(deps, file);
  };
}
