import { useState } from 'react';
import { Button, Checkbox, Flex, Form, Select, Skeleton, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { returnPath, useReturnColumns, useSaveReturnColumns } from '../cme-api.ts';
import {
  chosenColumns,
  columnChoices,
  moveChoice,
  returnYears,
  toggleChoice,
  type ColumnChoice,
} from '../cme-logic.ts';
import type { CmeListState } from '../list-state.ts';

/**
 * The organisation's yearly return for the accrediting body: an XLSX of the attendees of the
 * meetings that started in the year, with the columns the organiser chose, in their order.
 */
export function ReturnTab({ organizationId, list }: { organizationId: number; list: CmeListState }) {
  const { t } = useTranslation();
  const saved = useReturnColumns(organizationId);
  const [years] = useState(() => returnYears(Date.now()));
  const year = list.filters.year ?? years[1]!;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 560 }}>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('cme.return.year')}
          extra={t('cme.return.yearHelp')}
          htmlFor="cme-return-year"
          style={{ marginBottom: 0 }}
        >
          <Select
            id="cme-return-year"
            style={{ width: 160 }}
            value={year}
            options={years.map((value) => ({ value, label: String(value) }))}
            onChange={(value: number) =>
              list.update((current) => ({ ...current, filters: { ...current.filters, year: value } }))
            }
            data-testid="cme-return-year"
          />
        </Form.Item>
      </Form>
      {saved.isError && (
        <LoadError
          reason={saved.error.message}
          retrying={saved.isFetching}
          onRetry={() => void saved.refetch()}
        />
      )}
      {saved.isLoading && <Skeleton active />}
      {saved.data && (
        <ColumnChooser
          key={saved.data.columns.join()}
          organizationId={organizationId}
          initial={columnChoices(saved.data.columns)}
        />
      )}
      <div>
        <ExportButton
          type="primary"
          path={returnPath(organizationId, year)}
          fallbackName={`cme-return-${year}.xlsx`}
          label={t('cme.return.download')}
          texts={{ busy: t('cme.return.downloading'), done: t('cme.return.downloaded') }}
          data-testid="cme-return-download"
        />
      </div>
    </Flex>
  );
}

/** Ticks and order of the return's columns, saved for the organisation. */
function ColumnChooser({ organizationId, initial }: { organizationId: number; initial: ColumnChoice[] }) {
  const { t } = useTranslation();
  const save = useSaveReturnColumns(organizationId);
  const [choices, setChoices] = useState(initial);
  const columns = chosenColumns(choices);
  const label = (choice: ColumnChoice) => t(`cme.return.column.${choice.column}`);

  const submit = async () => {
    await save.mutateAsync({ columns });
    toast.success(t('cme.return.saved'));
  };

  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, maxWidth: 360 }} data-testid="cme-return-columns">
      <legend style={{ marginBottom: 8, fontWeight: 500 }}>{t('cme.return.columns')}</legend>
      <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {choices.map((choice, index) => (
          <li
            key={choice.column}
            style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '2px 0' }}
            data-testid={`cme-column-${choice.column}`}
          >
            <Checkbox
              checked={choice.chosen}
              onChange={() => setChoices((list) => toggleChoice(list, choice.column))}
              style={{ flex: 1 }}
              data-testid={`cme-column-${choice.column}-check`}
            >
              {label(choice)}
            </Checkbox>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              aria-label={t('cme.return.up', { column: label(choice) })}
              onClick={() => setChoices((list) => moveChoice(list, index, -1))}
              data-testid={`cme-column-${choice.column}-up`}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={index === choices.length - 1}
              aria-label={t('cme.return.down', { column: label(choice) })}
              onClick={() => setChoices((list) => moveChoice(list, index, 1))}
              data-testid={`cme-column-${choice.column}-down`}
            />
          </li>
        ))}
      </ol>
      {columns.length === 0 && (
        <Typography.Text type="danger" role="alert">
          {t('cme.return.noneChosen')}
        </Typography.Text>
      )}
      <div style={{ marginTop: 12 }}>
        <Button
          icon={<SaveOutlined />}
          disabled={columns.length === 0}
          loading={save.isPending}
          onClick={() => void submit().catch(() => undefined)}
          data-testid="cme-return-save"
        >
          {t('cme.return.save')}
        </Button>
      </div>
    </fieldset>
  );
}
