import { answerErrorText } from '@meetflow/shared/forms/answer-text';
import type { EvaluationQuestion } from '@meetflow/shared/forms/evaluation-definition';
import { validateAnswers, type Answers } from '@meetflow/shared/forms/form-engine';
import { isQuizQuestion, quizScore } from '@meetflow/shared/forms/quiz';
import type { Language } from '@meetflow/shared/languages';
import type {
  EvaluationAnswerResult,
  PublicEvaluation,
  PublicEvaluationList,
} from '@meetflow/shared/schemas/evaluations';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { localDate } from '../../lib/local-time.ts';
import { sessionNames } from '../dictionary/dictionary.reads.ts';
import * as answers from './evaluation-answers.repository.ts';
import { parseQuestions, parseText, sessionNameIn } from './evaluation-format.ts';
import type { EvaluationCertificates } from './evaluation-unlock.ts';
import type { EvaluationPresence } from './evaluations.module.ts';
import * as repo from './evaluations.repository.ts';

/** A visitor known by their guest token (the registration module answers it). */
export interface EvaluationVisitor {
  authenticated(token: string | undefined): Promise<{
    guest: { id: number; user_type_id: number | null };
    meeting: { id: number; name: string; name_cn: string; name_en: string };
  }>;
}

export interface GuestEvaluationsDeps {
  db: Db;
  clock: () => number;
  presence: EvaluationPresence;
  visitors: EvaluationVisitor;
  certificates: EvaluationCertificates;
}

type Status = PublicEvaluation['status'];

/**
 * The guest's side (guest token): the evaluations offered to them, one without its correct answers,
 * and the answer. One answer per guest: the completion row's key decides, in the transaction that
 * writes the answers, so that of simultaneous submits one writes and the others write nothing. An
 * anonymous evaluation's answers go apart from the completion (decision 0091): the opinions in one
 * row, the quiz in another, each with the local day only.
 */
