/**
 * A schema-level zod error that names a catalogue key only when the value is missing; every other
 * issue (too long, wrong format…) keeps its own message. `z.string({ error: 'key' })` would apply
 * the key to all of them.
 */
export function whenMissing(key: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? key : undefined);
}
