import { createAdmissionSettings } from './admission.ts';
import type { ApprovalDeps } from './approval-deps.ts';
import { createDecide } from './decide.ts';
import { createQueue } from './queue.ts';

/** The approval module's use cases: the settings, the queue, the decisions. */
export function createApprovalService(deps: ApprovalDeps) {
  return {
    settings: createAdmissionSettings(deps),
    list: createQueue(deps),
    decide: createDecide(deps),
  };
}
export type ApprovalService = ReturnType<typeof createApprovalService>;
