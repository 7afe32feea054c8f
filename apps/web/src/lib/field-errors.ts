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
