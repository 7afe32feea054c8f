import type { ReactNode } from 'react';
import { Alert, Col, Descriptions, Flex, Row, Statistic, Tag } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import type { WaitlistPage } from '../waitlist-api.ts';
import { offerModeText, seatsText, type Text } from '../waitlist-logic.ts';

const COUNTS = ['waiting', 'offered', 'expired', 'promoted'] as const;

/**
 * The list's settings in force (with the way to change them) and its figures. A list switched off
 * with people still on it says what becomes of them.
 */
export function WaitlistSummary(props: {
  data: WaitlistPage | undefined;
  loading: boolean;
  /** A session's list: its offer time is the meeting's. */
  ofSession: boolean;
  /** The button that opens the settings' form, when the user may change them. */
  editButton: ReactNode;
}) {
  const { t } = useTranslation();
  const { data } = props;
  const say = (text: Text) => t(`waitlist.${text.key}`, text.values);
  const none = '—';
  const stillOnList = data ? data.counts.waiting + data.counts.offered : 0;

  return (
    <>
      <Flex wrap align="start" gap={12} style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          style={{ flex: '1 1 560px' }}
          column={{ xs: 1, sm: 2, xxl: 4 }}
          data-testid="waitlist-settings"
          items={[
            {
              key: 'enabled',
              label: t('waitlist.settings.enabled'),
              children: data ? (
                <Tag color={data.enabled ? 'success' : undefined} data-testid="waitlist-enabled">
                  {t(data.enabled ? 'waitlist.settings.on' : 'waitlist.settings.off')}
                </Tag>
              ) : (
                none
              ),
            },
            {
              key: 'max',
              label: t('waitlist.settings.max'),
              children: data ? (data.max === 0 ? t('waitlist.settings.noMax') : data.max) : none,
            },
            {
              key: 'mode',
              label: t(props.ofSession ? 'waitlist.settings.modeOfMeeting' : 'waitlist.settings.mode'),
              children: data ? say(offerModeText(data.offer_hours)) : none,
            },
            {
              key: 'seats',
              label: t('waitlist.settings.seats'),
              children: data ? say(seatsText(data)) : none,
            },
          ]}
        />
        {props.editButton}
      </Flex>
      {data && !data.enabled && stillOnList > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('waitlist.settings.closed')}
          data-testid="waitlist-closed"
        />
      )}
      {/* Two by two on a phone, one row from a tablet up. */}
      <Row gutter={[16, 8]} style={{ marginBottom: 16 }} data-testid="waitlist-counts">
        {COUNTS.map((name) => (
          <Col key={name} xs={12} sm={6} xl={4}>
            <Statistic
              title={t(`waitlist.counts.${name}`)}
              value={data?.counts[name] ?? none}
              loading={!data && props.loading}
              data-testid={`waitlist-count-${name}`}
            />
          </Col>
        ))}
      </Row>
    </>
  );
}
