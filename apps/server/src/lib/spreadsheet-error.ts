export type SpreadsheetProblem = 'type' | 'unsafe' | 'too_many_rows' | 'text_too_long' | 'empty';
/** Why a file cannot be read; the caller answers it in the user's language. */
export class SpreadsheetError extends Error {
  readonly problem: SpreadsheetProblem;
  /** The row it was found in, where the reader knows it. */
  readonly row: number | undefined;
  constructor(problem: SpreadsheetProblem, row?: number) {
    super(`spreadsheet: ${problem}`);
    this.problem = problem;
    this.row = row;
  }
}
