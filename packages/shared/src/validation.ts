import { fieldMessage, isFieldMessageKey, type FieldMessageKey } from './field-messages.ts';
import type { Language } from './languages.ts';

/** The parts of a zod issue (or of fastify-type-provider-zod's validation error params) we read. */
export interface IssueLike {
  code?: string;
  path: ReadonlyArray<PropertyKey>;
  message?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  keys?: readonly string[];
}

function describe(issue: IssueLike): { key: FieldMessageKey; bound?: number | bigint } {
  // Schemas name a catalogue key as their custom message ('accountRequired'); honour it first.
  if (issue.message && isFieldMessageKey(issue.message)) return { key: issue.message };
  const textual = issue.origin === 'string' || issue.origin === 'array';
  switch (issue.code) {
    case 'too_small':
      if (textual && Number(issue.minimum) === 1) return { key: 'required' };
      return { key: textual ? 'tooShort' : 'tooSmall', bound: issue.minimum };
    case 'too_big':
      return { key: textual ? 'tooLong' : 'tooBig', bound: issue.maximum };
    case 'invalid_type':
      return { key: /received undefined/.test(issue.message ?? '') ? 'required' : 'invalidType' };
    case 'invalid_value':
      return { key: 'invalidOption' };
    case 'unrecognized_keys':
      return { key: 'unknownField' };
    default:
      return { key: 'invalidFormat' };
  }
}

/**
 * Turns validation issues into one localised message per field path ("a.b.0"); unknown keys
 * are reported on the key itself. The server answers with this and forms show the same words.
 */
export function localizeIssues(issues: readonly IssueLike[], lang: Language): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const { key, bound } = describe(issue);
    const base = issue.path.map(String);
    const paths =
      issue.code === 'unrecognized_keys' && issue.keys?.length ? issue.keys.map((k) => [...base, k]) : [base];
    for (const path of paths) {
      const name = path.join('.') || '_';
      fields[name] ??= fieldMessage(key, lang, bound);
    }
  }
  return fields;
}
