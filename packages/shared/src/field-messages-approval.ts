/** Field messages of approval (issue 45), spread into FIELD_MESSAGES (field-messages.ts). */
export const APPROVAL_FIELD_MESSAGES = {} as const;
