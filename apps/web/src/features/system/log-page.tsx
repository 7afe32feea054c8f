import { Flex, Table } from 'antd';
import { LOG_ACTIONS, LOG_SOURCES, type SystemLogEntry } from '@meetflow/shared/schemas/system-log';
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
import { dayjs } from '../../lib/dayjs.ts';
import { emptyTextFor } from '../../components/load-error.tsx';
import { Auth } from '../../components/permission.tsx';
import { LogChanges } from './components/log-changes.tsx';
import { logColumns } from './components/log-columns.tsx';
import { LogFilterForm, type FilterForm } from './components/log-filter-form.tsx';
import { hasChanges } from './log-changes-logic.ts';
import { logExportPath, useSystemLogs, type LogFilters } from './system-log-api.ts';
import './i18n.ts';

const PAGE_SIZES = [10, 20, 50, 100];

const instants = { read: (ms: number) => dayjs(ms), write: asInstant };
const trimmed = (text?: string) => text?.trim() || undefined;

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

  const columns = logColumns(t);
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
      <LogFilterForm initialValues={{ ...picked, range: pickerRange }} onApply={apply} />
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
