import { Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { SystemLogEntry } from '@meetflow/shared/schemas/system-log';
import type { TFunction } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import '../i18n.ts';

const SOURCE_COLORS: Record<string, string> = {
  admin: 'blue',
  public: 'green',
  client: 'orange',
  system: 'purple',
};

/** The log table's columns: content, action, source, user, IP and its place, time. */
export function logColumns(t: TFunction): TableColumnsType<SystemLogEntry> {
  return [
    {
      title: t('systemLog.content'),
      dataIndex: 'content',
      key: 'content',
      width: 320,
      render: (v: string) => (
        <Typography.Paragraph
          style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          ellipsis={{ rows: 2, expandable: 'collapsible' }}
          data-testid="log-content"
        >
          {v}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('systemLog.actionType'),
      dataIndex: 'action_type',
      key: 'action_type',
      render: (v: string) => (
        <Tag color={v === 'error' || v === 'login_failed' ? 'error' : 'default'}>
          {t(`systemLog.actions.${v}`, { defaultValue: v })}
        </Tag>
      ),
    },
    {
      title: t('systemLog.sourceType'),
      dataIndex: 'source_type',
      key: 'source_type',
      render: (v: string) => (
        <Tag color={SOURCE_COLORS[v]} data-testid="log-source">
          {t(`systemLog.sources.${v}`, { defaultValue: v })}
        </Tag>
      ),
    },
    {
      title: t('systemLog.username'),
      dataIndex: 'username',
      key: 'username',
      render: (v: string | null) => v ?? '-',
    },
    { title: t('systemLog.ip'), dataIndex: 'ip', key: 'ip', render: (v: string | null) => v ?? '-' },
    {
      title: t('systemLog.ipLocation'),
      dataIndex: 'ip_location',
      key: 'ip_location',
      render: (v: string | null) => v ?? '-',
    },
    {
      title: t('systemLog.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
    },
  ];
}
