import { PDFDocument, type PDFImage } from '@cantoo/pdf-lib';
import type { CertificatePlaceholder, CertificateTemplate } from '@meetflow/shared/schemas/certificates';
import {
  DocumentFonts,
  MM,
  drawLine,
  drawQr,
  hexColor,
  textWidth,
  wrapText,
  type Script,
} from './pdf-text.ts';

/*
 * One certificate: the organiser's template — a background image over the page, text blocks placed
 * in percentages of the page, the verification QR code — with the placeholders filled in.
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

async function embedImage(doc: PDFDocument, image: CertificateImage): Promise<PDFImage | null> {
  if (image.mime === 'image/jpeg') return doc.embedJpg(image.bytes);
  if (image.mime === 'image/png') return doc.embedPng(image.bytes);
  return null;
}

export async function certificatePdf(input: {
  template: CertificateTemplate;
  background: CertificateImage | null;
  values: CertificateValues;
  title: string;
}): Promise<Uint8Array> {
  const { template, values } = input;
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setCreator('MeetFlow');
  doc.setProducer('MeetFlow');
  const fonts = new DocumentFonts(doc);
  const [width, height] = PAGE_SIZES[template.page];
  const page = doc.addPage([width, height]);
  const script: Script = template.language === 'zh-cn' ? 'sc' : 'tc';

  if (input.background) {
    const image = await embedImage(doc, input.background);
    if (image) page.drawImage(image, { x: 0, y: 0, width, height });
  }

  for (const block of template.blocks) {
    const text = fillPlaceholders(block.text, values);
    if (!text.trim()) continue;
    const style = { size: block.size, bold: block.bold, color: hexColor(block.color), script };
    const boxWidth = (block.width / 100) * width;
    const anchor = (block.x / 100) * width;
    let baseline = height - (block.y / 100) * height - block.size;
    for (const line of await wrapText(fonts, text, boxWidth, style)) {
      const lineWidth = await textWidth(fonts, line, style);
      const x =
        block.align === 'left'
          ? anchor
          : block.align === 'right'
            ? anchor - lineWidth
            : anchor - lineWidth / 2;
      await drawLine(page, fonts, line, x, baseline, style);
      baseline -= block.size * 1.35;
    }
  }

  if (template.qr && values.verify_url) {
    const size = template.qr.size_mm * MM;
    drawQr(
      page,
      values.verify_url,
      width - template.qr.right_mm * MM - size,
      template.qr.bottom_mm * MM,
      size,
    );
  }
  return doc.save();
}
