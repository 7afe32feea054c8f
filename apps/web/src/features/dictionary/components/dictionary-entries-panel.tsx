import { useState } from 'react';
import { Form, Input } from 'antd';
import {
  dictionaryEntryBody,
  type DictionaryEntry,
  type DictionaryEntryBody,
} from '@meetflow/shared/schemas/dictionary';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { CrudTable } from './crud-table.tsx';
import { useDictionaryEntries, useDictionaryEntryCrud } from '../dictionary-api.ts';
import { useMayChangeEntry } from './entry-owner.tsx';
import { zodRule } from '../../../lib/zod-rule.ts';
import '../i18n.ts';

type EntryValues = Pick<DictionaryEntry, 'type' | 'label' | 'value'>;

const FIELDS = ['type', 'label', 'value'] as const;

/** Generic typed lists (type, label, value), filtered by type; shared, so administrators change them. */
export function DictionaryEntriesPanel({ addRequest }: { addRequest?: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [filter, setFilter] = useState('');
  const type = /^[a-z0-9_]{1,64}$/.test(filter) ? filter : undefined;
  const entries = useDictionaryEntries(type);
  const api = useDictionaryEntryCrud();
  const shape = dictionaryEntryBody.shape;
  // Generic entries are shared by every organisation.
  const mayChange = useMayChangeEntry();

  return (
    <CrudTable<DictionaryEntry, EntryValues, DictionaryEntryBody>
      addRequest={addRequest}
      testIdPrefix="dictionary-entry"
      onRefresh={() => void entries.refetch()}
      rows={entries.data}
      loading={entries.isLoading}
      emptyText={emptyTextFor(entries)}
      api={api}
      titles={{ add: t('dictionary.titles.addEntry'), edit: t('dictionary.titles.editEntry') }}
      fieldNames={FIELDS}
      canChange={() => mayChange(null)}
      toolbar={
        <Input.Search
          allowClear
          placeholder={t('dictionary.allTypes')}
          onSearch={(value) => setFilter(value.trim())}
          style={{ width: 240 }}
          data-testid="dictionary-entry-type-filter"
        />
      }
      columns={[
        { title: t('dictionary.fields.type'), dataIndex: 'type', key: 'type' },
        { title: t('dictionary.fields.label'), dataIndex: 'label', key: 'label' },
        { title: t('dictionary.fields.value'), dataIndex: 'value', key: 'value' },
      ]}
      toValues={(row) => ({ type: row.type, label: row.label, value: row.value })}
      newValues={() => (type ? { type } : {})}
      toBody={(v) => ({ type: v.type, label: v.label, value: v.value })}
      renderFields={() => (
        <>
          {FIELDS.map((name) => (
            <Form.Item
              key={name}
              name={name}
              label={t(`dictionary.fields.${name}`)}
              required
              rules={[zodRule(shape[name], lang)]}
            >
              <Input maxLength={name === 'type' ? 64 : 200} data-testid={`dictionary-entry-${name}`} />
            </Form.Item>
          ))}
        </>
      )}
    />
  );
}
