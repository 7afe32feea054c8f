/** A foreign key as the target database declares it: `table.columns` references `references`. */
export interface ForeignKey {
  table: string;
  columns: string[];
  references: string;
}

export interface CopyPlan {
  /** Every table, each after the tables it references. */
  order: string[];
  /** Columns that reference their own table (a parent row): copied as null, then set (patchSelfReferences). */
  selfReferences: Map<string, string[]>;
}

/**
 * The order of the copy, from the foreign keys alone: a table comes after every table it references,
 * so each INSERT finds its parents already there. Ties keep the names' alphabetical order (the same
 * plan on every run). A reference to the table itself (an organisation's parent) cannot be ordered
 * by table: its columns are copied in a second pass. A cycle between two or more tables is refused:
 * no MeetFlow table has one, and breaking it safely needs a nullable column chosen by a person.
 */
export function planCopy(tables: readonly string[], foreignKeys: readonly ForeignKey[]): CopyPlan {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  const selfReferences = new Map<string, string[]>();
  for (const fk of foreignKeys) {
    if (!parents.has(fk.table) || !parents.has(fk.references)) continue;
    if (fk.table === fk.references) {
      selfReferences.set(fk.table, [...(selfReferences.get(fk.table) ?? []), ...fk.columns]);
    } else parents.get(fk.table)!.add(fk.references);
  }
  const order: string[] = [];
  const placed = new Set<string>();
  const pending = [...tables].sort();
  while (pending.length > 0) {
    const ready = pending.filter((t) => [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) {
      throw new Error(`foreign keys form a cycle between ${pending.join(', ')}: the copy cannot order them`);
    }
    for (const table of ready) {
      order.push(table);
      placed.add(table);
      pending.splice(pending.indexOf(table), 1);
    }
  }
  return { order, selfReferences };
}
