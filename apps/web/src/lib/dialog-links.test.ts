import { describe, expect, it } from 'vitest';
import { DIALOG_ROUTES, dialogTarget, parseDictionaryLink, parseOrganizationLink } from './dialog-links.ts';

const route = (name: string) => DIALOG_ROUTES.find((r) => r.name === name)!;

describe('dialog routes', () => {
  it('cover every dialog route name of the spec', () => {
    expect(DIALOG_ROUTES.map((r) => r.name).sort()).toEqual([
      'dictionary_dialog',
      'guest_schedule_map_dialog',
      'medical_college_category_dialog',
      'meeting_time_dialog',
      'org_dialog',
      'schedule_dialog',
      'user_type_dialog',
    ]);
  });

  it('forward numeric meeting and parent ids only', () => {
    expect(dialogTarget(route('schedule_dialog'), '?meeting=12&x=1')).toBe(
      '/system_setting/dictionary?tab=schedules&dialog=add&meeting=12',
    );
    expect(dialogTarget(route('org_dialog'), '?parent=3')).toBe(
      '/system_setting/organization?dialog=add&parent=3',
    );
    expect(dialogTarget(route('user_type_dialog'), '?meeting=1%27or')).toBe(
      '/system_setting/dictionary?tab=userTypes&dialog=add',
    );
  });

  it('parse what the pages open, and nothing unknown', () => {
    const link = (q: string) => parseDictionaryLink(new URLSearchParams(q));
    expect(link('tab=userTypes&dialog=map&meeting=4')).toEqual({
      tab: 'userTypes',
      dialog: 'map',
      meetingId: 4,
    });
    expect(link('tab=entries&dialog=add')).toEqual({ tab: 'entries', dialog: 'add' });
    expect(link('tab=entries&dialog=drop')).toEqual({ tab: 'entries' });
    expect(link('tab=nope&dialog=add')).toBeUndefined();
    expect(link('')).toBeUndefined();
    const org = (q: string) => parseOrganizationLink(new URLSearchParams(q));
    expect(org('dialog=add&parent=9')).toEqual({ parentId: 9 });
    expect(org('dialog=add')).toEqual({ parentId: null });
    expect(org('parent=9')).toBeUndefined();
  });
});
