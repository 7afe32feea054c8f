import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersArb, contextArb, formArb } from '@meetflow/shared/forms/form-arbitraries.test-support';
import { validateAnswers, visibleKeys } from '@meetflow/shared/forms/form-engine';
import { answersBody } from '@meetflow/shared/schemas/forms';
import { checkCustomAnswers, shownFields } from './custom-form-logic.ts';
import { answerName } from './sign-up-form.ts';

/*
 * The phone page and the server on generated forms and typed answers (issue 42): the page checks
 * what the visitor typed and sends only the shown fields' answers, normalised; the server reads that
 * body after the JSON trip and its schema. Whatever the page accepts, the server must accept and
 * store as the page sent it, showing the same fields; whatever the page refuses, the server refuses
 * on the same fields. The draft kept across a reload (JSON in session storage) changes nothing.
 */

const overTheWire = (answers: Record<string, unknown>) =>
  answersBody.parse(JSON.parse(JSON.stringify(answers)));

describe('the sign-up page and the server agree on own fields', () => {
  it('show the same fields, refuse the same answers and store what the page sent', () => {
    fc.assert(
      fc.property(formArb, answersArb, contextArb, (fields, typed, { userTypeId }) => {
        const page = checkCustomAnswers(fields, typed, userTypeId);
        const shownOnPage = shownFields(fields, typed, userTypeId).map((f) => f.key);
        // The server on what the page typed (a body sent around the page): the same refusals.
        const raw = validateAnswers(fields, overTheWire(typed), { userTypeId });
        expect(Object.keys(raw.errors).map(answerName).sort()).toEqual(Object.keys(page.errors).sort());
        if (Object.keys(page.errors).length > 0) return;
        // The body the page sends: accepted as it is, the same fields shown.
        const sent = overTheWire(page.answers);
        const server = validateAnswers(fields, sent, { userTypeId });
        expect(server.errors).toEqual({});
        expect(server.answers).toEqual(page.answers);
        expect([...visibleKeys(fields, sent, { userTypeId })]).toEqual(shownOnPage);
      }),
      { numRuns: 400 },
    );
  });

  it('give the same answer after the draft is restored from session storage', () => {
    fc.assert(
      fc.property(formArb, answersArb, contextArb, (fields, typed, { userTypeId }) => {
        const restored = JSON.parse(JSON.stringify(typed)) as Record<string, unknown>;
        const before = checkCustomAnswers(fields, typed, userTypeId);
        const after = checkCustomAnswers(fields, restored, userTypeId);
        expect(after.answers).toEqual(before.answers);
        expect(Object.keys(after.errors)).toEqual(Object.keys(before.errors));
      }),
      { numRuns: 200 },
    );
  });
});
