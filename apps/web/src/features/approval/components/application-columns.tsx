import { Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { nameIn, type Language } from '@meetflow/shared/languages';
import { formatPhone } from '@meetflow/shared/phone';
import type { ApplicationItem, ApplicationStatus } from '@meetflow/shared/schemas/approval';
import type { UserType } from '@meetflow/shared/schemas/dictionary';
import { formatDateTime } from '../../../lib/date-time.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { STATUS_COLORS } from '../approval-logic.ts';
import '../i18n.ts';

/** To the minute: the seconds only widen the table. */
const when = (ms: number | null, zone: string | undefined) =>
  ms === null ? '—' : formatDateTime(ms, zone).slice(0, 16);

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * The queue's table: who applied (name, phone, e-mail), their type and group, how many answers
 * (the row expands to show them), when, whether a seat is held; past the pending tab, the decision.
 */
export function applicationColumns(
  t: TFunction,
  options: {
    zone: string | undefined;
    lang: Language;
    types: UserType[] | undefined;
    status: ApplicationStatus;
  },
): TableColumnsType<ApplicationItem> {
  const typeName = (id: number | null) => {
    const type = id === null ? undefined : options.types?.find((candidate) => candidate.id === id);
    return type ? nameIn(options.lang, type.name, type.name_cn, type.name_en) : '—';
  };
  const columns: TableColumnsType<ApplicationItem> = [
    {
      key: 'name',
      title: t('approval.columns.name'),
      render: (_, item) => (
        <span style={nowrap} data-testid={`application-name-${item.id}`}>
          {item.display_name}
        </span>
      ),
    },
    {
      key: 'phone',
      title: t('approval.columns.phone'),
      render: (_, item) => (
        <span style={nowrap}>{item.phone ? formatPhone(item.phone, item.area_code) : '—'}</span>
      ),
    },
    { key: 'email', title: t('approval.columns.email'), render: (_, item) => item.email || '—' },
    { key: 'type', title: t('approval.columns.type'), render: (_, item) => typeName(item.user_type_id) },
    {
      key: 'group',
      title: t('approval.columns.group'),
      render: (_, item) => (item.group_contact ? t('approval.groupOf', { name: item.group_contact }) : '—'),
    },
    {
      key: 'answers',
      title: t('approval.columns.answers'),
      render: (_, item) =>
        item.answers.length === 0
          ? t('approval.noAnswers')
          : t('approval.answersCount', { count: item.answers.length }),
    },
    {
      key: 'submitted',
      title: t('approval.columns.submittedAt'),
      render: (_, item) => <span style={nowrap}>{when(item.created_at, options.zone)}</span>,
    },
    {
      key: 'seat',
      title: t('approval.columns.holdsSeat'),
      render: (_, item) => (
        <Tag color={item.holds_seat ? 'blue' : undefined}>
          {t(item.holds_seat ? 'approval.holds' : 'approval.notHeld')}
        </Tag>
      ),
    },
  ];
  if (options.status !== 'pending') {
    columns.push({
      key: 'decided',
      title: t('approval.columns.decided'),
      render: (_, item) => (
        <div style={nowrap}>
          <Tag color={STATUS_COLORS[item.status]}>{t(`approval.statuses.${item.status}`)}</Tag>
          {item.decided_at !== null && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {item.decided_by
                  ? t('approval.decidedBy', {
                      name: item.decided_by,
                      at: when(item.decided_at, options.zone),
                    })
                  : when(item.decided_at, options.zone)}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    });
  }
  if (options.status === 'rejected') {
    columns.push({
      key: 'reason',
      title: t('approval.columns.reason'),
      render: (_, item) => (
        <div style={{ maxWidth: 280 }}>
          {item.reason || '—'}
          {item.erase_at !== null && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('approval.eraseAt', { at: when(item.erase_at, options.zone) })}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    });
  }
  return columns;
}

/** A row's answers, label and text, as the expanded row shows them. */
export function ApplicationAnswers({ item }: { item: ApplicationItem }) {
  return (
    <dl
      style={{
        margin: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, max-content) 1fr',
        gap: '4px 16px',
      }}
    >
      {item.answers.map((answer, index) => (
        <div key={index} style={{ display: 'contents' }}>
          <dt style={{ color: 'var(--ant-color-text-secondary)' }}>{answer.label}</dt>
          <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{answer.value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
