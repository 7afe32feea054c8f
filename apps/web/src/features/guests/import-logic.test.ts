import { describe, expect, it } from 'vitest';
import {
  DATE_SCHEDULE_IMPORT_FIELDS,
  GENERAL_IMPORT_FIELDS,
  GUEST_IMPORT_FIELDS,
  type GuestImport,
  type GuestImportPreview,
  type ImportAnswerField,
  type ImportStatus,
} from '@meetflow/shared/schemas/imports';
import { ApiError } from '../../lib/http-errors.ts';
import { refusalText as errorText } from '../../lib/refusal-text.ts';
import {
  IMPORT_FIELD_LABELS,
  answerFieldLabel,
  checkMapping,
  columnLetter,
  columnSamples,
  fitMapping,
  importFields,
  importStep,
  importTargets,
  progressPercent,
  rowsToWrite,
  unmappedRequired,
} from './import-logic.ts';
import { importActive, importsFinished, runningImport } from './import-status.ts';
import { guestsKey } from './guests-api.ts';
import { guestImportKey, guestImportsKey } from './import-list-api.ts';
import { i18n } from '../../lib/i18n.ts';
import './i18n.ts';
import './import-i18n.ts';

describe('checkMapping', () => {
  it('passes a mapping with area code and phone, each field once', () => {
    const check = checkMapping(['name', 'area_code', 'phone', null, 'email']);
    expect(check).toEqual({ duplicates: new Map(), missing: [], ok: true });
  });

  it('names every column of a field chosen twice', () => {
    const check = checkMapping(['phone', 'area_code', 'email', null, 'email']);
    expect(check.ok).toBe(false);
    expect([...check.duplicates]).toEqual([
      [2, 'email'],
      [4, 'email'],
    ]);
    expect(check.missing).toEqual([]);
  });

  it('lets sessions fill several columns', () => {
    const check = checkMapping(['area_code', 'phone', 'session', 'session', 'session']);
    expect(check.ok).toBe(true);
    expect(check.duplicates.size).toBe(0);
  });

  it('requires area code and phone', () => {
    expect(checkMapping(['name', 'phone']).missing).toEqual(['area_code']);
    expect(checkMapping([null, null]).missing).toEqual(['area_code', 'phone']);
    expect(checkMapping([]).ok).toBe(false);
  });

  it('reports a duplicate and a missing field together', () => {
    const check = checkMapping(['phone', 'phone']);
    expect([...check.duplicates.keys()]).toEqual([0, 1]);
    expect(check.missing).toEqual(['area_code']);
    expect(check.ok).toBe(false);
  });
});

describe("the meeting's own fields", () => {
  const own: ImportAnswerField[] = [
    {
      key: 'specialty',
      type: 'choice',
      label: { 'zh-tw': '專科', 'zh-cn': '专科', en: 'Specialty' },
      required: true,
    },
    { key: 'diet', type: 'choice', label: { 'zh-tw': '膳食', 'zh-cn': '', en: '' }, required: false },
  ];

  it('are targets after the meeting type’s fields', () => {
    expect(importTargets('general', own)).toEqual([
      ...GENERAL_IMPORT_FIELDS,
      'answers.specialty',
      'answers.diet',
    ]);
  });

  it('keep a suggested own field the meeting has, and drop one it has not', () => {
    const targets = importTargets('general', own);
    expect(fitMapping(['phone', 'answers.specialty', 'answers.gone', 'area_code'], 4, targets)).toEqual([
      'phone',
      'answers.specialty',
      null,
      'area_code',
    ]);
  });

  it('go to one column each', () => {
    const check = checkMapping(['area_code', 'phone', 'answers.diet', 'answers.diet']);
    expect(check.ok).toBe(false);
    expect([...check.duplicates]).toEqual([
      [2, 'answers.diet'],
      [3, 'answers.diet'],
    ]);
  });

  it('name a required field no column fills', () => {
    expect(unmappedRequired(['area_code', 'phone'], own).map((f) => f.key)).toEqual(['specialty']);
    expect(unmappedRequired(['area_code', 'phone', 'answers.specialty'], own)).toEqual([]);
  });

  it('are called by their label in the language, zh-tw where it has none', () => {
    expect(answerFieldLabel('answers.specialty', own, 'en')).toBe('Specialty');
    expect(answerFieldLabel('answers.diet', own, 'en')).toBe('膳食');
    expect(answerFieldLabel('answers.gone', own, 'en')).toBe('gone');
  });
});

describe('fitMapping', () => {
  it('gives one entry per column: missing ones empty, extra ones dropped', () => {
    expect(fitMapping(['phone'], 3, GENERAL_IMPORT_FIELDS)).toEqual(['phone', null, null]);
    expect(fitMapping(['phone', 'email', 'name'], 2, GENERAL_IMPORT_FIELDS)).toEqual(['phone', 'email']);
  });

  it("leaves out fields the meeting type's form does not have", () => {
    expect(fitMapping(['name_zh', 'gender', 'session'], 3, DATE_SCHEDULE_IMPORT_FIELDS)).toEqual([
      'name_zh',
      null,
      'session',
    ]);
    expect(fitMapping(['session', 'gender'], 2, GENERAL_IMPORT_FIELDS)).toEqual([null, 'gender']);
  });
});

describe('importFields', () => {
  it("follows the meeting type's sign-up form", () => {
    expect(importFields('general')).toBe(GENERAL_IMPORT_FIELDS);
    expect(importFields('date_schedule')).toBe(DATE_SCHEDULE_IMPORT_FIELDS);
  });

  it("labels every field with the guest list's column title, in every language", () => {
    for (const lang of ['zh-tw', 'zh-cn', 'en'] as const) {
      const t = i18n.getFixedT(lang);
      for (const field of GUEST_IMPORT_FIELDS) {
        const key = `guests.fields.${IMPORT_FIELD_LABELS[field]}`;
        expect(t(key, { defaultValue: '' }), `${lang} ${key}`).not.toBe('');
      }
      expect(t('guestImport.columns.sessionField', { defaultValue: '' })).not.toBe('');
    }
  });
});

