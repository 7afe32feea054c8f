/** System-log messages of invitations (issue 45), spread into LOG_MESSAGES (log-messages.ts). */
export const INVITATION_LOG_MESSAGES = {} as const;
