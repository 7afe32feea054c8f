/**
 * The back office's evaluations page (features/evaluations, issue 43). The meeting list and the
 * certificates' rule link to it; the page reads the same params (`meeting`, `evaluation`, `view`)
 * from its URL: a meeting's list, one evaluation's builder, or its report.
 */
export const EVALUATIONS_PATH = '/meeting_management/evaluations';

export type EvaluationView = 'edit' | 'report';

export function evaluationsLink(meetingId: number, evaluationId?: number, view?: EvaluationView): string {
  const params = new URLSearchParams({ meeting: String(meetingId) });
  if (evaluationId) params.set('evaluation', String(evaluationId));
  if (evaluationId && view) params.set('view', view);
  return `${EVALUATIONS_PATH}?${params.toString()}`;
}
