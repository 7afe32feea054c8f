import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { onFirstUse } from './on-first-use.ts';

/*
 * A small streaming XLSX (Office Open XML) writer, for the exports and the import templates.
 *
 * What it writes: one or more sheets, each a bold header row frozen at the top, then text cells
 * (inline strings, any script) and number cells; column widths; columns formatted as text ('@', so
 * that Excel keeps a phone's leading zero when someone types it); hidden sheets; and drop-down lists
 * (list data validations) whose choices are a range of cells, usually on a hidden sheet, since a
 * list typed into the validation itself is limited to 255 characters, each with an input message if
 * asked. Nothing else: no formulas, dates, merged cells or shared strings.
 *
 * How: each sheet's XML goes straight into a deflated zip entry (yazl, on Node's zlib) and rows are
 * read only when the output has room, so memory holds a few chunks in flight, not the file, however
 * slowly the output is read. Excel, LibreOffice, exceljs and our reader (xlsx-reader.ts) read it.
 */

export type XlsxCell = string | number | null;

/** A drop-down on the rows under the header, down to `lastRow`, of one column. */
export interface XlsxListValidation {
  /** Zero-based. */
  column: number;
  /** 1-based, as Excel counts rows. */
  lastRow: number;
  /** The cells holding the choices, e.g. `'Lists'!$A$2:$A$5` (see `listSource`). */
  source: string;
  /** Whether Excel refuses a value not in the list, or only offers the list. */
  strict: boolean;
  /** Shown beside a cell of the column when it is selected (Excel's input message; cut to 255 characters). */
  prompt?: string;
}

export interface XlsxSheetData {
  /** Made valid for a sheet tab: at most 31 characters, none of : \ / ? * [ ]. */
  name: string;
  /** Column widths in characters. */
  widths: readonly number[];
  /** Written in bold, and frozen at the top (unless the sheet is hidden). */
  header: readonly string[];
  rows: AsyncIterable<readonly XlsxCell[]> | Iterable<readonly XlsxCell[]>;
  /** Hidden from the sheet tabs (at least one sheet must stay visible): the drop-downs' choices. */
  hidden?: boolean;
  /** Zero-based columns formatted as text, their cells and the ones typed in later. */
  textColumns?: readonly number[];
  /** Zero-based columns whose numbers show two decimals ('0.00': amounts of money). */
  decimalColumns?: readonly number[];
  validations?: readonly XlsxListValidation[];
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';

const ROOT_RELS =
  `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

/**
 * Style 0 is the default; 1 (s="1") is bold, for the header; 2 is text ('@', number format 49) and 3
 * bold text, for text columns; 4 shows two decimals ('0.00', number format 2), for amounts. Two
 * fills are required by Excel.
 */
const STYLES =
  `${XML_DECLARATION}<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

function contentTypes(sheetCount: number): string {
  let overrides = '';
  for (let n = 1; n <= sheetCount; n++) {
    overrides += `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="${SHEET_TYPE}"/>`;
  }
  return (
    `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    `${overrides}</Types>`
  );
}

function workbook(names: readonly string[], hidden: readonly boolean[]): string {
  const sheets = names
    .map(
      (name, i) =>
        `<sheet name="${escapeAttribute(name)}" sheetId="${i + 1}"` +
        `${hidden[i] ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`,
    )
    .join('');
  return `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets}</sheets></workbook>`;
}

function workbookRels(sheetCount: number): string {
  let rels = '';
  for (let n = 1; n <= sheetCount; n++) {
    rels += `<Relationship Id="rId${n}" Type="${REL}/worksheet" Target="worksheets/sheet${n}.xml"/>`;
  }
  rels += `<Relationship Id="rId${sheetCount + 1}" Type="${REL}/styles" Target="styles.xml"/>`;
  return `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_REL}">${rels}</Relationships>`;
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(name: string): string {
  return (
    xmlSafe(name)
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31) || 'Sheet1'
  );
}

// Characters XML 1.0 cannot carry: they would make the file unreadable.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text without the characters XML 1.0 cannot carry. */
export function xmlSafe(text: string): string {
  return text.replace(XML_INVALID, '');
}

// One pass per cell: invalid characters dropped, markup escaped, CR kept (a parser would turn it into LF).
// eslint-disable-next-line no-control-regex
const TEXT_ESCAPE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF&<>\r]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const escapeChar = (c: string) => ESCAPES[c] ?? '';

