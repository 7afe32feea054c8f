import type { ErrorName } from '@meetflow/shared/errors';
import type { ScanOutcome } from '@meetflow/shared/schemas/attendance';

/**
 * What the use cases report to the operator's metrics (modules/metrics builds them on prom-client
 * and app.platform hands them to every module): plain calls, so a module needs neither prom-client
 * nor the metrics module. Every label is from a closed set (an outcome, an error's catalogue name):
 * never a guest, meeting, code or address, which would make a series per person.
 */
export interface ActivityCounters {
  /** A public sign-up accepted: seated, or put on the waiting list. */
  signUp(outcome: 'seated' | 'waiting'): void;
  /** A public sign-up refused, by its error's catalogue name. */
  signUpRefused(code: ErrorName): void;
  /** A door scan answered; a refused one with its reason's code (the answer's `reason_code`). */
  scan(result: ScanOutcome, reasonCode: number | null): void;
  /** Scans an offline station uploaded: recorded, or kept apart as conflicts for the organiser. */
  offlineScans(recorded: number, conflicts: number): void;
}

/** Counts nothing: for use cases built without the platform (tools, unit tests). */
export const noCounters: ActivityCounters = {
  signUp: () => undefined,
  signUpRefused: () => undefined,
  scan: () => undefined,
  offlineScans: () => undefined,
};
