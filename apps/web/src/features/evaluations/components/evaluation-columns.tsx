import { Button, Space, Tag } from 'antd';
import type { TableProps } from 'antd';
import { BarChartOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { localText } from '@meetflow/shared/forms/form-basics';
import { currentLanguage, type TFunction } from '../../../lib/i18n.ts';
import type { EvaluationView } from '../../../lib/evaluations.ts';
import type { EvaluationItem } from '../evaluations-api.ts';
import { canDelete, ratePercent } from '../evaluation-logic.ts';
import { StateTag } from './state-tag.tsx';

/** The list's columns: scope, title, state and anonymity, response counts, and what may be done. */
export function evaluationColumns(
  t: TFunction,
  actions: {
    canManage: boolean;
    onOpen: (id: number, view: EvaluationView) => void;
    onDelete: (item: EvaluationItem) => void;
  },
): TableProps<EvaluationItem>['columns'] {
  const lang = currentLanguage();
  return [
    {
      key: 'scope',
      title: t('evaluations.list.scope'),
      render: (_, item) => (item.scope_id === 0 ? t('evaluations.list.wholeMeeting') : item.scope_name),
    },
    {
      key: 'title',
      title: t('evaluations.list.title'),
      render: (_, item) => localText(item.title, lang),
    },
    {
      key: 'state',
      title: t('evaluations.list.state'),
      width: 120,
      render: (_, item) => (
        <Space size={4} wrap>
          <StateTag state={item.state} />
          <Tag>{t(item.anonymous ? 'evaluations.anonymous' : 'evaluations.named')}</Tag>
        </Space>
      ),
    },
    ...(['eligible', 'invited', 'completed'] as const).map((count) => ({
      key: count,
      title: t(`evaluations.counts.${count}`),
      width: 90,
      align: 'right' as const,
      render: (_: unknown, item: EvaluationItem) => item.counts[count],
    })),
    {
      key: 'rate',
      title: t('evaluations.counts.rate'),
      width: 100,
      align: 'right',
      render: (_, item) => ratePercent(item.counts.response_rate, item.counts.eligible),
    },
    {
      key: 'actions',
      title: t('evaluations.list.actions'),
      width: 260,
      render: (_, item) => (
        <Space size={4} wrap>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => actions.onOpen(item.id, 'edit')}
            data-testid={`evaluation-edit-${item.id}`}
          >
            {t(actions.canManage ? 'evaluations.list.edit' : 'evaluations.list.view')}
          </Button>
          <Button
            size="small"
            icon={<BarChartOutlined />}
            onClick={() => actions.onOpen(item.id, 'report')}
            data-testid={`evaluation-report-${item.id}`}
          >
            {t('evaluations.list.report')}
          </Button>
          {actions.canManage && (
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={!canDelete(item)}
              title={canDelete(item) ? undefined : t('evaluations.list.deleteAnswered')}
              aria-label={t('evaluations.list.deleteOne', { title: localText(item.title, lang) })}
              onClick={() => actions.onDelete(item)}
              data-testid={`evaluation-delete-${item.id}`}
            />
          )}
        </Space>
      ),
    },
  ];
}