function escapeText(text: string): string {
  return text.replace(TEXT_ESCAPE, escapeChar);
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/** 'A', 'B', … 'Z', 'AA', …: column letters of cell references (zero-based index). */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * A cell's XML, or '' for an empty one. `start` is '<c r="A' for column A (see `cellStart`) and
 * `row` the row number as text, both made once rather than per cell.
 */
function cellXml(start: string, row: string, value: XlsxCell, style = ''): string {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? start + row + '"' + style + '><v>' + value + '</v></c>' : '';
  }
  if (value === null || value === '') return '';
  const text = escapeText(value);
  // Leading or trailing spaces are kept only when asked for.
  const open =
    text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32
      ? ' t="inlineStr"><is><t xml:space="preserve">'
      : ' t="inlineStr"><is><t>';
  return start + row + '"' + style + open + text + '</t></is></c>';
}

function cellStart(index: number): string {
  return `<c r="${columnLetters(index)}`;
}

const TEXT_STYLE = ' s="2"';

/** The style attribute of each column's cells: text columns' cells are text, amounts '0.00' ('' for the others). */
function columnStyles(sheet: XlsxSheetData, count: number): string[] {
  const text = new Set(sheet.textColumns);
  const decimal = new Set(sheet.decimalColumns);
  return Array.from({ length: count }, (_, i) => (text.has(i) ? TEXT_STYLE : decimal.has(i) ? ' s="4"' : ''));
}

const FROZEN_HEADER =
  '<sheetViews><sheetView workbookViewId="0">' +
  '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
  '<selection pane="bottomLeft"/></sheetView></sheetViews>';

function sheetStart(sheet: XlsxSheetData, starts: readonly string[], styles: readonly string[]): string {
  const cols = sheet.widths
    .map(
      (width, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${width}"${styles[i] ? ` style="${styles[i] === TEXT_STYLE ? 2 : 4}"` : ''} customWidth="1"/>`,
    )
    .join('');
  const header = sheet.header
    .map((text, i) => cellXml(starts[i]!, '1', text, styles[i] === TEXT_STYLE ? ' s="3"' : ' s="1"'))
    .join('');
  return (
    `${XML_DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    (sheet.hidden ? '' : FROZEN_HEADER) +
    (cols ? `<cols>${cols}</cols>` : '') +
    `<sheetData><row r="1">${header}</row>`
  );
}

/** The longest input message Excel shows. */
const PROMPT_MAX = 255;

/** The end of a sheet: its drop-downs follow the cells (the schema's order). */
function sheetEnd(sheet: XlsxSheetData): string {
  const validations = (sheet.validations ?? []).map((v) => {
    const letters = columnLetters(v.column);
    const prompt = v.prompt
      ? ` showInputMessage="1" prompt="${escapeAttribute(Array.from(v.prompt).slice(0, PROMPT_MAX).join(''))}"`
      : '';
    return (
      `<dataValidation type="list" allowBlank="1"${v.strict ? ' showErrorMessage="1"' : ''}${prompt}` +
      ` sqref="${letters}2:${letters}${v.lastRow}"><formula1>${escapeText(v.source)}</formula1></dataValidation>`
    );
  });
  const list = validations.length
    ? `<dataValidations count="${validations.length}">${validations.join('')}</dataValidations>`
    : '';
  return `</sheetData>${list}</worksheet>`;
}

/** A range of one column holding a drop-down's choices: `count` cells under a sheet's header. */
export function listSource(sheet: string, column: number, count: number): string {
  const letters = columnLetters(column);
  return `'${sheetName(sheet).replace(/'/g, "''")}'!$${letters}$2:$${letters}$${count + 1}`;
}

