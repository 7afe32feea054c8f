import { Worker } from 'node:worker_threads';
import type { MailContext, RenderedMail } from './mail-render.ts';

export interface MailRenderer {
  render(ctx: MailContext): Promise<RenderedMail>;
  close(): Promise<void>;
}

/**
 * renderMail in one worker thread, started with the first message and kept for the next: a burst
 * of confirmations renders beside the event loop instead of on it. Messages are answered by id; a
 * worker that dies fails what it held (the jobs retry) and a new one starts with the next message.
 */
export function createMailRenderer(): MailRenderer {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve(mail: RenderedMail): void; reject(error: Error): void }>();

  function start(): Worker {
    const started = new Worker(new URL('./mail-render-worker.js', import.meta.url));
    started.on('message', (message: { id: number; mail?: RenderedMail; error?: string }) => {
      const entry = waiting.get(message.id);
      waiting.delete(message.id);
      if (!entry) return;
      if (message.mail) {
        // Buffers arrive as Uint8Arrays: nodemailer wants Buffers.
        for (const a of message.mail.attachments) a.content = Buffer.from(a.content);
        entry.resolve(message.mail);
      } else entry.reject(new Error(`mail not rendered: ${message.error}`));
    });
    const fail = (error: Error) => {
      for (const entry of waiting.values()) entry.reject(error);
      waiting.clear();
      if (worker === started) worker = undefined;
    };
    started.on('error', fail);
    started.on('exit', () => fail(new Error('mail renderer stopped')));
    // An idle renderer does not keep the process alive.
    started.unref();
    return started;
  }

  return {
    render(ctx) {
      worker ??= start();
      const id = nextId++;
      const active = worker;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        active.postMessage({ id, ctx });
      });
    },
    async close() {
      const active = worker;
      worker = undefined;
      await active?.terminate();
    },
  };
}
