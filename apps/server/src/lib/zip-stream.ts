import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectGarbage } from './startup-garbage.ts';
import { contentDisposition } from './xlsx-export.ts';
import { loadYazl } from './xlsx-writer.ts';

export interface ZipEntry {
  fileName: string;
  bytes: Uint8Array;
}

/** What yazl 3 keeps of an added entry until the ZIP ends (for the central directory). */
interface YazlEntry {
  state: number;
  doFileDataPump: (() => void) | null;
}
/** yazl's `Entry.FILE_DATA_DONE`: the entry's bytes are in the output stream. */
const FILE_DATA_DONE = 3;

/**
 * Bytes of entries between two full collections while a ZIP is written (docs/decisions/0124). Each
 * entry's bytes outlive a few of V8's young-generation collections (drawn ahead, then queued in the
 * streams), so most reach old space, which V8 sweeps only once ~64 MB of such external memory has
 * piled up: a ZIP of 5,000 certificates held 45–50 MB of written PDFs. A collection every 16 MB
 * costs the main thread a few tens of ms each (five for those 79 MB).
 */
export const ZIP_COLLECT_BYTES = 8 * 1024 * 1024;

/**
 * Writes a ZIP of `entries` into `output`, reading the next entry only when `output` has room (so a
 * ZIP of 5,000 PDFs holds a few in memory). Entries are stored, not deflated: PDFs are compressed
 * already. `progress.count`: how many entries went out so far. Resolves true when the reader took the
 * whole file, false when `output` was destroyed before (the client left).
 */
export async function writeZip(
  entries: AsyncIterable<ZipEntry>,
  output: PassThrough,
  progress = { count: 0 },
  { collectEvery = ZIP_COLLECT_BYTES, collect = () => collectGarbage() } = {},
): Promise<boolean> {
  const gone = new AbortController();
  output.once('close', () => gone.abort());
  const { ZipFile } = await loadYazl();
  const zip = new ZipFile();
  // yazl's output is a PassThrough (typed as a plain readable): its writable side says when it is full.
  const zipOutput = zip.outputStream as unknown as PassThrough;
  zip.outputStream.pipe(output);
  const added = (zip as unknown as { entries: YazlEntry[] }).entries;
  const names = new Set<string>();
  let sinceCollected = 0;
  for await (const entry of entries) {
    if (output.destroyed) return false;
    let name = entry.fileName;
    for (let n = 2; names.has(name); n++) name = entry.fileName.replace(/(\.\w+)?$/, `-${n}$1`);
    names.add(name);
    zip.addBuffer(Buffer.from(entry.bytes.buffer, entry.bytes.byteOffset, entry.bytes.byteLength), name, {
      compress: false,
    });
    // yazl keeps every entry for the central directory, and with it the closure that writes the
    // entry's bytes: the whole ZIP's files (5,000 certificates: 79 MB) stayed in memory to the end.
    // That closure is let go once it has run (at once when the entry was first in line, as here).
    const record = added[added.length - 1]!;
    if (record.state === FILE_DATA_DONE) record.doFileDataPump = null;
    else {
      const pump = record.doFileDataPump!;
      record.doFileDataPump = () => {
        record.doFileDataPump = null;
        pump();
      };
    }
    progress.count++;
    sinceCollected += entry.bytes.byteLength;
    // yazl writes the entry into its output stream without waiting for room: let it, then wait
    // until the client has taken enough that the stream asks for more.
    await new Promise((resolve) => setImmediate(resolve));
    while (zipOutput.writableNeedDrain && !output.destroyed) {
      await once(zipOutput, 'drain', { signal: gone.signal }).catch(() => undefined);
    }
    // The entries written since the last collection are out of the streams now: they go at once.
    if (sinceCollected >= collectEvery) {
      sinceCollected = 0;
      collect();
    }
  }
  zip.end();
  // Complete means the reader took every byte (the output's readable side ended). A fast reader may
  // have ended and closed it already: that is a complete file, not a client that left.
  if (!output.readableEnded && !gone.signal.aborted) {
    await once(output, 'end', { signal: gone.signal }).catch(() => undefined);
  }
  return output.readableEnded;
}

/**
 * Streams a ZIP of `entries` as the reply (`writeZip`). `done` is told how many entries went out and
 * whether the file is complete (false when the client left or an entry failed).
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
  const run = async () => {
    const progress = { count: 0 };
    let completed = false;
    try {
      completed = await writeZip(spec.entries, output, progress);
    } finally {
      await spec.done(progress.count, completed);
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
