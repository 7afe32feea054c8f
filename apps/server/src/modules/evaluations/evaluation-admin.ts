import type { EvaluationQuestion } from '@meetflow/shared/forms/evaluation-definition';
import type { FieldMessageKey } from '@meetflow/shared/field-messages';
import type { Evaluation, EvaluationList } from '@meetflow/shared/schemas/evaluations';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { DatabaseKind, Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { sessionNames } from '../dictionary/dictionary.reads.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import * as answers from './evaluation-answers.repository.ts';
import { countsOf } from './evaluation-counts.ts';
import { storedValues, toEvaluation, type ParsedBody } from './evaluation-format.ts';
import type { EvaluationPresence } from './evaluations.module.ts';
import * as repo from './evaluations.repository.ts';

export interface EvaluationAdminDeps {
  db: Db;
  dbKind: DatabaseKind;
  clock: () => number;
  systemLog: SystemLog;
  presence: EvaluationPresence;
}

/**
 * The back office's evaluations (`certificate:manage`): list, read, add, save under a version,
 * delete while nobody answered. Once answered, a question keeps its key, type and options (it may
 * be retired) and the anonymity is fixed. Every change is one audit entry with before and after.
 */
export function createEvaluationAdmin(deps: EvaluationAdminDeps) {
  const { db, dbKind, clock, systemLog } = deps;

  async function sessionsOf(meetingId: number) {
    return new Map((await sessionNames(db, meetingId)).map((s) => [s.id, s.name]));
  }

  async function view(row: repo.EvaluationRecord, sessions: Map<number, string>): Promise<Evaluation> {
    const [answeredKeys, counts] = await Promise.all([
      answers.answeredKeys(db, dbKind, row.id),
      countsOf(deps, row),
    ]);
    return toEvaluation(row, {
      scope_name: sessions.get(row.scope_id) ?? '',
      answered_keys: answeredKeys,
      counts,
    });
  }

  /** The evaluation and its meeting, if the user may see the meeting (404 otherwise). */
  async function visible(user: AuthUser, id: number) {
    const row = await repo.findEvaluation(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    const meeting = await visibleMeeting(db, user, row.meeting_id);
    return { row, meeting };
  }

  async function record(
    user: AuthUser,
    ip: string,
    action: 'create' | 'update' | 'delete',
    key: 'evaluations.created' | 'evaluations.updated' | 'evaluations.deleted',
    meeting: VisibleMeeting,
    id: number,
    changes: FieldChange[],
  ) {
    await systemLog.record({
      action,
      source: 'admin',
      message: { key, params: { meeting_id: meeting.id, meeting_name: meeting.name, evaluation_id: id } },
      username: user.auditName,
      ip,
      changes,
    });
  }

  async function assertScope(
    meetingId: number,
    body: ParsedBody,
    sessions: Map<number, string>,
    id?: number,
  ) {
    if (body.scope_id !== 0 && !sessions.has(body.scope_id))
      throw fieldError('scope_id', 'sessionNotInMeeting');
    const taken = (await repo.findMeetingEvaluations(db, meetingId)).some(
      (e) => e.scope_id === body.scope_id && e.id !== id,
    );
    if (taken) throw fieldError('scope_id', 'evaluationScopeTaken');
  }

  return {
    async list(user: AuthUser, meetingId: number): Promise<EvaluationList> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const sessions = await sessionsOf(meeting.id);
      const rows = await repo.findMeetingEvaluations(db, meeting.id);
      const items = await Promise.all(rows.map((row) => view(row, sessions)));
      return { items: items.map(({ fields: _f, intro: _i, ...item }) => item) };
    },

    async get(user: AuthUser, id: number): Promise<Evaluation> {
      const { row, meeting } = await visible(user, id);
      return view(row, await sessionsOf(meeting.id));
    },

    async create(user: AuthUser, meetingId: number, body: ParsedBody, ip: string): Promise<Evaluation> {
      const meeting = await visibleMeeting(db, user, meetingId);
      if (body.version !== 0) throw new AppError('CONFLICT');
      const sessions = await sessionsOf(meeting.id);
      await assertScope(meeting.id, body, sessions);
      const now = clock();
      const values = storedValues(body);
      const id = await repo.insertEvaluation(db, {
        ...values,
        meeting_id: meeting.id,
        created_at: now,
        updated_at: now,
      });
      if (id === undefined) throw fieldError('scope_id', 'evaluationScopeTaken');
      await record(user, ip, 'create', 'evaluations.created', meeting, id, changesOf(null, body));
      return view((await repo.findEvaluation(db, id))!, sessions);
    },

    async update(user: AuthUser, id: number, body: ParsedBody, ip: string): Promise<Evaluation> {
      const { row, meeting } = await visible(user, id);
      if (body.version !== row.version) throw new AppError('CONFLICT');
      const sessions = await sessionsOf(meeting.id);
      await assertScope(meeting.id, body, sessions, id);
      const before = toEvaluation(row, { scope_name: '', answered_keys: [], counts: noCounts });
      if (await answers.hasAnswers(db, id)) {
        if (body.scope_id !== row.scope_id) throw fieldError('scope_id', 'evaluationScopeFixed');
        if (body.anonymous !== before.anonymous) throw fieldError('anonymous', 'evaluationAnonymityFixed');
        assertAnsweredKept(before.fields, body.fields, await answers.answeredKeys(db, dbKind, id));
      }
      const saved = await repo.updateEvaluation(db, id, body.version, {
        ...storedValues(body),
        updated_at: clock(),
      });
      if (!saved) throw new AppError('CONFLICT');
      await record(user, ip, 'update', 'evaluations.updated', meeting, id, changesOf(before, body));
      return view((await repo.findEvaluation(db, id))!, sessions);
    },

    async remove(user: AuthUser, id: number, ip: string): Promise<void> {
      const { row, meeting } = await visible(user, id);
      if (await answers.hasAnswers(db, id)) throw new AppError('EVALUATION_ANSWERED');
      const before = toEvaluation(row, { scope_name: '', answered_keys: [], counts: noCounts });
      await db.transaction().execute(async (trx) => {
        await answers.deleteInvitations(trx, id);
        await repo.deleteEvaluation(trx, id);
      });
      await record(user, ip, 'delete', 'evaluations.deleted', meeting, id, changesOf(before, null));
    },
  };
}
export type EvaluationAdmin = ReturnType<typeof createEvaluationAdmin>;

const noCounts = { eligible: 0, invited: 0, completed: 0, response_rate: 0 };

/**
 * A question that has answers stays, with its type and its options (a 400 on the list or on the
 * question's path otherwise): it may be retired, relabelled and moved.
 */
function assertAnsweredKept(
  before: readonly EvaluationQuestion[],
  next: readonly EvaluationQuestion[],
  answered: readonly string[],
) {
  const nextByKey = new Map(next.map((field, index) => [field.key, { field, index }]));
  const beforeByKey = new Map(before.map((field) => [field.key, field]));
  const fields: Record<string, FieldMessageKey> = {};
  for (const key of answered) {
    const now = nextByKey.get(key);
    const then = beforeByKey.get(key);
    if (!then) continue;
    if (!now) fields['fields'] = 'formFieldAnswered';
    else if (then.type !== now.field.type) fields[`fields.${now.index}.type`] = 'formFieldAnswered';
    else {
      const values = new Set(now.field.options.map((o) => o.value));
      if (then.options.some((o) => !values.has(o.value)))
        fields[`fields.${now.index}.options`] = 'formOptionAnswered';
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { data: { fields } });
}

const CHANGE_MAX = 2000;
const clip = (value: string | null) =>
  value && value.length > CHANGE_MAX ? `${value.slice(0, CHANGE_MAX)}…` : value;

/** The settings that changed by name, then one change per question added, removed or changed. */
function changesOf(before: Settled | null, after: Settled | null): FieldChange[] {
  const changes = fieldChanges(before && settings(before), after && settings(after));
  const questions = (list: readonly EvaluationQuestion[] | undefined) =>
    new Map((list ?? []).map((q) => [q.key, JSON.stringify(q)]));
  const from = questions(before?.fields);
  const to = questions(after?.fields);
  for (const key of new Set([...to.keys(), ...from.keys()])) {
    const was = from.get(key) ?? null;
    const is = to.get(key) ?? null;
    if (was !== is) changes.push({ field: `question ${key}`, before: clip(was), after: clip(is) });
  }
  const order = (list: readonly EvaluationQuestion[] | undefined) =>
    (list ?? []).map((q) => q.key).join(', ');
  if (before && after && order(before.fields) !== order(after.fields))
    changes.push({ field: 'order', before: order(before.fields), after: order(after.fields) });
  return changes;
}

type Settled = Omit<ParsedBody, 'version'>;

function settings(e: Settled) {
  return {
    scope_id: e.scope_id,
    title: JSON.stringify(e.title),
    intro: JSON.stringify(e.intro),
    anonymous: e.anonymous,
    pass_mark: e.pass_mark,
    state: e.state,
    remind_after_days: e.remind_after_days,
    closes_on: e.closes_on,
  };
}
