import { useMemo, useState } from 'react';
import { Alert, Checkbox, DatePicker, Form, Input, Modal, Radio } from 'antd';
import { ERRORS } from '@meetflow/shared/errors';
import { fieldMessage } from '@meetflow/shared/field-messages';
import {
  API_TOKEN_NAME_MAX,
  createApiTokenBody,
  type CreatedApiToken,
} from '@meetflow/shared/schemas/integrations';
import { ApiError } from '../../../lib/http.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { useCreateApiToken } from '../api-tokens-api.ts';
import {
  EXPIRY_CHOICES,
  TOKEN_FORM_FIELDS,
  grantablePermissions,
  latestExpiry,
  toCreateTokenBody,
  type TokenFormValues,
} from '../token-form.ts';
import '../i18n.ts';

const testId = (id: string): Record<string, string> => ({ 'data-testid': id });

interface FormShape extends Omit<TokenFormValues, 'expiryDate'> {
  expiryDate?: dayjs.Dayjs | null;
}

interface Props {
  onClose: () => void;
  onCreated: (token: CreatedApiToken) => void;
}

/** A new API token for oneself: a name, some of one's own permissions, and when it stops working. */
export function ApiTokenFormDialog({ onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<FormShape>();
  const held = useSessionStore((s) => s.permissions);
  const grantable = useMemo(() => grantablePermissions(held), [held]);
  const chosen = Form.useWatch('permissions', form) ?? [];
  const expiry = Form.useWatch('expiry', form);
  const create = useCreateApiToken();
  // The picker's bounds, fixed when the form opens (the server checks again against its own clock).
  const [opened] = useState(() => Date.now());

  const submit = async () => {
    const { expiryDate, ...values } = await form.validateFields();
    const body = toCreateTokenBody(
      { ...values, expiryDate: expiryDate ? expiryDate.endOf('day').valueOf() : null },
      Date.now(),
    );
    try {
      onCreated(await create.mutateAsync(body));
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.VALIDATION_FAILED.code) {
        form.setFields(
          fieldErrors(error.data, TOKEN_FORM_FIELDS).map(({ name, errors }) => ({
            name: name === 'expires_at' ? (values.expiry === 'date' ? 'expiryDate' : 'expiry') : name,
            errors,
          })),
        );
      }
      // Anything else (a token's request: 40320) the client has shown as the server said it.
    }
  };

  const allChosen = grantable.length > 0 && grantable.every((p) => chosen.includes(p));

  return (
    <Modal
      open
      title={t('integrations.tokens.add')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={create.isPending}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={testId('api-token-form-submit')}
      width={640}
      destroyOnHidden
    >
      <Form<FormShape>
        form={form}
        layout="vertical"
        initialValues={{ name: '', permissions: [], expiry: 'd90' }}
        data-testid="api-token-form"
      >
        <Form.Item
          name="name"
          label={t('integrations.tokens.name')}
          rules={[zodRule(createApiTokenBody.shape.name, lang)]}
        >
          <Input
            maxLength={API_TOKEN_NAME_MAX}
            autoComplete="off"
            placeholder={t('integrations.tokens.namePlaceholder')}
            data-testid="api-token-form-name"
          />
        </Form.Item>
        <Form.Item
          label={t('integrations.tokens.permissions')}
          extra={t('integrations.tokens.permissionsHelp')}
          required
        >
          <Checkbox
            checked={allChosen}
            indeterminate={chosen.length > 0 && !allChosen}
            onChange={(event) => {
              form.setFieldValue('permissions', event.target.checked ? grantable : []);
              void form.validateFields(['permissions']).catch(() => undefined);
            }}
            style={{ marginBottom: 8 }}
            data-testid="api-token-form-all"
          >
            {t('integrations.tokens.selectAll')}
          </Checkbox>
          <Form.Item
            name="permissions"
            noStyle
            rules={[
              {
                required: true,
                type: 'array',
                min: 1,
                message: fieldMessage('tokenPermissionsRequired', lang),
              },
            ]}
          >
            <Checkbox.Group
              role="group"
              aria-label={t('integrations.tokens.permissions')}
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
                gap: 6,
              }}
              options={grantable.map((permission) => ({
                value: permission,
                label: (
                  <span data-testid={`api-token-permission-${permission}`}>
                    {t(`integrations.permissions.${permission}`)}
                  </span>
                ),
              }))}
            />
          </Form.Item>
        </Form.Item>
        <Form.Item name="expiry" label={t('integrations.tokens.expiry')}>
          <Radio.Group
            optionType="button"
            options={EXPIRY_CHOICES.map((choice) => ({
              value: choice,
              label: (
                <span data-testid={`api-token-expiry-${choice}`}>
                  {t(`integrations.tokens.expiryOptions.${choice}`)}
                </span>
              ),
            }))}
          />
        </Form.Item>
        {expiry === 'date' && (
          <Form.Item
            name="expiryDate"
            label={t('integrations.tokens.expiryDate')}
            rules={[{ required: true, message: t('integrations.tokens.expiryDateRequired') }]}
          >
            <DatePicker
              disabledDate={(day) =>
                day.endOf('day').valueOf() <= opened || day.startOf('day').valueOf() > latestExpiry(opened)
              }
              data-testid="api-token-form-date"
            />
          </Form.Item>
        )}
        {expiry === 'never' && (
          <Alert
            type="warning"
            showIcon
            title={t('integrations.tokens.neverWarning')}
            data-testid="api-token-never-warning"
          />
        )}
      </Form>
    </Modal>
  );
}
