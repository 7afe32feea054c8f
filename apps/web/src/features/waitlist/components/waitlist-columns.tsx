import { Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Language } from '@meetflow/shared/languages';
import { formatPhone } from '@meetflow/shared/phone';
import { formatDateTime } from '../../../lib/date-time.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { LANGUAGE_NAMES } from '../../../components/lang-switch.tsx';
import type { WaitlistAdminEntry, WaitlistPage } from '../waitlist-api.ts';
import { isActive, STATUS_COLORS } from '../waitlist-logic.ts';
import { EntryActions } from './entry-actions.tsx';
import '../i18n.ts';

/** To the minute: the seconds only widen the table. */
const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms).slice(0, 16));

interface ColumnOptions {
  /** The list makes offers: show their deadlines. */
  offers: boolean;
  /** Every entry is listed, not only the active ones: show who decided what, when. */
  showAll: boolean;
  /** The organiser may promote and remove (null: no actions column). */
  actions: {
    meetingId: number;
    seats: Pick<WaitlistPage, 'seats_taken' | 'seat_limit'>;
    scope: 'meeting' | 'session';
    /** Keep the column in view at the right (wide screens). */
    fixed: boolean;
  } | null;
}

/** The waiting list's columns: the ones every list has, then offers, decisions and actions as they apply. */
export function waitlistColumns(t: TFunction, options: ColumnOptions): TableColumnsType<WaitlistAdminEntry> {
  const columns: TableColumnsType<WaitlistAdminEntry> = [
    {
      key: 'position',
      title: t('waitlist.columns.position'),
      width: 72,
      align: 'right',
      render: (_, entry) => entry.position ?? '—',
    },
    { key: 'name', title: t('waitlist.columns.name'), dataIndex: 'display_name' },
    {
      key: 'contact',
      title: t('waitlist.columns.contact'),
      render: (_, entry) => (
        <>
          <div style={{ whiteSpace: 'nowrap' }}>{formatPhone(entry.phone, entry.area_code)}</div>
          {entry.email && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {entry.email}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'language',
      title: t('waitlist.columns.language'),
      render: (_, entry) => LANGUAGE_NAMES[entry.language as Language] ?? entry.language,
    },
    {
      key: 'status',
      title: t('waitlist.columns.status'),
      render: (_, entry) => (
        <Tag color={STATUS_COLORS[entry.status]} data-testid={`waitlist-status-${entry.id}`}>
          {t(`waitlist.statuses.${entry.status}`)}
        </Tag>
      ),
    },
    {
      key: 'joined_at',
      title: t('waitlist.columns.joinedAt'),
      render: (_, entry) => <span style={{ whiteSpace: 'nowrap' }}>{when(entry.joined_at)}</span>,
    },
  ];
  if (options.offers) {
    columns.push({
      key: 'offer_expires_at',
      title: t('waitlist.columns.offerExpires'),
      // An open offer's deadline, or the one that lapsed; once decided otherwise it no longer matters.
      render: (_, entry) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {entry.status === 'offered' || entry.status === 'expired' ? when(entry.offer_expires_at) : '—'}
        </span>
      ),
    });
  }
  if (options.showAll) {
    columns.push({
      key: 'decided',
      title: t('waitlist.columns.decided'),
      render: (_, entry) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {when(entry.decided_at)}
          {entry.decided_by && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('waitlist.decidedBy', { name: entry.decided_by })}
            </Typography.Text>
          )}
        </span>
      ),
    });
  }
  const { actions } = options;
  if (actions) {
    columns.push({
      key: 'actions',
      title: t('waitlist.columns.actions'),
      fixed: actions.fixed ? 'right' : undefined,
      width: 180,
      render: (_, entry) =>
        isActive(entry.status) && (
          <EntryActions
            meetingId={actions.meetingId}
            entry={entry}
            seats={actions.seats}
            scope={actions.scope}
          />
        ),
    });
  }
  return columns;
}
