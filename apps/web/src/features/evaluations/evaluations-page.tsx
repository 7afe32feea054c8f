import { lazy, Suspense } from 'react';
import { Empty, Flex, Spin } from 'antd';
import { useTranslation } from '../../lib/i18n.ts';
import { useListState, field } from '../../components/list-toolbar.tsx';
import { useMeetingChoices } from '../../lib/meeting-options.ts';
import { MeetingPicker } from '../../components/meeting-picker.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { EvaluationList } from './components/evaluation-list.tsx';
import './i18n.ts';
import './evaluations.css';

// The builder and the report (with its charts) load on first open, not with the list.
const EvaluationBuilder = lazy(() =>
  import('./components/evaluation-builder.tsx').then((m) => ({ default: m.EvaluationBuilder })),
);
const EvaluationReportView = lazy(() =>
  import('./components/evaluation-report.tsx').then((m) => ({ default: m.EvaluationReportView })),
);

const VIEWS = ['edit', 'report'] as const;

/**
 * A meeting's CME evaluations (issue 43): the list with its response rates, one evaluation's builder,
 * or its report. The meeting, the evaluation and the view are in the URL (lib/evaluations.ts).
 */
export default function EvaluationsPage() {
  const { t } = useTranslation();
  const meetings = useMeetingChoices();
  const list = useListState({
    filters: { meeting: field.number(), evaluation: field.number(), view: field.enum(VIEWS) },
    sizes: [20],
    defaultSize: 20,
  });
  const { filters } = list;
  const meetingId = filters.meeting ?? meetings.data?.items[0]?.id ?? null;
  const evaluationId = filters.evaluation ?? null;
  const back = () => list.setFilters({ evaluation: undefined, view: undefined });
  const fallback = <Spin style={{ display: 'block', margin: '48px auto' }} />;

  return (
    <PageCard>
      <Flex wrap align="center" justify="space-between" gap={12} style={{ marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.evaluations')}</PageTitle>
        {evaluationId === null && (
          <MeetingPicker
            meetings={meetings.data?.items ?? []}
            loading={meetings.isLoading}
            value={meetingId ?? undefined}
            onChange={(id) => list.setFilters({ meeting: id })}
          />
        )}
      </Flex>
      {meetingId === null ? (
        <Empty
          style={{ margin: '48px 0' }}
          description={t('evaluations.list.pickMeeting')}
          data-testid="evaluations-no-meeting"
        />
      ) : evaluationId === null ? (
        <EvaluationList
          key={meetingId}
          meetingId={meetingId}
          onOpen={(id, view) => list.setFilters({ meeting: meetingId, evaluation: id, view })}
        />
      ) : (
        <Suspense fallback={fallback}>
          {filters.view === 'report' ? (
            <EvaluationReportView
              key={evaluationId}
              id={evaluationId}
              onBack={back}
              onEdit={() => list.setFilters({ view: 'edit' })}
            />
          ) : (
            <EvaluationBuilder
              key={evaluationId}
              id={evaluationId}
              meetingId={meetingId}
              onBack={back}
              onReport={() => list.setFilters({ view: 'report' })}
            />
          )}
        </Suspense>
      )}
    </PageCard>
  );
}
