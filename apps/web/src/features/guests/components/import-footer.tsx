import type { ReactNode } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { currentLanguage, useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { htmlLang } from '../../../lib/language.ts';
import type { ImportFlow } from '../use-import-flow.ts';

/** The import drawer's buttons for the step it is at: discard and next, back and start, or close. */
export function ImportFooter({ flow }: { flow: ImportFlow }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const number = (n: number) => n.toLocaleString(htmlLang(lang));
  // Called, not rendered as a component: each button is then one of the Space's items.
  return (
    <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
      {footerButtons(flow, t, number)}
    </Space>
  );
}

function footerButtons(flow: ImportFlow, t: TFunction, number: (n: number) => string): ReactNode {
  const { actions, step, check, toWrite } = flow;

  const discardButton = (
    <Popconfirm
      title={t('guestImport.discardConfirm')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onConfirm={() => flow.discard()}
      okButtonProps={{ danger: true, 'data-testid': 'import-discard-confirm' }}
    >
      <Button danger loading={actions.discard.isPending} data-testid="import-discard">
        {t('guestImport.discard')}
      </Button>
    </Popconfirm>
  );

  if (step === 'columns') {
    return (
      <>
        {discardButton}
        <Button
          type="primary"
          disabled={!check.ok || actions.encoding.isPending}
          onClick={flow.runPreview}
          data-testid="import-next"
        >
          {t('guestImport.columns.next')}
        </Button>
      </>
    );
  }
  if (step === 'preview') {
    return (
      <>
        <Button onClick={flow.back} disabled={actions.start.isPending} data-testid="import-back">
          {t('guestImport.preview.back')}
        </Button>
        {discardButton}
        <Popconfirm
          title={t('guestImport.preview.confirmTitle')}
          description={
            toWrite &&
            t('guestImport.willWrite', {
              count: toWrite.total,
              total: number(toWrite.total),
              created: number(toWrite.created),
              updated: number(toWrite.updated),
            })
          }
          okText={t('guestImport.preview.confirmOk')}
          cancelText={t('common.cancel')}
          onConfirm={() => flow.start()}
          okButtonProps={{ 'data-testid': 'import-start-confirm' }}
        >
          <Button
            type="primary"
            disabled={!toWrite || toWrite.total === 0}
            loading={actions.start.isPending}
            data-testid="import-start"
          >
            {t('guestImport.preview.start')}
          </Button>
        </Popconfirm>
      </>
    );
  }
  return (
    <Button type={step === 'done' ? 'primary' : 'default'} onClick={flow.close} data-testid="import-close">
      {t('guestImport.close')}
    </Button>
  );
}
