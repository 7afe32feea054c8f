/* The display settings are a column of the meeting's row: the meetings module reads and writes it. */
export { liveDisplayConfigOf as findDisplayConfig } from '../meetings/meetings.reads.ts';
export { setDisplayConfig as updateMeetingDisplay } from '../meetings/meetings.writes.ts';
