import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { BADGE_GEOMETRY, badgesPdf } from '../src/modules/certificates/badge-pdf.ts';
import { certificateValues, DEFAULT_TEMPLATE } from '../src/modules/certificates/certificate-content.ts';
import { certificatePdf } from '../src/modules/certificates/certificate-pdf.ts';
import { pdfFonts, pdfPages, pdfPageSizes, pdfText, pdftotext, qrIn } from './pdf-fixtures.ts';

/*
 * Certificates and badge sheets as drawn (no server): what readers independent of the PDF library
 * find in them — page sizes and text (pdf.js), embedded subset fonts (poppler's pdffonts), and QR
 * codes that decode once rendered (poppler's pdftoppm, then jsQR). They held the same before and
 * after the move to @cantoo/pdf-lib (docs/decisions/0087-pdf-lib-fork.md). The HTTP side (who may
 * print what, subset tags) is in certificates.test.ts.
 */

const MM = 72 / 25.4;
const MEETING = {
  name: '澳門醫學年會',
  name_cn: '澳门医学年会',
  name_en: 'Macao Medical Congress',
  start_at: Date.UTC(2026, 11, 1, 1),
  end_at: Date.UTC(2026, 11, 3, 10),
};
const CODE = 'ABCDEFGHJKMNPQRSTVWXYZ01';

const expectSize = (actual: [number, number] | undefined, [width, height]: [number, number]) => {
  expect(actual![0]).toBeCloseTo(width, 1);
  expect(actual![1]).toBeCloseTo(height, 1);
};

/** Every font embedded as a subset; Noto Sans TC always there. */
function expectSubsetFonts(bytes: Uint8Array): string[] {
  // pdffonts reads "subset" from the name's tag, which we write: the size tells a real subset, a
  // whole Noto Sans face being 7 MB. These documents are about 16 KB.
  expect(bytes.length).toBeLessThan(100_000);
  const fonts = pdfFonts(bytes);
  for (const font of fonts) expect(font, font.name).toMatchObject({ embedded: true, subset: true });
  const faces = fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort();
  expect(faces).toContain('NotoSansTC-Regular');
  return faces;
}

