import { describe, expect, it } from 'vitest';
import { parseInviteeList } from './invitee-list.ts';

const types = [{ id: 7, name: '醫生', name_cn: '医生', name_en: 'Doctor' }];

describe('parseInviteeList', () => {
  it('reads tab- and comma-separated lines, skipping a heading and blank lines', () => {
    const text =
      'Name,E-mail,Language,Type\n陳大文\tchan@example.com\tzh-tw\t醫生\n\n"Lee, Mary",mary@example.com,EN,Doctor\n';
    expect(parseInviteeList(text, types)).toEqual({
      invitees: [
        { name: '陳大文', email: 'chan@example.com', language: 'zh-tw', user_type_id: 7 },
        { name: 'Lee, Mary', email: 'mary@example.com', language: 'en', user_type_id: 7 },
      ],
      badLines: [],
    });
  });

  it('names the lines without an address, or with an unknown language or type', () => {
    const text = 'A,a@example.com\nB without address\nC,c@example.com,fr\nD,d@example.com,,Nurse';
    const parsed = parseInviteeList(text, types);
    expect(parsed.invitees.map((i) => i.email)).toEqual(['a@example.com']);
    expect(parsed.badLines).toEqual([2, 3, 4]);
  });
});
