import { z } from 'zod';
import { evaluationQuestion, evaluationQuestions } from '../forms/evaluation-definition.ts';
import { localizedText } from '../forms/form-definition.ts';
import { answersBody } from './forms.ts';

/*
 * CME evaluations (issue 43): a questionnaire per meeting and per session, built with the form
 * engine (plus ratings and an optional quiz), answered by the guests who met its presence rule, and
 * recorded so that completion is known but an anonymous evaluation's answers cannot be joined to
 * the guest. Times are integer milliseconds; days are local 'YYYY-MM-DD' in TIME_ZONE.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const emptyText = { 'zh-tw': '', 'zh-cn': '', en: '' };

export const EVALUATION_STATES = ['draft', 'open', 'closed'] as const;
export type EvaluationState = (typeof EVALUATION_STATES)[number];

export const evaluationParams = z.strictObject({ id });
export const meetingEvaluationsParams = z.strictObject({ id });

/**
 * What the organiser saves. `scope_id` 0 is the meeting itself, any other a session (schedule) of
 * the meeting; one evaluation per scope. Draft: not offered. Open: invitations go out when the
 * scope ends and answers are taken. Closed: answers refused, reports kept.
 */
export const evaluationBody = z
  .strictObject({
    scope_id: z.number().int().min(0).max(2_147_483_647),
    title: localizedText(200, true),
    intro: localizedText(2000, false).default(emptyText),
    /** Anonymous (the default): answers kept apart from who gave them. Fixed once anyone answered. */
    anonymous: z.boolean().default(true),
    /** Whole percent of quiz questions right to pass; null: no quiz pass asked. */
    pass_mark: z.number().int().min(1).max(100).nullable().default(null),
    state: z.enum(EVALUATION_STATES).default('draft'),
    /** Days after the invitation that one reminder goes to whoever has not answered; 0: none. */
    remind_after_days: z.number().int().min(0).max(60).default(3),
    /** The last local day answers are taken; null: until the organiser closes it. */
    closes_on: z.string().regex(DAY, 'invalidFormat').nullable().default(null),
    fields: evaluationQuestions,
    /** The version the organiser read (0: a new evaluation); a newer saved version refuses (409). */
    version: z.number().int().min(0),
  })
  .superRefine((body, ctx) => {
    if (body.pass_mark !== null && !body.fields.some((f) => f.correct.length > 0))
      ctx.addIssue({ code: 'custom', path: ['pass_mark'], message: 'quizWithoutQuestion' });
  });
export type EvaluationBody = z.input<typeof evaluationBody>;

/** Response rates: who may answer (met the presence rule), who was invited, who completed. */
export const evaluationCounts = z.object({
  eligible: z.number().int(),
  invited: z.number().int(),
  completed: z.number().int(),
  /** completed / eligible, 0..1 (0 where none eligible). */
  response_rate: z.number(),
});
export type EvaluationCounts = z.output<typeof evaluationCounts>;

export const evaluation = z.object({
  id: z.number().int(),
  meeting_id: z.number().int(),
  scope_id: z.number().int(),
  /** The session's name (zh-tw) or '' for the meeting. */
  scope_name: z.string(),
  title: localizedText(200, true),
  intro: localizedText(2000, false),
  anonymous: z.boolean(),
  pass_mark: z.number().int().nullable(),
  state: z.enum(EVALUATION_STATES),
  remind_after_days: z.number().int(),
  closes_on: z.string().nullable(),
  fields: z.array(evaluationQuestion),
  version: z.number().int(),
  /** Keys of the questions that have answers: their type is fixed and they can only be retired. */
  answered_keys: z.array(z.string()),
  counts: evaluationCounts,
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Evaluation = z.output<typeof evaluation>;

export const evaluationList = z.object({ items: z.array(evaluation.omit({ fields: true, intro: true })) });
export type EvaluationList = z.output<typeof evaluationList>;

/** One question in the report: counts per option or point, the average of a rating or number, free texts. */
export const evaluationQuestionReport = z.object({
  key: z.string(),
  /** In the request's language. */
  label: z.string(),
  type: z.string(),
  /** Responses that answered it. */
  answered: z.number().int(),
  /** Per option (choice, multiple choice), point (rating) or yes/no: value, label, count. */
  distribution: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
  /** Of a rating or number; null for other types or with no answer. */
  average: z.number().nullable(),
  /** Texts given (short and long texts, dates), in random order; at most EVALUATION_REPORT_TEXTS. */
  texts: z.array(z.string()),
  /** A quiz question: how many got it right; null otherwise. */
  right: z.number().int().nullable(),
});
export const EVALUATION_REPORT_TEXTS = 500;

export const evaluationReport = z.object({
  evaluation: evaluation.omit({ fields: true, intro: true }),
  counts: evaluationCounts,
  /** Guests who passed the quiz, where there is a pass mark; null otherwise. */
  passed: z.number().int().nullable(),
  questions: z.array(evaluationQuestionReport),
});
export type EvaluationReport = z.output<typeof evaluationReport>;

/** Who may answer and has not yet: for reminders (never their answers). */
export const evaluationNonResponder = z.object({
  guest_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  invited_at: z.number().int().nullable(),
  reminded_at: z.number().int().nullable(),
});
export const evaluationNonResponders = z.object({
  items: z.array(evaluationNonResponder),
  total: z.number().int(),
});
export type EvaluationNonResponders = z.output<typeof evaluationNonResponders>;

export const evaluationRemindResult = z.object({ queued: z.number().int() });

/* The visitor's side: on the guest page and the evaluation's own page (guest identified by token). */

export const PUBLIC_EVALUATION_STATUSES = ['to_answer', 'completed', 'closed'] as const;

/** An evaluation the guest may answer or has answered (only those the guest is eligible for). */
export const publicEvaluationSummary = z.object({
  id: z.number().int(),
  scope_id: z.number().int(),
  /** The session's name in the page's language, or '' for the meeting. */
  scope_name: z.string(),
  title: localizedText(200, true),
  status: z.enum(PUBLIC_EVALUATION_STATUSES),
  /** Completing it is needed for the guest's certificate. */
  unlocks_certificate: z.boolean(),
  /** The quiz was taken and not passed (the certificate stays locked). */
  failed: z.boolean(),
});
export const publicEvaluationList = z.object({ items: z.array(publicEvaluationSummary) });
export type PublicEvaluationList = z.output<typeof publicEvaluationList>;

/** The questions as the guest sees them: without the quiz's correct answers. */
export const publicEvaluation = z.object({
  id: z.number().int(),
  meeting_name: localizedText(200, true),
  scope_name: z.string(),
  title: localizedText(200, true),
  intro: localizedText(2000, false),
  anonymous: z.boolean(),
  has_quiz: z.boolean(),
  pass_mark: z.number().int().nullable(),
  fields: z.array(evaluationQuestion.omit({ correct: true })),
  status: z.enum(PUBLIC_EVALUATION_STATUSES),
  closes_on: z.string().nullable(),
});
export type PublicEvaluation = z.output<typeof publicEvaluation>;

export const evaluationAnswerBody = z.strictObject({ answers: answersBody });

export const evaluationAnswerResult = z.object({
  completed_at: z.number().int(),
  /** Quiz outcome where the evaluation has a quiz; null otherwise. */
  quiz: z
    .object({
      right: z.number().int(),
      total: z.number().int(),
      percent: z.number().int(),
      passed: z.boolean(),
    })
    .nullable(),
  /** The certificate is now available to the guest (issued or downloadable). */
  certificate_unlocked: z.boolean(),
});
export type EvaluationAnswerResult = z.output<typeof evaluationAnswerResult>;
