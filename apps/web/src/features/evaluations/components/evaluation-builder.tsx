import { useEffect } from 'react';
import { Alert, Button, Flex, Modal, Space, Spin, Tag, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { ArrowLeftOutlined, BarChartOutlined, SaveOutlined } from '@ant-design/icons';
import { localText } from '@meetflow/shared/forms/form-basics';
import { LoadError } from '../../../components/load-error.tsx';
import { usePermission } from '../../../components/permission.tsx';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useEvaluationBuilder } from '../use-evaluation-builder.ts';
import { EvaluationSettingsForm } from './evaluation-settings.tsx';
import { QuestionList } from './question-list.tsx';
import { StateTag } from './state-tag.tsx';

/**
 * One evaluation's builder: its settings and its questions, saved together with the version read
 * (a newer one asks to reload). Without certificate:manage everything is shown read-only.
 */
export function EvaluationBuilder(props: {
  id: number;
  meetingId: number;
  onBack: () => void;
  onReport: () => void;
}) {
  const { t } = useTranslation();
  const canEdit = usePermission().hasAny('certificate:manage');
  const [modal, modalHolder] = Modal.useModal();
  const builder = useEvaluationBuilder(props.id, props.meetingId, (reload) => {
    void modal.confirm({
      title: t('evaluations.builder.conflictTitle'),
      content: t('evaluations.builder.conflictBody'),
      okText: t('evaluations.builder.conflictReload'),
      cancelText: t('evaluations.builder.conflictKeep'),
      okButtonProps: { 'data-testid': 'evaluation-conflict-reload' } as ButtonProps,
      onOk: reload,
    });
  });
  const { query, base, draft, dirty } = builder;

  // Leaving the page (reload, another address) with unsaved changes asks the browser's own question.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** Leaves for `next` (the list, the report), asking first when there are unsaved changes. */
  function leave(next: () => void) {
    if (!dirty) return next();
    void modal.confirm({
      title: t('evaluations.builder.discardTitle'),
      content: t('evaluations.builder.discardBody'),
      okText: t('evaluations.builder.discard'),
      cancelText: t('evaluations.builder.keepEditing'),
      okButtonProps: { danger: true, 'data-testid': 'evaluation-discard-confirm' } as ButtonProps,
      onOk: next,
    });
  }

  return (
    <div data-testid="evaluation-builder">
      <Flex wrap align="center" justify="space-between" gap={8} className="mf-eval-bar">
        <Space wrap>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => leave(props.onBack)}
            data-testid="evaluation-back"
          >
            {t('evaluations.backToList')}
          </Button>
          {base && (
            <Typography.Title level={2} className="mf-eval-heading" data-testid="evaluation-heading">
              {localText(base.title, currentLanguage())}
            </Typography.Title>
          )}
          {base && <StateTag state={base.state} />}
        </Space>
        <Space wrap>
          {dirty && (
            <Tag color="orange" data-testid="evaluation-unsaved">
              {t('evaluations.builder.unsaved')}
            </Tag>
          )}
          <Button
            icon={<BarChartOutlined />}
            onClick={() => leave(props.onReport)}
            data-testid="evaluation-to-report"
          >
            {t('evaluations.list.report')}
          </Button>
          {canEdit && (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={builder.saving}
              disabled={!base}
              onClick={() => void builder.save()}
              data-testid="evaluation-save"
            >
              {t('evaluations.builder.save')}
            </Button>
          )}
        </Space>
      </Flex>
      {query.isError && !base ? (
        <LoadError
          title={t('evaluations.builder.loadFailed')}
          reason={query.error.message}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : !base || !draft ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <>
          {!canEdit && (
            <Alert
              type="warning"
              showIcon
              title={t('evaluations.builder.readOnly')}
              className="mf-eval-alert"
              data-testid="evaluation-read-only"
            />
          )}
          {builder.errors.general.length > 0 && (
            <Alert
              type="error"
              showIcon
              title={builder.errors.general.join(' ')}
              className="mf-eval-alert"
              data-testid="evaluation-general-error"
            />
          )}
          <EvaluationSettingsForm builder={builder} canEdit={canEdit} />
          <QuestionList builder={builder} canEdit={canEdit} />
        </>
      )}
      {modalHolder}
    </div>
  );
}
