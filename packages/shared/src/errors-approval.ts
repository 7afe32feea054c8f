/**
 * The error catalogue's entries for approval (issue 45): codes 40040–40044, 40470–40474, 40921–40929; spread into ERRORS (errors.ts).
 */
export const APPROVAL_ERRORS = {} as const;
