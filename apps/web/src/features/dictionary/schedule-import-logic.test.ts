import { describe, expect, it } from 'vitest';
import { SCHEDULE_IMPORT_SHEETS, type ScheduleImportPreview } from '@meetflow/shared/schemas/imports';
import { ApiError } from '../../lib/http-errors.ts';
import { refusalText } from '../../lib/refusal-text.ts';
import { i18n } from '../../lib/i18n.ts';
import { SCHEDULE_SHEETS, SHEET_LABELS, resultRows, sheetRows } from './schedule-import-logic.ts';
import './i18n.ts';

const sheet = (total: number, create: number, update: number, invalid: number) => ({
  total,
  create,
  update,
  invalid,
});

describe('schedule workbook sheets', () => {
  it("are the contract's sheets, in its order, each named by a dictionary tab", () => {
    expect(SCHEDULE_SHEETS).toEqual(SCHEDULE_IMPORT_SHEETS);
    for (const lang of ['zh-tw', 'zh-cn', 'en'] as const) {
      for (const name of SCHEDULE_SHEETS) {
        expect(i18n.getFixedT(lang)(`dictionary.tabs.${SHEET_LABELS[name]}`, { defaultValue: '' })).not.toBe(
          '',
        );
      }
    }
  });

  it('give one counts row per sheet', () => {
    const preview: ScheduleImportPreview = {
      id: 4,
      file_name: 'schedule.xlsx',
      sheets: {
        sessions: sheet(12, 10, 2, 0),
        user_types: sheet(3, 1, 1, 1),
        college_categories: sheet(0, 0, 0, 0),
      },
      issues: [],
      can_apply: false,
    };
    expect(sheetRows(preview)).toEqual([
      { sheet: 'sessions', total: 12, create: 10, update: 2, invalid: 0 },
      { sheet: 'user_types', total: 3, create: 1, update: 1, invalid: 1 },
      { sheet: 'college_categories', total: 0, create: 0, update: 0, invalid: 0 },
    ]);
  });

  it('say whether applying changed anything', () => {
    const none = { create: 0, update: 0 };
    expect(resultRows({ sessions: none, user_types: none, college_categories: none }).changed).toBe(false);
    const some = resultRows({
      sessions: none,
      user_types: { create: 0, update: 2 },
      college_categories: none,
    });
    expect(some.changed).toBe(true);
    expect(some.rows.map((row) => row.sheet)).toEqual(['sessions', 'user_types', 'college_categories']);
  });
});

describe('refusalText', () => {
  it("is the server's message with its field messages, each once", () => {
    const error = new ApiError('Invalid request', 40001, 400, {
      fields: { file: 'Choose a file', other: 'Choose a file' },
    });
    expect(refusalText(error)).toBe('Invalid request Choose a file');
    expect(refusalText(new Error('Network error'))).toBe('Network error');
  });
});
