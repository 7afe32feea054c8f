import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Empty, Input, Table, Tabs, Typography } from 'antd';
import {
  APPLICATION_STATUSES,
  type AdmissionSettings,
  type ApplicationItem,
  type ApplicationStatus,
} from '@meetflow/shared/schemas/approval';
import type { UserType } from '@meetflow/shared/schemas/dictionary';
import { ListToolbar, useDraft, useTableView, type useListState } from '../../../components/list-toolbar.tsx';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useServerTimeZone } from '../../../lib/server-time.ts';
import { useApplications } from '../approval-api.ts';
import { LIST_OPTIONS, listQuery, type ApprovalFilters, type DecideSummary } from '../approval-logic.ts';
import { ApplicationAnswers, applicationColumns } from './application-columns.tsx';
import { DecideActions, DecideOutcome } from './decide-actions.tsx';
import '../i18n.ts';

type ListState = ReturnType<typeof useListState<ApprovalFilters>>;

/**
 * The applications of a meeting by status (tabs with their counts), searched, a page at a time; on
 * the pending tab, rows to choose and decide at once, and what the last decision did.
 */
export function ApplicationQueue(props: {
  meetingId: number;
  list: ListState;
  settings: AdmissionSettings | undefined;
  types: UserType[] | undefined;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useServerTimeZone();
  const { meetingId, list } = props;
  const { page, size, filters } = list;
  const status: ApplicationStatus = filters.status ?? 'pending';
  const applications = useApplications(meetingId, listQuery(page, size, filters));
  const data = applications.data;
  const [keyword, setKeyword] = useDraft(filters.keyword ?? '');
  // A choice belongs to the rows on screen: another meeting, tab, search or page starts afresh;
  // a decision's outcome stays with its meeting.
  const scope = [meetingId, status, filters.keyword, page, size].join('|');
  const [selection, setSelection] = useState<{ scope: string; ids: number[] }>({ scope, ids: [] });
  const selected = selection.scope === scope ? selection.ids : [];
  const [decided, setDecided] = useState<{ meetingId: number; summary: DecideSummary } | null>(null);
  const outcome = decided?.meetingId === meetingId ? decided.summary : null;

  const items = data?.items ?? [];
  const chosen = items.filter((item) => selected.includes(item.id));
  const columns = applicationColumns(t, { zone, lang, types: props.types, status });
  const view = useTableView(columns, 'medium');

  return (
    <>
      {props.settings?.approval === 'none' && (data?.total ?? 0) > 0 && (
        <Alert type="info" showIcon title={t('approval.approvalOff')} style={{ marginBottom: 12 }} />
      )}
      <Tabs
        activeKey={status}
        onChange={(key) =>
          list.setFilters({ status: key === 'pending' ? undefined : (key as ApprovalFilters['status']) })
        }
        items={APPLICATION_STATUSES.map((value) => ({
          key: value,
          label: (
            <span data-testid={`approval-tab-${value}`}>
              {t(`approval.statuses.${value}`)}
              {data && <span data-testid={`approval-count-${value}`}> ({data.counts[value]})</span>}
            </span>
          ),
        }))}
      />
      {outcome && <DecideOutcome summary={outcome} onClose={() => setDecided(null)} />}
      <ListToolbar
        view={view}
        total={data?.total}
        onRefresh={() => void applications.refetch()}
        refreshing={applications.isFetching}
      >
        <Input.Search
          allowClear
          style={{ width: 240, maxWidth: '100%' }}
          placeholder={t('approval.search')}
          aria-label={t('approval.search')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => list.setFilters({ keyword: value.trim() || undefined })}
          data-testid="approval-search"
        />
        {data && (
          <Typography.Text type="secondary" data-testid="approval-seats">
            {data.seat_limit > 0
              ? t('approval.seats', { taken: data.seats_taken, limit: data.seat_limit })
              : t('approval.seatsUnlimited', { taken: data.seats_taken })}
          </Typography.Text>
        )}
      </ListToolbar>
      {status === 'pending' && (
        <div style={{ marginBottom: 12 }}>
          <DecideActions
            meetingId={meetingId}
            chosen={chosen}
            eraseDays={props.settings?.reject_erase_days}
            onDone={(summary) => {
              setDecided({ meetingId, summary });
              setSelection({ scope, ids: [] });
            }}
          />
        </div>
      )}
      <ScrollRegion label={`${t('route.approval')}: ${t(`approval.statuses.${status}`)}`}>
        <Table<ApplicationItem>
          rowKey="id"
          size={view.size}
          columns={view.columns}
          dataSource={items}
          loading={applications.isFetching}
          rowSelection={
            status === 'pending'
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelection({ scope, ids: keys.map(Number) }),
                  columnTitle: (box) => <OutOfMeasureRow>{box}</OutOfMeasureRow>,
                  // Ant Design names these boxes in English whatever its locale: in the page's language.
                  getTitleCheckboxProps: () => ({ 'aria-label': t('common.selectAll') }),
                  getCheckboxProps: (item) => ({
                    'aria-label': `${t('common.selectRow')}: ${item.display_name}`,
                    'data-testid': `application-select-${item.id}`,
                  }),
                }
              : undefined
          }
          // No column of expand buttons when no row on screen has answers (it would only take width at 360 px).
          expandable={
            items.some((item) => item.answers.length > 0)
              ? {
                  rowExpandable: (item) => item.answers.length > 0,
                  expandedRowRender: (item) => <ApplicationAnswers item={item} />,
                }
              : undefined
          }
          pagination={{
            current: page,
            pageSize: size,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [...LIST_OPTIONS.sizes],
            onChange: (next, nextSize) => list.setPage(next, nextSize),
          }}
          locale={{
            emptyText: emptyTextFor(
              applications,
              <Empty
                description={t(filters.keyword ? 'approval.empty.filtered' : `approval.empty.${status}`)}
              />,
            ),
          }}
          scroll={{ x: 'max-content' }}
          data-testid="approval-table"
        />
      </ScrollRegion>
    </>
  );
}

/**
 * The select-all box, kept out of the keyboard's way in the table's hidden measuring row: with a
 * horizontal scroll the table copies every column title into an aria-hidden row to measure it, and
 * a focusable box there is an accessibility fault (axe: aria-hidden-focus). The copy is made inert.
 */
function OutOfMeasureRow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current?.closest('.ant-table-measure-row')) ref.current.inert = true;
  }, []);
  return <span ref={ref}>{children}</span>;
}

/**
 * The table's horizontal scroll, reachable by keyboard: a tab without boxes or buttons in its rows
 * (the decided tabs) would leave a scrolling region no key could move (axe:
 * scrollable-region-focusable). The table's scroll container is made a named, focusable region.
 */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const region = ref.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!region) return;
    region.tabIndex = 0;
    region.setAttribute('role', 'region');
    region.setAttribute('aria-label', label);
  });
  return <div ref={ref}>{children}</div>;
}
