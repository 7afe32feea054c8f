import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, readDraft, typedFields, writeDraft } from './sign-up-draft.ts';
import { EMPTY_GENERAL } from './sign-up-form.ts';

describe('the sign-up draft in the tab', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps what was typed per meeting, built-in fields and answers, and forgets it when cleared', () => {
    const membership = { id: 'a'.repeat(64), name: 'card.pdf', mime: 'application/pdf', size: 1200 };
    writeDraft('m1', {
      form: { ...EMPTY_GENERAL, name: 'Chan Tai Man', phone: '6612 3456' },
      answers: { specialty: 'surgery', subspecialty: ['robotic'], accompanied: true, membership },
    });
    writeDraft('m2', { form: { ...EMPTY_GENERAL, name: 'Other meeting' }, answers: {} });
    const restored = readDraft('m1', { ...EMPTY_GENERAL, area_code: '853' });
    expect(restored?.form).toEqual({ ...EMPTY_GENERAL, name: 'Chan Tai Man', phone: '6612 3456' });
    expect(restored?.answers).toEqual({
      specialty: 'surgery',
      subspecialty: ['robotic'],
      accompanied: true,
      membership,
    });
    // The key carries the app's prefix, like every stored key.
    expect(sessionStorage.getItem('mf_signup_m1')).toContain('Chan Tai Man');
    clearDraft('m1');
    expect(readDraft('m1', EMPTY_GENERAL)).toBeNull();
    expect(readDraft('m2', EMPTY_GENERAL)?.form.name).toBe('Other meeting');
  });

  it('takes only the fields the form has, as text; a damaged draft is no draft', () => {
    sessionStorage.setItem(
      'mf_signup_m3',
      JSON.stringify({ form: { name: 'Ann', gender: 7, injected: 'x' }, answers: ['not', 'a', 'map'] }),
    );
    const restored = readDraft('m3', { ...EMPTY_GENERAL, area_code: '853' });
    expect(restored?.form).toEqual({ ...EMPTY_GENERAL, area_code: '853', name: 'Ann' });
    expect(restored?.form).not.toHaveProperty('injected');
    expect(restored?.answers).toEqual({});
    sessionStorage.setItem('mf_signup_m4', '{not json');
    expect(readDraft('m4', EMPTY_GENERAL)).toBeNull();
    sessionStorage.setItem('mf_signup_m5', '"text"');
    expect(readDraft('m5', EMPTY_GENERAL)).toBeNull();
  });

  it("keeps only what the visitor changed, so the page's own defaults follow the meeting", () => {
    const start = { ...EMPTY_GENERAL, area_code: '853' };
    expect(typedFields(start, start)).toEqual({});
    expect(typedFields({ ...start, name: 'Ann', area_code: '852' }, start)).toEqual({
      name: 'Ann',
      area_code: '852',
    });
    writeDraft('m6', { form: typedFields({ ...start, name: 'Ann' }, start), answers: {} });
    // The meeting's default changed to +852 since: an area code never touched follows it.
    expect(readDraft('m6', { ...EMPTY_GENERAL, area_code: '852' })?.form).toMatchObject({
      name: 'Ann',
      area_code: '852',
    });
  });
});