/** The zip writer, loaded with the first export, not at start-up; zip-stream.ts shares it. */
export const loadYazl = onFirstUse(() => import('yazl'));
const CHUNK = 64 * 1024;

/**
 * Writes the workbook into `output` as its rows come, waiting whenever `output` is full. Resolves
 * true once the whole file is written (`output` is left open: the caller ends it), false as soon as
 * `output` is destroyed (the client went away): the rows are then no longer read.
 */
export async function writeXlsx(sheets: readonly XlsxSheetData[], output: Writable): Promise<boolean> {
  const { ZipFile } = await loadYazl();
  const zip = new ZipFile();
  const gone = new AbortController();
  const onClose = () => gone.abort();
  output.once('close', onClose);
  // yazl reports only its own faults (none expected with these entries); they cut the file short.
  zip.on('error', (error: Error) => output.destroy(error));
  zip.outputStream.pipe(output, { end: false });

  /** Waits until `part` has room; false when the output has gone. */
  const room = async (part: Writable) => {
    if (part.writableNeedDrain && !output.destroyed) {
      await once(part, 'drain', { signal: gone.signal }).catch(() => undefined);
    }
    return !output.destroyed;
  };

  try {
    const names = sheets.map((sheet) => sheetName(sheet.name));
    zip.addBuffer(Buffer.from(contentTypes(sheets.length)), '[Content_Types].xml');
    zip.addBuffer(Buffer.from(ROOT_RELS), '_rels/.rels');
    const hidden = sheets.map((sheet) => sheet.hidden === true);
    zip.addBuffer(Buffer.from(workbook(names, hidden)), 'xl/workbook.xml');
    zip.addBuffer(Buffer.from(workbookRels(sheets.length)), 'xl/_rels/workbook.xml.rels');
    zip.addBuffer(Buffer.from(STYLES), 'xl/styles.xml');

    for (const [index, sheet] of sheets.entries()) {
      // yazl reads the entries one after another, so this part is read once the previous one is done.
      const part = new PassThrough();
      zip.addReadStream(part, `xl/worksheets/sheet${index + 1}.xml`);
      const width = Math.max(sheet.header.length, sheet.widths.length);
      const starts = Array.from({ length: width }, (_, i) => cellStart(i));
      const styles = columnStyles(sheet, width);
      // Rows are joined into chunks of about CHUNK characters: a few large writes cost less than
      // many small ones, and the part holds one chunk before it asks the writer to wait.
      let rows = [sheetStart(sheet, starts, styles)];
      let length = 0;
      let rowNumber = 1;
      for await (const cells of sheet.rows) {
        const row = String(++rowNumber);
        let xml = '<row r="' + row + '">';
        for (let i = 0; i < cells.length; i++) {
          xml += cellXml(starts[i] ?? cellStart(i), row, cells[i] ?? null, styles[i]);
        }
        xml += '</row>';
        rows.push(xml);
        length += xml.length;
        if (length >= CHUNK) {
          part.write(rows.join(''));
          rows = [];
          length = 0;
          if (!(await room(part))) return false;
        }
      }
      rows.push(sheetEnd(sheet));
      // The next part waits its turn in the zip, so it fills only up to its own buffer.
      part.end(rows.join(''));
      if (output.destroyed) return false;
    }
    zip.end();
    if (!output.destroyed) {
      await once(zip.outputStream, 'end', { signal: gone.signal }).catch(() => undefined);
    }
    return !output.destroyed;
  } finally {
    output.off('close', onClose);
    zip.outputStream.unpipe(output);
  }
}