export function createGuestEvaluations(deps: GuestEvaluationsDeps) {
  const { db, clock, presence } = deps;

  const isClosed = (e: repo.EvaluationRecord) =>
    e.state === 'closed' || (e.closes_on !== null && localDate(clock()) > e.closes_on);

  async function isEligible(e: repo.EvaluationRecord, guestId: number) {
    return (await presence.eligibleGuests(e.meeting_id, e.scope_id, [guestId])).includes(guestId);
  }

  /** An evaluation of the guest's meeting that is offered (not a draft); 404 otherwise. */
  async function offered(meetingId: number, id: number) {
    const e = await repo.findEvaluation(db, id);
    if (!e || e.meeting_id !== meetingId || e.state === 'draft') throw new AppError('NOT_FOUND');
    return e;
  }

  async function scopeName(meetingId: number, scopeId: number, lang: Language) {
    if (scopeId === 0) return '';
    return sessionNameIn(
      (await sessionNames(db, meetingId)).find((s) => s.id === scopeId),
      lang,
    );
  }

  return {
    async list(token: string | undefined, lang: Language): Promise<PublicEvaluationList> {
      const { guest, meeting } = await deps.visitors.authenticated(token);
      const rows = await repo.findOfferedEvaluations(db, [meeting.id]);
      const completions = new Map(
        (
          await answers.findGuestCompletions(
            db,
            [guest.id],
            rows.map((e) => e.id),
          )
        ).map((c) => [c.evaluation_id, c]),
      );
      const [sessions, required] = await Promise.all([
        sessionNames(db, meeting.id),
        deps.certificates.requiredEvaluationIds(meeting.id),
      ]);
      const items: PublicEvaluationList['items'] = [];
      for (const e of rows) {
        const completion = completions.get(e.id);
        if (!completion && !(await isEligible(e, guest.id))) continue;
        const status: Status = completion ? 'completed' : isClosed(e) ? 'closed' : 'to_answer';
        items.push({
          id: e.id,
          scope_id: e.scope_id,
          scope_name: sessionNameIn(
            sessions.find((s) => s.id === e.scope_id && e.scope_id !== 0),
            lang,
          ),
          title: parseText(e.title),
          status,
          unlocks_certificate: required.includes(e.id),
          failed: completion?.passed === 0,
        });
      }
      return { items };
    },

    async get(token: string | undefined, id: number, lang: Language): Promise<PublicEvaluation> {
      const { guest, meeting } = await deps.visitors.authenticated(token);
      const e = await offered(meeting.id, id);
      const completion = await answers.findCompletion(db, e.id, guest.id);
      if (!completion && !(await isEligible(e, guest.id))) throw new AppError('EVALUATION_NOT_ELIGIBLE');
      const fields = parseQuestions(e.fields);
      return {
        id: e.id,
        meeting_name: { 'zh-tw': meeting.name, 'zh-cn': meeting.name_cn, en: meeting.name_en },
        scope_name: await scopeName(meeting.id, e.scope_id, lang),
        title: parseText(e.title),
        intro: parseText(e.intro),
        anonymous: e.anonymous === 1,
        has_quiz: fields.some(isQuizQuestion),
        pass_mark: e.pass_mark,
        fields: fields.map(({ correct: _correct, ...field }) => field),
        status: completion ? 'completed' : isClosed(e) ? 'closed' : 'to_answer',
        closes_on: e.closes_on,
      };
    },

    async answer(
      token: string | undefined,
      id: number,
      raw: Readonly<Record<string, unknown>>,
      lang: Language,
    ): Promise<EvaluationAnswerResult> {
      const { guest, meeting } = await deps.visitors.authenticated(token);
      const e = await offered(meeting.id, id);
      if (isClosed(e)) throw new AppError('EVALUATION_CLOSED');
      if (await answers.findCompletion(db, e.id, guest.id)) throw new AppError('EVALUATION_ALREADY_ANSWERED');
      if (!(await isEligible(e, guest.id))) throw new AppError('EVALUATION_NOT_ELIGIBLE');
      const fields = parseQuestions(e.fields);
      const given = checked(fields, raw, guest.user_type_id, lang);
      const score = quizScore(fields, given);
      const hasQuiz = fields.some(isQuizQuestion);
      const passed = e.pass_mark === null ? null : score.percent >= e.pass_mark;
      const now = clock();
      const written = await db.transaction().execute(async (trx) => {
        const anonymous = e.anonymous === 1;
        const completed = await answers.insertCompletion(trx, {
          evaluation_id: e.id,
          guest_id: guest.id,
          completed_at: now,
          passed: passed === null ? null : passed ? 1 : 0,
          answers: anonymous ? null : JSON.stringify(given),
        });
        if (!completed || !anonymous) return completed;
        const day = localDate(now);
        const [quiz, opinion] = split(fields, given);
        await answers.insertResponse(trx, { evaluation_id: e.id, part: 'opinion', day, answers: opinion });
        if (hasQuiz)
          await answers.insertResponse(trx, { evaluation_id: e.id, part: 'quiz', day, answers: quiz });
        return true;
      });
      if (!written) throw new AppError('EVALUATION_ALREADY_ANSWERED');
      return {
        completed_at: now,
        quiz: hasQuiz ? { ...score, passed: passed ?? true } : null,
        certificate_unlocked: await deps.certificates.unlocked(guest.id),
      };
    },
  };
}
export type GuestEvaluations = ReturnType<typeof createGuestEvaluations>;

/** The answers the engine accepts, or a 400 naming each question under `answers.<key>` in `lang`. */
function checked(
  fields: readonly EvaluationQuestion[],
  raw: Readonly<Record<string, unknown>>,
  userTypeId: number | null,
  lang: Language,
): Answers {
  const { answers: given, errors } = validateAnswers(fields, raw, { userTypeId });
  const failed = Object.entries(errors);
  if (failed.length === 0) return given;
  const byKey = new Map(fields.map((f) => [f.key, f]));
  throw new AppError('VALIDATION_FAILED', {
    data: {
      fields: Object.fromEntries(
        failed.map(([key, error]) => [`answers.${key}`, answerErrorText(byKey.get(key)!, error, lang)]),
      ),
    },
  });
}

/** The quiz's answers and the opinions, apart (JSON each): the pass or fail points only to the first. */
function split(fields: readonly EvaluationQuestion[], given: Answers): [string, string] {
  const quizKeys = new Set(fields.filter(isQuizQuestion).map((f) => f.key));
  const quiz: Answers = {};
  const opinion: Answers = {};
  for (const [key, value] of Object.entries(given)) (quizKeys.has(key) ? quiz : opinion)[key] = value;
  return [JSON.stringify(quiz), JSON.stringify(opinion)];
}
