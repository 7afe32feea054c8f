import { useState } from 'react';
import { Segmented, Typography } from 'antd';
import type { FormField } from '@meetflow/shared/forms/form-definition';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import { LANGUAGE_NAMES } from '../../../components/lang-switch.tsx';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { previewLink } from '../form-builder-logic.ts';
import { publicLink } from '../meeting-text.ts';
import { useFormPreview } from '../use-form-preview.ts';
import '../form-builder-i18n.ts';

/**
 * The sign-up page itself at phone width, in preview mode, showing the draft as it is edited: the
 * page says when it is ready and the builder sends it the fields (use-form-preview.ts). Each language
 * is the page opened with that language in its link, as a guest's mail opens it.
 */
export function FormPreview(props: {
  publicId: string;
  fields: readonly FormField[];
  multiLanguage: boolean;
}) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Language>(currentLanguage);
  const frame = useFormPreview(props.fields);
  const src = previewLink(publicLink('sign-up', props.publicId), lang);
  return (
    <section className="mf-form-preview" aria-labelledby="mf-form-preview-title" data-testid="form-preview">
      <div className="mf-form-preview-head">
        <Typography.Title level={2} id="mf-form-preview-title" className="mf-form-heading">
          {t('formBuilder.preview')}
        </Typography.Title>
        <Segmented<Language>
          size="small"
          value={lang}
          onChange={setLang}
          options={LANGUAGES.map((code) => ({
            value: code,
            label: (
              <span lang={code} data-testid={`form-preview-lang-${code}`}>
                {LANGUAGE_NAMES[code]}
              </span>
            ),
          }))}
          aria-label={t('formBuilder.previewLanguage')}
          data-testid="form-preview-language"
        />
      </div>
      <Typography.Paragraph type="secondary" className="mf-form-note">
        {t('formBuilder.previewNote')}
        {!props.multiLanguage && <> {t('formBuilder.previewOneLanguage')}</>}
      </Typography.Paragraph>
      {/* A new address per language: the page reloads in it and asks for the draft again. */}
      <iframe
        key={lang}
        ref={frame}
        src={src}
        title={t('formBuilder.previewFrame', { lang: LANGUAGE_NAMES[lang] })}
        className="mf-form-preview-frame"
        width={360}
        data-testid="form-preview-frame"
      />
    </section>
  );
}
