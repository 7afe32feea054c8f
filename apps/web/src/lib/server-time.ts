import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '@meetflow/shared/schemas/health';
import { dayIn } from './date-time.ts';
import { http } from './http.ts';

/**
 * The server's calendar: "today" is the day in the deployment's TIME_ZONE (named by /api/health),
 * so a browser in another zone asks for the same day the statistics count.
 */

/** The deployment's time zone, fetched once per session of the app. */
export function useServerTimeZone(): string | undefined {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: () => http.get<HealthResponse>('/health', { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return health.data?.time_zone;
}

const DAY_CHECK_MS = 60_000;

/**
 * Today's date on the server's calendar (the browser's until the zone has arrived). A page left
 * open past midnight moves on to the new day within a minute.
 */
export function useServerToday(): string {
  const zone = useServerTimeZone();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const next = Date.now();
      // The same instant keeps the same state: no re-render until the day changes.
      setNow((previous) => (dayIn(previous, zone) === dayIn(next, zone) ? previous : next));
    }, DAY_CHECK_MS);
    return () => clearInterval(timer);
  }, [zone]);
  return dayIn(now, zone);
}
