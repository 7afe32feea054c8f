import { Empty, Flex, Tabs } from 'antd';
import { useTranslation } from '../../lib/i18n.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { useMeetingChoices } from '../../lib/meeting-options.ts';
import { MeetingPicker } from '../../components/meeting-picker.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { CertificatesTab } from './components/certificates-tab.tsx';
import { RuleTab } from './components/rule-tab.tsx';
import { TemplateTab } from './components/template-tab.tsx';
import { BadgesTab } from './components/badges-tab.tsx';
import { LIST_OPTIONS, type TabKey } from './list-state.ts';
import './i18n.ts';

/**
 * Certificates of attendance and badges for one meeting (issue 18): the guests and their
 * certificates, the attendance rule and credits, the certificate's template, the badge sheets.
 * The meeting, tab, page and list filters are in the URL.
 */
export default function CertificatesPage() {
  const { t } = useTranslation();
  const meetings = useMeetingChoices();
  const list = useListState(LIST_OPTIONS);
  const meetingId = list.filters.meeting ?? meetings.data?.items[0]?.id ?? null;
  const tab: TabKey = list.filters.tab ?? 'certificates';

  const items =
    meetingId === null
      ? []
      : [
          {
            key: 'certificates',
            label: t('certificates.tabs.certificates'),
            children: <CertificatesTab key={meetingId} meetingId={meetingId} list={list} />,
          },
          {
            key: 'rule',
            label: t('certificates.tabs.rule'),
            children: <RuleTab key={meetingId} meetingId={meetingId} />,
          },
          {
            key: 'template',
            label: t('certificates.tabs.template'),
            children: <TemplateTab key={meetingId} meetingId={meetingId} />,
          },
          {
            key: 'badges',
            label: t('certificates.tabs.badges'),
            children: <BadgesTab key={meetingId} meetingId={meetingId} />,
          },
        ];

  return (
    <PageCard>
      <Flex wrap align="center" justify="space-between" gap={12} style={{ marginBottom: 8 }}>
        <PageTitle style={{ margin: 0 }}>{t('route.certificates')}</PageTitle>
        <MeetingPicker
          meetings={meetings.data?.items ?? []}
          loading={meetings.isLoading}
          value={meetingId ?? undefined}
          onChange={(id) => list.setFilters({ meeting: id })}
        />
      </Flex>
      {meetingId === null ? (
        <Empty
          style={{ margin: '48px 0' }}
          description={t('certificates.list.pickMeeting')}
          data-testid="certificates-no-meeting"
        />
      ) : (
        <Tabs
          activeKey={tab}
          // Hidden tabs keep their unsaved forms while another tab is looked at.
          items={items}
          onChange={(key) =>
            list.update((current) => ({
              ...current,
              filters: { ...current.filters, tab: key === 'certificates' ? undefined : (key as TabKey) },
            }))
          }
          data-testid="certificates-tabs"
        />
      )}
    </PageCard>
  );
}
