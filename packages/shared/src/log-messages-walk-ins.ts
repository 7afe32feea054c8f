/** System-log messages of walk-ins at the door (issue 45), spread into LOG_MESSAGES (log-messages.ts). */
export const WALK_IN_LOG_MESSAGES = {} as const;
