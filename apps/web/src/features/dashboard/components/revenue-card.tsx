import { useState } from 'react';
import { Card, Col, Row, Segmented, Statistic, Typography } from 'antd';
import { formatAmount, type RevenueFigures } from '@meetflow/shared/schemas/payments';
import { useTranslation } from '../../../lib/i18n.ts';
import { useRevenue } from '../dashboard-api.ts';
import '../i18n.ts';

type Scope = 'meeting' | 'all';

/** One currency's figures: received, refunded, net, awaiting payment, with the orders counted. */
function CurrencyFigures({ figures }: { figures: RevenueFigures[number] }) {
  const { t } = useTranslation();
  const amount = (minor: number) => `${figures.currency} ${formatAmount(minor)}`;
  const items = [
    { key: 'net', value: amount(figures.paid - figures.refunded) },
    { key: 'received', value: amount(figures.paid) },
    { key: 'refunded', value: amount(figures.refunded) },
    { key: 'pending', value: amount(figures.pending) },
  ] as const;
  return (
    <Row gutter={[16, 8]} data-testid={`revenue-${figures.currency}`}>
      {items.map((item) => (
        <Col key={item.key} xs={12} md={6}>
          <Statistic
            title={t(`dashboard.revenue.${item.key}`)}
            value={item.value}
            styles={{ content: { fontSize: 18 } }}
          />
        </Col>
      ))}
      <Col span={24}>
        <Typography.Text type="secondary">
          {t('dashboard.revenue.ordersPaid', { count: figures.orders_paid })} ·{' '}
          {t('dashboard.revenue.ordersPending', { count: figures.orders_pending })}
        </Typography.Text>
      </Col>
    </Row>
  );
}

/**
 * Revenue on the dashboard (issue 44), for holders of payment:view: the chosen meeting's or every
 * meeting's they see, per currency. Not shown while there is neither money nor an order awaiting it.
 */
export function RevenueCard({ meetingId }: { meetingId: number }) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<Scope>('meeting');
  const meeting = useRevenue(meetingId, true);
  const all = useRevenue(null, true);
  const shown = scope === 'meeting' ? meeting.data : all.data;
  // Nothing at all, here or anywhere (free meetings only): the card stays away.
  if (!meeting.data?.length && !all.data?.length) return null;
  return (
    <Card
      size="small"
      title={t('dashboard.revenue.title')}
      extra={
        <Segmented<Scope>
          size="small"
          value={scope}
          onChange={setScope}
          options={[
            { value: 'meeting', label: t('dashboard.revenue.thisMeeting') },
            { value: 'all', label: t('dashboard.revenue.allMeetings') },
          ]}
          data-testid="revenue-scope"
        />
      }
      data-testid="dashboard-revenue"
    >
      {(shown ?? []).length === 0 ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        (shown ?? []).map((figures) => <CurrencyFigures key={figures.currency} figures={figures} />)
      )}
    </Card>
  );
}
