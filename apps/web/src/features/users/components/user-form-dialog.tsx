import { useMemo, useState } from 'react';
import { Form, Input, Modal, Select, Switch, TreeSelect } from 'antd';
import { ERRORS } from '@meetflow/shared/errors';
import { fieldMessage } from '@meetflow/shared/field-messages';
import {
  ACCOUNT_PATTERN,
  MIN_PASSWORD_LENGTH,
  type AdminUser,
  type Role,
} from '@meetflow/shared/schemas/users';
import { ApiError } from '../../../lib/http.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { useOrganizationTree } from '../../../lib/organization-tree.ts';
import { toTreeSelect } from '../../../lib/tree-utils.ts';
import { useCreateUser, useUpdateUser } from '../users-api.ts';
import {
  USER_FORM_FIELDS,
  formValuesOf,
  organizationRequired,
  roleLabelKey,
  toCreateBody,
  toUpdateBody,
  type UserFormValues,
} from '../user-form.ts';
import '../i18n.ts';

const testId = (id: string): Record<string, string> => ({ 'data-testid': id });

interface Props {
  /** null: a new user. */
  user: AdminUser | null;
  roles: readonly Role[];
  onClose: () => void;
  onSaved: (created: boolean) => void;
}

/** Add / edit a back-office user. Rendered only while open; the same rules as the server's schema. */
export function UserFormDialog({ user, roles, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<UserFormValues>();
  const roleId = Form.useWatch('role_id', form);
  const { data: tree = [] } = useOrganizationTree();
  const create = useCreateUser();
  const update = useUpdateUser();
  const [saving, setSaving] = useState(false);
  const needsOrganization = organizationRequired(roles, roleId);
  const orgOptions = useMemo(() => toTreeSelect(tree), [tree]);
  const roleOptions = roles.map((r) => {
    const key = roleLabelKey(r.code);
    return { value: r.id, label: key ? t(key) : r.name };
  });

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if (user) await update.mutateAsync({ id: user.id, body: toUpdateBody(values) });
      else await create.mutateAsync(toCreateBody(values));
      onSaved(!user);
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.VALIDATION_FAILED.code) {
        form.setFields(fieldErrors(error.data, USER_FORM_FIELDS));
      } else if (error instanceof ApiError && error.code === ERRORS.ACCOUNT_TAKEN.code) {
        form.setFields([{ name: 'account', errors: [error.message] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={user ? t('users.editTitle') : t('users.add')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={testId('user-form-submit')}
      destroyOnHidden
    >
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        initialValues={formValuesOf(user)}
        data-testid="user-form"
      >
        <Form.Item
          name="account"
          label={t('users.account')}
          rules={[
            { required: true, whitespace: true, message: fieldMessage('accountRequired', lang) },
            { pattern: ACCOUNT_PATTERN, message: fieldMessage('accountFormat', lang) },
          ]}
        >
          <Input disabled={Boolean(user)} maxLength={64} autoComplete="off" data-testid="user-form-account" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('users.name')}
          rules={[
            { required: true, whitespace: true, message: fieldMessage('nameRequired', lang) },
            { max: 128, message: fieldMessage('tooLong', lang, 128) },
          ]}
        >
          <Input maxLength={128} data-testid="user-form-name" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('users.email')}
          rules={[{ type: 'email', message: fieldMessage('emailInvalid', lang) }]}
        >
          <Input maxLength={254} data-testid="user-form-email" />
        </Form.Item>
        <Form.Item
          name="role_id"
          label={t('users.role')}
          rules={[{ required: true, message: fieldMessage('roleRequired', lang) }]}
        >
          <Select options={roleOptions} data-testid="user-form-role" />
        </Form.Item>
        <Form.Item
          name="organization_id"
          label={t('users.organization')}
          extra={t('users.organizationHelp')}
          dependencies={['role_id']}
          rules={[{ required: needsOrganization, message: fieldMessage('organizationRequired', lang) }]}
        >
          <TreeSelect
            treeData={orgOptions}
            treeDefaultExpandAll
            allowClear
            showSearch
            treeNodeFilterProp="title"
            placeholder={needsOrganization ? undefined : t('users.allOrganizations')}
            data-testid="user-form-organization"
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('users.enabled')} valuePropName="checked">
          <Switch
            checkedChildren={t('users.enabledOn')}
            unCheckedChildren={t('users.enabledOff')}
            data-testid="user-form-enabled"
          />
        </Form.Item>
        {!user && (
          <Form.Item
            name="password"
            label={t('users.password')}
            extra={t('users.passwordHelp')}
            dependencies={['account']}
            rules={[
              { required: true, message: fieldMessage('passwordRequired', lang) },
              { min: MIN_PASSWORD_LENGTH, message: fieldMessage('passwordTooWeak', lang) },
              ({ getFieldValue }) => ({
                validator: async (_, value?: string) => {
                  const account = String(getFieldValue('account') ?? '')
                    .trim()
                    .toLowerCase();
                  if (value && account && value.toLowerCase() === account)
                    throw new Error(fieldMessage('passwordTooWeak', lang));
                },
              }),
            ]}
          >
            <Input.Password maxLength={128} autoComplete="new-password" data-testid="user-form-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
