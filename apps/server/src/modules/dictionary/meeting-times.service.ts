import type { z } from 'zod';
import type { MeetingTime, meetingTimeBody } from '@meetflow/shared';
import { AppError } from '../../lib/app-error.ts';
import { createAuditor, type Actor, type DictionaryDeps } from './dictionary-context.ts';
import * as repo from './meeting-times.repository.ts';

type Body = z.output<typeof meetingTimeBody>;

const describe = (t: { id: number; start_time: string; end_time: string }) =>
  `meeting time #${t.id} (${t.start_time}-${t.end_time})`;

/** The global dictionary of time slots (HH:mm–HH:mm) that sessions pick from. */
export function createMeetingTimesService({ db, systemLog, clock }: DictionaryDeps) {
  const audit = createAuditor(systemLog);
  return {
    list: (): Promise<MeetingTime[]> => repo.listMeetingTimes(db),

    async create(actor: Actor, body: Body): Promise<MeetingTime> {
      const now = clock();
      const row = await repo.insertMeetingTime(db, { ...body, created_at: now, updated_at: now });
      await audit(actor, 'create', `Created ${describe(row)}`);
      return row;
    },

    async update(actor: Actor, id: number, body: Body): Promise<MeetingTime> {
      const row = await repo.updateMeetingTime(db, id, { ...body, updated_at: clock() });
      if (!row) throw new AppError('NOT_FOUND');
      await audit(actor, 'update', `Updated ${describe(row)}`);
      return row;
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const row = await repo.findMeetingTime(db, id);
      if (!row) throw new AppError('NOT_FOUND');
      if (!(await repo.deleteUnusedMeetingTime(db, id))) throw new AppError('MEETING_TIME_IN_USE');
      await audit(actor, 'delete', `Deleted ${describe(row)}`);
    },
  };
}
export type MeetingTimesService = ReturnType<typeof createMeetingTimesService>;
