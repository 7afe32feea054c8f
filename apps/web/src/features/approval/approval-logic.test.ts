import { describe, expect, it } from 'vitest';
import { approvalModes, decideSummary, listQuery, refusalKey, settingsBody } from './approval-logic.ts';

describe('approval page rules', () => {
  it('sends the registration types only for approval by type', () => {
    const values = {
      approval: 'all' as const,
      approval_holds_seat: true,
      approval_user_type_ids: [3, 1],
      reject_erase_days: 7,
      group_max: 0,
    };
    expect(settingsBody(values).approval_user_type_ids).toEqual([]);
    expect(settingsBody({ ...values, approval: 'types' }).approval_user_type_ids).toEqual([1, 3]);
  });

  it('offers approval by type where there are types, or where it is saved', () => {
    expect(approvalModes(true, 'none')).toEqual(['none', 'all', 'types']);
    expect(approvalModes(false, 'all')).toEqual(['none', 'all']);
    expect(approvalModes(false, 'types')).toContain('types');
  });

  it('asks for the pending tab unless another is chosen, and the search only when typed', () => {
    expect(listQuery(1, 50, {})).toEqual({ status: 'pending', page: 1, page_size: 50 });
    expect(listQuery(2, 20, { status: 'rejected', keyword: 'chan' })).toEqual({
      status: 'rejected',
      page: 2,
      page_size: 20,
      keyword: 'chan',
    });
  });

  it('names those a decision refused, with the reason the page explains', () => {
    const summary = decideSummary(
      {
        decided: [1, 2],
        refused: [
          { id: 3, reason: 'MEETING_FULL' },
          { id: 9, reason: 'ODD' },
        ],
      },
      [
        { id: 1, display_name: 'A' },
        { id: 2, display_name: 'B' },
        { id: 3, display_name: 'C' },
      ],
    );
    expect(summary).toEqual({
      decided: 2,
      refused: [
        { id: 3, name: 'C', reason: 'MEETING_FULL' },
        { id: 9, name: '#9', reason: 'ODD' },
      ],
    });
    expect(refusalKey('MEETING_FULL')).toBe('MEETING_FULL');
    expect(refusalKey('APPLICATION_PHONE_SIGNED_UP')).toBe('APPLICATION_PHONE_SIGNED_UP');
    expect(refusalKey('ODD')).toBe('other');
  });
});
