import fp from 'fastify-plugin';

/**
 * Approval (issue 45): sign-ups that wait for the secretariat, with their seat held or not; the
 * queue, decisions in bulk with a reason, the applicant told by mail, a rejected applicant's data
 * erased after the meeting's set days.
 */
export const approvalModule = fp(async () => {}, {
  name: 'approval',
  dependencies: ['platform', 'registration'],
});
