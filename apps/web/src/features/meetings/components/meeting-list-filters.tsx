import { Button, Space } from 'antd';
// The bare Input: antd's `Input` export brings TextArea, Password, Search and OTP along (~9 KB gzip).
import Input from 'antd/es/input/Input';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { LazyRangePicker, LazyTreeSelect } from '../../../components/lazy-filters.tsx';
import {
  useDraft,
  asDay,
  useLazyDayReader,
  usePickerRange,
  type PickerRange,
} from '../../../components/list-toolbar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { Auth, usePermission } from '../../../components/permission.tsx';
import { useOrganizationTree } from '../meetings-api.ts';
import type { MeetingListState } from '../use-meeting-list-state.ts';

/** The meeting list's filters (organisation, dates, keyword) and its add button, above the table. */
export function MeetingListFilters({ list, onAdd }: { list: MeetingListState; onAdd: () => void }) {
  const { t } = useTranslation();
  const { hasAny } = usePermission();
  const organizations = useOrganizationTree(hasAny('organization:view'));
  const { filters } = list;
  const [keywordInput, setKeywordInput] = useDraft(filters.keyword ?? '');
  const [range, pickRange] = usePickerRange(filters.range, {
    read: useLazyDayReader(filters.range !== undefined),
    write: asDay,
  });

  return (
    <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>
        {hasAny('organization:view') && (
          <LazyTreeSelect
            allowClear
            showSearch
            treeDefaultExpandAll
            treeData={organizations.data ?? []}
            fieldNames={{ label: 'name', value: 'id', children: 'children' }}
            treeNodeFilterProp="name"
            value={filters.organization}
            onChange={(value?: number) => list.setFilters({ organization: value ?? undefined })}
            placeholder={t('meetings.organizationPlaceholder')}
            aria-label={t('meetings.organization')}
            style={{ width: 240 }}
            data-testid="meeting-filter-organization"
          />
        )}
        <LazyRangePicker
          value={range}
          onChange={(value: PickerRange) => list.setFilters({ range: pickRange(value) })}
          placeholder={[t('meetings.startTime'), t('meetings.endTime')]}
          allowEmpty={[true, true]}
          data-testid="meeting-filter-range"
        />
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('meetings.keywordPlaceholder')}
          aria-label={t('common.search')}
          value={keywordInput}
          onChange={(event) => {
            setKeywordInput(event.target.value);
            if (!event.target.value) list.setFilters({ keyword: undefined });
          }}
          onPressEnter={() => list.setFilters({ keyword: keywordInput.trim() })}
          style={{ width: 240 }}
          data-testid="meeting-search-input"
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => list.setFilters({ keyword: keywordInput.trim() })}
          data-testid="meeting-search-button"
        >
          {t('common.search')}
        </Button>
        <Button
          onClick={() => {
            setKeywordInput('');
            list.resetFilters();
          }}
        >
          {t('common.reset')}
        </Button>
      </Space>
      <Auth value="meeting:edit">
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="meeting-add">
          {t('meetings.add')}
        </Button>
      </Auth>
    </Space>
  );
}
