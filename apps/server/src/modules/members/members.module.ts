import fp from 'fastify-plugin';
import { createSignUpMembers } from './member-match.ts';

/**
 * An organisation's member and licence list (issue 45): imported, matched at sign-up by licence
 * number and name (approved automatically, the member fee). Fills `app.registration.members`.
 */
export const membersModule = fp(
  async (app) => {
    const { db } = app.platform;
    app.registration.members.fill(createSignUpMembers({ db }));
  },
  { name: 'members', dependencies: ['platform', 'registration'] },
);
