import type { EvaluationCounts } from '@meetflow/shared/schemas/evaluations';
import type { Db } from '../../db/database.ts';
import { findCompletions, findInvitations } from './evaluation-answers.repository.ts';
import type { EvaluationPresence } from './evaluations.module.ts';
import type { EvaluationRecord } from './evaluations.repository.ts';

export interface CountsDeps {
  db: Db;
  presence: EvaluationPresence;
}

/**
 * An evaluation's response figures: who may answer (met the presence rule of its scope, now), who
 * was invited, who completed, and the rate of the last two (capped at 1: a guest who completed and
 * later withdrew still counts as a completion, no longer as eligible).
 */
export async function countsOf(
  deps: CountsDeps,
  evaluation: Pick<EvaluationRecord, 'id' | 'meeting_id' | 'scope_id'>,
): Promise<EvaluationCounts> {
  const [eligible, invitations, completions] = await Promise.all([
    deps.presence.eligibleGuests(evaluation.meeting_id, evaluation.scope_id),
    findInvitations(deps.db, evaluation.id),
    findCompletions(deps.db, evaluation.id),
  ]);
  const rate = eligible.length === 0 ? 0 : Math.min(1, completions.length / eligible.length);
  return {
    eligible: eligible.length,
    invited: invitations.length,
    completed: completions.length,
    response_rate: rate,
  };
}
