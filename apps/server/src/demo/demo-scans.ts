import { randomUUID } from 'node:crypto';
import { MANUAL_STATION } from '@meetflow/shared/schemas/attendance';
import type { Insertable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DemoRandom } from './demo-random.ts';

/*
 * A morning of door scans. Times are first drawn on a nominal morning (minute 0 = 07:45,
 * minute 255 = 12:00) and then laid over the real window, so the arrival curve keeps its shape
 * whenever the seed runs.
 */

const MORNING_MINUTES = 255;

export interface ScanWindow {
  start: number;
  end: number;
}

export interface ScanGuest {
  id: number;
  /** Indexes into the meeting's sessions. */
  sessions: number[];
}

export interface ScanPlan {
  meetingId: number;
  kind: 'general' | 'date_schedule';
  guests: ScanGuest[];
  /** Database ids of the meeting's sessions, by index. */
  scheduleIds: number[];
  /** Indexes of the sessions held this morning (date-schedule meetings). */
  morningSessions: [first: number, second: number];
  doorStaffId: number;
  organiserId: number;
}

interface Scan {
  guestId: number;
  scopeId: number;
  type: 'in' | 'out';
  minute: number;
  station: string;
  operatorId: number;
}

export interface ScanRows {
  checkIns: Insertable<Database['check_ins']>[];
  attendance: Insertable<Database['guest_attendance']>[];
}

function generalMorning(random: DemoRandom, plan: ScanPlan): Scan[] {
  const scans: Scan[] = [];
  for (const guest of plan.guests) {
    if (!random.chance(0.8)) continue;
    const manual = random.chance(0.04);
    const station = manual ? MANUAL_STATION : random.chance(0.58) ? 'Gate A' : 'Gate B';
    const operatorId = manual ? plan.organiserId : plan.doorStaffId;
    const scan = (type: 'in' | 'out', minute: number) =>
      scans.push({ guestId: guest.id, scopeId: 0, type, minute, station, operatorId });
    const arrival = random.chance(0.08) ? random.int(105, 225) : random.normal(50, 20, 5, 150);
    scan('in', arrival);
    let last = arrival;
    let inside = true;
    if (arrival < 150 && random.chance(0.22)) {
      // The coffee break: out to the exhibition hall, most come back.
      last = random.int(150, 180);
      scan('out', last);
      inside = false;
      if (random.chance(0.7)) {
        last += random.int(8, 35);
        scan('in', last);
        inside = true;
      }
    }
    if (inside && last < 200 && random.chance(0.06)) scan('out', random.int(Math.max(last + 30, 200), 250));
  }
  return scans;
}

function dateScheduleMorning(random: DemoRandom, plan: ScanPlan): Scan[] {
  const scans: Scan[] = [];
  const [first, second] = plan.morningSessions;
  const firstId = plan.scheduleIds[first]!;
  const secondId = plan.scheduleIds[second]!;
  for (const guest of plan.guests) {
    const inFirst = guest.sessions.includes(first);
    const inSecond = guest.sessions.includes(second);
    if (!(inFirst || inSecond) || !random.chance(0.85)) continue;
    const operatorId = plan.doorStaffId;
    const arrival = inFirst ? random.normal(62, 14, 10, 150) : random.normal(180, 10, 150, 215);
    scans.push({
      guestId: guest.id,
      scopeId: 0,
      type: 'in',
      minute: arrival,
      station: random.chance(0.5) ? 'Registration desk 1' : 'Registration desk 2',
      operatorId,
    });
    let last = arrival;
    const session = (scopeId: number, type: 'in' | 'out', minute: number) => {
      last = Math.max(minute, last + 1);
      scans.push({ guestId: guest.id, scopeId, type, minute: last, station: 'S421 door', operatorId });
    };
    if (inFirst && random.chance(0.92)) {
      session(firstId, 'in', random.normal(72, 6, arrival + 1, 120));
      if (random.chance(0.85)) session(firstId, 'out', random.int(165, 178));
    }
    if (inSecond && random.chance(0.9)) session(secondId, 'in', random.int(185, 205));
  }
  return scans;
}

/**
 * The scan log rows (oldest first) and each guest's summary per scope, as the scan service
 * would have left them after these scans.
 */
export function demoScans(random: DemoRandom, plan: ScanPlan, window: ScanWindow): ScanRows {
  const scans = plan.kind === 'general' ? generalMorning(random, plan) : dateScheduleMorning(random, plan);
  const at = (minute: number) =>
    Math.round(
      window.start + (Math.min(minute, MORNING_MINUTES) / MORNING_MINUTES) * (window.end - window.start),
    );
  const timed = scans.map((s) => ({ ...s, at: at(s.minute) })).sort((a, b) => a.at - b.at);

  const summaries = new Map<string, Insertable<Database['guest_attendance']>>();
  for (const scan of timed) {
    const key = `${scan.guestId}:${scan.scopeId}`;
    const summary = summaries.get(key) ?? {
      guest_id: scan.guestId,
      scope_id: scan.scopeId,
      meeting_id: plan.meetingId,
      inside: 0,
      first_in_at: null,
      last_in_at: null,
      last_out_at: null,
    };
    if (scan.type === 'in') {
      summary.inside = 1;
      summary.first_in_at ??= scan.at;
      summary.last_in_at = scan.at;
    } else {
      summary.inside = 0;
      summary.last_out_at = scan.at;
    }
    summaries.set(key, summary);
  }
  return {
    checkIns: timed.map((s) => ({
      meeting_id: plan.meetingId,
      guest_id: s.guestId,
      scope_id: s.scopeId,
      type: s.type,
      station: s.station,
      operator_id: s.operatorId,
      nonce: randomUUID(),
      created_at: s.at,
    })),
    attendance: [...summaries.values()],
  };
}
