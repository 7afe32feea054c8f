import { useState } from 'react';
import { Empty, Flex, Input, Select, Statistic, Table } from 'antd';
import { CERTIFICATE_STATES, type CertificateState } from '@meetflow/shared/schemas/certificates';
import { useTranslation } from '../../../lib/i18n.ts';
import { useDraft } from '../../../lib/use-list-state.ts';
import { sessionLabel, useSessionChoices } from '../../../lib/meeting-options.ts';
import { ListToolbar, useTableView } from '../../../components/list-toolbar.tsx';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { useCertificatePage, type CertificateRow } from '../certificates-api.ts';
import { listQuery } from '../certificate-logic.ts';
import { CertificateActions } from './certificate-actions.tsx';
import { certificateColumns } from './certificate-columns.tsx';
import type { CertificatesListState } from '../list-state.ts';

/** The meeting's guests with what the event log gives them, their certificates and the actions on them. */
export function CertificatesTab({ meetingId, list }: { meetingId: number; list: CertificatesListState }) {
  const { t } = useTranslation();
  const { page, size, filters } = list;
  const query = listQuery(page, size, filters);
  const certificates = useCertificatePage(meetingId, query);
  const sessions = useSessionChoices(meetingId);
  const [keyword, setKeyword] = useDraft(filters.keyword ?? '');
  const [selected, setSelected] = useState<number[]>([]);
  const sessionNames = new Map((sessions.data ?? []).map((s) => [s.id, sessionLabel(s)]));
  const counts = certificates.data?.counts;

  const columns = certificateColumns(t, meetingId, sessionNames);
  const view = useTableView(columns);
  const filtered = Boolean(filters.state || filters.keyword);

  return (
    <>
      <Flex wrap gap={40} style={{ marginBottom: 16 }} data-testid="certificate-counts">
        {(['guests', 'earned', 'issued', 'revoked'] as const).map((name) => (
          <Statistic
            key={name}
            title={t(`certificates.counts.${name}`)}
            value={counts?.[name] ?? '—'}
            loading={!counts && certificates.isLoading}
            data-testid={`certificate-count-${name}`}
          />
        ))}
      </Flex>
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('certificates.list.state')}
          value={filters.state}
          options={CERTIFICATE_STATES.map((s) => ({ value: s, label: t(`certificates.states.${s}`) }))}
          onChange={(value?: CertificateState) => list.setFilters({ state: value })}
          aria-label={t('certificates.list.state')}
          data-testid="certificate-state-filter"
        />
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={t('certificates.list.keyword')}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
            if (!event.target.value) list.setFilters({ keyword: undefined });
          }}
          onSearch={(value) => list.setFilters({ keyword: value.trim() || undefined })}
          aria-label={t('certificates.list.keyword')}
          data-testid="certificate-keyword"
        />
      </Flex>
      <CertificateActions
        meetingId={meetingId}
        filters={filters}
        selected={selected}
        counts={counts}
        onDone={() => setSelected([])}
      />
      <ListToolbar
        view={view}
        total={certificates.data?.total}
        onRefresh={() => void certificates.refetch()}
        refreshing={certificates.isFetching}
      />
      <Table<CertificateRow>
        rowKey="guest_id"
        size={view.size}
        columns={view.columns}
        dataSource={certificates.data?.items ?? []}
        loading={certificates.isFetching}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
          // Ant Design names these boxes in English whatever its locale: in the page's language.
          getTitleCheckboxProps: () => ({ 'aria-label': t('common.selectAll') }),
          getCheckboxProps: (row) => ({ 'aria-label': `${t('common.selectRow')}: ${row.name}` }),
        }}
        pagination={{
          current: page,
          pageSize: size,
          total: certificates.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          onChange: (next, nextSize) => list.setPage(next, nextSize),
        }}
        locale={{
          emptyText: emptyTextFor(
            certificates,
            <Empty description={t(filtered ? 'certificates.list.noMatch' : 'certificates.list.noGuests')} />,
          ),
        }}
        // No scroll.x: its hidden measure row would hold a second, focusable select-all checkbox
        // (axe: aria-hidden-focus); the page scrolls sideways on a narrow screen instead.
        data-testid="certificate-table"
      />
    </>
  );
}
