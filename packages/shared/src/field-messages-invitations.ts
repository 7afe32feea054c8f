/** Field messages of invitations (issue 45), spread into FIELD_MESSAGES (field-messages.ts). */
export const INVITATION_FIELD_MESSAGES = {} as const;
