import { describe, expect, it } from 'vitest';
import { CME_RETURN_COLUMNS } from '@meetflow/shared/schemas/cme';
import {
  chosenColumns,
  columnChoices,
  formatCredits,
  groupedCode,
  meetingDays,
  moveChoice,
  returnYears,
  toggleChoice,
} from './cme-logic.ts';

describe('the return column chooser', () => {
  it('lists the saved columns first in their order, then the others unticked', () => {
    const choices = columnChoices(['credits', 'name']);
    expect(choices.slice(0, 2)).toEqual([
      { column: 'credits', chosen: true },
      { column: 'name', chosen: true },
    ]);
    expect(choices.slice(2).every((choice) => !choice.chosen)).toBe(true);
    expect(choices.map((choice) => choice.column).sort()).toEqual([...CME_RETURN_COLUMNS].sort());
  });

  it('moves a column up or down and sends the ticked ones in the order shown', () => {
    let choices = columnChoices(['name', 'licence_number', 'credits']);
    choices = moveChoice(choices, 2, -1);
    expect(chosenColumns(choices)).toEqual(['name', 'credits', 'licence_number']);
    choices = moveChoice(choices, 0, 1);
    expect(chosenColumns(choices)).toEqual(['credits', 'name', 'licence_number']);
    choices = toggleChoice(choices, 'name');
    expect(chosenColumns(choices)).toEqual(['credits', 'licence_number']);
    choices = toggleChoice(choices, 'email');
    expect(chosenColumns(choices)).toEqual(['credits', 'licence_number', 'email']);
  });

  it('leaves the list as it is when a move would leave it', () => {
    const choices = columnChoices(['name', 'email']);
    expect(moveChoice(choices, 0, -1)).toEqual(choices);
    expect(moveChoice(choices, choices.length - 1, 1)).toEqual(choices);
  });
});

describe('what the CME screens write', () => {
  it('offers the next year, this one and the nine before, newest first', () => {
    const years = returnYears(Date.UTC(2026, 5, 1));
    expect(years[0]).toBe(2027);
    expect(years[1]).toBe(2026);
    expect(years).toHaveLength(11);
    expect(years.at(-1)).toBe(2017);
  });

  it('writes credits without trailing zeros and codes in groups of four', () => {
    expect(formatCredits(2.5)).toBe('2.5');
    expect(formatCredits(3)).toBe('3');
    expect(formatCredits(0.1 + 0.2)).toBe('0.3');
    expect(groupedCode('ABCDEFGHJKLMNPQRSTUVWXYZ')).toBe('ABCD-EFGH-JKLM-NPQR-STUV-WXYZ');
  });

  it("writes a meeting's days in the organisation's zone", () => {
    // 23:30 UTC on the 9th is already the 10th in Macao.
    expect(meetingDays(Date.UTC(2027, 0, 9, 23, 30), Date.UTC(2027, 0, 10, 9), 'Asia/Macau')).toBe(
      '2027-01-10',
    );
    expect(meetingDays(Date.UTC(2027, 0, 10, 1), Date.UTC(2027, 0, 12, 9), 'Asia/Macau')).toBe(
      '2027-01-10 – 2027-01-12',
    );
  });
});
