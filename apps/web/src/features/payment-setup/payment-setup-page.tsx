import { Alert, Empty, Flex, Typography } from 'antd';
import { useTranslation } from '../../lib/i18n.ts';
import { useMeetingChoices } from '../../lib/meeting-options.ts';
import { field, useListState } from '../../components/list-toolbar.tsx';
import { MeetingPicker } from '../../components/meeting-picker.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { usePermission } from '../../components/permission.tsx';
import { CodeTable } from './components/code-table.tsx';
import { PaymentSettingsForm } from './components/payment-settings-form.tsx';
import { PriceTable } from './components/price-table.tsx';
import './i18n.ts';
import './payment-setup.css';

/**
 * A meeting's fees (issue 44): its currency and ways to pay, its prices and its discount codes. The
 * meeting is in the URL (`?meeting=`, lib/payment-setup.ts); the meeting list links here.
 */
export default function PaymentSetupPage() {
  const { t } = useTranslation();
  const meetings = useMeetingChoices();
  const list = useListState({ filters: { meeting: field.number() }, sizes: [20], defaultSize: 20 });
  const meetingId = list.filters.meeting ?? meetings.data?.items[0]?.id ?? null;
  const canManage = usePermission().hasAny('payment:manage');

  return (
    <PageCard>
      <Flex wrap align="center" justify="space-between" gap={12} style={{ marginBottom: 8 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.paymentSetup')}</PageTitle>
        <div className="mf-payment-picker">
          <MeetingPicker
            meetings={meetings.data?.items ?? []}
            loading={meetings.isLoading}
            value={meetingId ?? undefined}
            onChange={(id) => list.setFilters({ meeting: id })}
          />
        </div>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 900 }}>
        {t('paymentSetup.intro')}
      </Typography.Paragraph>
      {!canManage && (
        <Alert type="info" showIcon title={t('paymentSetup.readOnly')} style={{ marginBottom: 16 }} />
      )}
      {meetingId === null ? (
        <Empty
          style={{ margin: '48px 0' }}
          description={meetings.isLoading ? null : t('paymentSetup.pickMeeting')}
          data-testid="payment-no-meeting"
        />
      ) : (
        <div key={meetingId} data-testid="payment-setup">
          <section aria-labelledby="payment-settings-title" className="mf-payment-settings">
            <h2 id="payment-settings-title" className="mf-payment-heading">
              {t('paymentSetup.settings.title')}
            </h2>
            <PaymentSettingsForm meetingId={meetingId} canManage={canManage} />
          </section>
          <PriceTable meetingId={meetingId} canManage={canManage} />
          <CodeTable meetingId={meetingId} canManage={canManage} />
        </div>
      )}
    </PageCard>
  );
}
