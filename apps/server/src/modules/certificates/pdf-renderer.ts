import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { BadgeLayout } from '@meetflow/shared/schemas/certificates';
import type { BadgeGuest, BadgeStyle } from './badge-pdf.ts';
import type { CertificateImage, certificatePdf } from './certificate-pdf.ts';
import type { ListingInput } from './listing-pdf.ts';

type CertificateInput = Parameters<typeof certificatePdf>[0];
/** What a certificate's job says of its background when the worker holds it from the job before. */
export const KEPT_IMAGE = 'kept';
/**
 * A certificate's job: its background is sent to a worker once, not with each of a ZIP's thousands
 * (a 1 MB image copied 5,000 times was 5 GB through the thread's heap; docs/decisions/0124).
 */
export type CertificateJob = Omit<CertificateInput, 'background'> & {
  background: CertificateImage | null | typeof KEPT_IMAGE;
};

export type PdfJob =
  | { kind: 'certificate'; input: CertificateJob }
  | { kind: 'badges'; guests: BadgeGuest[]; layout: BadgeLayout; style: BadgeStyle }
  | { kind: 'listing'; input: ListingInput };

export interface PdfRenderer {
  certificate(input: CertificateInput): Promise<Uint8Array>;
  badges(guests: BadgeGuest[], layout: BadgeLayout, style: BadgeStyle): Promise<Uint8Array>;
  /** A titled table (listing-pdf.ts), such as a CME transcript. */
  listing(input: ListingInput): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * Certificates and badges drawn in one worker thread, started with the first PDF and kept for the
 * next. Its heap is capped: pdf-lib and the font subsetter leave several MB of short-lived garbage per
 * document, which an uncapped heap lets pile up (a ZIP of 5,000 grew the server to 800 MB; capped,
 * it stays near 200 MB for about 15 % more time). A worker that dies fails what it held; the next
 * PDF starts a new one.
 */
/** Certificates leave MB of short-lived garbage each: a small heap keeps a ZIP of thousands near 200 MB. */
const CERTIFICATE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 };
/** 5,000 badges (625 A4 pages) took 12 s and peaked at 365 MB of process RSS (96 MB was too little). */
const SHEET_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 32 };

/** A PDF not back by then is given up, and its worker with it (a stuck render must not block the rest). */
const JOB_TIMEOUT_MS = 120_000;

interface Pending {
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Started {
  worker: Worker;
  pending: Map<number, Pending>;
  /** The background the worker was last sent: the same object again is not sent again. */
  image?: WeakRef<CertificateImage>;
}

export function createPdfRenderer(): PdfRenderer {
  let current: Started | undefined;
  let nextId = 0;

  function start(limits: ResourceLimits) {
    const worker = new Worker(new URL('./pdf-render-worker.js', import.meta.url), { resourceLimits: limits });
    // Each worker answers its own jobs: one that dies fails only what it held.
    const pending = new Map<number, Pending>();
    const started: Started = { worker, pending };
    worker.on('message', (message: { id: number; bytes?: Uint8Array; error?: string }) => {
      const entry = pending.get(message.id);
      pending.delete(message.id);
      if (!entry) return;
      clearTimeout(entry.timer);
      if (message.bytes) entry.resolve(message.bytes);
      else entry.reject(new Error(`PDF not drawn: ${message.error}`));
    });
    const fail = (error: Error) => {
      for (const entry of pending.values()) {
        clearTimeout(entry.timer);
        entry.reject(error);
      }
      pending.clear();
      if (current === started) current = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('PDF renderer stopped')));
    // An idle renderer does not keep the process alive.
    worker.unref();
    return started;
  }

  function send({ worker, pending }: Started, job: PdfJob) {
    const id = nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('PDF not drawn in time'));
        void worker.terminate();
      }, JOB_TIMEOUT_MS);
      pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, job });
    });
  }

  return {
    certificate(input) {
      const active = (current ??= start(CERTIFICATE_LIMITS));
      const { background } = input;
      // A ZIP's certificates share the one image object its drawing read.
      const kept = background !== null && active.image?.deref() === background;
      if (background) active.image = new WeakRef(background);
      return send(active, {
        kind: 'certificate',
        input: kept ? { ...input, background: KEPT_IMAGE } : input,
      });
    },
    // A listing is a few pages: the certificates' worker and its small heap do.
    listing(input) {
      current ??= start(CERTIFICATE_LIMITS);
      return send(current, { kind: 'listing', input });
    },
    // A whole meeting's sheet is one document of thousands of pages, held until it is saved: it gets
    // a worker of its own with room for that, ended (and its memory returned) once the sheet is done.
    async badges(guests, layout, style) {
      const own = start(SHEET_LIMITS);
      try {
        return await send(own, { kind: 'badges', guests, layout, style });
      } finally {
        void own.worker.terminate();
      }
    },
    async close() {
      const active = current;
      current = undefined;
      await active?.worker.terminate();
    },
  };
}
