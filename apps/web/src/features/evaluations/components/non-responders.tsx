import { useState } from 'react';
import { Button, Modal, Table, Typography } from 'antd';
import type { ButtonProps, TableProps } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { usePermission } from '../../../components/permission.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useNonResponders, useRemind, type EvaluationNonResponders } from '../evaluations-api.ts';
import { NON_RESPONDER_PAGE_SIZES, pageWithin } from '../evaluation-logic.ts';

type Row = EvaluationNonResponders['items'][number];

/**
 * Who may answer and has not yet, a page at a time from the server, with when they were invited and
 * reminded; a reminder to all of them.
 */
export function NonResponders({ id }: { id: number }) {
  const { t } = useTranslation();
  const canManage = usePermission().hasAny('certificate:manage');
  const [paging, setPaging] = useState({ page: 1, size: NON_RESPONDER_PAGE_SIZES[0]! });
  const list = useNonResponders(id, paging.page, paging.size);
  const remind = useRemind(id);
  const [modal, modalHolder] = Modal.useModal();
  const total = list.data?.total ?? 0;
  // Guests who answered meanwhile may have emptied this page: show the last one instead.
  const within =
    list.data && !list.isPlaceholderData ? pageWithin(paging.page, paging.size, total) : paging.page;
  // Adjusted while rendering (React's way for state that follows data): no effect, no extra paint.
  if (within !== paging.page) setPaging({ ...paging, page: within });
  const when = (time: number | null) => (time === null ? '–' : formatDateTime(time));

  function confirmRemind() {
    void modal.confirm({
      title: t('evaluations.report.remindConfirm', { count: total }),
      content: t('evaluations.report.remindBody'),
      okText: t('evaluations.report.remind'),
      cancelText: t('evaluations.cancel'),
      okButtonProps: { 'data-testid': 'evaluation-remind-confirm' } as ButtonProps,
      onOk: async () => {
        const result = await remind.mutateAsync();
        toast.success(t('evaluations.report.reminded', { count: result.queued }));
      },
    });
  }

  const columns: TableProps<Row>['columns'] = [
    { key: 'name', title: t('evaluations.report.name'), dataIndex: 'name' },
    { key: 'email', title: t('evaluations.report.email'), dataIndex: 'email' },
    { key: 'invited', title: t('evaluations.report.invitedAt'), render: (_, row) => when(row.invited_at) },
    { key: 'reminded', title: t('evaluations.report.remindedAt'), render: (_, row) => when(row.reminded_at) },
  ];

  return (
    <section
      aria-labelledby="mf-eval-non-responders"
      className="mf-eval-non"
      data-testid="evaluation-non-responders"
    >
      <div className="mf-eval-non-head">
        <Typography.Title level={3} id="mf-eval-non-responders" className="mf-eval-section">
          {t('evaluations.report.nonResponders', { count: total })}
        </Typography.Title>
        {canManage && (
          <Button
            icon={<BellOutlined />}
            disabled={total === 0}
            loading={remind.isPending}
            onClick={confirmRemind}
            data-testid="evaluation-remind"
          >
            {t('evaluations.report.remindNow')}
          </Button>
        )}
      </div>
      <Typography.Paragraph type="secondary">
        {t('evaluations.report.nonRespondersNote')}
      </Typography.Paragraph>
      <Table<Row>
        rowKey="guest_id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        columns={columns}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total,
          hideOnSinglePage: true,
          showSizeChanger: true,
          pageSizeOptions: NON_RESPONDER_PAGE_SIZES,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        locale={{
          emptyText: emptyTextFor(
            list,
            // Its own colour: the table's is too pale for text (below 4.5:1).
            <p className="mf-eval-empty">{t('evaluations.report.allAnswered')}</p>,
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
      {modalHolder}
    </section>
  );
}
