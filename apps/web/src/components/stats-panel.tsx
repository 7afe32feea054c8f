import { Alert, Badge, Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from '../lib/i18n.ts';
import { useLiveStats } from '../lib/live-stats.ts';
import './stats-panel-i18n.ts';

const FIGURES = [
  { key: 'signed_up', label: 'statsPanel.signedUp' },
  { key: 'checked_in_today', label: 'statsPanel.checkedInToday' },
  { key: 'inside', label: 'statsPanel.inside' },
  { key: 'left', label: 'statsPanel.left' },
] as const;

/** Today's figures of a meeting or session, kept current by the live stream (shared by stations and the dashboard). */
export function StatsPanel({
  meetingId,
  scheduleId,
  keepSession = false,
}: {
  meetingId: number;
  scheduleId: number | null;
  /** On a door station: the station handles a lost session and shows its own failures. */
  keepSession?: boolean;
}) {
  const { t } = useTranslation();
  const { stats, loading, error, status } = useLiveStats(meetingId, scheduleId, { keepSession });
  // Under "signed up", and only when someone waits: most meetings have no waiting list.
  const waiting = stats?.waiting ?? 0;
  return (
    <Card
      size="small"
      title={t('statsPanel.title')}
      extra={
        <Badge
          status={status === 'live' ? 'success' : 'warning'}
          text={t(status === 'live' ? 'statsPanel.live' : 'statsPanel.reconnecting')}
          data-testid="stats-status"
          data-status={status}
        />
      }
      data-testid="scan-stats"
    >
      {error && !stats ? (
        <Alert type="error" showIcon title={t('http.unanswered')} />
      ) : (
        <Row gutter={[12, 12]}>
          {FIGURES.map((figure) => (
            <Col xs={12} md={6} key={figure.key}>
              <Statistic
                title={t(figure.label)}
                value={stats?.[figure.key] ?? 0}
                loading={loading}
                data-testid={`stat-${figure.key}`}
              />
              {figure.key === 'signed_up' && waiting > 0 && (
                <Typography.Text type="secondary" data-testid="stat-waiting">
                  {t('statsPanel.waiting', { count: waiting })}
                </Typography.Text>
              )}
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
