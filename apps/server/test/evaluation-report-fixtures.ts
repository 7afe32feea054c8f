import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { EvaluationQuestionInput } from '@meetflow/shared/forms/evaluation-definition';
import { localDayBounds } from '../src/lib/local-time.ts';
import type { Db } from '../src/db/database.ts';

/** Evaluations, scans and a workbook reader for the evaluation report tests. */

export const ZONE = 'Asia/Macau';
export const DAY = '2027-03-01';
/** An instant on Macao's clock that day, e.g. at('09:00'). */
export const at = (clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return localDayBounds(DAY, ZONE).from + (h * 60 + m) * 60_000;
};

const text = (en: string, zh = en) => ({ 'zh-tw': zh, 'zh-cn': zh, en });
const points = (labels: [string, string][]) =>
  labels.map(([en, zh], i) => ({ value: `p${i + 1}`, label: text(en, zh) }));

/** The session's evaluation: a five-point rating, a quiz choice, yes/no and a comment. */
export const SESSION_QUESTIONS: EvaluationQuestionInput[] = [
  {
    key: 'overall',
    type: 'rating',
    label: text('Overall', '整體評分'),
    options: points([
      ['Very poor', '很差'],
      ['Poor', '差'],
      ['Fair', '一般'],
      ['Good', '好'],
      ['Excellent', '極好'],
    ]),
  },
  {
    key: 'dose',
    type: 'choice',
    label: text('Adrenaline dose', '腎上腺素劑量'),
    options: [
      { value: 'low', label: text('0.1 mg', '0.1 毫克') },
      { value: 'high', label: text('1 mg', '1 毫克') },
    ],
    correct: ['high'],
  },
  { key: 'again', type: 'yes_no', label: text('Attend again?', '會再參加嗎？') },
  { key: 'comment', type: 'long_text', label: text('Comments', '意見') },
];

/** The meeting's named evaluation: a three-point rating, a quiz yes/no, a short text. */
export const MEETING_QUESTIONS: EvaluationQuestionInput[] = [
  {
    key: 'venue',
    type: 'rating',
    label: text('Venue', '場地'),
    options: points([
      ['Poor', '差'],
      ['Fair', '一般'],
      ['Good', '好'],
    ]),
  },
  { key: 'safe', type: 'yes_no', label: text('Is it safe?', '安全嗎？'), correct: ['yes'] },
  { key: 'improve', type: 'short_text', label: text('What to improve', '改善建議') },
];

/** The body that creates an open evaluation (POST /api/meetings/:id/evaluations). */
export function openEvaluation(
  scopeId: number,
  title: string,
  values: { anonymous: boolean; pass_mark: number | null; fields: EvaluationQuestionInput[] },
) {
  return { scope_id: scopeId, title: text(title, `${title}（中）`), state: 'open', version: 0, ...values };
}

/** Scans of one guest in one scope: pairs of entry and exit times. */
export function scans(db: Db, meetingId: number, guestId: number, scope: number, times: [string, string][]) {
  return db
    .insertInto('check_ins')
    .values(
      times.flatMap(([from, to]) =>
        (
          [
            ['in', from],
            ['out', to],
          ] as const
        ).map(([type, clock]) => ({
          meeting_id: meetingId,
          guest_id: guestId,
          scope_id: scope,
          type,
          station: 'Gate',
          operator_id: null,
          operator_name: null,
          nonce: randomUUID(),
          created_at: at(clock),
        })),
      ),
    )
    .execute();
}

/** A minimal CSV reader (LibreOffice's output: comma-separated, double quotes doubled). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\n' && c !== '\r')) cell += c;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    }
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/**
 * Every sheet of a workbook as LibreOffice reads it, converted to CSV (UTF-8, one file per sheet):
 * an independent reader of what our writer wrote. Sheet name → rows of cells as text.
 */
export async function sheetsThroughLibreOffice(bytes: Buffer): Promise<Map<string, string[][]>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mf-soffice-'));
  try {
    await writeFile(path.join(dir, 'report.xlsx'), bytes);
    // A profile of its own: another LibreOffice running on the machine would hold the default one.
    // Filter options: comma, double quote, UTF-8, …, and the 12th token -1: every sheet to its own file.
    await promisify(execFile)('soffice', [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1',
      '--outdir',
      path.join(dir, 'out'),
      path.join(dir, 'report.xlsx'),
    ]);
    const sheets = new Map<string, string[][]>();
    for (const file of (await readdir(path.join(dir, 'out'))).sort()) {
      const name = file.replace(/^report-/, '').replace(/\.csv$/, '');
      sheets.set(name, parseCsv(await readFile(path.join(dir, 'out', file), 'utf8')));
    }
    return sheets;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