describe('importStep', () => {
  it('goes upload → columns → preview → progress → done', () => {
    expect(importStep(null, false)).toBe('upload');
    expect(importStep('reading', true)).toBe('columns');
    expect(importStep('uploaded', false)).toBe('columns');
    expect(importStep('uploaded', true)).toBe('preview');
    expect(importStep('queued', true)).toBe('progress');
    expect(importStep('running', false)).toBe('progress');
    expect(importStep('done', false)).toBe('done');
    expect(importStep('failed', false)).toBe('done');
  });
});

describe('columnLetter', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('columnSamples', () => {
  it("takes the column's non-blank values, trimmed, at most five", () => {
    const sample = [
      ['a', ' 1 '],
      ['b', ''],
      ['c'],
      ['d', '2'],
      ['e', '3'],
      ['f', '4'],
      ['g', '5'],
      ['h', '6'],
    ];
    expect(columnSamples(sample, 1)).toEqual(['1', '2', '3', '4', '5']);
    expect(columnSamples(sample, 2)).toEqual([]);
  });
});

const preview: GuestImportPreview = {
  total: 100,
  valid: 52,
  invalid: 10,
  duplicate_in_file: 5,
  existing: 25,
  over_capacity: 8,
  meeting_remaining: 52,
  issues: [],
  issues_total: 0,
};

describe('rowsToWrite', () => {
  it('writes the new rows within the seats and skips existing guests by default', () => {
    expect(rowsToWrite(preview, { onExisting: 'skip', overLimit: false })).toEqual({
      created: 52,
      updated: 0,
      total: 52,
    });
  });

  it('adds the rows over the limit and the updated guests when chosen', () => {
    expect(rowsToWrite(preview, { onExisting: 'update', overLimit: true })).toEqual({
      created: 60,
      updated: 25,
      total: 85,
    });
  });

  it('writes nothing new when every valid row is beyond the seats', () => {
    expect(
      rowsToWrite({ ...preview, valid: 0, over_capacity: 3 }, { onExisting: 'skip', overLimit: false }),
    ).toEqual({ created: 0, updated: 0, total: 0 });
  });
});

describe('progressPercent', () => {
  const progress = { total: 30_000, processed: 0, created: 0, updated: 0, skipped: 0, failed: 0 };
  it('is the share of rows processed, rounded down', () => {
    expect(progressPercent(progress)).toBe(0);
    expect(progressPercent({ ...progress, processed: 9_999 })).toBe(33);
    expect(progressPercent({ ...progress, processed: 29_999 })).toBe(99);
    expect(progressPercent({ ...progress, processed: 30_000 })).toBe(100);
  });

  it('is complete for a file without rows', () => {
    expect(progressPercent({ ...progress, total: 0 })).toBe(100);
  });
});

describe('errorText', () => {
  it("is the server's message with its field messages", () => {
    const error = new ApiError('Invalid request', 40001, 400, { fields: { encoding: 'Unknown encoding' } });
    expect(errorText(error)).toBe('Invalid request Unknown encoding');
    expect(errorText(new ApiError('File too large', 41300, 413, null))).toBe('File too large');
    expect(errorText('offline')).toBe('offline');
  });
});

function entry(id: number, status: ImportStatus): GuestImport {
  return {
    id,
    meeting_id: 1,
    status,
    file_name: 'guests.xlsx',
    file_size: 1000,
    format: 'xlsx',
    encoding: null,
    headers: [],
    sample: [],
    mapping: [],
    answer_fields: [],
    options: null,
    progress: { total: 10, processed: 0, created: 0, updated: 0, skipped: 0, failed: 0 },
    previous: null,
    created_by: 'admin',
    created_at: 0,
    started_at: null,
    finished_at: null,
    error: null,
  };
}

describe('import status', () => {
  it('treats queued and running imports as active', () => {
    expect(
      ['uploaded', 'queued', 'running', 'done', 'failed'].map((s) =>
        importActive({ status: s as ImportStatus }),
      ),
    ).toEqual([false, true, true, false, false]);
  });

  it('finds the newest active import', () => {
    expect(
      runningImport({ items: [entry(3, 'uploaded'), entry(2, 'running'), entry(1, 'queued')] })?.id,
    ).toBe(2);
    expect(runningImport({ items: [entry(1, 'done')] })).toBeUndefined();
    expect(runningImport(undefined)).toBeUndefined();
  });

  it('notices an import that has finished since the last look', () => {
    const before = { items: [entry(2, 'running'), entry(1, 'done')] };
    expect(importsFinished(before, { items: [entry(2, 'running'), entry(1, 'done')] })).toBe(false);
    expect(importsFinished(before, { items: [entry(2, 'done'), entry(1, 'done')] })).toBe(true);
    expect(importsFinished(before, { items: [entry(2, 'failed'), entry(1, 'done')] })).toBe(true);
    expect(importsFinished(undefined, { items: [entry(2, 'done')] })).toBe(false);
    expect(importsFinished({ items: [entry(1, 'uploaded')] }, { items: [] })).toBe(false);
  });
});

describe('import query keys', () => {
  it('sit under the guest key, so that refreshing the guests refreshes the imports', () => {
    expect(guestImportsKey(7).slice(0, guestsKey.length)).toEqual(guestsKey);
    expect(guestImportKey(3).slice(0, guestsKey.length)).toEqual(guestsKey);
  });
});
