/** Field messages of walk-ins at the door (issue 45), spread into FIELD_MESSAGES (field-messages.ts). */
export const WALK_IN_FIELD_MESSAGES = {} as const;
