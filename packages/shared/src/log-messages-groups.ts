/** System-log messages of group bookings (issue 45), spread into LOG_MESSAGES (log-messages.ts). */
export const GROUP_LOG_MESSAGES = {} as const;
