import fp from 'fastify-plugin';
import { organizationsOfUnlinkedEmail } from '../guests/guests.reads.ts';
import { createMailTransport } from '../mail/mail-transport.ts';
import { createCmeAccess } from './cme-access.ts';
import { codeMailHandler } from './cme-code-mail.ts';
import { cmePublicRoutes } from './cme-public.routes.ts';
import { cmeRoutes } from './cme.routes.ts';
import { createCmeService } from './cme.service.ts';
import { createCmeReturn } from './cme-yearly-return.ts';

/**
 * A doctor's CME record across an organisation's meetings (issue 43): registered after the
 * certificates, whose PDF worker draws the transcripts. The public page's codes go by mail through
 * a transport of its own (the mail module's outbox speaks to guests of a meeting, not to an address).
 */
export const cmeModule = fp(
  async (app) => {
    const { config, db, clock, systemLog, jobs, limiters, reporting } = app.platform;
    const { timeZone } = config;
    const deps = { db, clock, systemLog, timeZone, listingPdf: app.certificates.listingPdf };
    const cme = createCmeService(deps);
    const secret = await app.platform.secret('cme');
    const access = createCmeAccess({
      db,
      clock,
      jobs,
      systemLog,
      limiters,
      secret,
      linkFor: async (email) => cme.linkFor(await organizationsOfUnlinkedEmail(db, email)),
      known: (email) => cme.known(email),
    });
    if (config.smtpUrl) {
      const transport = createMailTransport(config.smtpUrl, config.mailFrom);
      app.platform.closeAfterJobs(() => transport.close());
      jobs.handle('cme.code', codeMailHandler({ db, clock, transport, secret }));
    }
    await app.register(cmeRoutes, { cme, cmeReturn: createCmeReturn(deps), reporting, clock, timeZone });
    await app.register(cmePublicRoutes, { cme, access, timeZone });
  },
  { name: 'cme', dependencies: ['platform', 'certificates'] },
);
