import type { FieldChange } from '@meetflow/shared/schemas/privacy';

/** A value longer than this is cut in the audit entry: the entry says what changed, not the whole text. */
const VALUE_MAX = 200;

/** A guest's (or waiting visitor's) personal fields: their audited values are masked. */
export const GUEST_PERSONAL_FIELDS = [
  'name',
  'name_zh',
  'name_en',
  'display_name',
  'phone',
  'email',
  'institution',
  'organization',
  'job_title',
  'license_number',
  'other',
  'contact_name',
  'contact_number',
  'contact_phone',
] as const;

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const plain = typeof value === 'string' ? value : JSON.stringify(value);
  return plain.length > VALUE_MAX ? `${plain.slice(0, VALUE_MAX)}…` : plain;
}

/**
 * A personal value as the audit trail keeps it: enough to see that it changed and roughly how
 * ('a***@example.com', '****5678', 'C***'), never the value itself.
 */
export function maskPersonal(value: string | null): string | null {
  if (value === null || value === '') return value;
  const at = value.lastIndexOf('@');
  if (at > 0) return `${value.slice(0, 1)}***@${value.slice(at + 1)}`;
  if (/^\+?[\d\s-]{6,}$/.test(value)) return `****${value.replace(/\D/g, '').slice(-4)}`;
  return `${Array.from(value)[0]}***`;
}

/**
 * The fields that differ between `before` and `after` (either may be null: a creation or a
 * deletion), in the order of `after`'s keys then `before`'s, for the audit entry of a change.
 * Values are compared and kept as text; `personal` names the fields kept masked; `ignore` those
 * not worth recording (timestamps, counters).
 */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  options: { personal?: readonly string[]; ignore?: readonly string[] } = {},
): FieldChange[] {
  const personal = new Set(options.personal ?? []);
  const ignore = new Set(options.ignore ?? []);
  const fields = new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})]);
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (ignore.has(field)) continue;
    // A field the other side does not carry was not part of the change (a partial update).
    if (before && after && !(field in before && field in after)) continue;
    const from = before ? text(before[field]) : null;
    const to = after ? text(after[field]) : null;
    if (from === to) continue;
    changes.push(
      personal.has(field)
        ? { field, before: maskPersonal(from), after: maskPersonal(to) }
        : { field, before: from, after: to },
    );
  }
  return changes;
}
