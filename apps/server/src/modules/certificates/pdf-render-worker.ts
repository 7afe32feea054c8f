import { parentPort } from 'node:worker_threads';
import { badgesPdf } from './badge-pdf.ts';
import { certificatePdf } from './certificate-pdf.ts';
import { listingPdf } from './listing-pdf.ts';
import type { PdfJob } from './pdf-renderer.ts';

/*
 * Draws PDFs off the main thread (pdf-renderer.ts): a certificate costs a few ms of CPU (a badge
 * sheet of thousands far more) and the faces it reads take tens of MB, which on the main thread would
 * stall scans and sign-ups during a ZIP of thousands and grow the server's heap; here it runs in a
 * worker with a small heap of its own.
 */
parentPort!.on('message', (message: { id: number; job: PdfJob }) => {
  const { job } = message;
  const drawing =
    job.kind === 'certificate'
      ? certificatePdf(job.input)
      : job.kind === 'listing'
        ? listingPdf(job.input)
        : badgesPdf(job.guests, job.layout, job.style);
  drawing.then(
    (bytes) => parentPort!.postMessage({ id: message.id, bytes }, [bytes.buffer as ArrayBuffer]),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error) }),
  );
});
