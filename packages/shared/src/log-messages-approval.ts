/** System-log messages of approval (issue 45), spread into LOG_MESSAGES (log-messages.ts). */
export const APPROVAL_LOG_MESSAGES = {} as const;
