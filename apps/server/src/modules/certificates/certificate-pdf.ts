import type { CertificatePlaceholder, CertificateTemplate } from '@meetflow/shared/schemas/certificates';
import { flateStream, textString, writePdf, type PdfBody } from './pdf-file.ts';
import {
  fontFace,
  fontRuns,
  hexChannels,
  MM,
  qrOperators,
  subsetTag,
  textWidth,
  wrapText,
  type Script,
} from './text-layout.ts';
import type { TrueTypeFace } from './truetype-subset.ts';

/*
 * One certificate: the organiser's template — a background image over the page, text blocks placed
 * in percentages of the page, the verification QR code — with the placeholders filled in.
 *
 * A ZIP draws thousands from one template, so the page is prepared once (the image's objects
 * serialized, the faces' widths and glyphs read) and each certificate only lays out its text and
 * writes a few objects: its content, and per face a subset of the glyphs it uses
 * (docs/decisions/0109).
 */

const PAGE_SIZES: Record<CertificateTemplate['page'], [number, number]> = {
  a4_landscape: [297 * MM, 210 * MM],
  a4_portrait: [210 * MM, 297 * MM],
};

export interface CertificateImage {
  bytes: Uint8Array;
  mime: string;
}

/** The placeholders' values; `answer.<key>`: the guest's answer to the meeting's field `key`. */
export type CertificateValues = Record<CertificatePlaceholder, string> & Record<`answer.${string}`, string>;

