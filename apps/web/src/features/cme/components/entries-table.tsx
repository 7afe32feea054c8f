import { Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { nameIn, type Language } from '@meetflow/shared/languages';
import { useTranslation } from '../../../lib/i18n.ts';
import type { CmePersonDetail, CmeRecordEntry } from '../cme-api.ts';
import { formatCredits, groupedCode, meetingDays } from '../cme-logic.ts';

const CODE_STYLE = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;

/** A person's linked guests, one row per meeting, ticked for a split. */
export function EntriesTable(props: {
  detail: CmePersonDetail;
  lang: Language;
  selected: number[];
  onSelect: (guestIds: number[]) => void;
}) {
  const { detail, lang } = props;
  const { t } = useTranslation();
  const columns: TableColumnsType<CmeRecordEntry> = [
    {
      title: t('cme.person.meeting'),
      key: 'meeting',
      render: (_, entry) => nameIn(lang, entry.meeting_name, entry.meeting_name_cn, entry.meeting_name_en),
    },
    {
      title: t('cme.person.dates'),
      key: 'dates',
      render: (_, entry) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {meetingDays(entry.start_at, entry.end_at, detail.time_zone)}
        </span>
      ),
    },
    {
      title: t('cme.person.guest'),
      key: 'guest',
      render: (_, entry) => (
        <>
          {entry.guest_name}
          <div style={{ color: 'var(--ant-color-text-secondary)', fontSize: 12 }}>
            {[entry.licence_number, entry.email].filter(Boolean).join(' · ')}
          </div>
        </>
      ),
    },
    {
      title: t('cme.person.linkedBy'),
      key: 'linked',
      render: (_, entry) => (
        <Tag color={entry.linked_by === 'manual' ? 'gold' : undefined}>
          {t(`cme.person.${entry.linked_by}`)}
        </Tag>
      ),
    },
    {
      title: t('cme.person.entryCredits'),
      key: 'credits',
      align: 'right',
      render: (_, entry) => formatCredits(entry.credits),
    },
    {
      title: t('cme.person.code'),
      key: 'code',
      render: (_, entry) =>
        entry.certificate_code ? (
          <span style={CODE_STYLE}>{groupedCode(entry.certificate_code)}</span>
        ) : (
          <span style={{ color: 'var(--ant-color-text-secondary)' }}>{t('cme.person.noCertificate')}</span>
        ),
    },
  ];
  return (
    <Table<CmeRecordEntry>
      rowKey="guest_id"
      size="small"
      columns={columns}
      dataSource={detail.entries}
      pagination={false}
      rowSelection={{
        selectedRowKeys: props.selected,
        onChange: (keys) => props.onSelect(keys.map(Number)),
        getTitleCheckboxProps: () => ({ 'aria-label': t('common.selectAll') }),
        getCheckboxProps: (entry) => ({
          'aria-label': `${t('cme.person.selectEntry')}: ${nameIn(lang, entry.meeting_name, entry.meeting_name_cn, entry.meeting_name_en)}`,
        }),
      }}
      data-testid="cme-entries-table"
    />
  );
}
