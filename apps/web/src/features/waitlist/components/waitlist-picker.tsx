import { Flex, Select } from 'antd';
import type { Schedule } from '@meetflow/shared/schemas/dictionary';
import type { Meeting } from '@meetflow/shared/schemas/meetings';
import { useTranslation } from '../../../lib/i18n.ts';
import { meetingOptions, sessionLabel } from '../../../lib/meeting-options.ts';
import '../i18n.ts';

interface Props {
  meetings: Meeting[] | undefined;
  meetingsLoading: boolean;
  meetingId: number | null;
  /** The meeting's own list's waiting count. */
  meetingWaiting: number;
  sessions: Schedule[] | undefined;
  /** 0: the meeting's own list. */
  sessionId: number;
  onMeeting: (id: number) => void;
  onList: (sessionId: number) => void;
}

/** Which meeting, then which of its lists (its own or a session's), each with how many wait. */
export function WaitlistPicker(props: Props) {
  const { t } = useTranslation();
  const waitingSuffix = (count: number) => (count > 0 ? t('waitlist.waitingSuffix', { count }) : '');
  const listOptions = [
    { value: 0, label: t('waitlist.meetingList') + waitingSuffix(props.meetingWaiting) },
    ...(props.sessions ?? []).map((s) => ({
      value: s.id,
      label: sessionLabel(s) + waitingSuffix(s.waiting_count),
    })),
  ];
  return (
    <Flex wrap gap={8}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 280, maxWidth: '100%' }}
        placeholder={t('waitlist.selectMeeting')}
        loading={props.meetingsLoading}
        value={props.meetingId ?? undefined}
        options={meetingOptions(props.meetings)}
        onChange={props.onMeeting}
        aria-label={t('waitlist.meeting')}
        data-testid="waitlist-meeting"
      />
      {listOptions.length > 1 && (
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 280, maxWidth: '100%' }}
          value={props.sessionId}
          options={listOptions}
          onChange={props.onList}
          aria-label={t('waitlist.list')}
          data-testid="waitlist-session"
        />
      )}
    </Flex>
  );
}
