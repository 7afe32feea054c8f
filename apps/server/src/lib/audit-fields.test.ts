import { describe, expect, it } from 'vitest';
import { alignedAuditFields, auditFields, pickFields } from './audit-fields.ts';

describe('auditFields', () => {
  it('writes flags as 1/0, as stored, so that a stored flag and a submitted one compare equal', () => {
    expect(auditFields({ signup_enabled: true, waitlist_enabled: false, limit: 10 })).toEqual({
      signup_enabled: 1,
      waitlist_enabled: 0,
      limit: 10,
    });
  });

  it('flattens nested objects and lists of objects to dotted keys; other lists stay whole', () => {
    expect(
      auditFields({
        rule: { min_minutes: 60, required_session_ids: [3, 4] },
        template: { blocks: [{ text: 'A', bold: true }], qr: null },
        empty: [],
        gone: undefined,
      }),
    ).toEqual({
      'rule.min_minutes': 60,
      'rule.required_session_ids': [3, 4],
      'template.blocks.0.text': 'A',
      'template.blocks.0.bold': 1,
      'template.qr': null,
      empty: [],
    });
  });
});

describe('alignedAuditFields', () => {
  it('gives both sides the same keys, a value only one side has against null', () => {
    expect(
      alignedAuditFields(
        { templates: { reminder: { en: { subject: 'Old' } } } },
        { templates: { confirmation: { en: { subject: 'New' } } } },
      ),
    ).toEqual([
      { 'templates.reminder.en.subject': 'Old', 'templates.confirmation.en.subject': null },
      { 'templates.confirmation.en.subject': 'New', 'templates.reminder.en.subject': null },
    ]);
  });
});

describe('pickFields', () => {
  it('keeps only the listed fields', () => {
    expect(pickFields({ a: 1, b: 2, c: 3 }, ['a', 'c'])).toEqual({ a: 1, c: 3 });
  });
});
