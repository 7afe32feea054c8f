import type { ValidationErrorData } from '@meetflow/shared/schemas/envelope';

function isValidationData(data: unknown): data is ValidationErrorData {
  const fields = (data as { fields?: unknown } | null)?.fields;
  return (
    typeof fields === 'object' && fields !== null && Object.values(fields).every((v) => typeof v === 'string')
  );
}

/** Turns a 40001 answer's `data.fields` into antd form errors for the fields the form shows. */
export function fieldErrors<K extends string>(
  data: unknown,
  known: readonly K[],
): { name: K; errors: string[] }[] {
  if (!isValidationData(data)) return [];
  const result: { name: K; errors: string[] }[] = [];
  for (const [name, message] of Object.entries(data.fields)) {
    const field = known.find((k) => k === name);
    if (field) result.push({ name: field, errors: [message] });
  }
  return result;
}

/**
 * The messages of one thing on a form that lie at `place` or inside it (`label` holds `label.en`):
 * the builders place a refused save's messages by such dotted paths.
 */
export function errorsUnder(errors: Record<string, string> | undefined, place: string): string[] {
  if (!errors) return [];
  return Object.entries(errors)
    .filter(([at]) => at === place || at.startsWith(`${place}.`))
    .map(([, message]) => message);
}
