/** Field messages of group bookings (issue 45), spread into FIELD_MESSAGES (field-messages.ts). */
export const GROUP_FIELD_MESSAGES = {} as const;
