import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { certificateValues, DEFAULT_TEMPLATE } from '../src/modules/certificates/certificate-content.ts';
import { createPdfRenderer, type PdfJob } from '../src/modules/certificates/pdf-renderer.ts';
import { pdfPages, pdftotext } from './pdf-fixtures.ts';

/*
 * The renderer's thread as a ZIP uses it: thousands of certificates over one background image. The
 * image crosses to the thread once, not with every certificate (docs/decisions/0124).
 */

const MEETING = {
  name: '澳門醫學年會',
  name_cn: '澳门医学年会',
  name_en: 'Macao Medical Congress',
  start_at: Date.UTC(2026, 11, 1, 1),
  end_at: Date.UTC(2026, 11, 3, 10),
};

function valuesOf(name: string) {
  return certificateValues(
    {
      guest: { name: '', name_zh: name, name_en: '' },
      meeting: MEETING,
      minutes: 390,
      credits: 6.5,
      sessions: [],
      code: 'ABCDEFGHJKMNPQRSTVWXYZ01',
      issuedAt: Date.UTC(2026, 11, 4),
    },
    'zh-tw',
    'https://meet.example.org',
    'Asia/Macau',
  );
}

/** A blue PNG with noise in its low bits, so that it stays large once compressed (~120 KB). */
function backgroundPng() {
  const png = new PNG({ width: 300, height: 200 });
  const noise = randomBytes(png.data.length);
  for (let i = 0; i < png.data.length; i += 4) {
    png.data.set([noise[i]! & 15, noise[i + 1]! & 15, 200 + (noise[i + 2]! & 15), 255], i);
  }
  return { bytes: new Uint8Array(PNG.sync.write(png)), mime: 'image/png' };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the PDF renderer', () => {
  it('sends a background to its thread once for many certificates, again when it changes', async () => {
    const sent: PdfJob[] = [];
    const post = Worker.prototype.postMessage;
    vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (this: Worker, message, list) {
      sent.push((message as { job: PdfJob }).job);
      post.call(this, message, list);
    });
    const imageBytes = (job: PdfJob) =>
      job.kind === 'certificate' && typeof job.input.background === 'object' && job.input.background
        ? job.input.background.bytes.byteLength
        : 0;
    const renderer = createPdfRenderer();
    try {
      const template = { ...DEFAULT_TEMPLATE, background_file_id: 'a'.repeat(64) };
      const image = backgroundPng();
      expect(image.bytes.byteLength).toBeGreaterThan(100_000);
      const names = Array.from({ length: 12 }, (_, k) => `陳大文${k}`);
      const files = await Promise.all(
        names.map((name) =>
          renderer.certificate({ template, background: image, values: valuesOf(name), title: MEETING.name }),
        ),
      );
      expect(sent).toHaveLength(12);
      // The image's bytes went over once; every certificate is drawn over it all the same.
      expect(sent.map(imageBytes).filter((bytes) => bytes > 0)).toEqual([image.bytes.byteLength]);
      for (const k of [0, 11]) {
        expect(files[k]!.byteLength).toBeGreaterThan(image.bytes.byteLength / 2);
        expect(pdftotext(files[k]!)).toContain(names[k]);
        const [page] = pdfPages(files[k]!, 30);
        const at = (page!.width * 10 + 10) * 4;
        const [red, green, blue] = page!.data.subarray(at, at + 3);
        expect(blue!).toBeGreaterThan(180);
        expect(red! + green!).toBeLessThan(60);
      }

      // Another template and image (a new object, as another meeting's ZIP reads it): sent again.
      const other = backgroundPng();
      await renderer.certificate({
        template: { ...template, background_file_id: 'b'.repeat(64) },
        background: other,
        values: valuesOf('李小明'),
        title: MEETING.name,
      });
      expect(imageBytes(sent.at(-1)!)).toBe(other.bytes.byteLength);
    } finally {
      await renderer.close();
    }
  });
});
