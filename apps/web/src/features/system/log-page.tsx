import { useState } from 'react';
import { Button, DatePicker, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import {
  LOG_ACTIONS,
  LOG_SOURCES,
  type LogAction,
  type LogSource,
  type SystemLogEntry,
} from '@meetflow/shared/schemas/system-log';
import { useTranslation } from '../../lib/i18n.ts';
import { ExportButton } from '../../components/export-button.tsx';
import { ListToolbar, useTableView } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { emptyTextFor } from '../../components/load-error.tsx';
import { Auth } from '../../components/permission.tsx';
import { logExportPath, useSystemLogs, type LogFilters } from './system-log-api.ts';
import './i18n.ts';

type Range = [dayjs.Dayjs | null, dayjs.Dayjs | null] | null;

interface FilterForm {
  action_type?: LogAction;
  source_type?: LogSource;
  username?: string;
  ip?: string;
  keyword?: string;
  range?: Range;
}

const PAGE_SIZES = [10, 20, 50, 100];
const SOURCE_COLORS: Record<string, string> = {
  admin: 'blue',
  public: 'green',
  client: 'orange',
  system: 'purple',
};

function toFilters(values: FilterForm): LogFilters {
  const [start, end] = values.range ?? [null, null];
  return {
    action_type: values.action_type,
    source_type: values.source_type,
    username: values.username?.trim(),
    ip: values.ip?.trim(),
    keyword: values.keyword?.trim(),
    from: start?.valueOf(),
    to: end?.valueOf(),
  };
}

/** /system_setting/log: the append-only audit trail with filters, time presets and export. */
export default function LogPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<LogFilters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const logs = useSystemLogs(filters, page, pageSize, i18n.language);

  const apply = (values: FilterForm) => {
    setFilters(toFilters(values));
    setPage(1);
  };

  // The presets end "now" when picked, not when the page was opened.
  const presets = [
    { key: 'week', label: t('systemLog.presets.week'), value: () => [dayjs().subtract(1, 'week'), dayjs()] },
    {
      key: 'month',
      label: t('systemLog.presets.month'),
      value: () => [dayjs().subtract(1, 'month'), dayjs()],
    },
    {
      key: 'three-months',
      label: t('systemLog.presets.threeMonths'),
      value: () => [dayjs().subtract(3, 'month'), dayjs()],
    },
  ].map(({ key, label, value }) => ({
    label: <span data-testid={`log-preset-${key}`}>{label}</span>,
    value: value as () => [dayjs.Dayjs, dayjs.Dayjs],
  }));

  const columns: TableColumnsType<SystemLogEntry> = [
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

  const view = useTableView(columns);

  return (
    <PageCard>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.log')}</PageTitle>
        <Auth value="log:export">
          <ExportButton
            path={logExportPath(filters)}
            fallbackName="system-log.xlsx"
            label={t('systemLog.export')}
            data-testid="log-export"
          />
        </Auth>
      </Flex>
      <Form<FilterForm> form={form} layout="inline" onFinish={apply} style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="action_type">
          <Select
            allowClear
            placeholder={t('systemLog.actionType')}
            aria-label={t('systemLog.actionType')}
            style={{ width: 150 }}
            data-testid="log-filter-action"
            options={LOG_ACTIONS.map((a) => ({ value: a, label: t(`systemLog.actions.${a}`) }))}
            onChange={() => form.submit()}
          />
        </Form.Item>
        <Form.Item name="source_type">
          <Select
            allowClear
            placeholder={t('systemLog.sourceType')}
            aria-label={t('systemLog.sourceType')}
            style={{ width: 130 }}
            data-testid="log-filter-source"
            options={LOG_SOURCES.map((s) => ({ value: s, label: t(`systemLog.sources.${s}`) }))}
            onChange={() => form.submit()}
          />
        </Form.Item>
        <Form.Item name="username">
          <Input
            allowClear
            placeholder={t('systemLog.username')}
            maxLength={64}
            style={{ width: 140 }}
            data-testid="log-filter-username"
          />
        </Form.Item>
        <Form.Item name="ip">
          <Input
            allowClear
            placeholder={t('systemLog.ip')}
            maxLength={64}
            style={{ width: 140 }}
            data-testid="log-filter-ip"
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input
            allowClear
            placeholder={t('systemLog.keywordPlaceholder')}
            maxLength={100}
            style={{ width: 180 }}
            data-testid="log-filter-keyword"
          />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            presets={presets}
            placeholder={[t('systemLog.startTime'), t('systemLog.endTime')]}
            data-testid="log-filter-range"
            onChange={() => form.submit()}
          />
        </Form.Item>
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="log-search">
              {t('common.search')}
            </Button>
            <Button
              data-testid="log-reset"
              onClick={() => {
                form.resetFields();
                form.submit();
              }}
            >
              {t('common.reset')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      <ListToolbar
        view={view}
        total={logs.data?.total}
        onRefresh={() => void logs.refetch()}
        refreshing={logs.isFetching}
      />
      <Table<SystemLogEntry>
        data-testid="log-table"
        rowKey="id"
        size={view.size}
        columns={view.columns}
        dataSource={logs.data?.items ?? []}
        loading={logs.isFetching}
        locale={{ emptyText: emptyTextFor(logs) }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          total: logs.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => <span data-testid="log-total">{t('systemLog.total', { count: total })}</span>,
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
      />
    </PageCard>
  );
}
