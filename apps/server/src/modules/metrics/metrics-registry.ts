import { ERRORS, type ErrorName } from '@meetflow/shared/errors';
import { Counter, Histogram, Registry } from 'prom-client';
import type { ActivityCounters } from '../../core/activity-counters.ts';

/** Every series of ours starts so; Node's default series get it too (one prefix to select them all). */
export const METRIC_PREFIX = 'meetflow_';

/** Request durations from 5 ms to 10 s: the API's answers sit in the first buckets, exports in the last. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const errorNameOfCode = new Map<number, ErrorName>(
  Object.entries(ERRORS).map(([name, entry]) => [entry.code, name as ErrorName]),
);

export interface Metrics {
  /** This instance's series (one registry per app, so tests' apps do not share counts). */
  registry: Registry;
  counters: ActivityCounters;
  /** One answered request: its route pattern (never the URL), method and status. */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void;
}

/**
 * The counters and the request histogram, created once per app by the platform: cheap to feed
 * whether or not anyone scrapes them (an increment is a map look-up and an addition).
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time to answer a request, by route pattern, method and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const signUps = new Counter({
    name: `${METRIC_PREFIX}signups_total`,
    help: 'Public sign-ups accepted, seated or put on the waiting list',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const scans = new Counter({
    name: `${METRIC_PREFIX}door_scans_total`,
    help: 'Door scans answered, by result (success, duplicate, refused)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const refusals = new Counter({
    name: `${METRIC_PREFIX}refusals_total`,
    help: 'Refused public sign-ups and door scans, by error code name',
    labelNames: ['action', 'code'] as const,
    registers: [registry],
  });
  const offlineScans = new Counter({
    name: `${METRIC_PREFIX}door_offline_scans_total`,
    help: 'Scans uploaded by offline door stations, recorded or kept apart as conflicts',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  return {
    registry,
    counters: {
      signUp: (outcome) => signUps.inc({ outcome }),
      signUpRefused: (code) => refusals.inc({ action: 'sign_up', code }),
      scan(result, reasonCode) {
        scans.inc({ result });
        if (result !== 'refused') return;
        const code = reasonCode === null ? undefined : errorNameOfCode.get(reasonCode);
        refusals.inc({ action: 'scan', code: code ?? 'OTHER' });
      },
      offlineScans(recorded, conflicts) {
        if (recorded > 0) offlineScans.inc({ outcome: 'recorded' }, recorded);
        if (conflicts > 0) offlineScans.inc({ outcome: 'conflict' }, conflicts);
      },
    },
    observeRequest(method, route, statusCode, seconds) {
      const statusClass = `${Math.floor(statusCode / 100)}xx`;
      requestDuration.observe({ method, route: route ?? 'unmatched', status_class: statusClass }, seconds);
    },
  };
}
