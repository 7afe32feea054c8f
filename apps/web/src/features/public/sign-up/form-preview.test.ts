import { describe, expect, it } from 'vitest';
import { isPreviewHash, isPreviewSearch, PREVIEW_FIELDS, previewMessageFields } from './form-preview.ts';
import { previewField, previewFields } from './preview-fields.ts';

const ORIGIN = 'https://meetflow.example';

describe("the organiser's preview", () => {
  it('is asked for by ?preview=1 in the hash, beside the language', () => {
    expect(isPreviewSearch('?preview=1')).toBe(true);
    expect(isPreviewSearch('?lang=en&preview=1')).toBe(true);
    expect(isPreviewSearch('?preview=0')).toBe(false);
    expect(isPreviewHash('#/sign-up/abc?preview=1&lang=en')).toBe(true);
    expect(isPreviewHash('#/sign-up/abc?lang=en')).toBe(false);
    expect(isPreviewHash('#/sign-up/abc')).toBe(false);
  });

  it("takes the builder's fields from the page's own origin only, in the agreed shape", () => {
    const fields = [{ key: 'hospital', type: 'short_text', label: { 'zh-tw': '醫院' } }];
    const message = { type: PREVIEW_FIELDS, fields };
    expect(previewMessageFields({ origin: ORIGIN, data: message }, ORIGIN)).toEqual(fields);
    expect(previewMessageFields({ origin: 'https://evil.example', data: message }, ORIGIN)).toBeNull();
    expect(previewMessageFields({ origin: ORIGIN, data: { type: 'other', fields } }, ORIGIN)).toBeNull();
    expect(previewMessageFields({ origin: ORIGIN, data: { type: PREVIEW_FIELDS } }, ORIGIN)).toBeNull();
    expect(previewMessageFields({ origin: ORIGIN, data: 'meetflow:form-preview' }, ORIGIN)).toBeNull();
  });

  it('shows a draft as far as it makes sense: defaults filled in, non-fields and repeated keys left out', () => {
    expect(previewField({ key: 'a', type: 'short_text', label: { 'zh-tw': '甲', en: 'A' } })).toEqual({
      key: 'a',
      type: 'short_text',
      label: { 'zh-tw': '甲', 'zh-cn': '', en: 'A' },
      help: { 'zh-tw': '', 'zh-cn': '', en: '' },
      options: [],
      required: false,
      min: null,
      max: null,
      user_type_ids: [],
      show_if: null,
      ask_at_door: false,
      on_badge: false,
      personal: true,
      retired: false,
    });
    const fields = previewFields([
      { key: 'diet', type: 'choice', label: { en: 'Diet' }, required: true, options: [{ value: 'veg' }, 7] },
      { key: 'diet', type: 'short_text', label: {} },
      { key: 'x', type: 'script' },
      { type: 'note' },
      null,
      { key: 'why', type: 'long_text', show_if: { key: 'diet', values: ['veg', 3] }, min: 'two' },
    ]);
    expect(fields.map((f) => f.key)).toEqual(['diet', 'why']);
    expect(fields[0]).toMatchObject({
      required: true,
      options: [{ value: 'veg', label: { 'zh-tw': '', 'zh-cn': '', en: '' } }],
    });
    expect(fields[1]).toMatchObject({ show_if: { key: 'diet', values: ['veg'] }, min: null });
  });
});
