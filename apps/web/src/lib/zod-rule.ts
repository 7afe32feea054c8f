import type { z } from 'zod';
import { type Language } from '@meetflow/shared/languages';
import { localizeIssues } from '@meetflow/shared/validation';

/**
 * An antd form rule that runs one field's shared zod schema: the form shows exactly the server's
 * message for the same mistake (validation is written once, in packages/shared).
 */
export function zodRule(schema: z.ZodType, lang: Language) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      // An emptied input is '' or null; zod's "required" messages key on a missing value.
      const result = schema.safeParse(value === null ? undefined : value);
      if (result.success) return;
      const fields = localizeIssues(result.error.issues, lang);
      throw new Error(fields._ ?? Object.values(fields)[0]);
    },
  };
}
