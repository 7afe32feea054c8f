import { parentPort } from 'node:worker_threads';
import { certificatePdf, type CertificateImage } from './certificate-pdf.ts';
import type { CertificateJob, PdfJob } from './pdf-renderer.ts';

/*
 * Draws PDFs off the main thread (pdf-renderer.ts): a certificate costs a few ms of CPU (a badge
 * sheet of thousands far more) and the faces it reads take tens of MB, which on the main thread would
 * stall scans and sign-ups during a ZIP of thousands and grow the server's heap; here it runs in a
 * worker with a small heap of its own. Badge sheets and listings draw with pdf-lib and fontkit,
 * loaded with the first of them: a ZIP of certificates runs without (docs/decisions/0120).
 */
/** The background last sent: a job says 'kept' for it (pdf-renderer.ts sends an image once). */
let keptImage: CertificateImage | null = null;

function certificateInput(job: CertificateJob): Parameters<typeof certificatePdf>[0] {
  const { background } = job;
  if (background === 'kept') return { ...job, background: keptImage };
  if (background) keptImage = background;
  return { ...job, background };
}

parentPort!.on('message', (message: { id: number; job: PdfJob }) => {
  const { job } = message;
  const drawing =
    job.kind === 'certificate'
      ? certificatePdf(certificateInput(job.input))
      : job.kind === 'listing'
        ? import('./listing-pdf.ts').then(({ listingPdf }) => listingPdf(job.input))
        : import('./badge-pdf.ts').then(({ badgesPdf }) => badgesPdf(job.guests, job.layout, job.style));
  drawing.then(
    (bytes) => parentPort!.postMessage({ id: message.id, bytes }, [bytes.buffer as ArrayBuffer]),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error) }),
  );
});
