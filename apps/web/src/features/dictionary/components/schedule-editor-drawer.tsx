import { Divider, Drawer, Typography } from 'antd';
import { nameIn } from '@meetflow/shared/languages';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useMeeting } from '../dictionary-api.ts';
import { meetingDays } from '../dictionary-logic.ts';
import { ScheduleMapMatrix } from './schedule-map-matrix.tsx';
import { SchedulesPanel } from './schedules-panel.tsx';
import '../i18n.ts';

/**
 * "Edit schedule" of the meeting list: the meeting's sessions (the same panel as the dictionary
 * page) and the guest–schedule map of its user types.
 */
export function ScheduleEditorDrawer(props: { meetingId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const meeting = useMeeting(props.meetingId, props.open);
  const days = meeting.data ? meetingDays(meeting.data) : undefined;
  const title = meeting.data
    ? `${t('dictionary.editor.title')} · ${nameIn(lang, meeting.data.name, meeting.data.name_cn, meeting.data.name_en)}`
    : t('dictionary.editor.title');

  return (
    <Drawer open={props.open} onClose={props.onClose} title={title} size={1100} destroyOnHidden>
      <div data-testid="schedule-editor">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('dictionary.editor.sessions')}
          {days && (
            <Typography.Text
              type="secondary"
              style={{ fontSize: 13, fontWeight: 'normal', marginInlineStart: 8 }}
            >
              {days.first === days.last ? days.first : `${days.first} – ${days.last}`}
            </Typography.Text>
          )}
        </Typography.Title>
        <SchedulesPanel meetingId={props.meetingId} days={days} />
        <Divider />
        <Typography.Title level={5}>{t('dictionary.editor.map')}</Typography.Title>
        <ScheduleMapMatrix meetingId={props.meetingId} />
      </div>
    </Drawer>
  );
}
