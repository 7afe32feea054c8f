/*
 * Records as an audit entry compares them (before the system log's fieldChanges): the same shape on
 * both sides of a change, so that only what really differs is listed.
 */

type Fields = Record<string, unknown>;

function isPlainObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A record flattened for the audit trail: nested objects (and lists of objects, by position) become
 * dotted keys ('templates.confirmation.en.subject', 'template.blocks.0.text'), so that a change names
 * the one value that changed; other lists stay whole. Flags become 1/0, as the database stores them,
 * so that a stored 1 and a submitted `true` compare equal. Undefined values are left out.
 */
export function auditFields(record: Fields, prefix = ''): Fields {
  const fields: Fields = {};
  for (const [key, value] of Object.entries(record)) {
    const name = `${prefix}${key}`;
    if (value === undefined) continue;
    if (isPlainObject(value)) Object.assign(fields, auditFields(value, `${name}.`));
    else if (Array.isArray(value) && value.length > 0 && value.every(isPlainObject))
      Object.assign(fields, auditFields({ ...value }, `${name}.`));
    else if (typeof value === 'boolean') fields[name] = value ? 1 : 0;
    else fields[name] = value;
  }
  return fields;
}

/**
 * Both sides flattened (auditFields) with the same keys: a key only one side has (a text written
 * for the first time, a block removed) is null on the other, so that the change lists it.
 */
export function alignedAuditFields(before: Fields, after: Fields): [Fields, Fields] {
  const from = auditFields(before);
  const to = auditFields(after);
  for (const key of Object.keys(from)) if (!(key in to)) to[key] = null;
  for (const key of Object.keys(to)) if (!(key in from)) from[key] = null;
  return [from, to];
}

/** The listed fields of a row: what the form sends, compared against the stored values. */
export function pickFields<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}
