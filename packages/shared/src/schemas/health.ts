import { z } from 'zod';

/** A service the instance needs, as probed for this answer. */
export const dependencyState = z.enum(['up', 'down']);

export const healthResponse = z.object({
  /** `unavailable` (with HTTP 503) when a dependency below is down. */
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['sqlite', 'postgres']),
  /** Redis appears only where REDIS_URL is configured. */
  dependencies: z.object({ database: dependencyState, redis: dependencyState.optional() }),
  uptime_s: z.number(),
  /** The release the instance runs: the semantic version of the root package.json (docs/releasing.md). */
  version: z.string(),
  /** Where the source of the code this server runs can be had (SOURCE_URL); null when not set. */
  source_url: z.string().nullable(),
  /** IANA zone of the deployment (TIME_ZONE): where the server's "today" begins and ends. */
  time_zone: z.string(),
  /** What the instance does (ROLE): web serves the API and app, worker runs the jobs, all does both. */
  role: z.enum(['web', 'worker', 'all']),
  /** Whether this instance's job runner is polling (stopped on web instances and while draining). */
  job_runner: z.enum(['running', 'stopped']),
});
export type HealthResponse = z.infer<typeof healthResponse>;
