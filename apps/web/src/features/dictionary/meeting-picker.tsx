import { Select, Space, Typography } from 'antd';
import type { Meeting } from '@meetflow/shared/schemas/meetings';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { localizedName } from './dictionary-logic.ts';
import './i18n.ts';

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
      <Typography.Text>{t('dictionary.meeting')}</Typography.Text>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 320 }}
        placeholder={t('dictionary.selectMeeting')}
        aria-label={t('dictionary.meeting')}
        loading={props.loading}
        value={props.value}
        onChange={props.onChange}
        options={props.meetings.map((m) => ({ value: m.id, label: localizedName(m, lang) }))}
        notFoundContent={t('dictionary.noMeeting')}
        data-testid="dictionary-meeting-select"
      />
    </Space>
  );
}
