import { nameIn, type Language } from '@meetflow/shared/languages';
import {
  NOTIFICATION_TEXTS,
  NOTIFICATION_TYPES,
  type NotificationItem,
  type NotificationPage,
  type NotificationType,
} from '@meetflow/shared/schemas/notifications';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './notifications.repository.ts';

/** Names of a meeting or session in the three languages, as stored with the notification. */
export interface Names {
  name: string;
  name_cn: string;
  name_en: string;
}

export interface NotificationParams {
  meeting?: Names;
  session?: Names;
  file?: string;
  /** YYYY-MM-DD in TIME_ZONE. */
  date?: string;
  /** A webhook's address. */
  url?: string;
}

/** How often (at most) one instance looks for passed registration deadlines, on read. */
const DEADLINE_CHECK_EVERY_MS = 30_000;
/** Deadlines older than this are history, not news (e.g. right after an upgrade). */
const DEADLINE_LOOKBACK_MS = 7 * 86_400_000;

function pick(names: Names | undefined, lang: Language): string {
  return names ? nameIn(lang, names.name, names.name_cn, names.name_en) : '';
}

function render(type: NotificationType, params: NotificationParams, lang: Language): string {
  return NOTIFICATION_TEXTS[type][lang]
    .replace('{meeting}', pick(params.meeting, lang))
    .replace('{session}', pick(params.session, lang))
    .replace('{file}', params.file ?? '')
    .replace('{date}', params.date ?? '')
    .replace('{url}', params.url ?? '');
}

function parseParams(json: string): NotificationParams {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as NotificationParams) : {};
  } catch {
    return {};
  }
}

const asType = (value: string): NotificationType =>
  (NOTIFICATION_TYPES as readonly string[]).includes(value) ? (value as NotificationType) : 'export_ready';

const names = (n: Names): Names => ({ name: n.name, name_cn: n.name_cn, name_en: n.name_en });

interface Deps {
  db: Db;
  clock: () => number;
  /** Where a failed after-commit notification is reported; it never fails the request that caused it. */
  onError?: (error: unknown) => void;
}

export function createNotificationsService({ db, clock, onError }: Deps) {
  let lastDeadlineCheck = Number.NEGATIVE_INFINITY;

  async function safely(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      onError?.(error);
    }
  }

  const service = {
    /**
     * Notifies one user, e.g. when their export has finished:
     * `notifications.notify(user.id, 'export_ready', { file: 'guests.xlsx' })`.
     * Never throws: call it after the work is done (and committed).
     */
    async notify(
      userId: number,
      type: NotificationType,
      params: NotificationParams = {},
      meetingId: number | null = null,
    ): Promise<void> {
      await safely(() =>
        repo.insertNotification(db, userId, {
          type,
          meetingId,
          params: JSON.stringify(params),
          createdAt: clock(),
        }),
      );
    },

    /** The meeting's last seat was just taken (called after the sign-up committed). */
    async meetingFilled(meeting: Names & { id: number }): Promise<void> {
      await safely(() =>
        repo.insertForMeetingAudience(db, meeting.id, {
          type: 'meeting_full',
          params: JSON.stringify({ meeting: names(meeting) }),
          createdAt: clock(),
        }),
      );
    },

    /** A session's last seat was just taken. */
    async sessionFilled(meeting: Names & { id: number }, session: Names): Promise<void> {
      await safely(() =>
        repo.insertForMeetingAudience(db, meeting.id, {
          type: 'session_full',
          params: JSON.stringify({ meeting: names(meeting), session: names(session) }),
          createdAt: clock(),
        }),
      );
    },

    /** Walk-ins were seated past the meeting's limit (an offline station's sync, or staff's "admit anyway"). */
    async walkInsOverCapacity(meeting: Names & { id: number }): Promise<void> {
      await safely(() =>
        repo.insertForMeetingAudience(db, meeting.id, {
          type: 'walk_in_over_capacity',
          params: JSON.stringify({ meeting: names(meeting) }),
          createdAt: clock(),
        }),
      );
    },

    /** The meeting's guests' personal data will be erased on `date` (a week ahead): the organisers can extend. */
    async retentionDue(meeting: Names & { id: number }, date: string, trx: Db = db): Promise<void> {
      await repo.insertForMeetingAudience(trx, meeting.id, {
        type: 'retention_due',
        params: JSON.stringify({ meeting: names(meeting), date }),
        createdAt: clock(),
      });
    },

    /**
     * Announces passed registration deadlines. Evaluated when someone reads notifications (at most
     * every 30 s per instance) instead of on a timer: no background work while nobody looks, and the
     * notification carries the deadline as its time, so it reads as if sent at that moment.
     */
    async checkDeadlines(): Promise<void> {
      const now = clock();
      if (now - lastDeadlineCheck < DEADLINE_CHECK_EVERY_MS) return;
      lastDeadlineCheck = now;
      await safely(async () => {
        for (const id of await repo.findDueDeadlines(db, now, now - DEADLINE_LOOKBACK_MS)) {
          const meeting = await repo.claimDeadline(db, id, now);
          if (!meeting) continue;
          await repo.insertForMeetingAudience(db, meeting.id, {
            type: 'registration_closed',
            params: JSON.stringify({ meeting: names(meeting) }),
            createdAt: meeting.registration_deadline ?? now,
          });
        }
      });
    },

    async list(
      userId: number,
      query: { page: number; page_size: number; unread_only?: 'true' | 'false' | undefined },
      lang: Language,
    ): Promise<NotificationPage> {
      await service.checkDeadlines();
      const [{ rows, total }, unread] = await Promise.all([
        repo.listNotifications(db, userId, query.unread_only === 'true', {
          offset: (query.page - 1) * query.page_size,
          limit: query.page_size,
        }),
        repo.countUnread(db, userId),
      ]);
      const items: NotificationItem[] = rows.map((r) => {
        const type = asType(r.type);
        return {
          id: r.id,
          type,
          message: render(type, parseParams(r.params), lang),
          meeting_id: r.meeting_id,
          read: r.read_at !== null,
          created_at: r.created_at,
        };
      });
      return { items, total, unread, page: query.page, page_size: query.page_size };
    },

    async unreadCount(userId: number): Promise<number> {
      await service.checkDeadlines();
      return repo.countUnread(db, userId);
    },

    async markRead(userId: number, id: number): Promise<void> {
      if (!(await repo.markRead(db, userId, id, clock()))) throw new AppError('NOT_FOUND');
    },

    async markAllRead(userId: number): Promise<void> {
      await repo.markAllRead(db, userId, clock());
    },
  };
  return service;
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
