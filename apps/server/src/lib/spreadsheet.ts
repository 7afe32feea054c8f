import { onFirstUse } from './on-first-use.ts';

/*
 * What modules need of the spreadsheet reader before a file arrives: its error, and the reader itself
 * (spreadsheet-reader.ts), loaded with the first file rather than at start-up — its zip, XML and CSV
 * parsers (yauzl, saxes, csv-parse, chardet) serve the imports only. The error sits in its own file,
 * which the reader imports too, so that the two files do not import each other.
 */
export { SpreadsheetError, type SpreadsheetProblem } from './spreadsheet-error.ts';

export const loadSpreadsheetReader = onFirstUse(() => import('./spreadsheet-reader.ts'));
