import { deflateSync } from 'node:zlib';

/*
 * The bytes of a PDF file from its objects' bodies, numbered from 1 in the order given, with the
 * cross-reference table a reader seeks by (ISO 32000-1 §7.5). What the prepared certificate page
 * (certificate-pdf.ts) writes its few objects with; pdf-lib builds an object graph per document,
 * which a certificate, written thousands of times from one page, does not need.
 */

export type PdfBody = string | Uint8Array;

/** A stream object's body: its dictionary's entries (without << >>) and its data, deflated. */
export function flateStream(entries: string, data: string | Uint8Array): Uint8Array {
  const raw = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const packed = deflateSync(raw);
  return Buffer.concat([
    Buffer.from(`<< ${entries} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`, 'latin1'),
    packed,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** A text string (ISO 32000-1 §7.9.2.2): UTF-16BE with its byte-order mark, in hex. */
export function textString(text: string): string {
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `${hex}>`;
}

export function writePdf(bodies: readonly PdfBody[], trailer: { root: number; info: number }): Uint8Array {
  const parts: Uint8Array[] = [];
  let length = 0;
  const add = (part: PdfBody) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  // The second line's high bytes tell transfer programs the file is binary.
  add('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const offsets: number[] = [];
  bodies.forEach((body, index) => {
    offsets.push(length);
    add(`${index + 1} 0 obj\n`);
    add(body);
    add('\nendobj\n');
  });
  const xrefAt = length;
  // Each entry is exactly 20 bytes, end of line included.
  add(
    `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n` +
      offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
      `trailer\n<< /Size ${bodies.length + 1} /Root ${trailer.root} 0 R /Info ${trailer.info} 0 R >>\n` +
      `startxref\n${xrefAt}\n%%EOF\n`,
  );
  // A file of its own (not Node's shared pool): the renderer hands its buffer over to another thread.
  const file = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    file.set(part, at);
    at += part.length;
  }
  return file;
}
