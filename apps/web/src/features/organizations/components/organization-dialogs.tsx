import { useMemo, useState } from 'react';
import { Form, Input, Modal, Select, TreeSelect, Typography } from 'antd';
import { AREA_CODES, REGION_AREA_CODES, REGIONS, type Region } from '@meetflow/shared/constants';
import { ERRORS } from '@meetflow/shared/errors';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { type OrganizationNode } from '@meetflow/shared/schemas/organizations';
import { ApiError } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { subtreeIdsOf, toTreeSelect } from '../../../lib/tree-utils.ts';
import '../i18n.ts';

/** data-* props for components whose prop objects are typed without them. */
const testId = (id: string): Record<string, string> => ({ 'data-testid': id });

/** The value standing for "top level" in the move dialog (no organisation has id 0). */
const TOP_LEVEL = 0;

interface NameDialogProps {
  title: string;
  /** Shown above the field when adding a sub-organisation. */
  parentName?: string | undefined;
  initialName?: string | undefined;
  /** Editing: the organisation's region, offered beside the name (undefined: no region field). */
  initialRegion?: Region | null | undefined;
  onCancel: () => void;
  /** Resolves when saved; a rejected ApiError puts validation and name clashes on the field. */
  onSubmit: (values: { name: string; region?: Region | null }) => Promise<unknown>;
}

/** The select's value for "no region" (antd options need a value). */
const NO_REGION = '';

/** The regions with the area code each one's meetings start at, e.g. "Macao +853". */
function regionOptions(lang: ReturnType<typeof currentLanguage>, none: string) {
  return [
    { value: NO_REGION, label: none },
    ...REGIONS.map((region) => ({
      value: region,
      label: AREA_CODES.find((a) => a.value === REGION_AREA_CODES[region])!.label[lang],
    })),
  ];
}

/** Add (root or sub-organisation) and rename share one small form. Rendered only while open. */
export function OrganizationNameDialog({
  title,
  parentName,
  initialName,
  initialRegion,
  onCancel,
  onSubmit,
}: NameDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; region?: Region | typeof NO_REGION }>();
  const [saving, setSaving] = useState(false);
  const lang = currentLanguage();

  const submit = async () => {
    const { name, region } = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit({
        name: name.trim(),
        ...(initialRegion === undefined ? {} : { region: region ? region : null }),
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.VALIDATION_FAILED.code) {
        form.setFields(fieldErrors(error.data, ['name', 'region'] as const));
      } else if (error instanceof ApiError && error.code === ERRORS.ORGANIZATION_NAME_TAKEN.code) {
        form.setFields([{ name: 'name', errors: [error.message] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onCancel}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={testId('org-form-submit')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: initialName ?? '', region: initialRegion ?? NO_REGION }}
        requiredMark={false}
      >
        {parentName !== undefined && (
          <Form.Item label={t('organizations.parent')}>
            <Typography.Text data-testid="org-form-parent">{parentName}</Typography.Text>
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('organizations.name')}
          rules={[
            { required: true, whitespace: true, message: fieldMessage('organizationNameRequired', lang) },
            { max: 128, message: fieldMessage('tooLong', lang, 128) },
          ]}
        >
          <Input
            autoFocus
            maxLength={128}
            data-testid="org-form-name"
            onPressEnter={() => void submit().catch(() => undefined)}
          />
        </Form.Item>
        {initialRegion !== undefined && (
          <Form.Item name="region" label={t('organizations.region')} extra={t('organizations.regionHelp')}>
            <Select
              options={regionOptions(lang, t('organizations.regionNone'))}
              data-testid="org-form-region"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

interface MoveDialogProps {
  tree: readonly OrganizationNode[];
  node: OrganizationNode;
  onCancel: () => void;
  onSubmit: (parentId: number | null) => Promise<unknown>;
}

/** "Move to": a TreeSelect in which the node itself and its descendants cannot be chosen. */
export function OrganizationMoveDialog({ tree, node, onCancel, onSubmit }: MoveDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ parent: number }>();
  const [saving, setSaving] = useState(false);
  const lang = currentLanguage();
  // Users bound to an organisation work inside its subtree: the top level is not theirs to use.
  const scoped = useSessionStore((s) => s.user?.organization_id != null);
  const options = useMemo(
    () => [
      ...(scoped
        ? []
        : [{ value: TOP_LEVEL, title: t('organizations.topLevel'), disabled: false, children: [] }]),
      ...toTreeSelect(tree, subtreeIdsOf(tree, node.id)),
    ],
    [tree, node.id, t, scoped],
  );

  const submit = async () => {
    const { parent } = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(parent === TOP_LEVEL ? null : parent);
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.VALIDATION_FAILED.code) {
        const fields = fieldErrors(error.data, ['parent_id'] as const);
        form.setFields(fields.map((f) => ({ name: 'parent', errors: f.errors })));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('organizations.moveTitle', { name: node.name })}
      onCancel={onCancel}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={testId('org-move-submit')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ parent: node.parent_id ?? TOP_LEVEL }}
        requiredMark={false}
      >
        <Form.Item
          name="parent"
          label={t('organizations.target')}
          extra={t('organizations.moveHelp')}
          rules={[{ required: true, message: fieldMessage('organizationRequired', lang) }]}
        >
          <TreeSelect
            data-testid="org-move-select"
            treeData={options}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
