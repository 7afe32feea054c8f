import type { CertificateRule } from '@meetflow/shared/schemas/certificates';

/*
 * What the certificate says of an evaluation (issue 43). The certificate rule belongs to the
 * certificates module, registered after this one: it fills `certificates` (evaluations.module.ts)
 * when it registers. Until it does, no evaluation unlocks a certificate and none is unlocked.
 */

export type EvaluationRule = Pick<
  CertificateRule,
  'meeting_evaluation_required' | 'session_evaluations_required' | 'required_session_ids'
>;

export interface EvaluationCertificates {
  /** The meeting's certificate rule; undefined where it has none. */
  ruleOf(meetingId: number): Promise<EvaluationRule | undefined>;
  /** The guest's certificate is available to them now (issued, or downloadable). */
  unlocked(guestId: number): Promise<boolean>;
}

/** Whether completing the evaluation is needed for the certificate under the meeting's rule. */
export function unlocksCertificate(rule: EvaluationRule | undefined, evaluation: { scope_id: number }) {
  if (!rule) return false;
  return evaluation.scope_id === 0
    ? rule.meeting_evaluation_required
    : rule.session_evaluations_required && rule.required_session_ids.includes(evaluation.scope_id);
}

/** The certificates' answers, with the default above until the certificates module fills them. */
export function certificatesSlot() {
  let filled: EvaluationCertificates | undefined;
  const use: EvaluationCertificates = {
    ruleOf: async (meetingId) => (filled ? filled.ruleOf(meetingId) : undefined),
    unlocked: async (guestId) => (filled ? filled.unlocked(guestId) : false),
  };
  return {
    use,
    fill(implementation: EvaluationCertificates) {
      if (filled) throw new Error('evaluation certificates are filled twice');
      filled = implementation;
    },
  };
}
export type CertificatesSlot = ReturnType<typeof certificatesSlot>;
