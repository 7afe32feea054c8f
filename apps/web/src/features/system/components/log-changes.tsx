import { Table } from 'antd';
import type { FieldChange } from '@meetflow/shared/schemas/privacy';
import { useTranslation } from '../../../lib/i18n.ts';
import { changeValue } from '../log-changes-logic.ts';

const cell = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

/**
 * What an audited change did, field by field (issue 20): the fields are the stored columns' names,
 * the values as the server wrote them (personal ones masked there); none is a dash.
 */
export function LogChanges({ changes }: { changes: readonly FieldChange[] }) {
  const { t } = useTranslation();
  return (
    <Table<FieldChange>
      rowKey="field"
      size="small"
      pagination={false}
      // Fixed: before and after share the width evenly, however long one of them is.
      tableLayout="fixed"
      dataSource={[...changes]}
      aria-label={t('systemLog.changes.title')}
      columns={[
        {
          key: 'field',
          title: t('systemLog.changes.field'),
          dataIndex: 'field',
          width: 220,
          render: (field: string) => <code>{field}</code>,
        },
        {
          key: 'before',
          title: t('systemLog.changes.before'),
          dataIndex: 'before',
          render: (value: string | null) => <span style={cell}>{changeValue(value)}</span>,
        },
        {
          key: 'after',
          title: t('systemLog.changes.after'),
          dataIndex: 'after',
          render: (value: string | null) => <span style={cell}>{changeValue(value)}</span>,
        },
      ]}
      style={{ maxWidth: 960 }}
      data-testid="log-changes"
    />
  );
}
