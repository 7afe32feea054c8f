import type { FormField } from './form-definition.ts';

/**
 * The form as the back office checks it when staff add or edit a guest (the server and the guest
 * form drawer alike): a required field answered at the door (`ask_at_door`) may stay empty, since
 * the guest gives that answer at check-in; an answer given must still be valid. Every other rule
 * is the sign-up's.
 */
export function backOfficeFields(fields: readonly FormField[]): FormField[] {
  return fields.map((f) => (f.ask_at_door && f.required ? { ...f, required: false } : f));
}
