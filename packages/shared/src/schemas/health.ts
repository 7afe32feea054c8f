import { z } from 'zod';

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  uptime_s: z.number(),
  version: z.string(),
  /** IANA zone of the deployment (TIME_ZONE): where the server's "today" begins and ends. */
  time_zone: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;
