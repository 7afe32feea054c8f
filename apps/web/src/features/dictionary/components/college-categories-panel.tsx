import {
  collegeCategoryBody,
  type CollegeCategory,
  type CollegeCategoryBody,
} from '@meetflow/shared/schemas/dictionary';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { emptyTextFor } from '../../../components/load-error.tsx';
import { CrudTable } from './crud-table.tsx';
import { useCollegeCategories, useCollegeCategoryCrud } from '../dictionary-api.ts';
import { useMayChangeEntry, useOwnerColumn } from './entry-owner.tsx';
import { NAME_FIELDS, NameFields } from './name-fields.tsx';
import '../i18n.ts';

type CategoryValues = Pick<CollegeCategory, 'name' | 'name_cn' | 'name_en'>;

/** College categories offered on the date-schedule sign-up form: shared ones and the organisation's. */
export function CollegeCategoriesPanel({ addRequest }: { addRequest?: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const categories = useCollegeCategories();
  const api = useCollegeCategoryCrud();
  const mayChange = useMayChangeEntry();
  const ownerColumn = useOwnerColumn<CollegeCategory>();

  return (
    <CrudTable<CollegeCategory, CategoryValues, CollegeCategoryBody>
      addRequest={addRequest}
      testIdPrefix="college-category"
      onRefresh={() => void categories.refetch()}
      rows={categories.data}
      loading={categories.isLoading}
      emptyText={emptyTextFor(categories)}
      api={api}
      titles={{ add: t('dictionary.titles.addCategory'), edit: t('dictionary.titles.editCategory') }}
      fieldNames={NAME_FIELDS}
      columns={[
        { title: t('dictionary.fields.name'), dataIndex: 'name', key: 'name' },
        { title: t('dictionary.fields.nameCn'), dataIndex: 'name_cn', key: 'name_cn' },
        { title: t('dictionary.fields.nameEn'), dataIndex: 'name_en', key: 'name_en' },
        ownerColumn,
      ]}
      canChange={(row) => row === null || mayChange(row.organization_id)}
      toValues={(row) => ({ name: row.name, name_cn: row.name_cn, name_en: row.name_en })}
      toBody={(v) => ({ name: v.name, name_cn: v.name_cn, name_en: v.name_en })}
      renderFields={() => (
        <NameFields shape={collegeCategoryBody.shape} lang={lang} testIdPrefix="college-category" />
      )}
    />
  );
}
