import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

/*
 * Parses one XLSX in a worker thread (lib/spreadsheet-reader.ts): SheetJS reads the whole workbook at
 * once — about a second for 20,000 rows — which would otherwise stop the event loop, and with it the
 * door scans of this instance. Answers each sheet's non-empty rows as text, or that rows go on past
 * the limit. Cells are values: formulas are not even read (`cellFormula: false`), only their cached
 * results.
 */

interface Job {
  bytes: Uint8Array;
  maxRows: number;
}
type Cell = { t?: string; v?: unknown; w?: string } | null | undefined;

/** Spreadsheet dates carry no zone (read as UTC here): a date, a time of day (Excel's day 0) or both. */
function dateText(date: Date): string {
  const iso = date.toISOString();
  const day = iso.slice(0, 10);
  const time = iso.slice(11, 16);
  if (day <= '1900-01-01') return time;
  return time === '00:00' ? day : `${day} ${time}`;
}

function cellText(cell: Cell): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v);
    case 'n': {
      const n = cell.v as number;
      return Number.isInteger(n) ? String(n) : String(+n.toFixed(10));
    }
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'd':
      return cell.v instanceof Date ? dateText(cell.v) : String(cell.v);
    case 'e':
      return '';
    default:
      return cell.w ?? String(cell.v);
  }
}

const { bytes, maxRows } = workerData as Job;
try {
  const workbook = XLSX.read(bytes, {
    type: 'buffer',
    dense: true,
    cellFormula: false,
    cellHTML: false,
    cellNF: false,
    cellStyles: false,
    cellDates: true,
    UTC: true,
    // Rows past the limit are not read; '!fullref' then tells that there were some.
    sheetRows: maxRows,
  });
  const sheets = workbook.SheetNames.map((name) => {
    const sheet = workbook.Sheets[name]!;
    if (sheet['!fullref'] && XLSX.utils.decode_range(sheet['!fullref']).e.r + 1 > maxRows) {
      throw new Error('too_many_rows');
    }
    const rows: [number, string[]][] = [];
    (sheet['!data'] ?? []).forEach((row: Cell[] | undefined, index: number) => {
      if (!row) return;
      const cells = Array.from(row, cellText);
      let end = cells.length;
      while (end > 0 && cells[end - 1]!.trim() === '') end -= 1;
      if (end > 0) rows.push([index + 1, cells.slice(0, end)]);
    });
    return { name, rows };
  });
  parentPort!.postMessage({ sheets });
} catch (error) {
  parentPort!.postMessage({
    problem: error instanceof Error && error.message === 'too_many_rows' ? 'too_many_rows' : 'type',
  });
}
