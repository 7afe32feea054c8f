/** Field messages of the organisation's member list (issue 45), spread into FIELD_MESSAGES (field-messages.ts). */
export const MEMBER_FIELD_MESSAGES = {} as const;
