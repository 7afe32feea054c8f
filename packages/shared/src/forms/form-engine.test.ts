import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersBody } from '../schemas/forms.ts';
import { formFields, type FormField } from './form-definition.ts';
import { answersArb, contextArb, formArb } from './form-arbitraries.test-support.ts';
import { validateAnswers, visibleKeys } from './form-engine.ts';

/*
 * The phone page and the server run the same engine, but on different inputs: the page on what the
 * visitor typed, the server on the JSON body that crossed the network and its schema. These
 * properties hold the two together on generated forms and answers: what is shown, what is required
 * and what is valid must not depend on the trip.
 */

/** The server's side: the body crossed the network as JSON and passed the schema. */
function overTheWire(answers: Record<string, unknown>) {
  return answersBody.parse(JSON.parse(JSON.stringify(answers)));
}

describe('form engine: the page and the server agree', () => {
  it('accepts every generated form', () => {
    fc.assert(
      fc.property(formArb, (fields) => {
        expect(formFields.safeParse(fields).success).toBe(true);
      }),
    );
  });

  it('shows, requires and accepts the same on both sides of the wire', () => {
    fc.assert(
      fc.property(formArb, answersArb, contextArb, (fields, answers, context) => {
        const page = validateAnswers(fields, answers, context);
        const server = validateAnswers(fields, overTheWire(answers), context);
        expect(visibleKeys(fields, overTheWire(answers), context)).toEqual(
          visibleKeys(fields, answers, context),
        );
        expect(server.errors).toEqual(page.errors);
        expect(server.answers).toEqual(page.answers);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps only answers of shown fields, and every shown required field is answered or refused', () => {
    fc.assert(
      fc.property(formArb, answersArb, contextArb, (fields, answers, context) => {
        const shown = visibleKeys(fields, answers, context);
        const { answers: kept, errors } = validateAnswers(fields, answers, context);
        for (const key of Object.keys(kept)) expect(shown.has(key)).toBe(true);
        for (const key of Object.keys(errors)) expect(shown.has(key)).toBe(true);
        for (const field of fields as FormField[]) {
          if (field.required && shown.has(field.key))
            expect(field.key in kept || field.key in errors).toBe(true);
          if (field.retired) expect(shown.has(field.key)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('accepts again what it accepted: stored answers pass the same check (an edit, the door)', () => {
    fc.assert(
      fc.property(formArb, answersArb, contextArb, (fields, answers, context) => {
        const first = validateAnswers(fields, answers, context);
        if (Object.keys(first.errors).length > 0) return;
        const again = validateAnswers(fields, overTheWire(first.answers), context);
        expect(again.errors).toEqual({});
        expect(again.answers).toEqual(first.answers);
      }),
      { numRuns: 500 },
    );
  });
});
