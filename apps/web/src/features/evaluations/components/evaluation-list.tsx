import { useState } from 'react';
import { Button, Modal, Table } from 'antd';
import type { ButtonProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { localText } from '@meetflow/shared/forms/form-basics';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useSessionChoices } from '../../../lib/meeting-options.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { usePermission } from '../../../components/permission.tsx';
import type { EvaluationView } from '../../../lib/evaluations.ts';
import { useDeleteEvaluation, useEvaluationList, type EvaluationItem } from '../evaluations-api.ts';
import { freeScopes } from '../evaluation-logic.ts';
import { EvaluationAddDialog } from './evaluation-add-dialog.tsx';
import { evaluationColumns } from './evaluation-columns.tsx';

/** A meeting's evaluations: scope, state, anonymity and response counts; add, open, delete. */
export function EvaluationList(props: {
  meetingId: number;
  onOpen: (id: number, view: EvaluationView) => void;
}) {
  const { meetingId, onOpen } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const canManage = usePermission().hasAny('certificate:manage');
  const list = useEvaluationList(meetingId);
  const sessions = useSessionChoices(meetingId);
  const remove = useDeleteEvaluation(meetingId);
  const [adding, setAdding] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const items = list.data?.items ?? [];
  const free = freeScopes(sessions.data ?? [], items);
  const anyFree = free.meeting || free.sessions.length > 0;

  function confirmDelete(item: EvaluationItem) {
    void modal.confirm({
      title: t('evaluations.list.deleteConfirm', { title: localText(item.title, lang) }),
      content: t('evaluations.list.deleteBody'),
      okText: t('evaluations.list.delete'),
      cancelText: t('evaluations.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'evaluation-delete-confirm' } as ButtonProps,
      onOk: () => remove.mutateAsync(item.id),
    });
  }

  const columns = evaluationColumns(t, { canManage, onOpen, onDelete: confirmDelete });

  if (list.isError && !list.data)
    return (
      <LoadError
        title={t('evaluations.list.loadFailed')}
        reason={list.error.message}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );

  return (
    <div data-testid="evaluation-list">
      <p className="mf-eval-intro">{t('evaluations.list.intro')}</p>
      {canManage && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!anyFree || sessions.isLoading}
          title={anyFree ? undefined : t('evaluations.list.allTaken')}
          onClick={() => setAdding(true)}
          style={{ marginBottom: 16 }}
          data-testid="evaluation-add"
        >
          {t('evaluations.list.add')}
        </Button>
      )}
      <Table<EvaluationItem>
        rowKey="id"
        size="middle"
        pagination={false}
        loading={list.isLoading}
        dataSource={items}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <p className="mf-eval-empty" data-testid="evaluation-empty">
              {t('evaluations.list.empty')}
            </p>
          ),
        }}
        data-testid="evaluation-table"
      />
      {adding && (
        <EvaluationAddDialog
          meetingId={meetingId}
          free={free}
          onClose={() => setAdding(false)}
          onCreated={(id) => onOpen(id, 'edit')}
        />
      )}
      {modalHolder}
    </div>
  );
}
