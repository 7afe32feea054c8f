/** A meeting (scopeId 0) or one of its sessions, as published and watched. */
export interface StatsScope {
  meetingId: number;
  scopeId: number;
}

export const keyOf = (scope: StatsScope) => `${scope.meetingId}:${scope.scopeId}`;
/** "Every scope of this meeting": what a sign-up changes (the meeting's and its sessions' counts). */
export const WHOLE_MEETING = '*';

/** A published key: one scope (`12:0`, `12:7`) or every scope of a meeting (`12:*`). */
export const KEY_PATTERN = /^(\d+):(\d+|\*)$/;
