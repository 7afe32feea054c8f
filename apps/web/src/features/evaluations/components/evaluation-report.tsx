import { Button, Card, Flex, Space, Spin, Statistic, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { localText } from '@meetflow/shared/forms/form-basics';
import { ExportButton } from '../../../components/export-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { reportXlsxPath, useEvaluationReport, type EvaluationReport } from '../evaluations-api.ts';
import { formatAverage, ratePercent } from '../evaluation-logic.ts';
import { NonResponders } from './non-responders.tsx';
import { QuestionChart } from './question-chart.tsx';
import { StateTag } from './state-tag.tsx';

type QuestionReport = EvaluationReport['questions'][number];

/**
 * An evaluation's report for the organiser and the accrediting body: response counts, then per
 * question its distribution as a chart, the average, the free texts and the quiz's right answers;
 * the XLSX of the same; and who has not answered yet (never their answers), with a reminder.
 */
export function EvaluationReportView(props: { id: number; onBack: () => void; onEdit: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const report = useEvaluationReport(props.id, lang);
  const data = report.data;

  return (
    <div data-testid="evaluation-report">
      <Flex wrap align="center" justify="space-between" gap={8} className="mf-eval-bar">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={props.onBack} data-testid="evaluation-back">
            {t('evaluations.backToList')}
          </Button>
          {data && (
            <Typography.Title level={2} className="mf-eval-heading" data-testid="evaluation-heading">
              {t('evaluations.report.title', { title: localText(data.evaluation.title, lang) })}
            </Typography.Title>
          )}
          {data && <StateTag state={data.evaluation.state} />}
        </Space>
        <Space wrap>
          <Button icon={<EditOutlined />} onClick={props.onEdit} data-testid="evaluation-to-builder">
            {t('evaluations.report.questions')}
          </Button>
          <ExportButton
            path={reportXlsxPath(props.id, lang)}
            fallbackName={`evaluation-${props.id}.xlsx`}
            label={t('evaluations.report.xlsx')}
            data-testid="evaluation-xlsx"
          />
        </Space>
      </Flex>
      {report.isError && !data ? (
        <LoadError
          title={t('evaluations.report.loadFailed')}
          reason={report.error.message}
          retrying={report.isFetching}
          onRetry={() => void report.refetch()}
        />
      ) : !data ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <>
          <ReportCounts report={data} />
          {data.questions.length === 0 ? (
            <p className="mf-eval-empty">{t('evaluations.report.noQuestions')}</p>
          ) : (
            <div className="mf-eval-report-grid">
              {data.questions.map((question, index) => (
                <QuestionCard key={question.key} question={question} number={index + 1} />
              ))}
            </div>
          )}
          <NonResponders id={props.id} />
        </>
      )}
    </div>
  );
}

function ReportCounts({ report }: { report: EvaluationReport }) {
  const { t } = useTranslation();
  const { counts } = report;
  return (
    <Card size="small" className="mf-eval-counts" data-testid="evaluation-counts">
      <Flex wrap gap={32}>
        <Statistic title={t('evaluations.counts.eligible')} value={counts.eligible} />
        <Statistic title={t('evaluations.counts.invited')} value={counts.invited} />
        <Statistic title={t('evaluations.counts.completed')} value={counts.completed} />
        <Statistic
          title={t('evaluations.counts.rate')}
          value={ratePercent(counts.response_rate, counts.eligible)}
          data-testid="evaluation-rate"
        />
        {report.passed !== null && <Statistic title={t('evaluations.report.passed')} value={report.passed} />}
      </Flex>
      <Typography.Paragraph type="secondary" className="mf-eval-note">
        {t(report.evaluation.anonymous ? 'evaluations.report.anonymousNote' : 'evaluations.report.namedNote')}
      </Typography.Paragraph>
    </Card>
  );
}

function QuestionCard({ question, number }: { question: QuestionReport; number: number }) {
  const { t } = useTranslation();
  const chart = question.distribution.length > 0;
  return (
    <Card
      size="small"
      title={
        <span className="mf-eval-card-title">
          {number}. {question.label}
        </span>
      }
      extra={<Tag>{t(`evaluations.types.${question.type}`, { defaultValue: question.type })}</Tag>}
      data-testid={`evaluation-report-${question.key}`}
    >
      <Flex wrap gap={24} className="mf-eval-figures">
        <span>{t('evaluations.report.answered', { count: question.answered })}</span>
        {question.average !== null && (
          <span data-testid={`evaluation-report-${question.key}-average`}>
            {t('evaluations.report.average', { value: formatAverage(question.average) })}
          </span>
        )}
        {question.right !== null && (
          <span data-testid={`evaluation-report-${question.key}-right`}>
            {t('evaluations.report.right', { right: question.right, count: question.answered })}
          </span>
        )}
      </Flex>
      {chart && (
        <QuestionChart
          labels={question.distribution.map((d) => d.label)}
          values={question.distribution.map((d) => d.count)}
          series={t('evaluations.report.responses')}
          ariaLabel={t('evaluations.report.chartLabel', {
            label: question.label,
            figures: question.distribution.map((d) => `${d.label}: ${d.count}`).join(', '),
          })}
          testId={`evaluation-chart-${question.key}`}
        />
      )}
      {question.texts.length > 0 && (
        <ul className="mf-eval-texts" aria-label={t('evaluations.report.texts')}>
          {question.texts.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ul>
      )}
      {!chart && question.texts.length === 0 && question.average === null && (
        <Typography.Text type="secondary">{t('evaluations.report.nothing')}</Typography.Text>
      )}
    </Card>
  );
}
