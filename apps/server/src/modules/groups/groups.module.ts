import fp from 'fastify-plugin';

/**
 * Group bookings (issue 45): one contact registers several attendees in one submission, all seated
 * or none; the contact's page lists the group's codes.
 */
export const groupsModule = fp(async () => {}, {
  name: 'groups',
  dependencies: ['platform', 'registration'],
});
