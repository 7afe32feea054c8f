import fp from 'fastify-plugin';

/**
 * Walk-ins at the door (issue 45): door staff with `guest:walk_in` register an unregistered visitor
 * at the station with the meeting's "ask at the door" fields and check them in at once; an offline
 * station queues the walk-in with its scan.
 */
export const walkInsModule = fp(async () => {}, {
  name: 'walk-ins',
  dependencies: ['platform', 'guests', 'attendance'],
});
