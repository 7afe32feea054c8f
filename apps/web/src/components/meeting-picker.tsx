import { Select, Space, Typography } from 'antd';
import type { Meeting } from '@meetflow/shared/schemas/meetings';
import { nameIn } from '@meetflow/shared/languages';
import { currentLanguage, registerFeatureCatalogue, useTranslation } from '../lib/i18n.ts';

// Its few strings travel with it (it is shown by back-office pages, each in its own chunk).
registerFeatureCatalogue('meetingPicker', {
  'zh-tw': { meeting: '會議', selectMeeting: '請選擇會議', noMeeting: '請先新增會議' },
  'zh-cn': { meeting: '会议', selectMeeting: '请选择会议', noMeeting: '请先新增会议' },
  en: { meeting: 'Meeting', selectMeeting: 'Select a meeting', noMeeting: 'Add a meeting first' },
});

/** The meeting whose sessions and user types are shown (sessions and user types belong to one). */
export function MeetingPicker(props: {
  meetings: Meeting[];
  loading: boolean;
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Space wrap>
      <Typography.Text>{t('meetingPicker.meeting')}</Typography.Text>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 320 }}
        placeholder={t('meetingPicker.selectMeeting')}
        aria-label={t('meetingPicker.meeting')}
        loading={props.loading}
        value={props.value}
        onChange={props.onChange}
        options={props.meetings.map((m) => ({
          value: m.id,
          label: nameIn(lang, m.name, m.name_cn, m.name_en),
        }))}
        notFoundContent={t('meetingPicker.noMeeting')}
        data-testid="dictionary-meeting-select"
      />
    </Space>
  );
}
