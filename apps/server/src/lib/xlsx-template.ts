import type ExcelJS from 'exceljs';

/*
 * Templates to download and fill (the imports): exceljs writes them, because they need drop-down
 * lists (data validations), which our streamed writer (xlsx-writer.ts) has not. exceljs is loaded on
 * the first template asked for: it weighs 27 MB of memory that a server never writing one keeps free.
 */

/** exceljs writes data validations over ranges; its typings leave the worksheet's collection out. */
interface SheetWithValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: exceljs } = await import('exceljs');
  return new exceljs.Workbook();
}

/**
 * A drop-down list on rows 2…lastRow of a column, its values in `formula` (a range of a hidden sheet:
 * a list typed into the validation is limited to 255 characters). Not strict: typing something
 * else is allowed (a cell may name several sessions).
 */
export function addListValidation(
  sheet: ExcelJS.Worksheet,
  column: number,
  lastRow: number,
  formula: string,
  strict: boolean,
): void {
  const letter = sheet.getColumn(column).letter;
  (sheet as unknown as SheetWithValidations).dataValidations.add(`${letter}2:${letter}${lastRow}`, {
    type: 'list',
    allowBlank: true,
    formulae: [formula],
    showErrorMessage: strict,
  });
}
