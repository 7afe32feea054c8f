import { Alert, Select, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { localText } from '@meetflow/shared/forms/form-definition';
import {
  IMPORT_ENCODINGS,
  isAnswerTarget,
  type GuestImport,
  type GuestImportField,
  type ImportAnswerField,
  type ImportEncoding,
  type ImportMapping,
  type ImportTarget,
} from '@meetflow/shared/schemas/imports';
import { formatDateTime } from '../../../lib/date-time.ts';
import { currentLanguage, useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { htmlLang } from '../../../lib/language.ts';
import {
  IMPORT_FIELD_LABELS,
  answerFieldLabel,
  columnLetter,
  columnSamples,
  type MappingCheck,
} from '../import-logic.ts';
import '../i18n.ts';
import '../import-i18n.ts';

/** The Select's value for "do not import" (a Select shows its placeholder for null). */
const SKIP = '';

/** A field's name as the guest list shows it; sessions say that several columns may fill them. */
export function importFieldLabel(field: GuestImportField, t: TFunction, inOptions = false): string {
  if (field === 'session' && inOptions) return t('guestImport.columns.sessionField');
  return t(`guests.fields.${IMPORT_FIELD_LABELS[field]}`);
}

/** A target's name: a sign-up form field's, or the label of one of the meeting's own. */
function targetLabel(
  target: ImportTarget,
  answerFields: readonly ImportAnswerField[],
  t: TFunction,
  inOptions = false,
): string {
  return isAnswerTarget(target)
    ? answerFieldLabel(target, answerFields, currentLanguage())
    : importFieldLabel(target, t, inOptions);
}

interface ColumnRow {
  index: number;
  header: string;
  samples: string[];
}

/**
 * Step 2: one row per column of the file, with its first values and the field it fills; for a CSV
 * the encoding it is read in (a garbled sample is fixed by choosing another).
 */
export function ImportColumns(props: {
  entry: GuestImport;
  fields: readonly ImportTarget[];
  mapping: ImportMapping;
  check: MappingCheck;
  /** The meeting's own required fields no column fills. */
  requiredUnmapped: readonly ImportAnswerField[];
  onMap: (index: number, field: ImportTarget | null) => void;
  onEncoding: (encoding: ImportEncoding) => void;
  rereading: boolean;
}) {
  const { entry, fields, mapping, check, onMap } = props;
  const answerFields = entry.answer_fields;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const rows: ColumnRow[] = entry.headers.map((header, index) => ({
    index,
    header: header.trim(),
    samples: columnSamples(entry.sample, index),
  }));
  const options = fieldOptions(fields, answerFields, t);

  const columns: TableColumnsType<ColumnRow> = [
    {
      key: 'column',
      title: t('guestImport.columns.column'),
      width: 130,
      render: (_, row) => (
        <span className="mf-import-header">
          <Typography.Text type="secondary">{columnLetter(row.index)}</Typography.Text>{' '}
          {row.header || (
            <Typography.Text type="secondary" italic>
              {t('guestImport.columns.noHeader')}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'sample',
      title: t('guestImport.columns.sample'),
      width: 220,
      // On a phone the column and its field fit side by side; the samples would push the field off screen.
      responsive: ['sm'],
      render: (_, row) =>
        row.samples.length > 0 ? (
          <ul className="mf-import-samples" title={row.samples.join('\n')}>
            {row.samples.map((value, i) => (
              <li key={i}>{value}</li>
            ))}
          </ul>
        ) : (
          <Typography.Text type="secondary">{t('guestImport.columns.noSample')}</Typography.Text>
        ),
    },
    {
      key: 'field',
      title: t('guestImport.columns.field'),
      width: 220,
      render: (_, row) => (
        <FieldSelect
          row={row}
          mapping={mapping}
          check={check}
          options={options}
          answerFields={answerFields}
          onMap={onMap}
        />
      ),
    },
  ];

  return (
    <div data-testid="import-columns">
      <Typography.Paragraph>
        <Typography.Text strong>
          {t('guestImport.columns.file', {
            name: entry.file_name,
            rows: entry.progress.total.toLocaleString(htmlLang(lang)),
          })}
        </Typography.Text>
        <br />
        <Typography.Text type="secondary">{t('guestImport.columns.help')}</Typography.Text>
      </Typography.Paragraph>
      {entry.previous && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            entry.previous.finished_at
              ? t('guestImport.columns.previous', { date: formatDateTime(entry.previous.finished_at) })
              : t('guestImport.columns.previousUnfinished')
          }
          data-testid="import-previous"
        />
      )}
      {entry.format === 'csv' && (
        <div className="mf-import-encoding">
          <label htmlFor="mf-import-encoding">{t('guestImport.columns.encoding')}</label>
          <Select<ImportEncoding>
            id="mf-import-encoding"
            value={entry.encoding ?? 'auto'}
            loading={props.rereading}
            disabled={props.rereading}
            onChange={props.onEncoding}
            options={IMPORT_ENCODINGS.map((encoding) => ({
              value: encoding,
              label: t(`guestImport.columns.encodings.${encoding}`),
            }))}
            style={{ width: 240, maxWidth: '100%' }}
            data-testid="import-encoding"
          />
          <Typography.Text type="secondary">{t('guestImport.columns.encodingHelp')}</Typography.Text>
        </div>
      )}
      <Table<ColumnRow>
        rowKey="index"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={props.rereading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('guestImport.columns.noColumns') }}
        data-testid="import-columns-table"
      />
      <MappingAlerts check={check} requiredUnmapped={props.requiredUnmapped} />
    </div>
  );
}

/** What the mapping lacks: the phone and area code (no preview without them), a required question. */
function MappingAlerts(props: { check: MappingCheck; requiredUnmapped: readonly ImportAnswerField[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const list = (names: string[]) => new Intl.ListFormat(htmlLang(lang)).format(names);
  return (
    <>
      {props.check.missing.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={t('guestImport.columns.missing', {
            fields: list(props.check.missing.map((field) => importFieldLabel(field, t))),
          })}
          data-testid="import-map-missing"
        />
      )}
      {props.requiredUnmapped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title={t('guestImport.columns.ownMissing', {
            fields: list(props.requiredUnmapped.map((field) => localText(field.label, lang))),
          })}
          data-testid="import-map-own-missing"
        />
      )}
    </>
  );
}

/** The Select's options: "do not import", then the form's fields and, as a group of their own, the meeting's. */
function fieldOptions(
  fields: readonly ImportTarget[],
  answerFields: readonly ImportAnswerField[],
  t: TFunction,
): FieldOptions {
  const option = (field: ImportTarget) => ({
    value: field,
    label: targetLabel(field, answerFields, t, true),
  });
  const builtIn = fields.filter((field) => !isAnswerTarget(field)).map(option);
  const own = fields.filter(isAnswerTarget).map(option);
  return [
    { value: SKIP, label: t('guestImport.columns.skip') },
    ...(own.length === 0
      ? builtIn
      : [
          { label: t('guestImport.columns.builtInGroup'), options: builtIn },
          { label: t('guestImport.columns.ownGroup'), options: own },
        ]),
  ];
}

type FieldOption = { value: string; label: string };
type FieldOptions = (FieldOption | { label: string; options: FieldOption[] })[];

/** The field a column fills, with the error of a field chosen twice. */
function FieldSelect({
  row,
  mapping,
  check,
  options,
  answerFields,
  onMap,
}: {
  row: ColumnRow;
  mapping: ImportMapping;
  check: MappingCheck;
  options: FieldOptions;
  answerFields: readonly ImportAnswerField[];
  onMap: (index: number, field: ImportTarget | null) => void;
}) {
  const { t } = useTranslation();
  const duplicate = check.duplicates.get(row.index);
  const errorId = `mf-import-map-error-${row.index}`;
  return (
    <>
      <Select<string>
        value={mapping[row.index] ?? SKIP}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(value) => onMap(row.index, value === SKIP ? null : (value as ImportTarget))}
        status={duplicate ? 'error' : undefined}
        style={{ width: '100%', minWidth: 140 }}
        aria-label={t('guestImport.columns.fieldFor', {
          column: columnLetter(row.index),
          header: row.header || t('guestImport.columns.noHeader'),
        })}
        aria-invalid={duplicate ? true : undefined}
        aria-describedby={duplicate ? errorId : undefined}
        data-testid={`import-map-${row.index}`}
      />
      {duplicate && (
        <div id={errorId} className="mf-import-field-error" data-testid={`import-map-error-${row.index}`}>
          {t('guestImport.columns.duplicate', { field: targetLabel(duplicate, answerFields, t) })}
        </div>
      )}
    </>
  );
}
