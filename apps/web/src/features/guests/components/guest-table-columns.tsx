import { Button, Popconfirm, Space, Tag } from 'antd';
import type { TableProps } from 'antd';
import { Auth } from '../../../components/permission.tsx';
import { statusColor } from '../../../lib/attendance-types.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { GUEST_FIELDS } from '../guest-columns.ts';
import type { AnswerColumn } from '../guest-answers-logic.ts';
import { guestFieldText } from '../guest-text.ts';
import type { AdminGuest, GuestSortField } from '../guests-types.ts';

/** Issued stands out; earned-but-not-issued is the organiser's to-do. */
const CERTIFICATE_COLORS = {
  not_earned: 'default',
  earned: 'gold',
  issued: 'green',
  revoked: 'red',
} as const;

type SortOrder = (by: GuestSortField) => 'ascend' | 'descend' | null;

/**
 * The guest table's columns: the meeting type's fields, the meeting's own fields (answers as text,
 * retired ones last and marked), then status, certificate, times and actions.
 */
export function guestTableColumns(options: {
  t: TFunction;
  meetingType: AdminGuest['meeting_type'] | undefined;
  answerColumns: readonly AnswerColumn[];
  sortOrder: SortOrder;
  onView: (guest: AdminGuest) => void;
  onEdit: (guest: AdminGuest) => void;
  onDelete: (guest: AdminGuest) => void;
}): NonNullable<TableProps<AdminGuest>['columns']> {
  const { t, sortOrder } = options;
  const fieldColumns: TableProps<AdminGuest>['columns'] = (
    options.meetingType ? GUEST_FIELDS[options.meetingType] : []
  ).map((field) => ({
    key: field.key,
    title: t(`guests.fields.${field.label}`),
    // Every column has a width: without one, long headers squeeze a column to a letter per line.
    width: field.wide ? 220 : field.key === 'phone' ? 150 : 130,
    ellipsis: true,
    ...(field.key === 'name' || field.key === 'name_zh'
      ? { sorter: true, sortOrder: sortOrder('name') }
      : {}),
    render: (_: unknown, guest: AdminGuest) => guestFieldText(guest, field.key, t),
  }));

  const answerColumns: TableProps<AdminGuest>['columns'] = options.answerColumns.map((column) => ({
    key: column.columnKey,
    title: column.retired ? (
      <span>
        {column.title}{' '}
        <Tag bordered={false} style={{ marginInlineEnd: 0 }}>
          {t('guests.answers.retired')}
        </Tag>
      </span>
    ) : (
      column.title
    ),
    width: column.wide ? 220 : 150,
    ellipsis: true,
    render: (_: unknown, guest: AdminGuest) => guest.answer_texts[column.key] ?? '—',
  }));

  return [
    ...fieldColumns,
    ...answerColumns,
    {
      key: 'status',
      title: t('guests.fields.status'),
      width: 130,
      render: (_, guest) => (
        <Space size={[0, 4]} wrap>
          <Tag color={statusColor(guest.status)}>{t(`guests.statuses.${guest.status}`)}</Tag>
          {guest.walk_in && <Tag color="blue">{t('guests.walkIn')}</Tag>}
          {guest.over_capacity && <Tag color="red">{t('guests.overCapacity')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'certificate',
      title: t('guests.fields.certificate'),
      width: 110,
      render: (_, guest) =>
        guest.certificate ? (
          <Tag color={CERTIFICATE_COLORS[guest.certificate]}>
            {t(`guests.certificates.${guest.certificate}`)}
          </Tag>
        ) : (
          '—'
        ),
    },
    {
      key: 'last_in_at',
      title: t('guests.fields.lastInAt'),
      width: 170,
      sorter: true,
      sortOrder: sortOrder('last_in_at'),
      render: (_, guest) => (guest.last_in_at ? formatDateTime(guest.last_in_at) : '—'),
    },
    {
      key: 'created_at',
      title: t('guests.fields.signedUpAt'),
      width: 170,
      sorter: true,
      sortOrder: sortOrder('created_at'),
      render: (_, guest) => formatDateTime(guest.created_at),
    },
    {
      key: 'actions',
      title: t('guests.fields.actions'),
      fixed: 'right',
      width: 170,
      render: (_, guest) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => options.onView(guest)} data-testid="guest-view">
            {t('guests.view')}
          </Button>
          <Auth value="guest:edit">
            <Button type="link" size="small" onClick={() => options.onEdit(guest)} data-testid="guest-edit">
              {t('guests.edit')}
            </Button>
            <Popconfirm
              title={t('guests.deleteConfirm')}
              onConfirm={() => options.onDelete(guest)}
              okButtonProps={{ danger: true, 'data-testid': 'guest-delete-confirm' }}
            >
              <Button type="link" size="small" danger data-testid="guest-delete">
                {t('guests.delete')}
              </Button>
            </Popconfirm>
          </Auth>
        </Space>
      ),
    },
  ];
}
