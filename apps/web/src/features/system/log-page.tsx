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
import {
  ListToolbar,
  useTableView,
  field,
  useListState,
  asInstant,
  usePickerRange,
} from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { emptyTextFor } from '../../components/load-error.tsx';
import { Auth } from '../../components/permission.tsx';
import { LogChanges } from './components/log-changes.tsx';
import { hasChanges } from './log-changes-logic.ts';
import { logExportPath, useSystemLogs, type LogFilters } from './system-log-api.ts';
import './i18n.ts';

interface FilterForm {
  action_type?: LogAction;
  source_type?: LogSource;
  username?: string;
  ip?: string;
  keyword?: string;
  range?: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null;
}

const PAGE_SIZES = [10, 20, 50, 100];
const SOURCE_COLORS: Record<string, string> = {
  admin: 'blue',
  public: 'green',
  client: 'orange',
  system: 'purple',
};

const instants = { read: (ms: number) => dayjs(ms), write: asInstant };
const trimmed = (text?: string) => text?.trim() || undefined;
const EMPTY_FORM: FilterForm = {
  action_type: undefined,
  source_type: undefined,
  username: undefined,
  ip: undefined,
  keyword: undefined,
  range: null,
};

/** /system_setting/log: the append-only audit trail with filters, time presets and export. */
export default function LogPage() {
  const { t, i18n } = useTranslation();
  // The form's filters, the range in epoch milliseconds.
  const list = useListState({
    filters: {
      action_type: field.enum(LOG_ACTIONS),
      source_type: field.enum(LOG_SOURCES),
      username: field.string(),
      ip: field.string(),
      keyword: field.string(),
      range: field.timeRange(),
    },
    sizes: PAGE_SIZES,
    defaultSize: 20,
  });
  const { range, ...picked } = list.filters;
  const [pickerRange, pickRange] = usePickerRange(range, instants);
  const filters: LogFilters = { ...picked, from: range?.[0], to: range?.[1] };
  const [form] = Form.useForm<FilterForm>();
  const logs = useSystemLogs(filters, list.page, list.size, i18n.language);

  // The form applies all its fields at once: the ones it leaves empty are cleared.
  const apply = ({ range: chosenRange, username, ip, keyword, ...choices }: FilterForm) =>
    list.setFilters({
      ...choices,
      username: trimmed(username),
      ip: trimmed(ip),
      keyword: trimmed(keyword),
      range: pickRange(chosenRange ?? null),
    });

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
      <Form<FilterForm>
        form={form}
        layout="inline"
        initialValues={{ ...picked, range: pickerRange }}
        onFinish={apply}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
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
                // Empty, not the initial values: those are the filters of the URL the page opened with.
                form.setFieldsValue(EMPTY_FORM);
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
        // An entry that changed fields opens on what it changed, field by field.
        expandable={{
          expandedRowRender: (entry) => <LogChanges changes={entry.changes} />,
          rowExpandable: hasChanges,
        }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: list.page,
          pageSize: list.size,
          total: logs.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => <span data-testid="log-total">{t('systemLog.total', { count: total })}</span>,
          onChange: list.setPage,
        }}
      />
    </PageCard>
  );
}
