/*
 * What the certificate says of an evaluation (issue 43). The certificate rule belongs to the
 * certificates module, registered after this one: it fills the `certificates` port
 * (evaluations.module.ts) when it registers, so the rule is read in one place.
 */
export interface EvaluationCertificates {
  /** The meeting's offered evaluations that its certificate rule requires ([] for none). */
  requiredEvaluationIds(meetingId: number): Promise<number[]>;
  /** The guest's certificate is available to them now (issued, or downloadable). */
  unlocked(guestId: number): Promise<boolean>;
}
