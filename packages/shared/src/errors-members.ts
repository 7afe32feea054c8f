/**
 * The error catalogue's entries for the organisation's member list (issue 45): codes 40051–40059, 40941–40949; spread into ERRORS (errors.ts).
 */
export const MEMBER_ERRORS = {} as const;
