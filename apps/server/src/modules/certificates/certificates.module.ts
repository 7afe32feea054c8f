import fp from 'fastify-plugin';
import { createBadgesService } from './badges.service.ts';
import { createCertificateCore } from './certificate-core.ts';
import { certificatesRoutes } from './certificates.routes.ts';
import { createCertificatesService } from './certificates.service.ts';
import { createGuestCertificatesService } from './guest-certificates.service.ts';
import { evaluationPresence } from './evaluation-presence.ts';
import type { ListingInput } from './listing-pdf.ts';
import { createPdfRenderer } from './pdf-renderer.ts';

/** What the certificates offer modules registered after them: listings drawn by their PDF worker. */
export interface CertificatesModule {
  listingPdf(input: ListingInput): Promise<Uint8Array>;
}

declare module 'fastify' {
  interface FastifyInstance {
    certificates: CertificatesModule;
  }
}

/**
 * Certificates and badges; answers the guest list's certificate states, mail's certificate PDFs and
 * who may answer an evaluation; offers its PDF worker's listings (the CME transcript).
 */
export const certificatesModule = fp(
  async (app) => {
    const { config, db, clock, systemLog, webhooks, reporting, limiters } = app.platform;
    const { timeZone, publicUrl } = config;
    const renderer = createPdfRenderer();
    app.platform.closeAfterJobs(() => renderer.close());
    const core = createCertificateCore({ db, clock, timeZone, publicUrl, renderer, webhooks });
    const { visitorGuests } = app.registration;
    const guestCertificates = createGuestCertificatesService({
      db,
      timeZone,
      core,
      guestFromToken: (token) => visitorGuests.identify(token),
    });
    app.guests.certificateStates.fill(core);
    app.evaluations.presence.fill(evaluationPresence(db, core));
    app.mail.certificates.fill(guestCertificates);
    app.decorate('certificates', { listingPdf: (input: ListingInput) => renderer.listing(input) });
    const mail = app.mail.service;
    await app.register(certificatesRoutes, {
      certificates: createCertificatesService({ db, systemLog, clock, core, mail }),
      guestCertificates,
      badges: createBadgesService({ db, systemLog, renderer }),
      reporting,
      clock,
      limiters,
    });
  },
  { name: 'certificates', dependencies: ['platform', 'guests', 'mail', 'registration', 'evaluations'] },
);
