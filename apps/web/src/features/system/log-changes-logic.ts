import type { FieldChange } from '@meetflow/shared/schemas/privacy';

/** A value of a change as shown: null (the field was absent: a creation or a deletion) is a dash. */
export function changeValue(value: string | null): string {
  return value ?? '—';
}

/** Only entries that changed fields open; the rest have nothing more to show. */
export function hasChanges(entry: { changes?: readonly FieldChange[] | null }): boolean {
  return (entry.changes?.length ?? 0) > 0;
}
