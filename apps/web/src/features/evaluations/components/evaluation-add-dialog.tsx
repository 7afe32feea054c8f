import { useState } from 'react';
import { Modal, Radio, Space, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import type { Schedule } from '@meetflow/shared/schemas/dictionary';
import { sessionLabel } from '../../../lib/meeting-options.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCreateEvaluation } from '../evaluations-api.ts';
import { DEFAULT_TITLE } from '../evaluation-logic.ts';

/**
 * Adds an evaluation for the meeting or one of its sessions that has none yet: a draft with the
 * default title and no questions, opened in the builder at once.
 */
export function EvaluationAddDialog(props: {
  meetingId: number;
  free: { meeting: boolean; sessions: Schedule[] };
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { free } = props;
  const { t } = useTranslation();
  const create = useCreateEvaluation(props.meetingId);
  const [scope, setScope] = useState<number>(free.meeting ? 0 : (free.sessions[0]?.id ?? 0));

  async function add() {
    const created = await create.mutateAsync({
      scope_id: scope,
      title: DEFAULT_TITLE,
      fields: [],
      version: 0,
    });
    props.onClose();
    props.onCreated(created.id);
  }

  return (
    <Modal
      open
      title={t('evaluations.add.title')}
      okText={t('evaluations.add.create')}
      cancelText={t('evaluations.cancel')}
      confirmLoading={create.isPending}
      onOk={() => void add().catch(() => undefined)}
      onCancel={props.onClose}
      okButtonProps={{ 'data-testid': 'evaluation-add-confirm' } as ButtonProps}
    >
      <Typography.Paragraph id="mf-eval-scope-label">{t('evaluations.add.scope')}</Typography.Paragraph>
      <Radio.Group
        value={scope}
        onChange={(e) => setScope(e.target.value as number)}
        aria-labelledby="mf-eval-scope-label"
        data-testid="evaluation-scope"
      >
        <Space orientation="vertical">
          {free.meeting && (
            <Radio value={0} data-testid="evaluation-scope-0">
              {t('evaluations.list.wholeMeeting')}
            </Radio>
          )}
          {free.sessions.map((session) => (
            <Radio key={session.id} value={session.id} data-testid={`evaluation-scope-${session.id}`}>
              {sessionLabel(session)}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
