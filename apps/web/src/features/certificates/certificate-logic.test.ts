import { describe, expect, it } from 'vitest';
import {
  NEW_BLOCK,
  badgePath,
  exportPath,
  formFieldErrors,
  formatMinutes,
  joinMinutes,
  listQuery,
  ruleFormValues,
  ruleFromForm,
  splitMinutes,
  templateFormValues,
  templateFromForm,
} from './certificate-logic.ts';

const units = { h: 'h', min: 'min' };

describe('minutes as hours and minutes', () => {
  it.each([
    [0, 0, 0],
    [59, 0, 59],
    [60, 1, 0],
    [125, 2, 5],
    [-5, 0, 0],
    [90.6, 1, 31],
  ])('%d minutes are %d h %d min', (total, hours, minutes) => {
    expect(splitMinutes(total)).toEqual({ hours, minutes });
  });

  it('joins hours and minutes, minutes over 59 carrying and empty parts as 0', () => {
    expect(joinMinutes(2, 5)).toBe(125);
    expect(joinMinutes(1, 75)).toBe(135);
    expect(joinMinutes(null, 30)).toBe(30);
    expect(joinMinutes(3, undefined)).toBe(180);
    expect(joinMinutes(null, null)).toBe(0);
  });

  it('writes minutes alone under an hour and pads them after hours', () => {
    expect(formatMinutes(0, units)).toBe('0 min');
    expect(formatMinutes(45, units)).toBe('45 min');
    expect(formatMinutes(125, units)).toBe('2 h 05 min');
    expect(formatMinutes(600, units)).toBe('10 h 00 min');
  });
});

describe('queries', () => {
  it('sends only the filters that are set', () => {
    expect(listQuery(2, 50, {})).toEqual({ page: 2, page_size: 50 });
    expect(listQuery(1, 20, { keyword: '  ', state: 'earned' })).toEqual({
      page: 1,
      page_size: 20,
      state: 'earned',
    });
    expect(listQuery(1, 20, { keyword: ' 陳 ' })).toEqual({ page: 1, page_size: 20, keyword: '陳' });
  });

  it('builds the export and badge paths with encoded filters', () => {
    expect(exportPath(7, {})).toBe('/meetings/7/certificates/export');
    expect(exportPath(7, { keyword: 'a&b', state: 'issued' })).toBe(
      '/meetings/7/certificates/export?keyword=a%26b&state=issued',
    );
    expect(badgePath(3, { layout: 'single' })).toBe('/meetings/3/badges?layout=single');
    expect(badgePath(3, { layout: 'a4_2x5', keyword: ' 陳 ', userTypeId: 4 })).toBe(
      '/meetings/3/badges?layout=a4_2x5&keyword=%E9%99%B3&user_type_id=4',
    );
  });
});

describe('forms', () => {
  const settings = {
    rule: {
      min_minutes: 240,
      required_session_ids: [5],
      every_day: true,
      session_min_minutes: 30,
      meeting_credits: 2,
      session_credits: [
        { schedule_id: 5, credits: 1.5 },
        { schedule_id: 6, credits: 1 },
      ],
      meeting_evaluation_required: true,
      session_evaluations_required: false,
    },
    template: {
      page: 'a4_landscape' as const,
      language: 'en' as const,
      background_file_id: null,
      blocks: [{ ...NEW_BLOCK, text: '{name}' }],
      qr: null,
    },
    guest_download: true,
    updated_at: null,
  };

  it('round-trips the rule, leaving out sessions without credits', () => {
    const values = ruleFormValues(settings);
    expect(values.session_credits).toEqual({ '5': 1.5, '6': 1 });
    expect(values.guest_download).toBe(true);
    expect(ruleFromForm(values)).toEqual(settings.rule);
    const edited = ruleFromForm({ ...values, session_credits: { '5': 0, '6': null, '7': 3 } });
    expect(edited.session_credits).toEqual([{ schedule_id: 7, credits: 3 }]);
  });

  it('turns the QR code into a switch and back', () => {
    const off = templateFormValues(settings.template);
    expect(off.qr_enabled).toBe(false);
    expect(templateFromForm(off)).toEqual(settings.template);
    const on = templateFromForm({ ...off, qr_enabled: true, qr_size_mm: 30 });
    expect(on.qr).toEqual({ size_mm: 30, right_mm: 18, bottom_mm: 14 });
  });

  it('puts the server field errors on the form they belong to', () => {
    const data = {
      fields: {
        'rule.required_session_ids': 'Not in this meeting',
        guest_download: 'Bad',
        'template.background_file_id': 'JPEG or PNG',
        'template.blocks.2.text': 'Too long',
        'template.qr.size_mm': 'Too large',
      },
    };
    expect(formFieldErrors(data, 'rule')).toEqual([
      { name: ['required_session_ids'], errors: ['Not in this meeting'] },
      { name: ['guest_download'], errors: ['Bad'] },
    ]);
    expect(formFieldErrors(data, 'template')).toEqual([
      { name: ['background_file_id'], errors: ['JPEG or PNG'] },
      { name: ['blocks', 2, 'text'], errors: ['Too long'] },
      { name: ['qr_size_mm'], errors: ['Too large'] },
    ]);
    expect(formFieldErrors(null, 'rule')).toEqual([]);
  });
});
