import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { CreatedApiToken } from '@meetflow/shared/schemas/integrations';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiTokenFormDialog } from './api-token-form-dialog.tsx';
import { SecretModal } from './secret-modal.tsx';
import '../i18n.ts';

/** The Add button, its form, then the new token's secret, shown once. */
export function ApiTokenAdd() {
  const { t } = useTranslation();
  const [formOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        data-testid="api-token-add"
        onClick={() => setFormOpen(true)}
      >
        {t('integrations.tokens.add')}
      </Button>
      {formOpen && (
        <ApiTokenFormDialog
          onClose={() => setFormOpen(false)}
          onCreated={(token) => {
            setFormOpen(false);
            setCreated(token);
          }}
        />
      )}
      {created && (
        <SecretModal
          title={t('integrations.tokens.secretTitle')}
          label={t('integrations.tokens.secretLabel')}
          secret={created.secret}
          usage={t('integrations.tokens.secretUse')}
          onClose={() => setCreated(null)}
        />
      )}
    </>
  );
}
