import type { Language } from '@meetflow/shared/languages';
import type { importStartBody } from '@meetflow/shared/schemas/imports';
import type { z } from 'zod';
import type { DatabaseKind, Db } from '../../db/database.ts';
import type { Jobs } from '../jobs/jobs.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.service.ts';

/*
 * What the guest import service and its job share: the job reads these types, the service imports
 * the job, so they live here rather than in either (a file cycle otherwise).
 */

export type StartOptions = z.output<typeof importStartBody>;
export interface StoredOptions extends Omit<StartOptions, 'mapping'> {
  /** The language of the organiser who started it: the new guests' mail is written in it. */
  language: Language;
}

export interface GuestImportsDeps {
  db: Db;
  dbKind: DatabaseKind;
  clock: () => number;
  systemLog: SystemLog;
  jobs: Jobs;
  /** The guest row's columns that queue its confirmation, and the nudge that sends it. */
  mail?: { confirmationColumns(): { mail_pending: number }; kick(): void };
  notifications?: Pick<NotificationsService, 'meetingFilled' | 'sessionFilled'>;
  onSignupsChanged?: (meetingId: number) => void;
  /** Rows per batch (tests make it small to see batches). */
  batchRows?: number;
  /** Events for other systems, written in each batch's transaction. */
  webhooks: WebhookEmitter;
}
