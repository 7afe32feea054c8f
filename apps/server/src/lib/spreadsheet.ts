import { onFirstUse } from './on-first-use.ts';

/*
 * What modules need of the spreadsheet reader before a file arrives: its error, and the reader itself
 * (spreadsheet-reader.ts), loaded with the first file rather than at start-up — its zip, XML and CSV
 * parsers (yauzl, saxes, csv-parse, chardet) serve the imports only.
 */

export type SpreadsheetProblem = 'type' | 'unsafe' | 'too_many_rows' | 'empty';
/** Why a file cannot be read; the caller answers it in the user's language. */
export class SpreadsheetError extends Error {
  readonly problem: SpreadsheetProblem;
  constructor(problem: SpreadsheetProblem) {
    super(`spreadsheet: ${problem}`);
    this.problem = problem;
  }
}

export const loadSpreadsheetReader = onFirstUse(() => import('./spreadsheet-reader.ts'));
