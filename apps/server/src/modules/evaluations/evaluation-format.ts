import { evaluationQuestion, type EvaluationQuestion } from '@meetflow/shared/forms/evaluation-definition';
import type { Language } from '@meetflow/shared/languages';
import type { Evaluation, EvaluationCounts, evaluationBody } from '@meetflow/shared/schemas/evaluations';
import { z } from 'zod';
import type { EvaluationRecord } from './evaluations.repository.ts';

/* An evaluation's stored row as the API gives it, and the body as stored. */

type Localized = { 'zh-tw': string; 'zh-cn': string; en: string };
const EMPTY: Localized = { 'zh-tw': '', 'zh-cn': '', en: '' };
const storedQuestions = z.array(evaluationQuestion);

/** The stored questions; a damaged document reads as none (it was checked when saved). */
export function parseQuestions(json: string): EvaluationQuestion[] {
  try {
    const result = storedQuestions.safeParse(JSON.parse(json));
    return result.success ? result.data : [];
  } catch {
    return [];
  }
}

export function parseText(json: string): Localized {
  try {
    return { ...EMPTY, ...(JSON.parse(json) as Partial<Localized>) };
  } catch {
    return EMPTY;
  }
}

/** A session's name in a language (the Chinese one where the other is empty); '' for the meeting. */
export function sessionNameIn(
  session: { name: string; name_cn: string; name_en: string } | undefined,
  lang: Language,
): string {
  if (!session) return '';
  const name = lang === 'en' ? session.name_en : lang === 'zh-cn' ? session.name_cn : session.name;
  return name || session.name;
}

export function toEvaluation(
  row: EvaluationRecord,
  extra: { scope_name: string; answered_keys: string[]; counts: EvaluationCounts },
): Evaluation {
  return {
    id: row.id,
    meeting_id: row.meeting_id,
    scope_id: row.scope_id,
    scope_name: extra.scope_name,
    title: parseText(row.title),
    intro: parseText(row.intro),
    anonymous: row.anonymous === 1,
    pass_mark: row.pass_mark,
    state: row.state as Evaluation['state'],
    remind_after_days: row.remind_after_days,
    closes_on: row.closes_on,
    fields: parseQuestions(row.fields),
    version: row.version,
    answered_keys: extra.answered_keys,
    counts: extra.counts,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** The columns a body sets (all but the meeting, the version and the times). */
export type ParsedBody = z.output<typeof evaluationBody>;

export function storedValues(body: ParsedBody) {
  return {
    scope_id: body.scope_id,
    title: JSON.stringify(body.title),
    intro: JSON.stringify(body.intro),
    anonymous: body.anonymous ? 1 : 0,
    pass_mark: body.pass_mark,
    state: body.state,
    remind_after_days: body.remind_after_days,
    closes_on: body.closes_on,
    fields: JSON.stringify(body.fields),
  };
}
