import { Alert, Checkbox, Form, Tag, type GetProps } from 'antd';
import { nameIn } from '@meetflow/shared/languages';
import {
  userTypeBody,
  type Schedule,
  type UserType,
  type UserTypeBody,
} from '@meetflow/shared/schemas/dictionary';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { CrudTable } from './crud-table.tsx';
import { useSchedules, useUserTypeCrud, useUserTypes } from '../dictionary-api.ts';
import { NAME_FIELDS, NameFields } from './name-fields.tsx';
import { zodRule } from '../../../lib/zod-rule.ts';
import { timeSlotText } from '../dictionary-logic.ts';
import '../i18n.ts';

interface UserTypeValues {
  name: string;
  name_cn: string;
  name_en: string;
  schedule_ids: number[];
}

const FIELDS = [...NAME_FIELDS, 'schedule_ids'] as const;

/**
 * The sessions' checkboxes without the `aria-required` Form.Item adds to its control: a group of
 * checkboxes may not carry it (ARIA); the label's mark and the rule's message say it instead.
 */
function SessionChecks({
  'aria-required': _required,
  ...props
}: GetProps<typeof Checkbox.Group> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group {...props} />;
}

export function sessionLabel(s: Schedule, lang: ReturnType<typeof currentLanguage>): string {
  return [s.date, timeSlotText(s.meeting_time), nameIn(lang, s.name, s.name_cn, s.name_en)]
    .filter(Boolean)
    .join(' ');
}

/** A meeting's user types (registration types), each with the sessions it may enrol in (≥ 1). */
export function UserTypesPanel({ meetingId, addRequest }: { meetingId: number; addRequest?: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const userTypes = useUserTypes(meetingId);
  const schedules = useSchedules(meetingId);
  const api = useUserTypeCrud(meetingId);
  const sessions = schedules.data ?? [];
  const byId = new Map(sessions.map((s) => [s.id, s]));

  return (
    <CrudTable<UserType, UserTypeValues, UserTypeBody>
      addRequest={addRequest}
      testIdPrefix="user-type"
      onRefresh={() => void userTypes.refetch()}
      rows={userTypes.data}
      loading={userTypes.isLoading}
      emptyText={emptyTextFor(userTypes)}
      api={api}
      titles={{ add: t('dictionary.titles.addUserType'), edit: t('dictionary.titles.editUserType') }}
      fieldNames={FIELDS}
      modalWidth={640}
      columns={[
        { title: t('dictionary.fields.name'), dataIndex: 'name', key: 'name' },
        { title: t('dictionary.fields.nameCn'), dataIndex: 'name_cn', key: 'name_cn' },
        { title: t('dictionary.fields.nameEn'), dataIndex: 'name_en', key: 'name_en' },
        {
          title: t('dictionary.fields.sessions'),
          key: 'sessions',
          render: (_v, row) =>
            row.schedule_ids.map((id) => {
              const s = byId.get(id);
              return <Tag key={id}>{s ? sessionLabel(s, lang) : `#${id}`}</Tag>;
            }),
        },
      ]}
      toValues={(row) => ({
        name: row.name,
        name_cn: row.name_cn,
        name_en: row.name_en,
        schedule_ids: row.schedule_ids,
      })}
      newValues={() => ({ schedule_ids: [] })}
      toBody={(v) => ({
        name: v.name,
        name_cn: v.name_cn,
        name_en: v.name_en,
        schedule_ids: v.schedule_ids ?? [],
      })}
      renderFields={() => (
        <>
          <NameFields shape={userTypeBody.shape} lang={lang} testIdPrefix="user-type" />
          {sessions.length === 0 && (
            <Alert
              type="info"
              showIcon
              title={t('dictionary.noSessionsToPick')}
              style={{ marginBottom: 12 }}
            />
          )}
          <Form.Item
            name="schedule_ids"
            label={t('dictionary.fields.sessions')}
            required
            rules={[zodRule(userTypeBody.shape.schedule_ids, lang)]}
          >
            <SessionChecks
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              options={sessions.map((s) => ({ value: s.id, label: sessionLabel(s, lang) }))}
              data-testid="user-type-sessions"
            />
          </Form.Item>
        </>
      )}
    />
  );
}