describe('certificate and badge drawing', () => {
  it('draws a certificate: A4 landscape, its CJK and Latin text, subset fonts and a QR that verifies', async () => {
    const values = certificateValues(
      {
        guest: { name: '', name_zh: '陳大文', name_en: 'Chan Tai Man' },
        meeting: MEETING,
        minutes: 390,
        credits: 6.5,
        sessions: [],
        code: CODE,
        issuedAt: Date.UTC(2026, 11, 4),
      },
      'zh-tw',
      'https://meet.example.org',
      'Asia/Macau',
    );
    const bytes = await certificatePdf({
      template: DEFAULT_TEMPLATE,
      background: null,
      values,
      title: MEETING.name,
    });
    const sizes = await pdfPageSizes(bytes);
    expect(sizes).toHaveLength(1);
    expectSize(sizes[0], [297 * MM, 210 * MM]);
    const [text] = await pdfText(bytes);
    for (const part of [
      '出席證明書',
      '陳大文',
      'Chan Tai Man',
      '澳門醫學年會',
      'Credits: 6.5',
      values.code,
    ]) {
      expect(text).toContain(part);
    }
    expect(expectSubsetFonts(bytes)).toEqual(['NotoSansTC-Bold', 'NotoSansTC-Regular']);
    const [page] = pdfPages(bytes, 150);
    expect(qrIn(page!)).toBe(`https://meet.example.org/verify/${CODE}`);
  });

  it('draws a certificate over a PNG or JPEG background, with a name in the other script read back by poppler', async () => {
    // A PNG with an alpha channel (pdf-lib's embedder makes a soft mask of it) and a JPEG, both red.
    const png = new PNG({ width: 8, height: 6 });
    for (let i = 0; i < png.data.length; i += 4) png.data.set([200, 30, 30, 255], i);
    const jpg = jpeg.encode({ width: 8, height: 6, data: Buffer.from(png.data) }, 90).data;
    const values = certificateValues(
      {
        guest: { name: '', name_zh: '刘晓议', name_en: 'Lau Hiu Yi' },
        meeting: MEETING,
        minutes: 390,
        credits: 6.5,
        sessions: [],
        code: CODE,
        issuedAt: Date.UTC(2026, 11, 4),
      },
      'zh-tw',
      'https://meet.example.org',
      'Asia/Macau',
    );
    for (const background of [
      { bytes: PNG.sync.write(png), mime: 'image/png' },
      { bytes: new Uint8Array(jpg), mime: 'image/jpeg' },
    ]) {
      const bytes = await certificatePdf({
        template: { ...DEFAULT_TEMPLATE, background_file_id: 'f'.repeat(64) },
        background,
        values,
        title: MEETING.name,
      });
      // 议 is not in Noto Sans TC: the name falls back to SC's bold face, a subset of its own.
      expect(expectSubsetFonts(bytes)).toEqual(['NotoSansSC-Bold', 'NotoSansTC-Bold', 'NotoSansTC-Regular']);
      expect(pdftotext(bytes)).toContain('刘晓议');
      const [page] = pdfPages(bytes, 30);
      // A corner far from the text and the QR code: the background's red.
      const at = (page!.width * 10 + 10) * 4;
      const [red, green, blue] = page!.data.subarray(at, at + 3);
      expect(red, background.mime).toBeGreaterThan(150);
      expect(green! + blue!, background.mime).toBeLessThan(140);
      expect(qrIn(pdfPages(bytes, 150)[0]!)).toBe(`https://meet.example.org/verify/${CODE}`);
    }
  });

  it('draws a badge sheet: A4 labels in place, names in both scripts and a QR per guest', async () => {
    const guests = [
      {
        names: ['陳大文', 'Chan Tai Man'],
        institution: '澳門大學',
        userType: '講者',
        answers: ['外科 B', '素食'],
        code: 'GUEST-0001',
      },
      // 议 is only in Noto Sans SC: drawn with the fallback font.
      {
        names: ['劉曉议', 'Lau Hiu Yi'],
        institution: 'University of Macau',
        userType: 'Delegate',
        answers: [],
        code: 'GUEST-0002',
      },
      // An answer far too long for a label: cut to the line, ended with an ellipsis.
      {
        names: ['Wong Ng'],
        institution: '',
        userType: '學員',
        answers: [`Long${'x'.repeat(4000)}\nEnd`],
        code: 'GUEST-0003',
      },
    ];
    const style = { meetingName: MEETING.name, color: '#1f6feb', script: 'tc' as const };
    const bytes = await badgesPdf(guests, 'a4_2x4', style);
    const sizes = await pdfPageSizes(bytes);
    expect(sizes).toHaveLength(1);
    expectSize(sizes[0], [210 * MM, 297 * MM]);
    const [text] = await pdfText(bytes);
    for (const part of [
      '陳大文',
      'Chan Tai Man',
      '劉曉议',
      'Wong Ng',
      '澳門大學',
      'Delegate',
      '外科 B',
      '素食',
      MEETING.name,
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toMatch(/Longx+…/);
    expect(text).not.toContain('x'.repeat(120));
    expect(text).not.toContain('End');
    expect(expectSubsetFonts(bytes)).toContain('NotoSansSC-Bold');

    // Each label's own code in its own place (pixels at 150 dpi, from the top left).
    const dpi = 150;
    const px = (mm: number) => (mm / 25.4) * dpi;
    const geometry = BADGE_GEOMETRY.a4_2x4;
    const [page] = pdfPages(bytes, dpi);
    const label = (slot: number) =>
      qrIn(page!, {
        x: px(geometry.origin[0] + (slot % 2) * geometry.pitch[0]),
        y: px(geometry.origin[1] + Math.floor(slot / 2) * geometry.pitch[1]),
        width: px(geometry.label[0]),
        height: px(geometry.label[1]),
      });
    expect([0, 1, 2, 3].map(label)).toEqual(['GUEST-0001', 'GUEST-0002', 'GUEST-0003', undefined]);
  });
});
