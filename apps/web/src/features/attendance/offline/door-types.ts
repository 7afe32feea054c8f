import type {
  WalkInAnswer,
  WalkInRequest,
  WalkInSyncAnswer,
  WalkInSyncRequest,
} from '@meetflow/shared/schemas/walk-ins';
import type { DoorAnswersAnswer, DoorAnswersRequest } from '@meetflow/shared/schemas/attendance';
import type { OfflineData, OfflineGuest, OfflineSyncAnswer } from '@meetflow/shared/schemas/offline-door';
import type { ScanAnswer } from '../../../lib/attendance-types.ts';
import type { ScanDirection } from '../scan-station.ts';
import type { PendingFigures } from './pending-figures.ts';

export interface DoorScope {
  meetingId: number;
  scheduleId: number | null;
  station: string;
  /** A self check-in kiosk also keeps the phone keys (where the meeting allows a phone look-up). */
  kiosk: boolean;
}

export interface DoorStatus {
  /** The last call to the server got an answer. */
  online: boolean;
  queued: number;
  /** The queue has been read from the device: until then `queued` says nothing (not 0). */
  queueRead: boolean;
  /**
   * This scope's entries and exits judged here and still waiting to go up: the server's figures
   * cannot show them yet.
   */
  pending: PendingFigures;
  syncing: boolean;
  /** The server's time of the copy held; null until one has arrived. */
  copyAt: number | null;
  guestCount: number;
  meetingName: string;
  /** The meeting's name in each language (a kiosk speaks the guest's). */
  meetingNames: Record<'zh-tw' | 'zh-cn' | 'en', string> | null;
  scheduleName: string | null;
  phoneLookup: boolean;
  /** Uploads of this session that the server kept as conflicts. */
  conflicts: number;
  /** Scans the server refused for good (no permission, meeting gone), kept aside on the device. */
  held: number;
  /** The session ended (token expired or revoked): scans queue until someone logs in again. */
  needsLogin: boolean;
}

/** One scan's answer, online or offline, in the online answer's shape. */
export interface DoorAnswer extends ScanAnswer {
  offline: boolean;
  /** i18n key of an offline refusal's reason. */
  reasonKey: string | null;
  /** The scan's nonce: answers given at the door after it go with it while it waits in the queue. */
  nonce: string;
}

export interface Snapshot {
  /** The copy's data, and the server's clock minus this device's when it arrived. */
  meta: Omit<OfflineData, 'guests' | 'full'> & { clock_offset?: number };
  guests: OfflineGuest[];
}

export interface DoorApi {
  fetchCopy(scope: DoorScope, since: number | undefined): Promise<OfflineData>;
  scanOnline(body: {
    meeting_id: number;
    schedule_id: number | null;
    guest_code: string;
    direction: ScanDirection;
    station: string;
    nonce: string;
  }): Promise<ScanAnswer>;
  saveAnswers(body: DoorAnswersRequest): Promise<DoorAnswersAnswer>;
  /** A walk-in registered online (issue 45); absent in a test double that never registers one. */
  walkIn?(body: WalkInRequest): Promise<WalkInAnswer>;
  /** Walk-ins queued offline, uploaded in order. */
  uploadWalkIns?(body: WalkInSyncRequest): Promise<WalkInSyncAnswer>;
  upload(body: {
    meeting_id: number;
    schedule_id: number | null;
    station: string;
    scans: object[];
  }): Promise<OfflineSyncAnswer>;
}
