import { useMemo } from 'react';
import { Checkbox, Form, Input, Modal, Switch, TreeSelect, type GetProps } from 'antd';
import { ERRORS } from '@meetflow/shared/errors';
import { fieldMessage } from '@meetflow/shared/field-messages';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  webhookEndpointBody,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@meetflow/shared/schemas/integrations';
import { ApiError } from '../../../lib/http.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { useOrganizationTree } from '../../../lib/organization-tree.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { toTreeSelect } from '../../../lib/tree-utils.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useCreateWebhook, useUpdateWebhook } from '../webhooks-api.ts';
import {
  WEBHOOK_FORM_FIELDS,
  eventLabel,
  toWebhookBody,
  webhookFormValues,
  type WebhookFormValues,
} from '../webhook-form.ts';
import '../i18n.ts';

const testId = (id: string): Record<string, string> => ({ 'data-testid': id });

/**
 * The event checkboxes without the `aria-required` Form.Item adds to its control: a group of
 * checkboxes may not carry it (ARIA); the label's mark and the rule's message say it instead.
 */
function EventChecks({
  'aria-required': _required,
  ...props
}: GetProps<typeof Checkbox.Group> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group {...props} />;
}

interface Props {
  /** null: a new endpoint. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  /** A new endpoint comes with its signing secret (shown once); an edited one without. */
  onSaved: (saved: WebhookEndpoint | WebhookEndpointWithSecret) => void;
}

/** Add / edit a webhook endpoint: where to, which events, whose (organisation), on or off. */
export function WebhookFormDialog({ endpoint, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<WebhookFormValues>();
  const user = useSessionStore((s) => s.user);
  // An administrator (no organisation of their own) may choose every organisation; others need one.
  const ownOrganization = user?.organization_id ?? null;
  const mayChooseAll = ownOrganization === null;
  const { data: tree = [] } = useOrganizationTree();
  const orgOptions = useMemo(() => toTreeSelect(tree), [tree]);
  const chosen = Form.useWatch('event_types', form) ?? [];
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const saving = create.isPending || update.isPending;
  const testLabel = t('integrations.webhooks.testEvent');

  const submit = async () => {
    const values = await form.validateFields();
    const body = toWebhookBody(values);
    try {
      onSaved(
        endpoint ? await update.mutateAsync({ id: endpoint.id, body }) : await create.mutateAsync(body),
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.VALIDATION_FAILED.code) {
        form.setFields(fieldErrors(error.data, WEBHOOK_FORM_FIELDS));
      } else if (error instanceof ApiError && error.code === ERRORS.WEBHOOK_URL_TAKEN.code) {
        // Another endpoint of the same organisations has this URL: said where it is typed.
        form.setFields([{ name: 'url', errors: [error.message] }]);
      }
    }
  };

  const allChosen = WEBHOOK_EVENT_TYPES.every((type) => chosen.includes(type));

  return (
    <Modal
      open
      title={endpoint ? t('integrations.webhooks.editTitle') : t('integrations.webhooks.add')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={testId('webhook-form-submit')}
      width={640}
      destroyOnHidden
    >
      <Form<WebhookFormValues>
        form={form}
        layout="vertical"
        initialValues={webhookFormValues(endpoint, ownOrganization)}
        data-testid="webhook-form"
      >
        <Form.Item
          name="url"
          label={t('integrations.webhooks.url')}
          rules={[zodRule(webhookEndpointBody.shape.url, lang)]}
        >
          <Input
            type="url"
            inputMode="url"
            maxLength={WEBHOOK_URL_MAX}
            autoComplete="off"
            placeholder={t('integrations.webhooks.urlPlaceholder')}
            data-testid="webhook-form-url"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('integrations.webhooks.description')}
          rules={[{ max: 200, message: fieldMessage('tooLong', lang, 200) }]}
        >
          <Input maxLength={200} data-testid="webhook-form-description" />
        </Form.Item>
        <Form.Item label={t('integrations.webhooks.events')} required>
          <Checkbox
            checked={allChosen}
            indeterminate={chosen.length > 0 && !allChosen}
            onChange={(event) => {
              form.setFieldValue('event_types', event.target.checked ? [...WEBHOOK_EVENT_TYPES] : []);
              void form.validateFields(['event_types']).catch(() => undefined);
            }}
            style={{ marginBottom: 8 }}
            data-testid="webhook-form-all-events"
          >
            {t('integrations.webhooks.selectAll')}
          </Checkbox>
          <Form.Item
            name="event_types"
            noStyle
            rules={[
              { required: true, type: 'array', min: 1, message: fieldMessage('webhookEventsRequired', lang) },
            ]}
          >
            <EventChecks
              role="group"
              aria-label={t('integrations.webhooks.events')}
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
                gap: 6,
              }}
              options={WEBHOOK_EVENT_TYPES.map((type) => ({
                value: type,
                label: (
                  <span data-testid={`webhook-form-event-${type}`}>
                    {eventLabel(type, lang, testLabel)}{' '}
                    <span style={{ color: 'var(--ant-color-text-secondary)', fontSize: 12 }}>{type}</span>
                  </span>
                ),
              }))}
            />
          </Form.Item>
        </Form.Item>
        <Form.Item
          name="organization_id"
          label={t('integrations.webhooks.organization')}
          extra={t('integrations.webhooks.organizationHelp')}
          rules={[{ required: !mayChooseAll, message: fieldMessage('organizationRequired', lang) }]}
          // A cleared picker is "every organisation" (null), not a missing value.
          normalize={(value: number | undefined) => value ?? null}
        >
          <TreeSelect
            treeData={orgOptions}
            treeDefaultExpandAll
            allowClear={mayChooseAll}
            showSearch
            treeNodeFilterProp="title"
            placeholder={mayChooseAll ? t('integrations.webhooks.allOrganizations') : undefined}
            data-testid="webhook-form-organization"
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('integrations.webhooks.enabled')} valuePropName="checked">
          <Switch
            checkedChildren={t('integrations.webhooks.statusOn')}
            unCheckedChildren={t('integrations.webhooks.statusOff')}
            data-testid="webhook-form-enabled"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
