import { useEffect, useRef, useState } from 'react';
import { Button, Dropdown, Modal, Space, Tag, Tooltip, Typography } from 'antd';
import type { ButtonProps, MenuProps } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  LockOutlined,
  PlusOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  FORM_FIELD_TYPES,
  FORM_MAX_FIELDS,
  isAnswerField,
  type FormField,
} from '@meetflow/shared/forms/form-definition';
import type { Meeting } from '@meetflow/shared/schemas/meetings';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import {
  BUILT_IN_FIELDS,
  canAddField,
  canMove,
  dependantsOf,
  fieldName,
  retiredSource,
} from '../form-builder-logic.ts';
import type { FormBuilderState } from '../use-form-builder.ts';
import type { FormBuilderMeeting } from '../form-builder-types.ts';
import { FieldEditor } from './form-field-editor.tsx';
import '../form-builder-i18n.ts';

/** The spec's fields of the meeting's type: always first, in their order, not editable here. */
export function BuiltInFields({ type }: { type: Meeting['meeting_type'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="mf-form-built-in" data-testid="form-built-in">
      <Typography.Title level={2} id="mf-form-built-in" className="mf-form-heading">
        {t('formBuilder.builtInTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('formBuilder.builtInNote', { type: t(`meetings.types.${type}`) })}
      </Typography.Paragraph>
      <ol className="mf-form-built-in">
        {BUILT_IN_FIELDS[type].map((field) => (
          <li key={field.id} className="mf-form-built-in-row" data-testid={`form-built-in-${field.id}`}>
            <LockOutlined aria-label={t('formBuilder.builtInLocked')} className="mf-form-lock" />
            <span>{t(`formBuilder.builtIn.${field.id}`)}</span>
            {field.required && <Tag>{t('formBuilder.builtInRequired')}</Tag>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The meeting's own fields, each a row that opens into its editor, and the button that adds one. */
export function OwnFields(props: {
  builder: FormBuilderState;
  meeting: FormBuilderMeeting;
  canEdit: boolean;
}) {
  const { builder, meeting, canEdit } = props;
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const list = useRef<HTMLOListElement>(null);
  // The button to focus once a move has re-rendered the list (a row moved down loses its focus).
  const refocus = useRef<{ key: string; button: 'up' | 'down' } | null>(null);
  // The field just added: its editor opens with the focus in its first box.
  const [added, setAdded] = useState<string | null>(null);
  const { draft } = builder;

  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const find = (id: string) => list.current?.querySelector<HTMLButtonElement>(`[data-focus-id="${id}"]`);
    const button = find(`${wanted.key}-${wanted.button}`);
    // At an end (or below the field it depends on) the button is disabled: the row's Edit takes the focus.
    (button && !button.disabled ? button : find(`${wanted.key}-edit`))?.focus();
  }, [draft]);

  const addMenu: MenuProps = {
    items: FORM_FIELD_TYPES.map((type) => ({
      key: type,
      label: <span data-testid={`form-add-${type}`}>{t(`formBuilder.types.${type}`)}</span>,
    })),
    onClick: ({ key }) => setAdded(builder.add(key as FormField['type']) ?? null),
  };

  function confirmRemove(field: FormField) {
    const name = fieldName(field, currentLanguage(), t('formBuilder.untitled'));
    const dependants = dependantsOf(draft, field.key).length;
    void modal.confirm({
      title: t('formBuilder.removeConfirm', { label: name }),
      content: (
        <>
          <p>{t('formBuilder.removeConfirmBody')}</p>
          {dependants > 0 && <p>{t('formBuilder.removeDependants', { count: dependants })}</p>}
        </>
      ),
      okText: t('formBuilder.remove'),
      cancelText: t('formBuilder.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'form-remove-confirm' } as ButtonProps,
      onOk: () => builder.remove(field.key),
    });
  }

  return (
    <section aria-labelledby="mf-form-own" data-testid="form-own">
      <Typography.Title level={2} id="mf-form-own" className="mf-form-heading">
        {t('formBuilder.ownTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('formBuilder.ownNote')}</Typography.Paragraph>
      {draft.length === 0 ? (
        // Not Ant Design's empty box: its picture is titled "No data", which would be read out first.
        <p className="mf-form-empty" data-testid="form-empty">
          {t('formBuilder.empty')}
        </p>
      ) : (
        <ol className="mf-form-fields" ref={list}>
          {draft.map((field, index) => (
            <FieldRow
              key={field.key}
              builder={builder}
              meeting={meeting}
              canEdit={canEdit}
              field={field}
              index={index}
              justAdded={added === field.key}
              onMove={(direction) => {
                refocus.current = { key: field.key, button: direction === -1 ? 'up' : 'down' };
                builder.move(field.key, direction);
              }}
              onRemove={() => confirmRemove(field)}
            />
          ))}
        </ol>
      )}
      {canEdit && (
        <Tooltip
          title={canAddField(draft) ? undefined : t('formBuilder.addLimit', { count: FORM_MAX_FIELDS })}
        >
          <Dropdown menu={addMenu} trigger={['click']} autoFocus disabled={!canAddField(draft)}>
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              className="mf-form-add"
              data-testid="form-add-field"
            >
              {t('formBuilder.addField')}
              <DownOutlined aria-hidden />
            </Button>
          </Dropdown>
        </Tooltip>
      )}
      {modalHolder}
    </section>
  );
}

/** One own field: its name and tags, the buttons that move, open, retire or remove it, and its editor. */
function FieldRow(props: {
  builder: FormBuilderState;
  meeting: FormBuilderMeeting;
  canEdit: boolean;
  field: FormField;
  index: number;
  justAdded: boolean;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { builder, field, index, canEdit } = props;
  const { t } = useTranslation();
  const { draft, base } = builder;
  const name = fieldName(field, currentLanguage(), t('formBuilder.untitled'));
  const answered = base?.answered_keys.includes(field.key) ?? false;
  const opened = builder.openKey === field.key;
  const hasErrors = Object.keys(builder.errors.byField[field.key] ?? {}).length > 0;
  const editorId = `mf-form-editor-${field.key}`;
  const moveButton = (direction: -1 | 1) => {
    const allowed = canMove(draft, index, direction);
    const atEnd = direction === -1 ? index === 0 : index === draft.length - 1;
    const which = direction === -1 ? 'up' : 'down';
    return (
      <Button
        size="small"
        type="text"
        icon={direction === -1 ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
        aria-label={t(direction === -1 ? 'formBuilder.moveUpField' : 'formBuilder.moveDownField', {
          label: name,
        })}
        // Why a move is refused where that is not plain: the field it depends on, or its dependant.
        title={allowed || atEnd ? undefined : t('formBuilder.moveBlocked')}
        disabled={!allowed}
        onClick={() => props.onMove(direction)}
        data-focus-id={`${field.key}-${which}`}
        data-testid={`form-field-${field.key}-${which}`}
      />
    );
  };
  const classes = [
    'mf-form-field',
    field.retired && 'mf-form-field-retired',
    hasErrors && 'mf-form-field-error',
  ];
  return (
    <li className={classes.filter(Boolean).join(' ')} data-testid={`form-field-${field.key}`}>
      <div className="mf-form-field-head">
        <span className="mf-form-field-number" aria-hidden>
          {index + 1}.
        </span>
        <div className="mf-form-field-title">
          <span className="mf-form-field-label" data-testid={`form-field-${field.key}-name`}>
            {name}
          </span>
          <FieldTags field={field} answered={answered} />
        </div>
        <Space size={2} wrap className="mf-form-field-actions">
          {canEdit && moveButton(-1)}
          {canEdit && moveButton(1)}
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-expanded={opened}
            aria-controls={opened ? editorId : undefined}
            aria-label={t(opened ? 'formBuilder.collapseField' : 'formBuilder.editField', { label: name })}
            onClick={() => builder.setOpenKey(opened ? null : field.key)}
            data-focus-id={`${field.key}-edit`}
            data-testid={`form-field-${field.key}-edit`}
          >
            {t(opened ? 'formBuilder.collapse' : 'formBuilder.edit')}
          </Button>
          {canEdit && (
            <Button
              size="small"
              icon={field.retired ? <UndoOutlined /> : <StopOutlined />}
              aria-label={t(field.retired ? 'formBuilder.restoreField' : 'formBuilder.retireField', {
                label: name,
              })}
              onClick={() => builder.update(field.key, 'retired', (f) => ({ ...f, retired: !f.retired }))}
              data-testid={`form-field-${field.key}-${field.retired ? 'restore' : 'retire'}`}
            >
              {t(field.retired ? 'formBuilder.restore' : 'formBuilder.retire')}
            </Button>
          )}
          {canEdit && !answered && (
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('formBuilder.removeField', { label: name })}
              onClick={props.onRemove}
              data-testid={`form-field-${field.key}-remove`}
            >
              {t('formBuilder.remove')}
            </Button>
          )}
        </Space>
      </div>
      <FieldNotes field={field} fields={draft} answered={answered} />
      {opened && (
        <div id={editorId}>
          <FieldEditor
            builder={builder}
            field={field}
            index={index}
            answered={answered}
            meeting={props.meeting}
            canEdit={canEdit}
            autoFocus={props.justAdded}
          />
        </div>
      )}
    </li>
  );
}

/** What sets a field apart, at a glance: its type, key and the rules on it. */
function FieldTags({ field, answered }: { field: FormField; answered: boolean }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap className="mf-form-field-tags">
      <Tag color="blue">{t(`formBuilder.types.${field.type}`)}</Tag>
      {isAnswerField(field) && field.required && <Tag color="red">{t('formBuilder.tags.required')}</Tag>}
      {field.retired && (
        <Tag data-testid={`form-field-${field.key}-retired`}>{t('formBuilder.tags.retired')}</Tag>
      )}
      {answered && <Tag color="orange">{t('formBuilder.tags.answered')}</Tag>}
      {field.show_if && <Tag color="purple">{t('formBuilder.tags.conditional')}</Tag>}
      {field.user_type_ids.length > 0 && <Tag color="geekblue">{t('formBuilder.tags.userTypes')}</Tag>}
      {field.ask_at_door && <Tag>{t('formBuilder.tags.door')}</Tag>}
      {field.on_badge && <Tag>{t('formBuilder.tags.badge')}</Tag>}
      <Typography.Text type="secondary" className="mf-form-key">
        {t('formBuilder.key', { key: field.key })}
      </Typography.Text>
    </Space>
  );
}

/** Why a field is as it is: retired, answered (only retiring is left), or never shown. */
function FieldNotes({
  field,
  fields,
  answered,
}: {
  field: FormField;
  fields: FormField[];
  answered: boolean;
}) {
  const { t } = useTranslation();
  const source = retiredSource(fields, field);
  return (
    <>
      {field.retired && (
        <Typography.Paragraph
          type="secondary"
          className="mf-form-note"
          data-testid={`form-field-${field.key}-retired-note`}
        >
          {t('formBuilder.retiredNote')}
        </Typography.Paragraph>
      )}
      {answered && !field.retired && (
        <Typography.Paragraph
          type="secondary"
          className="mf-form-note"
          data-testid={`form-field-${field.key}-answered-note`}
        >
          {t('formBuilder.answeredNote')}
        </Typography.Paragraph>
      )}
      {source && (
        <Typography.Paragraph type="warning" className="mf-form-note">
          {t('formBuilder.retiredSource', {
            label: fieldName(source, currentLanguage(), t('formBuilder.untitled')),
          })}
        </Typography.Paragraph>
      )}
    </>
  );
}
