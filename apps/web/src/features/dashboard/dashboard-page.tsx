import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Empty, Row, Select, Skeleton, Space, Typography } from 'antd';
import { ARRIVAL_BUCKET_MS } from '@meetflow/shared/schemas/attendance';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { formatDayMonth, formatTime } from '../../lib/date-time.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { useServerTimeZone, useServerToday } from '../../lib/server-time.ts';
import {
  meetingOptions,
  sessionOptions,
  useMeetingChoices,
  useSessionChoices,
} from '../../lib/meeting-options.ts';
import { StatsPanel } from '../../components/stats-panel.tsx';
import { usePermission } from '../../components/permission.tsx';
import { useDashboard } from './dashboard-api.ts';
import { useLiveArrivals } from './use-live-arrivals.ts';
import { TrendChart } from './components/trend-chart.tsx';
import { RevenueCard } from './components/revenue-card.tsx';
import './i18n.ts';

const DAY_FORMAT = 'YYYY-MM-DD';
const SIGNUP_COLOR = '#1677ff';
const ARRIVAL_COLOR = '#52c41a';
const PAD_SLOTS = 3;

/** Quiet slots around the busy ones (within the day), so that a short burst reads as a curve. */
function padSlots(points: { at: number; count: number }[]): { at: number; count: number }[] {
  if (points.length === 0) return points;
  const first = points[0]!.at;
  const dayStart = dayjs(first).startOf('day').valueOf();
  const dayEnd = dayjs(first).endOf('day').valueOf();
  const before = [];
  const after = [];
  for (let n = PAD_SLOTS; n >= 1; n -= 1) {
    const at = first - n * ARRIVAL_BUCKET_MS;
    if (at >= dayStart) before.push({ at, count: 0 });
  }
  const last = points[points.length - 1]!.at;
  for (let n = 1; n <= PAD_SLOTS; n += 1) {
    const at = last + n * ARRIVAL_BUCKET_MS;
    if (at <= dayEnd) after.push({ at, count: 0 });
  }
  return [...before, ...points, ...after];
}

/**
 * A meeting's dashboard (issue 5): today's live figures (the door stations' event stream), sign-ups
 * per day and the arrival curve of a day. Today's curve follows the live figures as guests arrive.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { hasAny } = usePermission();
  const lang = currentLanguage();
  const meetings = useMeetingChoices();
  const [chosenMeeting, setChosenMeeting] = useState<number | null>(null);
  const meetingId = chosenMeeting ?? meetings.data?.items[0]?.id ?? null;
  const [scheduleId, setScheduleId] = useState<number | null>(null);
  const today = useServerToday();
  const zone = useServerTimeZone();
  const [chosenDay, setDay] = useState<string | null>(null);
  const day = chosenDay ?? today;
  const sessions = useSessionChoices(meetingId);
  const dashboard = useDashboard(meetingId, scheduleId, day);

  useLiveArrivals(meetingId, scheduleId, day, today);

  const signups = useMemo(() => {
    const points = dashboard.data?.signups ?? [];
    return { labels: points.map((p) => formatDayMonth(p.date, lang)), values: points.map((p) => p.count) };
  }, [dashboard.data, lang]);
  const arrivals = useMemo(() => {
    const points = padSlots(dashboard.data?.arrivals ?? []);
    // The arrival day is the server's, so are its hours.
    return { labels: points.map((p) => formatTime(p.at, zone)), values: points.map((p) => p.count) };
  }, [dashboard.data, zone]);

  const noMeetings = meetings.isSuccess && meetings.data.items.length === 0;

  function chartBody(kind: 'signups' | 'arrivals') {
    if (dashboard.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (dashboard.isError && !dashboard.data) {
      return (
        <Alert
          type="error"
          showIcon
          title={t('dashboard.loadFailed')}
          action={
            <Button size="small" onClick={() => void dashboard.refetch()}>
              {t('dashboard.retry')}
            </Button>
          }
        />
      );
    }
    const series = kind === 'signups' ? signups : arrivals;
    if (series.values.length === 0) {
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(kind === 'signups' ? 'dashboard.noSignups' : 'dashboard.noArrivals')}
          style={{
            height: 280,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
            margin: 0,
          }}
        />
      );
    }
    return (
      <TrendChart
        kind={kind === 'signups' ? 'line' : 'bar'}
        labels={series.labels}
        values={series.values}
        series={t(kind === 'signups' ? 'dashboard.signupsSeries' : 'dashboard.arrivalsSeries')}
        color={kind === 'signups' ? SIGNUP_COLOR : ARRIVAL_COLOR}
        ariaLabel={t(kind === 'signups' ? 'dashboard.signups' : 'dashboard.arrivals')}
        testId={`dashboard-${kind}-chart`}
      />
    );
  }

  return (
    <PageCard>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.dashboard')}</PageTitle>
        <Space wrap>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 260, maxWidth: '100%' }}
            placeholder={t('dashboard.selectMeeting')}
            loading={meetings.isLoading}
            value={meetingId ?? undefined}
            options={meetingOptions(meetings.data?.items)}
            onChange={(id: number) => {
              setChosenMeeting(id);
              setScheduleId(null);
            }}
            aria-label={t('dashboard.selectMeeting')}
            data-testid="dashboard-meeting"
          />
          <Select
            allowClear
            style={{ width: 220, maxWidth: '100%' }}
            placeholder={t('dashboard.wholeMeeting')}
            value={scheduleId ?? undefined}
            options={sessionOptions(sessions.data)}
            onChange={(id?: number) => setScheduleId(id ?? null)}
            disabled={!sessions.data?.length}
            aria-label={t('dashboard.wholeMeeting')}
            data-testid="dashboard-session"
          />
          <DatePicker
            allowClear={false}
            value={dayjs(day, DAY_FORMAT)}
            onChange={(value) => setDay((value ?? dayjs()).format(DAY_FORMAT))}
            aria-label={t('dashboard.arrivalDay')}
            data-testid="dashboard-day"
          />
        </Space>
      </Space>

      {meetings.isError ? (
        <Alert type="error" showIcon title={t('dashboard.loadFailed')} />
      ) : noMeetings ? (
        <Empty description={t('dashboard.noMeetings')} data-testid="dashboard-empty" />
      ) : meetingId === null ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <StatsPanel meetingId={meetingId} scheduleId={scheduleId} />
          {hasAny('payment:view') && <RevenueCard meetingId={meetingId} />}
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('dashboard.signups')} data-testid="dashboard-signups">
                {chartBody('signups')}
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card
                size="small"
                title={t('dashboard.arrivals')}
                extra={<Typography.Text type="secondary">{formatDayMonth(day, lang)}</Typography.Text>}
                data-testid="dashboard-arrivals"
              >
                {chartBody('arrivals')}
              </Card>
            </Col>
          </Row>
        </Space>
      )}
    </PageCard>
  );
}
