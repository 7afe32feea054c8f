import { readJson, writeJson } from '../../lib/storage.ts';

/** Entry, exit, or automatic: the server answers entry for a guest outside and exit for one inside. */
export type ScanDirection = 'in' | 'out' | 'auto';

export const SCAN_DIRECTIONS: readonly ScanDirection[] = ['in', 'out', 'auto'];

/** What a door station remembers between visits (this browser only): who it is and what it scans for. */
export interface StationSettings {
  name: string;
  meetingId: number | null;
  /** null: the whole meeting rather than one session. */
  scheduleId: number | null;
  direction: ScanDirection;
}

export const STATION_NAME_MAX = 50;

const STORAGE_KEY = 'scanStation';

export const DEFAULT_STATION: StationSettings = {
  name: '',
  meetingId: null,
  scheduleId: null,
  direction: 'in',
};

const positiveId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** Whatever is in storage (old versions, hand edits) becomes valid settings. */
export function parseStation(raw: unknown): StationSettings {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_STATION;
  const value = raw as Record<string, unknown>;
  const direction = SCAN_DIRECTIONS.find((d) => d === value.direction) ?? DEFAULT_STATION.direction;
  const name = typeof value.name === 'string' ? value.name.trim().slice(0, STATION_NAME_MAX) : '';
  const meetingId = positiveId(value.meetingId);
  return { name, meetingId, scheduleId: meetingId ? positiveId(value.scheduleId) : null, direction };
}

export function readStation(): StationSettings {
  return parseStation(readJson<unknown>(STORAGE_KEY, null));
}

export function writeStation(settings: StationSettings): void {
  writeJson(STORAGE_KEY, settings);
}

/**
 * What the scan-setup dialog starts from: the meeting (and session filter) shown on the records
 * page, with the station's remembered session when it belongs to that meeting.
 */
export function setupDefaults(
  station: StationSettings,
  shown: { meetingId: number | null; scheduleId: number | null },
): StationSettings {
  if (shown.meetingId === null) return station;
  const remembered = shown.meetingId === station.meetingId ? station.scheduleId : null;
  return { ...station, meetingId: shown.meetingId, scheduleId: shown.scheduleId ?? remembered };
}

/** The direction toggle's order (also the F2 shortcut's): entry → exit → automatic → entry. */
export function nextDirection(direction: ScanDirection): ScanDirection {
  const index = SCAN_DIRECTIONS.indexOf(direction);
  return SCAN_DIRECTIONS[(index + 1) % SCAN_DIRECTIONS.length]!;
}
