import { useState } from 'react';
import { Button, Dropdown, Modal, Space, Tag, Typography } from 'antd';
import type { ButtonProps, MenuProps } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { isAnswerField, localText } from '@meetflow/shared/forms/form-basics';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import {
  EVALUATION_FIELD_TYPES,
  isQuizQuestion,
  type EvaluationFieldType,
  type EvaluationQuestion,
} from '../evaluation-logic.ts';
import type { EvaluationBuilderState } from '../use-evaluation-builder.ts';
import { QuestionEditor } from './question-editor.tsx';

/** The evaluation's questions, each a row that opens into its editor, and the button that adds one. */
export function QuestionList({ builder, canEdit }: { builder: EvaluationBuilderState; canEdit: boolean }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [added, setAdded] = useState<string | null>(null);
  const fields = builder.draft?.fields ?? [];
  const untitled = t('evaluations.builder.untitled');

  const addMenu: MenuProps = {
    items: EVALUATION_FIELD_TYPES.map((type) => ({
      key: type,
      label: <span data-testid={`evaluation-add-${type}`}>{t(`evaluations.types.${type}`)}</span>,
    })),
    onClick: ({ key }) => setAdded(builder.add(key as EvaluationFieldType) ?? null),
  };

  function confirmRemove(question: EvaluationQuestion) {
    void modal.confirm({
      title: t('evaluations.builder.removeConfirm', {
        label: localText(question.label, currentLanguage()) || untitled,
      }),
      okText: t('evaluations.builder.remove'),
      cancelText: t('evaluations.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'evaluation-remove-confirm' } as ButtonProps,
      onOk: () => builder.remove(question.key),
    });
  }

  return (
    <section aria-labelledby="mf-eval-questions" data-testid="evaluation-questions">
      <Typography.Title level={3} id="mf-eval-questions" className="mf-eval-section">
        {t('evaluations.builder.questions')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('evaluations.builder.questionsNote')}</Typography.Paragraph>
      {fields.length === 0 ? (
        <p className="mf-eval-empty" data-testid="evaluation-no-questions">
          {t('evaluations.builder.noQuestions')}
        </p>
      ) : (
        <ol className="mf-eval-questions">
          {fields.map((question, index) => (
            <QuestionRow
              key={question.key}
              builder={builder}
              question={question}
              index={index}
              count={fields.length}
              canEdit={canEdit}
              justAdded={added === question.key}
              onRemove={() => confirmRemove(question)}
            />
          ))}
        </ol>
      )}
      {canEdit && (
        <Dropdown menu={addMenu} trigger={['click']} autoFocus>
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            className="mf-eval-add"
            data-testid="evaluation-add-question"
          >
            {t('evaluations.builder.addQuestion')}
            <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      )}
      {modalHolder}
    </section>
  );
}

function QuestionRow(props: {
  builder: EvaluationBuilderState;
  question: EvaluationQuestion;
  index: number;
  count: number;
  canEdit: boolean;
  justAdded: boolean;
  onRemove: () => void;
}) {
  const { builder, question, index, canEdit } = props;
  const { t } = useTranslation();
  const name = localText(question.label, currentLanguage()).trim() || t('evaluations.builder.untitled');
  const answered = builder.base?.answered_keys.includes(question.key) ?? false;
  const opened = builder.openKey === question.key;
  const hasErrors = Object.keys(builder.errors.byQuestion[question.key] ?? {}).length > 0;
  const prefix = `evaluation-question-${question.key}`;
  const editorId = `mf-eval-editor-${question.key}`;
  return (
    <li className={`mf-eval-question${hasErrors ? ' mf-eval-question-error' : ''}`} data-testid={prefix}>
      <div className="mf-eval-question-head">
        <span aria-hidden className="mf-eval-number">
          {index + 1}.
        </span>
        <div className="mf-eval-question-title">
          <span data-testid={`${prefix}-name`}>{name}</span>
          <Space size={4} wrap>
            <Tag color="blue">{t(`evaluations.types.${question.type}`)}</Tag>
            {isAnswerField(question) && question.required && (
              <Tag color="red">{t('evaluations.builder.required')}</Tag>
            )}
            {isQuizQuestion(question) && <Tag color="purple">{t('evaluations.builder.quizTag')}</Tag>}
            {answered && <Tag color="orange">{t('evaluations.builder.answeredTag')}</Tag>}
          </Space>
        </div>
        <Space size={2} wrap>
          {canEdit && (
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t('evaluations.builder.moveUp', { label: name })}
              disabled={index === 0}
              onClick={() => builder.move(question.key, -1)}
              data-testid={`${prefix}-up`}
            />
          )}
          {canEdit && (
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={t('evaluations.builder.moveDown', { label: name })}
              disabled={index === props.count - 1}
              onClick={() => builder.move(question.key, 1)}
              data-testid={`${prefix}-down`}
            />
          )}
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-expanded={opened}
            aria-controls={opened ? editorId : undefined}
            onClick={() => builder.setOpenKey(opened ? null : question.key)}
            data-testid={`${prefix}-edit`}
          >
            {t(opened ? 'evaluations.builder.collapse' : 'evaluations.builder.edit')}
          </Button>
          {canEdit && !answered && (
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('evaluations.builder.removeOne', { label: name })}
              onClick={props.onRemove}
              data-testid={`${prefix}-remove`}
            />
          )}
        </Space>
      </div>
      {opened && (
        <div id={editorId}>
          <QuestionEditor
            builder={builder}
            question={question}
            answered={answered}
            canEdit={canEdit}
            autoFocus={props.justAdded}
          />
        </div>
      )}
    </li>
  );
}
