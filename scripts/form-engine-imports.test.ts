import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as basics from '../packages/shared/src/forms/form-basics.ts';
import * as definition from '../packages/shared/src/forms/form-definition.ts';

/*
 * The phone page runs the form engine and the answer texts: they must not load zod (23 KB) at run
 * time. Here rather than beside them: packages/shared has no Node types, and the dependency graph
 * does not follow node_modules.
 */
const FORMS = path.resolve(import.meta.dirname, '../packages/shared/src/forms');

/** The modules a file loads at run time (type-only imports are erased), followed through our own files. */
function runtimeImports(file: string, seen = new Set<string>()): Set<string> {
  const source = fs.readFileSync(file, 'utf8');
  for (const match of source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) {
    const target = match[1]!;
    if (!target.startsWith('.')) {
      seen.add(target);
      continue;
    }
    const resolved = path.resolve(path.dirname(file), target);
    if (seen.has(resolved)) continue;
    seen.add(resolved);
    if (resolved.endsWith('.ts')) runtimeImports(resolved, seen);
  }
  return seen;
}

describe('form basics', () => {
  it('the engine and the answer texts load no zod (the phone page runs them)', () => {
    for (const file of ['form-engine.ts', 'answer-text.ts', 'form-basics.ts']) {
      const loaded = [...runtimeImports(path.join(FORMS, file))];
      expect(
        loaded.filter((m) => m === 'zod' || m.startsWith('zod/')),
        file,
      ).toEqual([]);
    }
    // The test reads imports as the files write them: it must see the one that is there.
    expect(runtimeImports(path.join(FORMS, 'form-definition.ts')).has('zod')).toBe(true);
  });

  it('form-definition still offers every rule and limit of the basics', () => {
    for (const [name, value] of Object.entries(basics)) {
      expect((definition as Record<string, unknown>)[name], name).toBe(value);
    }
  });
});
