import { useState } from 'react';
import { Alert, Button, Flex, Modal, Result, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_FILE_MAX_BYTES } from '@meetflow/shared/schemas/imports';
import type { StatementLine } from '@meetflow/shared/schemas/payments';
import { ApiError } from '../../../lib/http.ts';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { refusalText } from '../../../lib/refusal-text.ts';
import {
  useApplyStatement,
  usePreviewStatement,
  type StatementApplied,
  type StatementPreview,
} from '../orders-api.ts';
import { money, OUTCOME_COLORS, outcomeCounts } from '../orders-logic.ts';
import '../i18n.ts';

const MEGABYTE = 1024 * 1024;

function lineColumns(t: TFunction, currency: string): TableColumnsType<StatementLine> {
  return [
    { key: 'row', title: t('orders.statement.columns.row'), dataIndex: 'row', width: 56, align: 'right' },
    {
      key: 'date',
      title: t('orders.statement.columns.date'),
      render: (_, line) => <span style={{ whiteSpace: 'nowrap' }}>{line.booked_on}</span>,
    },
    {
      key: 'amount',
      title: t('orders.statement.columns.amount'),
      align: 'right',
      render: (_, line) => <span style={{ whiteSpace: 'nowrap' }}>{money(currency, line.amount)}</span>,
    },
    {
      key: 'text',
      title: t('orders.statement.columns.text'),
      render: (_, line) => (
        <Typography.Text style={{ wordBreak: 'break-word', minWidth: 140, display: 'inline-block' }}>
          {line.text}
        </Typography.Text>
      ),
    },
    {
      key: 'outcome',
      title: t('orders.statement.columns.outcome'),
      render: (_, line) => (
        <Tag color={OUTCOME_COLORS[line.outcome]} data-testid={`statement-outcome-${line.row}`}>
          {t(`orders.statement.counts.${line.outcome}`)}
        </Tag>
      ),
    },
    {
      key: 'order',
      title: t('orders.statement.columns.order'),
      render: (_, line) =>
        line.order_reference ? (
          <div style={{ whiteSpace: 'nowrap' }}>
            <Typography.Text code>{line.order_reference}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{line.guest_name}</Typography.Text>
            </div>
          </div>
        ) : (
          '—'
        ),
    },
  ];
}

/**
 * Reconciliation by bank statement: the file is read and matched first, shown line by line with
 * what each would do, and only the organiser's confirmation records the matched payments.
 */
export function StatementImportDialog(props: { meetingId: number; currency: string; onClose: () => void }) {
  const { t } = useTranslation();
  const read = usePreviewStatement(props.meetingId);
  const apply = useApplyStatement(props.meetingId);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [applied, setApplied] = useState<StatementApplied | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    setError(null);
    try {
      setPreview(await read.mutateAsync(file));
    } catch (failure) {
      setError(refusalText(failure));
    }
  }

  async function confirm() {
    if (!preview) return;
    setError(null);
    try {
      setApplied(await apply.mutateAsync(preview.preview_id));
    } catch (failure) {
      const expired = failure instanceof ApiError && failure.status === 404;
      setError(expired ? t('orders.statement.expired') : refusalText(failure));
      if (expired) setPreview(null);
    }
  }

  const counts = preview ? outcomeCounts(preview.lines) : null;
  const footer = applied ? (
    <Button type="primary" onClick={props.onClose} data-testid="statement-close">
      {t('orders.statement.close')}
    </Button>
  ) : preview ? (
    <Space wrap>
      <Button onClick={() => setPreview(null)} disabled={apply.isPending}>
        {t('orders.statement.back')}
      </Button>
      <Button
        type="primary"
        disabled={preview.matched === 0}
        loading={apply.isPending}
        onClick={() => void confirm()}
        data-testid="statement-apply"
      >
        {t('orders.statement.apply', { count: preview.matched })}
      </Button>
    </Space>
  ) : null;

  return (
    <Modal
      open
      width={960}
      title={t('orders.statement.title')}
      footer={footer}
      onCancel={props.onClose}
      maskClosable={!apply.isPending}
      destroyOnHidden
      data-testid="statement-dialog"
    >
      {applied ? (
        <Result
          status="success"
          title={t('orders.statement.done', { paid: applied.paid, skipped: applied.skipped })}
          data-testid="statement-result"
        />
      ) : preview && counts ? (
        <>
          <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }} data-testid="statement-summary">
            <Typography.Text strong>
              {t('orders.statement.summary', { total: preview.lines.length, matched: preview.matched })}
            </Typography.Text>
            {(['matched', 'already', 'amount_differs', 'unmatched'] as const).map((outcome) =>
              counts[outcome] > 0 ? (
                <Tag key={outcome} color={OUTCOME_COLORS[outcome]}>
                  {t(`orders.statement.counts.${outcome}`)} {counts[outcome]}
                </Tag>
              ) : null,
            )}
          </Flex>
          {preview.matched === 0 && (
            <Alert type="info" showIcon title={t('orders.statement.nothing')} style={{ marginBottom: 12 }} />
          )}
          <Table<StatementLine>
            rowKey="row"
            size="small"
            columns={lineColumns(t, props.currency)}
            dataSource={preview.lines}
            pagination={preview.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            scroll={{ x: 'max-content', y: 420 }}
            data-testid="statement-lines"
          />
        </>
      ) : (
        <Upload.Dragger
          accept=".csv,.xlsx,.xls"
          multiple={false}
          showUploadList={false}
          disabled={read.isPending}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
          data-testid="statement-upload"
        >
          {read.isPending ? (
            <div role="status" style={{ padding: 24 }}>
              <Spin description={t('orders.statement.reading')} />
            </div>
          ) : (
            <>
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('orders.statement.drop')}</p>
              <p className="ant-upload-hint">
                {t('orders.statement.hint', { size: IMPORT_FILE_MAX_BYTES / MEGABYTE })}
              </p>
            </>
          )}
        </Upload.Dragger>
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 16 }}
          title={t('orders.statement.failed')}
          description={error}
          data-testid="statement-error"
        />
      )}
    </Modal>
  );
}
