import type {
  EvaluationAnswerResult,
  PublicEvaluation,
  PublicEvaluationList,
} from '@meetflow/shared/schemas/evaluations';
import type { Answers } from '@meetflow/shared/forms/form-engine';
import { publicRequest } from '../public-api.ts';

/** The guest's evaluations (issue 43): their token identifies them, as on the guest page. */
export const evaluationsApi = {
  /** Those the guest may answer or has answered, for the guest page. */
  list: (guestToken: string, signal?: AbortSignal) =>
    publicRequest<PublicEvaluationList>('GET', '/public/guest/evaluations', { guestToken, signal }),
  one: (guestToken: string, id: number, signal?: AbortSignal) =>
    publicRequest<PublicEvaluation>('GET', `/public/evaluations/${id}`, { guestToken, signal }),
  answer: (guestToken: string, id: number, answers: Answers) =>
    publicRequest<EvaluationAnswerResult>('POST', `/public/evaluations/${id}/answers`, {
      guestToken,
      body: { answers },
    }),
};

/**
 * Where an evaluation opens: under the guest page of its meeting, whose stored token identifies the
 * guest (the invitation mail links here too; without a token the look-up comes first).
 */
export const evaluationPath = (publicId: string, id: number) =>
  `/enroll-info/${encodeURIComponent(publicId)}/evaluations/${id}`;
