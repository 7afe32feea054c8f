import { Tag } from 'antd';
import type { EvaluationState } from '@meetflow/shared/schemas/evaluations';
import { useTranslation } from '../../../lib/i18n.ts';

const COLORS: Record<EvaluationState, string> = { draft: 'default', open: 'green', closed: 'red' };

/** Draft, open or closed, as a tag. */
export function StateTag({ state }: { state: EvaluationState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} data-testid="evaluation-state">
      {t(`evaluations.states.${state}`)}
    </Tag>
  );
}
