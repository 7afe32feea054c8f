/** One figure of the bench's table, as a scenario reports it. */
export interface Measured {
  metric: string;
  ours: number;
  baseline: number | null;
  unit: string;
  target: string;
  pass: boolean | null;
  /** Extra figures kept in the JSON file. */
  detail?: Record<string, number>;
}

/** A figure as run.ts keeps it: stamped with the load when it was taken. */
export interface Row extends Measured {
  /** The machine's one-minute load average when the figure was taken (2 cores: 2.0 is busy). */
  load: number;
}