/** The template's text with its placeholders filled in; an unknown `{word}` stays as typed. */
export function fillPlaceholders(text: string, values: CertificateValues): string {
  return text.replace(/\{([a-z_]+(?:\.[a-z][a-z0-9_]*)?)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? (values as Record<string, string>)[key]! : whole,
  );
}

/**
 * The image as PDF objects numbered from 1, as pdf-lib's embedders make them of a JPEG or PNG (a
 * PNG's alpha becomes a soft mask of its own), and the image's number; null for another type.
 */
async function imageObjects(
  image: CertificateImage,
): Promise<{ bodies: Uint8Array[]; number: number } | null> {
  // pdf-lib is loaded only for a template with an image: the rest of a certificate is written without it.
  const { JpegEmbedder, PDFContext, PngEmbedder } = await import('@cantoo/pdf-lib');
  const embedder =
    image.mime === 'image/jpeg'
      ? await JpegEmbedder.for(image.bytes)
      : image.mime === 'image/png'
        ? await PngEmbedder.for(image.bytes)
        : null;
  if (!embedder) return null;
  const context = PDFContext.create();
  const ref = await embedder.embedIntoContext(context);
  const objects = context.enumerateIndirectObjects();
  if (objects.some(([r], i) => r.objectNumber !== i + 1 || r.generationNumber !== 0)) {
    throw new Error('image objects not numbered from 1');
  }
  const bodies = objects.map(([, object]) => {
    const bytes = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    return bytes;
  });
  return { bodies, number: ref.objectNumber };
}

/** The glyphs one document draws with one face, numbered in the order they are first used. */
class GlyphSet {
  /** The font's name among the page's resources. */
  readonly key: string;
  readonly face: TrueTypeFace;
  readonly glyphs = [0];
  private readonly ids = new Map([[0, 0]]);
  private readonly unicode = new Map<number, string>();

  constructor(key: string, face: TrueTypeFace) {
    this.key = key;
    this.face = face;
  }

  /** The text as the hex string of its glyphs' numbers in the subset (Identity-H). */
  encode(text: string): string {
    let hex = '';
    for (const char of text) {
      const glyph = this.face.glyphId(char.codePointAt(0)!);
      let id = this.ids.get(glyph);
      if (id === undefined) {
        id = this.glyphs.length;
        this.glyphs.push(glyph);
        this.ids.set(glyph, id);
      }
      if (glyph !== 0) this.unicode.set(id, char);
      hex += id.toString(16).padStart(4, '0');
    }
    return `<${hex}>`;
  }

  /** The font's five objects, the first numbered `first`: Type0, CIDFont, descriptor, program, ToUnicode. */
  objects(first: number): PdfBody[] {
    const { metrics } = this.face;
    const name = `/${subsetTag()}+${metrics.postscriptName}`;
    const widths = this.glyphs.map((glyph) => Math.round(this.face.advance(glyph))).join(' ');
    const program = this.face.subset(this.glyphs);
    return [
      `<< /Type /Font /Subtype /Type0 /BaseFont ${name} /Encoding /Identity-H /DescendantFonts [${first + 1} 0 R] /ToUnicode ${first + 4} 0 R >>`,
      `<< /Type /Font /Subtype /CIDFontType2 /BaseFont ${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${first + 2} 0 R /CIDToGIDMap /Identity /W [0 [${widths}]] >>`,
      `<< /Type /FontDescriptor /FontName ${name} /Flags 4 /FontBBox [${metrics.bbox.join(' ')}] /ItalicAngle 0 /Ascent ${metrics.ascent} /Descent ${metrics.descent} /CapHeight ${metrics.capHeight} /StemV 80 /FontFile2 ${first + 3} 0 R >>`,
      flateStream(`/Length1 ${program.length}`, program),
      flateStream('', this.toUnicode()),
    ];
  }

  /** The CMap readers extract text with (ISO 32000-1 §9.10.3): each glyph's character, in UTF-16BE. */
  private toUnicode(): string {
    const entries = [...this.unicode].map(([id, char]) => {
      let hex = '';
      for (let i = 0; i < char.length; i++) hex += char.charCodeAt(i).toString(16).padStart(4, '0');
      return `<${id.toString(16).padStart(4, '0')}> <${hex}>`;
    });
    let body = '';
    // At most 100 mappings per section.
    for (let at = 0; at < entries.length; at += 100) {
      const part = entries.slice(at, at + 100);
      body += `${part.length} beginbfchar\n${part.join('\n')}\nendbfchar\n`;
    }
    return (
      '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n' +
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n' +
      '/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n' +
      '1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n' +
      body +
      'endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n'
    );
  }
}

const n = (value: number) => value.toFixed(2);

export interface CertificatePage {
  draw(values: CertificateValues, title: string): Uint8Array;
}

/** A template's page, ready to draw certificates on: its image and fonts are read here, once. */
export async function prepareCertificatePage(
  template: CertificateTemplate,
  background: CertificateImage | null,
): Promise<CertificatePage> {
  const [width, height] = PAGE_SIZES[template.page];
  const script: Script = template.language === 'zh-cn' ? 'sc' : 'tc';
  const image = background ? await imageObjects(background) : null;
  const imageCount = image?.bodies.length ?? 0;

  return {
    draw(values, title) {
      const fonts = new Map<string, GlyphSet>();
      const fontOf = (face: Script, bold: boolean) => {
        const key = `${face}${bold ? 'B' : 'R'}`;
        if (!fonts.has(key)) fonts.set(key, new GlyphSet(key, fontFace(face, bold)));
        return fonts.get(key)!;
      };
      let content = image ? `q ${n(width)} 0 0 ${n(height)} 0 0 cm /Bg Do Q\n` : '';

      for (const block of template.blocks) {
        const text = fillPlaceholders(block.text, values);
        if (!text.trim()) continue;
        const style = { size: block.size, bold: block.bold, script };
        const color = hexChannels(block.color);
        const boxWidth = (block.width / 100) * width;
        const anchor = (block.x / 100) * width;
        let baseline = height - (block.y / 100) * height - block.size;
        for (const line of wrapText(text, boxWidth, style)) {
          const lineWidth = textWidth(line, style);
          const x =
            block.align === 'left'
              ? anchor
              : block.align === 'right'
                ? anchor - lineWidth
                : anchor - lineWidth / 2;
          content += `BT ${n(color.red)} ${n(color.green)} ${n(color.blue)} rg 1 0 0 1 ${n(x)} ${n(baseline)} Tm`;
          for (const run of fontRuns(line, script)) {
            const font = fontOf(run.script, block.bold);
            content += ` /${font.key} ${block.size} Tf ${font.encode(run.text)} Tj`;
          }
          content += ' ET\n';
          baseline -= block.size * 1.35;
        }
      }

      if (template.qr && values.verify_url) {
        const size = template.qr.size_mm * MM;
        content += qrOperators(
          values.verify_url,
          width - template.qr.right_mm * MM - size,
          template.qr.bottom_mm * MM,
          size,
        );
      }

      // Objects: the image's, then catalog, pages, page, content, info, then five per font.
      const catalog = imageCount + 1;
      const firstFont = imageCount + 6;
      const fontEntries = [...fonts.keys()].map((key, i) => `/${key} ${firstFont + 5 * i} 0 R`).join(' ');
      const bodies: PdfBody[] = [
        ...(image?.bodies ?? []),
        `<< /Type /Catalog /Pages ${catalog + 1} 0 R >>`,
        `<< /Type /Pages /Kids [${catalog + 2} 0 R] /Count 1 >>`,
        `<< /Type /Page /Parent ${catalog + 1} 0 R /MediaBox [0 0 ${n(width)} ${n(height)}] ` +
          `/Resources << /Font << ${fontEntries} >>${image ? ` /XObject << /Bg ${image.number} 0 R >>` : ''} >> ` +
          `/Contents ${catalog + 3} 0 R >>`,
        flateStream('', content),
        `<< /Title ${textString(title)} /Creator (MeetFlow) /Producer (MeetFlow) >>`,
        ...[...fonts.values()].flatMap((set, i) => set.objects(firstFont + 5 * i)),
      ];
      return writePdf(bodies, { root: catalog, info: catalog + 4 });
    },
  };
}

/** The page last prepared: a ZIP asks for thousands of certificates of one template in a row. */
let last: { key: string; page: Promise<CertificatePage> } | undefined;

export async function certificatePdf(input: {
  template: CertificateTemplate;
  background: CertificateImage | null;
  values: CertificateValues;
  title: string;
}): Promise<Uint8Array> {
  // The template names its background by the image's SHA-256: the same template, the same page.
  const key = JSON.stringify([input.template, input.background?.mime ?? null]);
  if (last?.key !== key) {
    const page = prepareCertificatePage(input.template, input.background);
    last = { key, page };
    // An image that cannot be read fails this certificate, not the next try.
    page.catch(() => {
      if (last?.page === page) last = undefined;
    });
  }
  return (await last.page).draw(input.values, input.title);
}
