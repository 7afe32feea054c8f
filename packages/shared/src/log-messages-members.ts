/** System-log messages of the organisation's member list (issue 45), spread into LOG_MESSAGES (log-messages.ts). */
export const MEMBER_LOG_MESSAGES = {} as const;
