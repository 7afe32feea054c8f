import { useEffect } from 'react';
import { Alert, Button, Drawer, Modal, Space, Spin, Tag } from 'antd';
import type { ButtonProps } from 'antd';
import { nameIn } from '@meetflow/shared/languages';
import { LoadError } from '../../../components/load-error.tsx';
import { usePermission } from '../../../components/permission.tsx';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import type { FormBuilderMeeting } from '../form-builder-types.ts';
import { useFormBuilder } from '../use-form-builder.ts';
import { BuiltInFields, OwnFields } from './form-builder-list.tsx';
import { FormPreview } from './form-preview.tsx';
import './form-builder.css';
import '../form-builder-i18n.ts';

/**
 * A meeting's registration form (issue 42): the spec's fields of its type, locked, then the meeting's
 * own fields to add, edit, order, retire or remove, with the sign-up page itself as a live preview at
 * phone width. Without meeting:edit everything is shown read-only.
 */
export function FormBuilderDrawer(props: {
  meeting: FormBuilderMeeting;
  open: boolean;
  onClose: () => void;
}) {
  const { meeting, open, onClose } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const canEdit = usePermission().hasAny('meeting:edit');
  const [modal, modalHolder] = Modal.useModal();

  const builder = useFormBuilder(meeting.id, open, (reload) => {
    void modal.confirm({
      title: t('formBuilder.conflictTitle'),
      content: t('formBuilder.conflictBody'),
      okText: t('formBuilder.conflictReload'),
      cancelText: t('formBuilder.conflictKeep'),
      okButtonProps: { 'data-testid': 'form-conflict-reload' } as ButtonProps,
      onOk: reload,
    });
  });
  const { query, base, dirty } = builder;

  // Leaving the page (reload, another address) with unsaved changes asks the browser's own question.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function close() {
    if (!dirty) return onClose();
    void modal.confirm({
      title: t('formBuilder.discardTitle'),
      content: t('formBuilder.discardBody'),
      okText: t('formBuilder.discard'),
      cancelText: t('formBuilder.keepEditing'),
      okButtonProps: { danger: true, 'data-testid': 'form-discard-confirm' } as ButtonProps,
      onOk: onClose,
    });
  }

  const title = `${t('formBuilder.title')} · ${nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en)}`;

  return (
    <Drawer
      open={open}
      onClose={close}
      title={title}
      size="min(1320px, 100vw)"
      placement="right"
      destroyOnHidden
      extra={
        <Space>
          {dirty && (
            <Tag color="orange" data-testid="form-unsaved">
              {t('formBuilder.unsaved')}
            </Tag>
          )}
          <Button onClick={close} data-testid="form-close">
            {t(canEdit ? 'formBuilder.cancel' : 'formBuilder.close')}
          </Button>
          {canEdit && (
            <Button
              type="primary"
              loading={builder.saving}
              disabled={!base}
              onClick={() => void builder.save()}
              data-testid="form-save"
            >
              {t('formBuilder.save')}
            </Button>
          )}
        </Space>
      }
    >
      <div data-testid="form-builder">
        {query.isError && !base ? (
          <LoadError
            title={t('formBuilder.loadFailed')}
            reason={query.error.message}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : !base ? (
          <div className="mf-form-loading">
            <Spin />
          </div>
        ) : (
          <div className="mf-form-layout">
            <div className="mf-form-main">
              {!canEdit && (
                <Alert
                  type="warning"
                  showIcon
                  title={t('formBuilder.readOnly')}
                  className="mf-form-alert"
                  data-testid="form-read-only"
                />
              )}
              {builder.errors.general.length > 0 && (
                <Alert
                  type="error"
                  showIcon
                  title={builder.errors.general.join(' ')}
                  className="mf-form-alert"
                  data-testid="form-general-error"
                />
              )}
              <BuiltInFields type={meeting.meeting_type} />
              <OwnFields builder={builder} meeting={meeting} canEdit={canEdit} />
            </div>
            <FormPreview
              publicId={meeting.public_id}
              fields={builder.draft}
              multiLanguage={meeting.multi_language}
            />
          </div>
        )}
      </div>
      {modalHolder}
    </Drawer>
  );
}
