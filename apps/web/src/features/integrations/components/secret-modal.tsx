import { useId, useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { toast } from '../../../lib/toast.ts';
import '../i18n.ts';

interface Props {
  title: string;
  /** What the secret is called ("API token", "Signing secret"). */
  label: string;
  secret: string;
  /** How the secret is used. */
  usage: string;
  onClose: () => void;
}

/**
 * A secret the server answers once (an API token, a webhook's signing secret). It closes only by its
 * own buttons: a click beside it does nothing, and closing before the secret was copied asks first.
 */
export function SecretModal({ title, label, secret, usage, onClose }: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const copy = async () => {
    if (await copyText(secret)) {
      setCopied(true);
      toast.success(t('integrations.secret.copied'));
    } else {
      toast.error(t('integrations.secret.copyFailed'));
    }
  };
  const close = () => (copied ? onClose() : setConfirming(true));

  return (
    <Modal
      open
      title={title}
      mask={{ closable: false }}
      onCancel={close}
      width={600}
      destroyOnHidden
      footer={
        <Button type={copied ? 'primary' : 'default'} onClick={close} data-testid="secret-done">
          {t('integrations.secret.done')}
        </Button>
      }
    >
      <Flex vertical gap={12} data-testid="secret-modal">
        <Alert type="warning" showIcon title={t('integrations.secret.once')} data-testid="secret-warning" />
        <div>
          <label htmlFor={inputId} style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>
            {label}
          </label>
          <Flex gap={8} align="flex-start">
            <Input.TextArea
              id={inputId}
              readOnly
              value={secret}
              autoSize
              spellCheck={false}
              onFocus={(event) => event.target.select()}
              style={{
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                wordBreak: 'break-all',
              }}
              data-testid="secret-value"
            />
            <Button
              type={copied ? 'default' : 'primary'}
              icon={copied ? <CheckOutlined /> : <CopyOutlined />}
              onClick={() => void copy()}
              data-testid="secret-copy"
            >
              {copied ? t('integrations.secret.copied') : t('integrations.secret.copy')}
            </Button>
          </Flex>
        </div>
        <Typography.Text type="secondary">{usage}</Typography.Text>
        {confirming && (
          <Alert
            type="error"
            title={t('integrations.secret.closeTitle')}
            description={t('integrations.secret.closeText')}
            data-testid="secret-close-confirm"
            action={
              <Flex vertical gap={8}>
                <Button size="small" danger onClick={onClose} data-testid="secret-close-anyway">
                  {t('integrations.secret.closeAnyway')}
                </Button>
                <Button size="small" onClick={() => setConfirming(false)} data-testid="secret-close-back">
                  {t('integrations.secret.back')}
                </Button>
              </Flex>
            }
          />
        )}
      </Flex>
    </Modal>
  );
}
