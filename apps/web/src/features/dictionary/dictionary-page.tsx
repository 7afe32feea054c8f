import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Empty, Flex, Tabs } from 'antd';
import { useTranslation } from '../../lib/i18n.ts';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { usePageVisible } from '../../lib/page-visibility.ts';
import { CollegeCategoriesPanel } from './components/college-categories-panel.tsx';
import { useMeetingOptions } from './dictionary-api.ts';
import { DictionaryEntriesPanel } from './components/dictionary-entries-panel.tsx';
import { meetingDays } from './dictionary-logic.ts';
import { MeetingPicker } from '../../components/meeting-picker.tsx';
import { MeetingTimesPanel } from './components/meeting-times-panel.tsx';
import { ScheduleEditorDrawer } from './components/schedule-editor-drawer.tsx';
import { SchedulesPanel } from './components/schedules-panel.tsx';
import { UserTypesPanel } from './components/user-types-panel.tsx';
import './i18n.ts';

import { parseDictionaryLink, type DictionaryTab } from '../../lib/dialog-links.ts';

type TabKey = DictionaryTab;
const PER_MEETING: readonly TabKey[] = ['schedules', 'userTypes'];

/** /system_setting/dictionary: meeting times, sessions and user types of a meeting, college categories, entries. */
export default function DictionaryPage() {
  const { t } = useTranslation();
  const visible = usePageVisible();
  const [tab, setTab] = useState<TabKey>('meetingTimes');
  const meetings = useMeetingOptions();
  const [picked, setPicked] = useState<number>();
  const [editorOpen, setEditorOpen] = useState(false);
  // A dialog route asked for an add dialog: which tab, and a nonce so the same request can come twice.
  const [addRequest, setAddRequest] = useState<{ tab: TabKey; n: number }>();
  const [params, setParams] = useSearchParams();
  const [seenParams, setSeenParams] = useState<URLSearchParams>();
  const link = visible ? parseDictionaryLink(params) : undefined;
  if (link && params !== seenParams) {
    setSeenParams(params);
    setTab(link.tab);
    if (link.meetingId) setPicked(link.meetingId);
    if (link.dialog === 'map') setEditorOpen(true);
    if (link.dialog === 'add') setAddRequest((r) => ({ tab: link.tab, n: (r?.n ?? 0) + 1 }));
  }
  // Read once: reloading the page or closing the dialog must not open it again.
  useEffect(() => {
    if (visible && parseDictionaryLink(params)) setParams({}, { replace: true });
  }, [params, visible, setParams]);
  const addFor = (key: TabKey) => (addRequest?.tab === key ? addRequest.n : undefined);
  const items = meetings.data?.items ?? [];
  // The first meeting until one is picked (or when the picked one disappears).
  const meeting = items.find((m) => m.id === picked) ?? items[0];
  const days = meeting ? meetingDays(meeting) : undefined;

  const perMeeting = (content: (meetingId: number) => ReactNode) =>
    meeting ? content(meeting.id) : <Empty description={t('dictionary.noMeeting')} />;

  return (
    <PageCard>
      <PageTitle>{t('route.dictionary')}</PageTitle>
      {PER_MEETING.includes(tab) && (
        <Flex gap="middle" align="center" wrap style={{ marginBottom: 8 }}>
          <MeetingPicker
            meetings={items}
            loading={meetings.isLoading}
            value={meeting?.id}
            onChange={(id) => {
              setAddRequest(undefined);
              setPicked(id);
            }}
          />
          {meeting && (
            <Button onClick={() => setEditorOpen(true)} data-testid="dictionary-open-schedule-editor">
              {t('dictionary.editor.map')}
            </Button>
          )}
        </Flex>
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setAddRequest(undefined);
          setTab(key as TabKey);
        }}
        data-testid="dictionary-tabs"
        items={[
          {
            key: 'meetingTimes',
            label: t('dictionary.tabs.meetingTimes'),
            children: <MeetingTimesPanel addRequest={addFor('meetingTimes')} />,
          },
          {
            key: 'schedules',
            label: t('dictionary.tabs.schedules'),
            children: perMeeting((id) => (
              <SchedulesPanel key={id} meetingId={id} days={days} addRequest={addFor('schedules')} />
            )),
          },
          {
            key: 'userTypes',
            label: t('dictionary.tabs.userTypes'),
            children: perMeeting((id) => (
              <UserTypesPanel key={id} meetingId={id} addRequest={addFor('userTypes')} />
            )),
          },
          {
            key: 'collegeCategories',
            label: t('dictionary.tabs.collegeCategories'),
            children: <CollegeCategoriesPanel addRequest={addFor('collegeCategories')} />,
          },
          {
            key: 'entries',
            label: t('dictionary.tabs.entries'),
            children: <DictionaryEntriesPanel addRequest={addFor('entries')} />,
          },
        ]}
      />
      {meeting && (
        <ScheduleEditorDrawer meetingId={meeting.id} open={editorOpen} onClose={() => setEditorOpen(false)} />
      )}
    </PageCard>
  );
}
