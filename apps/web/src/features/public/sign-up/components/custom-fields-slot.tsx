import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';
import type { ErrorTexts } from '../../components/form-fields.tsx';
import type { CustomForm } from '../use-custom-form.ts';

/**
 * Where a sign-up form shows the meeting's own fields: their inputs once their code is in, a line
 * while it loads, a retry when it could not be loaded.
 */
export function CustomFieldsSlot({
  custom,
  meeting,
  answers,
  onAnswer,
  errors,
  userTypeId,
  preview,
}: {
  custom: CustomForm;
  meeting: PublicMeeting;
  answers: Readonly<Record<string, unknown>>;
  onAnswer: (key: string, value: unknown) => void;
  errors: ErrorTexts;
  userTypeId: number | null;
  preview: boolean;
}) {
  const { t } = useTranslation();
  if (custom.fields.length === 0) return null;
  if (custom.failed) {
    return (
      <div className="mf-pub-notice" role="alert" data-testid="custom-fields-failed">
        <p>{t('pub.loadFailed')}</p>
        <button type="button" className="mf-pub-button mf-pub-secondary" onClick={custom.retry}>
          {t('pub.retry')}
        </button>
      </div>
    );
  }
  const Fields = custom.module?.CustomFields;
  if (!Fields) {
    return (
      <p className="mf-pub-hint" role="status">
        {t('pub.loading')}
      </p>
    );
  }
  return (
    <Fields
      fields={custom.fields}
      answers={answers}
      onAnswer={onAnswer}
      errors={errors}
      userTypeId={userTypeId}
      publicId={meeting.public_id}
      defaultAreaCode={meeting.default_area_code ?? ''}
      preview={preview}
      onUploading={custom.setFileBusy}
    />
  );
}

/** The preview's banner, once the fields' code (which holds its texts) is in. */
export function PreviewNotice({ custom, waiting }: { custom: CustomForm; waiting: boolean }) {
  const Banner = custom.module?.PreviewBanner;
  return Banner ? <Banner waiting={waiting} /> : null;
}
