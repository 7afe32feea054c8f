import type { ActivityCounters } from '../../core/activity-counters.ts';
import type { Language } from '@meetflow/shared/languages';
import type {
  ConflictPage,
  ConflictQuery,
  ConflictReason,
  OfflineData,
  OfflineSyncAnswer,
  OfflineSyncInput,
} from '@meetflow/shared/schemas/offline-door';
import type { AuthUser } from '../../core/auth-user.ts';
import type { Db } from '../../db/database.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';
import { resolveScope } from './attendance.service.ts';
import type { StatsScope } from './live-stats.ts';
import { offlineData } from './offline-copy.ts';
import * as door from './offline-door.repository.ts';
import { syncOfflineScans } from './upload-offline-scans.ts';

export { guestCodeKey, phoneKey } from './door-keys.ts';

/*
 * The offline door (issue 17). A station keeps a copy of its scope's guests to judge scans while
 * the network is down — hashed codes, names and attendance, nothing to reach a guest by — and
 * uploads the scans it judged when the network returns. An uploaded scan goes through the scan
 * state machine at its own time; one that no longer fits (the same guest at two offline stations,
 * a guest cancelled meanwhile) is kept as a conflict for the organiser, never dropped.
 */

export function createOfflineDoorService(deps: {
  db: Db;
  systemLog: SystemLog;
  clock: () => number;
  timeZone: string;
  repeatWindowMs: number;
  /** A per-deployment secret the phone keys' salt is derived from. */
  doorSecret: string;
  /** Whether the meeting's phone look-up also asks for a code by e-mail (then a kiosk takes codes only). */
  loginCodeRequired: (meetingId: number) => Promise<boolean>;
  onRecorded?: (scope: StatsScope) => void;
  /** Events for other systems, written in each scan's transaction. */
  webhooks: WebhookEmitter;
  counters?: ActivityCounters;
}) {
  const { db } = deps;

  return {
    /** The station's copy of a scope (offline-copy.ts). */
    offlineData: (
      user: AuthUser,
      query: { meeting_id: number; schedule_id?: number; since?: number; phones: boolean },
      lang: Language,
    ): Promise<OfflineData> => offlineData(deps, user, query, lang),

    /** A station's queued scans, each recorded or kept as a conflict (upload-offline-scans.ts). */
    async sync(user: AuthUser, body: OfflineSyncInput, ip: string): Promise<OfflineSyncAnswer> {
      const answer = await syncOfflineScans(deps, user, body, ip);
      deps.counters?.offlineScans(answer.recorded, answer.conflicts);
      return answer;
    },

    /** The meeting's conflicts for the organiser, newest scan first. */
    async conflicts(user: AuthUser, query: ConflictQuery): Promise<ConflictPage> {
      const scope = await resolveScope(db, user, query.meeting_id, undefined);
      const { rows, total } = await door.listConflicts(db, scope.meetingId, {
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
      });
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          guest_id: row.guest_id === null ? null : Number(row.guest_id),
          guest_name: row.guest_name,
          schedule_id: Number(row.scope_id) === 0 ? null : Number(row.scope_id),
          type: row.type,
          reason: row.reason as ConflictReason,
          station: row.station,
          operator_name: row.operator_name,
          scanned_at: Number(row.scanned_at),
          uploaded_at: Number(row.uploaded_at),
        })),
        total,
        page: query.page,
        page_size: query.page_size,
      };
    },
  };
}
export type OfflineDoorService = ReturnType<typeof createOfflineDoorService>;
export type OfflineDoorDeps = Parameters<typeof createOfflineDoorService>[0];
