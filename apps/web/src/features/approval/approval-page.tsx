import { useState } from 'react';
import { Alert, Button, Empty, Flex, Select } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useListState } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { usePermission } from '../../components/permission.tsx';
import { useUserTypes } from '../../lib/dictionary-queries.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { meetingOptions, useMeetingChoices } from '../../lib/meeting-options.ts';
import { useAdmissionSettings, useMeetingDetail } from './approval-api.ts';
import { LIST_OPTIONS } from './approval-logic.ts';
import { AdmissionSettingsDrawer } from './components/admission-settings-drawer.tsx';
import { AdmissionSummary } from './components/admission-summary.tsx';
import { ApplicationQueue } from './components/application-queue.tsx';
import './i18n.ts';

/**
 * Who may register to a meeting, and the applications waiting for the organiser (issue 45): the
 * settings in brief with their editor (meeting:edit), and the queue (guest:approve). The meeting,
 * the status, the search and the page are in the URL.
 */
export default function ApprovalPage() {
  const { t } = useTranslation();
  const { hasAny } = usePermission();
  const meetings = useMeetingChoices();
  const list = useListState(LIST_OPTIONS);
  const meetingId = list.filters.meeting ?? meetings.data?.items[0]?.id ?? null;
  const meeting = useMeetingDetail(meetingId);
  const dateSchedule = meeting.data?.meeting_type === 'date_schedule';
  const settings = useAdmissionSettings(meetingId);
  const types = useUserTypes(meetingId !== null && dateSchedule ? meetingId : undefined);
  const [editing, setEditing] = useState(false);

  return (
    <PageCard>
      <Flex wrap align="center" justify="space-between" gap={12} style={{ marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.approval')}</PageTitle>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 280, maxWidth: '100%' }}
          placeholder={t('approval.selectMeeting')}
          loading={meetings.isLoading}
          value={meetingId ?? undefined}
          options={meetingOptions(meetings.data?.items)}
          onChange={(id: number) => list.setFilters({ meeting: id })}
          aria-label={t('approval.selectMeeting')}
          data-testid="approval-meeting"
        />
      </Flex>
      {meetingId === null ? (
        <Empty
          style={{ margin: '48px 0' }}
          description={t(meetings.isLoading ? 'approval.selectMeeting' : 'approval.pickMeeting')}
          data-testid="approval-no-meeting"
        />
      ) : (
        <>
          <AdmissionSummary
            settings={settings.data}
            loading={settings.isLoading}
            failed={settings.isError}
            types={types.data}
            editButton={
              hasAny('meeting:edit') &&
              settings.data &&
              meeting.data && (
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="admission-edit">
                  {t('approval.settings.edit')}
                </Button>
              )
            }
          />
          {hasAny('guest:approve') ? (
            <ApplicationQueue meetingId={meetingId} list={list} settings={settings.data} types={types.data} />
          ) : (
            <Alert type="info" showIcon title={t('approval.noQueue')} />
          )}
        </>
      )}
      {editing && meetingId !== null && settings.data && (
        <AdmissionSettingsDrawer
          meetingId={meetingId}
          dateSchedule={dateSchedule}
          settings={settings.data}
          onClose={() => setEditing(false)}
        />
      )}
    </PageCard>
  );
}
