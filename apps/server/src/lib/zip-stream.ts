import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from './xlsx-export.ts';
import { loadYazl } from './xlsx-writer.ts';

export interface ZipEntry {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * Streams a ZIP of `entries` as the reply, reading the next entry only when the client has taken
 * the previous one (so a ZIP of 5,000 PDFs holds about one in memory). Entries are stored, not
 * deflated: PDFs are compressed already. `done` is told how many entries went out and whether the
 * file is complete (false when the client left or an entry failed).
 */
export function sendZip(
  request: FastifyRequest,
  reply: FastifyReply,
  spec: {
    fileName: string;
    entries: AsyncIterable<ZipEntry>;
    done: (count: number, completed: boolean) => Promise<void>;
  },
): FastifyReply {
  const output = new PassThrough();
  const gone = new AbortController();
  output.once('close', () => gone.abort());

  const run = async () => {
    let count = 0;
    let completed = false;
    try {
      const { ZipFile } = await loadYazl();
      const zip = new ZipFile();
      // yazl's output is a PassThrough (typed as a plain readable): its writable side says when it is full.
      const zipOutput = zip.outputStream as unknown as PassThrough;
      zip.outputStream.pipe(output);
      const names = new Set<string>();
      for await (const entry of spec.entries) {
        if (output.destroyed) return;
        let name = entry.fileName;
        for (let n = 2; names.has(name); n++) name = entry.fileName.replace(/(\.\w+)?$/, `-${n}$1`);
        names.add(name);
        zip.addBuffer(Buffer.from(entry.bytes.buffer, entry.bytes.byteOffset, entry.bytes.byteLength), name, {
          compress: false,
        });
        count++;
        // yazl writes the entry into its output stream without waiting for room: let it, then wait
        // until the client has taken enough that the stream asks for more.
        await new Promise((resolve) => setImmediate(resolve));
        while (zipOutput.writableNeedDrain && !output.destroyed) {
          await once(zipOutput, 'drain', { signal: gone.signal }).catch(() => undefined);
        }
      }
      zip.end();
      if (!output.destroyed)
        await once(zip.outputStream, 'end', { signal: gone.signal }).catch(() => undefined);
      completed = !output.destroyed;
    } finally {
      await spec.done(count, completed);
    }
  };
  run().catch((error: unknown) => {
    request.log.error({ err: error }, 'zip failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition(spec.fileName))
    .header('cache-control', 'no-store')
    .send(output);
}
