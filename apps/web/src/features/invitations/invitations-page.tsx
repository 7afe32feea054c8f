import { Alert, Empty, Flex, Typography } from 'antd';
import { useTranslation } from '../../lib/i18n.ts';
import { useMeetingChoices } from '../../lib/meeting-options.ts';
import { field, useListState } from '../../components/list-toolbar.tsx';
import { MeetingPicker } from '../../components/meeting-picker.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { usePermission } from '../../components/permission.tsx';
import { InvitationTable } from './components/invitation-table.tsx';
import { SeatsPanel } from './components/seats-panel.tsx';
import './i18n.ts';
import './invitations.css';

/**
 * A meeting's invitations (issue 45): the seats reserved for invitees and the invitation codes. The
 * meeting is in the URL (`?meeting=`, lib/invitations.ts).
 */
export default function InvitationsPage() {
  const { t } = useTranslation();
  const meetings = useMeetingChoices();
  const list = useListState({ filters: { meeting: field.number() }, sizes: [20], defaultSize: 20 });
  const meetingId = list.filters.meeting ?? meetings.data?.items[0]?.id ?? null;
  const meeting = meetings.data?.items.find((m) => m.id === meetingId);
  const canManage = usePermission().hasAny('invitation:manage');

  return (
    <PageCard>
      <Flex wrap align="center" justify="space-between" gap={12} style={{ marginBottom: 8 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.invitations')}</PageTitle>
        <div className="mf-invitations-picker">
          <MeetingPicker
            meetings={meetings.data?.items ?? []}
            loading={meetings.isLoading}
            value={meetingId ?? undefined}
            onChange={(id) => list.setFilters({ meeting: id })}
          />
        </div>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 900 }}>
        {t('invitations.intro')}
      </Typography.Paragraph>
      {!canManage && (
        <Alert type="info" showIcon title={t('invitations.readOnly')} style={{ marginBottom: 16 }} />
      )}
      {meetingId === null ? (
        <Empty
          style={{ margin: '48px 0' }}
          description={meetings.isLoading ? null : t('invitations.pickMeeting')}
          data-testid="invitations-no-meeting"
        />
      ) : (
        <div key={meetingId} data-testid="invitations">
          <SeatsPanel meetingId={meetingId} canManage={canManage} />
          <InvitationTable
            meetingId={meetingId}
            publicId={meeting?.public_id ?? null}
            canManage={canManage}
          />
        </div>
      )}
    </PageCard>
  );
}
