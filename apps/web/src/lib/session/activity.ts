/**
 * The user's latest sign of activity, read by the periodic idle check (spec §4). A click anywhere
 * counts; so does a door station's work, which is typed (a scanner gun's keystrokes and Enter) and
 * may go on for hours without a single click.
 */
let lastActivity = Date.now();

/** Records activity now (or at `at`). */
export function markActivity(at: number = Date.now()): void {
  lastActivity = at;
}

/** When the user was last active. */
export function lastActivityAt(): number {
  return lastActivity;
}
