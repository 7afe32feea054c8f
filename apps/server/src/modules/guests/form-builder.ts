import type { FormField } from '@meetflow/shared/forms/form-definition';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import type { RegistrationForm, RegistrationFormBody } from '@meetflow/shared/schemas/forms';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { DatabaseKind, Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import { parseFields } from './registration-form.ts';
import { answeredKeys, findForm, saveForm } from './registration-form.repository.ts';

/**
 * The back office's form builder (issue 42): read and replace a meeting's own fields. Safe after
 * sign-ups: a field with answers keeps its key and type and is retired rather than removed;
 * reordering and relabelling are free. Every save is audited field by field, before and after.
 */
export function createFormBuilder(deps: {
  db: Db;
  dbKind: DatabaseKind;
  systemLog: SystemLog;
  webhooks: WebhookEmitter;
  clock: () => number;
}) {
  const { db, dbKind, systemLog, clock } = deps;

  async function read(meetingId: number): Promise<RegistrationForm> {
    const [stored, answered] = await Promise.all([
      findForm(db, meetingId),
      answeredKeys(db, dbKind, meetingId),
    ]);
    return { fields: parseFields(stored?.fields), version: stored?.version ?? 0, answered_keys: answered };
  }

  return {
    async get(user: AuthUser, meetingId: number): Promise<RegistrationForm> {
      await visibleMeeting(db, user, meetingId);
      return await read(meetingId);
    },

    async update(user: AuthUser, meetingId: number, body: RegistrationFormBody, ip: string) {
      const meeting = await visibleMeeting(db, user, meetingId);
      const next = body.fields as FormField[];
      const before = await read(meetingId);
      if (before.version !== body.version) throw new AppError('CONFLICT');
      assertAnsweredKept(before.fields, next, before.answered_keys);
      const saved = await db.transaction().execute(async (trx) => {
        if (!(await saveForm(trx, meetingId, JSON.stringify(next), body.version, clock()))) return false;
        await deps.webhooks.emit(trx, {
          type: 'meeting.updated',
          meetingId,
          data: { name: meeting.name, changed: ['registration_form'] },
        });
        return true;
      });
      if (!saved) throw new AppError('CONFLICT');
      const changes = formChanges(before.fields, next);
      await systemLog.record({
        action: 'update',
        source: 'admin',
        message: {
          key: 'registration_form.updated',
          params: { meeting_id: meetingId, meeting_name: meeting.name, count: changes.length },
        },
        username: user.auditName,
        ip,
        changes,
      });
      return await read(meetingId);
    },
  };
}
export type FormBuilder = ReturnType<typeof createFormBuilder>;

/** A field that has answers stays, with its type: it may only be retired (400 on the list otherwise). */
function assertAnsweredKept(
  before: readonly FormField[],
  next: readonly FormField[],
  answered: readonly string[],
) {
  const nextByKey = new Map(next.map((f, i) => [f.key, { field: f, index: i }]));
  const beforeByKey = new Map(before.map((f) => [f.key, f]));
  for (const key of answered) {
    const now = nextByKey.get(key);
    const then = beforeByKey.get(key);
    if (!now) {
      throw new AppError('VALIDATION_FAILED', { data: { fields: { fields: 'formFieldAnswered' } } });
    }
    if (then && then.type !== now.field.type) {
      throw new AppError('VALIDATION_FAILED', {
        data: { fields: { [`fields.${now.index}.type`]: 'formFieldAnswered' } },
      });
    }
  }
}

const CHANGE_MAX = 2000;
const clip = (value: string | null) =>
  value && value.length > CHANGE_MAX ? `${value.slice(0, CHANGE_MAX)}…` : value;

/** One change per field added, removed or changed (its definition as JSON), and one for the order. */
export function formChanges(before: readonly FormField[], after: readonly FormField[]): FieldChange[] {
  const changes: FieldChange[] = [];
  const beforeByKey = new Map(before.map((f) => [f.key, JSON.stringify(f)]));
  const afterByKey = new Map(after.map((f) => [f.key, JSON.stringify(f)]));
  for (const key of new Set([...afterByKey.keys(), ...beforeByKey.keys()])) {
    const from = beforeByKey.get(key) ?? null;
    const to = afterByKey.get(key) ?? null;
    if (from !== to) changes.push({ field: `field ${key}`, before: clip(from), after: clip(to) });
  }
  const orderBefore = before.map((f) => f.key).join(', ');
  const orderAfter = after.map((f) => f.key).join(', ');
  if (orderBefore !== orderAfter) changes.push({ field: 'order', before: orderBefore, after: orderAfter });
  return changes;
}
