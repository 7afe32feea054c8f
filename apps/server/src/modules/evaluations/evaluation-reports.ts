import type { Answers } from '@meetflow/shared/forms/form-engine';
import { localText } from '@meetflow/shared/forms/form-basics';
import { nameIn, type Language } from '@meetflow/shared/languages';
import type { EvaluationNonResponders, EvaluationReport } from '@meetflow/shared/schemas/evaluations';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import type { Db, DatabaseKind } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { sessionNames } from '../dictionary/dictionary.reads.ts';
import { liveGuestContacts } from '../guests/guests.reads.ts';
import * as answersRepo from './evaluation-answers.repository.ts';
import { countsOf } from './evaluation-counts.ts';
import { parseQuestions, sessionNameIn, toEvaluation } from './evaluation-format.ts';
import { questionReports } from './evaluation-report.ts';
import type { ReportWorkbookInput } from './evaluation-report-xlsx.ts';
import type { EvaluationPresence } from './evaluations.module.ts';
import { findEvaluation, type EvaluationRecord } from './evaluations.repository.ts';

/*
 * The organiser's and accrediting body's side of an evaluation (issue 43): its report, the same as
 * a workbook, and who may answer and has not (for reminders). The report is read from the answers
 * only; the non-responders from completions and invitations only: neither ever meets the other.
 */

export interface ReportsDeps {
  db: Db;
  dbKind: DatabaseKind;
  presence: EvaluationPresence;
}

/** An answers document as stored; an unreadable one counts as no answers. */
function parseAnswers(json: string): Answers {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Answers) : {};
  } catch {
    return {};
  }
}

/** An evaluation of a meeting the user may see; 404 otherwise (as for its meeting). */
async function visibleEvaluation(
  deps: ReportsDeps,
  user: AuthUser,
  id: number,
): Promise<{ record: EvaluationRecord; meeting: VisibleMeeting }> {
  const record = await findEvaluation(deps.db, id);
  if (!record) throw new AppError('NOT_FOUND');
  return { record, meeting: await visibleMeeting(deps.db, user, record.meeting_id) };
}

/** The session's names (zh-tw and the request's language), '' for the meeting itself. */
async function scopeNames(deps: ReportsDeps, record: EvaluationRecord, lang: Language) {
  if (record.scope_id === 0) return { stored: '', inLang: '' };
  const session = (await sessionNames(deps.db, record.meeting_id)).find((s) => s.id === record.scope_id);
  return { stored: sessionNameIn(session, 'zh-tw'), inLang: sessionNameIn(session, lang) };
}

/** The report in `lang`, with what the workbook names besides it. */
export async function evaluationReport(
  deps: ReportsDeps,
  user: AuthUser,
  id: number,
  lang: Language,
): Promise<{ report: EvaluationReport; meeting: VisibleMeeting; workbook: ReportWorkbookInput }> {
  const { record, meeting } = await visibleEvaluation(deps, user, id);
  const anonymous = record.anonymous === 1;
  const [counts, completions, stored, keys, scope] = await Promise.all([
    countsOf(deps, record),
    answersRepo.findCompletions(deps.db, id),
    anonymous
      ? answersRepo.findResponses(deps.db, id).then((rows) => rows.map((r) => r.answers))
      : answersRepo.findNamedAnswers(deps.db, id),
    answersRepo.answeredKeys(deps.db, deps.dbKind, id),
    scopeNames(deps, record, lang),
  ]);
  const {
    fields: _fields,
    intro: _intro,
    ...summary
  } = toEvaluation(record, {
    scope_name: scope.stored,
    answered_keys: keys,
    counts,
  });
  const report: EvaluationReport = {
    evaluation: summary,
    counts,
    passed: record.pass_mark === null ? null : completions.filter((c) => c.passed === 1).length,
    questions: questionReports(parseQuestions(record.fields), stored.map(parseAnswers), lang),
  };
  const workbook: ReportWorkbookInput = {
    meetingName: nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en),
    scopeName: scope.inLang,
    title: localText(summary.title, lang),
    report,
  };
  return { report, meeting, workbook };
}

/**
 * Guests who may answer (met the presence rule now) or were invited, and have not completed it:
 * name, e-mail and when they were asked, a page at a time in guest order. Live guests only. Never
 * their answers: this reads completions and invitations, not responses.
 */
export async function nonResponders(
  deps: ReportsDeps,
  user: AuthUser,
  id: number,
  page: { page: number; page_size: number },
): Promise<EvaluationNonResponders> {
  const { record } = await visibleEvaluation(deps, user, id);
  const [eligible, invitations, completions] = await Promise.all([
    deps.presence.eligibleGuests(record.meeting_id, record.scope_id),
    answersRepo.findInvitations(deps.db, id),
    answersRepo.findCompletions(deps.db, id),
  ]);
  const done = new Set(completions.map((c) => c.guest_id));
  const invited = new Map(invitations.map((i) => [i.guest_id, i]));
  const waiting = [...eligible, ...invited.keys()].filter((guestId) => !done.has(guestId));
  const guests = await liveGuestContacts(deps.db, record.meeting_id, waiting);
  const from = (page.page - 1) * page.page_size;
  return {
    total: guests.length,
    items: guests.slice(from, from + page.page_size).map((g) => ({
      guest_id: g.id,
      name: g.name,
      email: g.email,
      invited_at: invited.get(g.id)?.invited_at ?? null,
      reminded_at: invited.get(g.id)?.reminded_at ?? null,
    })),
  };
}
