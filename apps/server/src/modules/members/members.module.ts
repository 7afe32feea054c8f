import fp from 'fastify-plugin';
import { abandonStaleImports } from './abandoned-imports.ts';
import { createSignUpMembers } from './member-match.ts';
import { membersRoutes } from './members.routes.ts';
import { createMembers } from './members.service.ts';

/**
 * An organisation's member and licence list (issue 45): imported, matched at sign-up by licence
 * number and name (approved automatically, the member fee). Fills `app.registration.members`;
 * the job runner's passes mark abandoned uploads failed.
 */
export const membersModule = fp(
  async (app) => {
    const { db, clock, systemLog } = app.platform;
    app.registration.members.fill(createSignUpMembers({ db }));
    app.platform.jobs.onPass(async () => {
      await abandonStaleImports({ db, clock, systemLog });
    });
    await app.register(membersRoutes, { members: createMembers({ db, clock, systemLog }) });
  },
  { name: 'members', dependencies: ['platform', 'registration'] },
);
