import { Button, DatePicker, Input, Select, Space } from 'antd';
import { nameIn } from '@meetflow/shared/languages';
import type { PickerRange } from '../../../components/list-toolbar.tsx';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { meetingOptions } from '../../../lib/meeting-options.ts';
import type { AttendanceStatus } from '../guests-types.ts';
import { GUEST_STATUSES, type GuestListState } from '../use-guest-list.ts';

/**
 * The guest list's meeting choice and filters: keyword, user type, status, the answers to the
 * meeting's own choice and yes/no fields, and sign-up dates.
 */
export function GuestFilterBar({ state }: { state: GuestListState }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { list, meetings, meeting, meetingId, userTypes, keywordInput, setKeywordInput } = state;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 260, maxWidth: '100%' }}
        placeholder={t('guests.selectMeeting')}
        loading={meetings.isLoading}
        value={meetingId ?? undefined}
        options={meetingOptions(meetings.data?.items)}
        onChange={(id: number) => state.chooseMeeting(id)}
        aria-label={t('guests.meeting')}
        data-testid="guest-meeting"
      />
      <Input.Search
        allowClear
        style={{ width: 300, maxWidth: '100%' }}
        placeholder={t('guests.keywordPlaceholder')}
        value={keywordInput}
        onChange={(event) => {
          setKeywordInput(event.target.value);
          if (!event.target.value) list.setFilters({ keyword: undefined });
        }}
        onSearch={(value) => list.setFilters({ keyword: value.trim() })}
        aria-label={t('common.search')}
        data-testid="guest-search"
      />
      {meeting?.meeting_type === 'date_schedule' && (
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('guests.userType')}
          value={state.userTypeId}
          options={(userTypes.data ?? []).map((u) => ({
            value: u.id,
            label: nameIn(lang, u.name, u.name_cn, u.name_en),
          }))}
          onChange={(value?: number) => list.setFilters({ type: value })}
          aria-label={t('guests.userType')}
          data-testid="guest-filter-type"
        />
      )}
      <Select
        allowClear
        style={{ width: 150 }}
        placeholder={t('guests.status')}
        value={state.status}
        options={GUEST_STATUSES.map((s) => ({ value: s, label: t(`guests.statuses.${s}`) }))}
        onChange={(value?: AttendanceStatus) => list.setFilters({ status: value })}
        aria-label={t('guests.status')}
        data-testid="guest-filter-status"
      />
      {state.answerControls.map((control) => {
        const chosen = state.answerFilter[control.key] ?? [];
        return (
          <Select
            key={control.key}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            mode={control.multiple ? 'multiple' : undefined}
            maxTagCount="responsive"
            style={{ width: 200 }}
            // Once chosen, "Yes" alone would not say which field: the label stays in front.
            prefix={chosen.length > 0 ? `${control.label}:` : undefined}
            placeholder={control.label}
            title={control.label}
            value={control.multiple ? chosen : chosen[0]}
            options={control.options}
            onChange={(value?: string | string[]) =>
              state.setAnswerValues(control.key, value === undefined ? [] : [value].flat())
            }
            aria-label={control.label}
            data-testid={`guest-filter-answer-${control.key}`}
          />
        );
      })}
      <DatePicker.RangePicker
        value={state.pickerRange}
        onChange={(value: PickerRange) => list.setFilters({ range: state.pickRange(value) })}
        allowEmpty={[true, true]}
        placeholder={[t('guests.signUpDate'), t('guests.signUpDate')]}
        data-testid="guest-filter-range"
      />
      <Button onClick={state.resetFilters}>{t('common.reset')}</Button>
    </Space>
  );
}
