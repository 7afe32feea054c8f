import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbage, collectStartupGarbage } from './startup-garbage.ts';
import { writeZip, type ZipEntry } from './zip-stream.ts';

describe('writeZip', () => {
  it('writes a ZIP an independent reader accepts, holding only the last few entries', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mf-zip-'));
    try {
      const file = path.join(dir, 'files.zip');
      const COUNT = 40;
      const written: WeakRef<ArrayBuffer>[] = [];
      /** How many entries more than four behind the ZIP's were still in memory near its end. */
      let heldEarlier = -1;
      const samples = new Map<number, Buffer>();
      async function* entries(): AsyncGenerator<ZipEntry> {
        for (let k = 0; k < COUNT; k++) {
          if (k === COUNT - 5) {
            collectStartupGarbage();
            heldEarlier = written.slice(0, k - 4).filter((ref) => ref.deref() !== undefined).length;
          }
          // Random bytes, as big as a certificate with its image: stored, they cannot shrink.
          const bytes = new Uint8Array(randomBytes(256 * 1024));
          if (k % 13 === 0) samples.set(k, Buffer.from(bytes));
          written.push(new WeakRef(bytes.buffer));
          yield { fileName: k === 7 ? 'same.bin' : k === 8 ? 'same.bin' : `file-${k}.bin`, bytes };
        }
      }
      const output = new PassThrough();
      const progress = { count: 0 };
      const [completed] = await Promise.all([
        writeZip(entries(), output, progress),
        pipeline(output, createWriteStream(file)),
      ]);
      expect(completed).toBe(true);
      expect(progress.count).toBe(COUNT);
      // Every entry's bytes were let go once written, not kept to the end of the ZIP.
      expect(heldEarlier).toBe(0);

      // Info-ZIP's unzip checks every entry's CRC and size.
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
      const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
      expect(names).toHaveLength(COUNT);
      expect(names.slice(7, 9)).toEqual(['same.bin', 'same-2.bin']);
      for (const [k, bytes] of samples) {
        expect(execFileSync('unzip', ['-p', file, `file-${k}.bin`]).equals(bytes)).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('collects the written entries every so many bytes, while they are out of every stream', async () => {
    const COUNT = 40;
    const written: WeakRef<ArrayBuffer>[] = [];
    /** Entries more than eight behind still in memory, at each of three points of the ZIP. */
    const held: number[] = [];
    async function* entries(): AsyncGenerator<ZipEntry> {
      for (let k = 0; k < COUNT; k++) {
        if (k % 12 === 11)
          held.push(written.slice(0, k - 8).filter((ref) => ref.deref() !== undefined).length);
        const bytes = new Uint8Array(randomBytes(256 * 1024));
        written.push(new WeakRef(bytes.buffer));
        yield { fileName: `file-${k}.bin`, bytes };
      }
    }
    let collections = 0;
    const output = new PassThrough();
    const [completed] = await Promise.all([
      writeZip(
        entries(),
        output,
        { count: 0 },
        // Every 1 MB: every fourth entry of 256 KB, with the server's own collection.
        { collectEvery: 1024 * 1024, collect: () => (collections++, collectGarbage()) },
      ),
      pipeline(output, new Writable({ write: (_chunk, _encoding, done) => setImmediate(done) })),
    ]);
    expect(completed).toBe(true);
    // Nothing else collected them: no test-side collection, too few objects for V8 to start one.
    expect(held).toEqual([0, 0, 0]);
    expect(collections).toBe(COUNT / 4);
  });
  it('says complete when the reader took every byte, however fast, and not when it left', async () => {
    async function* entries(count: number): AsyncGenerator<ZipEntry> {
      for (let k = 0; k < count; k++) yield { fileName: `file-${k}.bin`, bytes: new Uint8Array(1024) };
    }
    // A reader that takes each chunk at once: the output has ended and closed by the time the ZIP's
    // own end is seen, which is a complete file, not a client that left.
    let received = 0;
    const fast = new PassThrough();
    const [completed] = await Promise.all([
      writeZip(entries(20), fast),
      pipeline(
        fast,
        new Writable({ write: (chunk: Buffer, _encoding, done) => ((received += chunk.length), done()) }),
      ),
    ]);
    expect(completed).toBe(true);
    expect(received).toBeGreaterThan(20 * 1024);

    // A reader that leaves after its first chunk: the ZIP is not complete.
    const leaving = new PassThrough();
    leaving.once('data', () => leaving.destroy());
    expect(await writeZip(entries(200), leaving)).toBe(false);
  });
});
