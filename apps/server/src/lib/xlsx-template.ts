import { Writable } from 'node:stream';
import { writeXlsx, type XlsxCell, type XlsxSheetData } from './xlsx-writer.ts';

/*
 * Templates to download and fill (the imports), written by our XLSX writer (xlsx-writer.ts) with
 * their drop-down lists, whole in memory: a template is a few kilobytes
 * (docs/decisions/0088-own-xlsx-template-writer.md).
 */

export async function xlsxBuffer(sheets: readonly XlsxSheetData[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await writeXlsx(sheets, output);
  output.end();
  return Buffer.concat(chunks);
}

/** Columns of values as the rows of a sheet: the hidden sheet of choices holds one list per column. */
export function columnsAsRows(columns: readonly (readonly XlsxCell[])[]): XlsxCell[][] {
  const height = Math.max(0, ...columns.map((column) => column.length));
  return Array.from({ length: height }, (_, row) => columns.map((column) => column[row] ?? null));
}
