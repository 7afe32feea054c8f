import type { Meeting } from '@meetflow/shared/schemas/meetings';
import { nameIn, type Language } from '@meetflow/shared/languages';
import type { LightColumn } from '../../../components/light-table.tsx';
import { WaitingCount } from '../../../components/waiting-count.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { waitlistLink } from '../../../lib/waitlist.ts';
import type { MeetingListState } from '../use-meeting-list-state.ts';
import { MeetingRowActions, type MeetingAction } from './meeting-row-actions.tsx';

/**
 * The meeting list's columns. Widths that hold the longest word of each column in every language
 * (1042 px in all, the table's width beside the sidebar at 1366 px); the name takes what is left.
 */
export function meetingColumns(options: {
  t: TFunction;
  lang: Language;
  list: MeetingListState;
  canEdit: boolean;
  /** The waiting counts link to the waiting list (for those who may see guests). */
  linkWaitlist: boolean;
  onAction: (action: MeetingAction, meeting: Meeting) => void;
}): LightColumn<Meeting>[] {
  const { t, lang, list } = options;
  return [
    {
      key: 'name',
      title: t('meetings.columns.name'),
      sorter: true,
      sortOrder: list.sortOrder('name'),
      minWidth: 200,
      render: (_, meeting) => nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en),
    },
    {
      key: 'start_at',
      title: t('meetings.columns.time'),
      sorter: true,
      sortOrder: list.sortOrder('start_at'),
      width: 150,
      render: (_, meeting) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(meeting.start_at)}
          <br />
          {formatDateTime(meeting.end_at)}
        </span>
      ),
    },
    {
      key: 'location',
      title: t('meetings.columns.location'),
      width: 160,
      render: (_, meeting) => {
        const location = nameIn(lang, meeting.location, meeting.location_cn, meeting.location_en);
        // Two lines at most; the whole address is in the title and in the meeting's details.
        return (
          <span className="mf-meeting-location" title={location}>
            {location}
          </span>
        );
      },
    },
    {
      key: 'type',
      title: t('meetings.columns.type'),
      width: 100,
      render: (_, meeting) => t(`meetings.types.${meeting.meeting_type}`),
    },
    {
      key: 'signup',
      title: t('meetings.columns.signupCount'),
      dataIndex: 'signup_count',
      align: 'right',
      width: 84,
    },
    {
      key: 'checkin',
      title: t('meetings.columns.checkinCount'),
      dataIndex: 'checkin_count',
      align: 'right',
      width: 88,
    },
    {
      key: 'waiting',
      title: t('meetings.columns.waiting'),
      align: 'right',
      width: 80,
      render: (_, meeting) => (
        <WaitingCount
          list={meeting}
          link={options.linkWaitlist ? waitlistLink(meeting.id) : undefined}
          testId="meeting-waiting-count"
        />
      ),
    },
    {
      key: 'actions',
      title: t('meetings.columns.actions'),
      // Always in view at the table's right edge, however narrow the screen.
      fixed: 'right',
      width: 180,
      render: (_, meeting) => (
        <MeetingRowActions
          canEdit={options.canEdit}
          onAction={(action) => options.onAction(action, meeting)}
        />
      ),
    },
  ];
}
