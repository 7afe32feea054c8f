import { Worker } from 'node:worker_threads';
import type { BadgeLayout } from '@meetflow/shared/schemas/certificates';
import type { BadgeGuest, BadgeStyle } from './badge-pdf.ts';
import type { certificatePdf } from './certificate-pdf.ts';

export type PdfJob =
  | { kind: 'certificate'; input: Parameters<typeof certificatePdf>[0] }
  | { kind: 'badges'; guests: BadgeGuest[]; layout: BadgeLayout; style: BadgeStyle };

export interface PdfRenderer {
  certificate(input: Parameters<typeof certificatePdf>[0]): Promise<Uint8Array>;
  badges(guests: BadgeGuest[], layout: BadgeLayout, style: BadgeStyle): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * Certificates and badges drawn in one worker thread, started with the first PDF and kept for the
 * next. Its heap is capped: pdf-lib and the font subsetter leave several MB of short-lived garbage per
 * document, which an uncapped heap lets pile up (a ZIP of 5,000 grew the server to 800 MB; capped,
 * it stays near 200 MB for about 15 % more time). A worker that dies fails what it held; the next
 * PDF starts a new one.
 */
export function createPdfRenderer(): PdfRenderer {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve(bytes: Uint8Array): void; reject(error: Error): void }>();

  function start(): Worker {
    const started = new Worker(new URL('./pdf-render-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 },
    });
    started.on('message', (message: { id: number; bytes?: Uint8Array; error?: string }) => {
      const entry = waiting.get(message.id);
      waiting.delete(message.id);
      if (!entry) return;
      if (message.bytes) entry.resolve(message.bytes);
      else entry.reject(new Error(`PDF not drawn: ${message.error}`));
    });
    const fail = (error: Error) => {
      for (const entry of waiting.values()) entry.reject(error);
      waiting.clear();
      if (worker === started) worker = undefined;
    };
    started.on('error', fail);
    started.on('exit', () => fail(new Error('PDF renderer stopped')));
    started.unref();
    return started;
  }

  function run(job: PdfJob): Promise<Uint8Array> {
    worker ??= start();
    const id = nextId++;
    const active = worker;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      active.postMessage({ id, job });
    });
  }

  return {
    certificate: (input) => run({ kind: 'certificate', input }),
    badges: (guests, layout, style) => run({ kind: 'badges', guests, layout, style }),
    async close() {
      const active = worker;
      worker = undefined;
      await active?.terminate();
    },
  };
}
