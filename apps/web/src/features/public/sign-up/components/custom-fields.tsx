import {
  LONG_TEXT_MAX,
  SHORT_TEXT_MAX,
  localText,
  type EngineField as FormField,
} from '@meetflow/shared/forms/form-basics';
import type { Language } from '@meetflow/shared/languages';
import { i18n, useTranslation, type TFunction } from '../../../../lib/i18n.ts';
import { ChoiceField, TextField, type ErrorTexts } from '../../components/form-fields.tsx';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { RatingField } from '../../components/rating-field.tsx';
import '../custom-form-i18n.ts';
import {
  answerName,
  fileOf,
  listOf,
  phoneOf,
  shownFields,
  textOf,
  yesNoOf,
  type AnswerErrorTexts,
} from '../custom-form-logic.ts';
import { ConsentAnswer, LongTextField, MultiChoiceField, PhoneAnswerFields } from './answer-inputs.tsx';
import './custom-fields.css';
import { FileAnswerField } from './file-answer.tsx';

// Loaded with the first form that has fields of its own (use-custom-form.ts): the engine goes with it.
export { answerLabels, checkCustomAnswers } from '../custom-form-logic.ts';
export { previewFields } from '../preview-fields.ts';

export interface CustomFieldsProps {
  /** A meeting's own fields, or an evaluation's questions (issue 43), which add the rating. */
  fields: readonly FormField[];
  answers: Readonly<Record<string, unknown>>;
  onAnswer: (key: string, value: unknown) => void;
  errors: ErrorTexts;
  /** The registration type chosen (date-schedule forms), which some fields are shown to. */
  userTypeId: number | null;
  publicId: string;
  defaultAreaCode: string;
  preview: boolean;
  onUploading: (key: string, busy: boolean) => void;
}

/** "Choose at least 1", "Choose 1 to 2": a multiple choice's limits, said before any error. */
function choiceLimits(field: FormField, t: TFunction): string {
  const { min, max } = field;
  if (min !== null && max !== null) return t('pubForm.chooseBetween', { min, max });
  if (min !== null) return t('pubForm.chooseAtLeast', { min });
  return max !== null ? t('pubForm.chooseAtMost', { max }) : '';
}

function OneField({ field, ...p }: CustomFieldsProps & { field: FormField }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const name = answerName(field.key);
  const label = localText(field.label, lang);
  const help = localText(field.help, lang);
  const value = p.answers[field.key];
  const set = (next: unknown) => p.onAnswer(field.key, next);
  const base = { name, label, required: field.required, hint: help || undefined, error: p.errors[name] };
  const textMax = (most: number) => Math.min(field.max ?? most, most);
  switch (field.type) {
    case 'heading':
      return <h3 className="mf-pub-form-heading">{label}</h3>;
    case 'note':
      return <p className="mf-pub-form-note">{[label, help].filter(Boolean).join('\n')}</p>;
    case 'short_text':
    case 'email':
    case 'number':
    case 'date': {
      const kind = {
        short_text: {},
        email: { type: 'email', inputMode: 'email' },
        number: { inputMode: 'decimal' },
        date: { type: 'date' },
      } as const;
      const max = field.type === 'short_text' || field.type === 'email' ? textMax(SHORT_TEXT_MAX) : undefined;
      return (
        <TextField {...base} {...kind[field.type]} maxLength={max} value={textOf(value)} onChange={set} />
      );
    }
    case 'long_text':
      return (
        <LongTextField {...base} maxLength={textMax(LONG_TEXT_MAX)} value={textOf(value)} onChange={set} />
      );
    case 'choice':
    case 'yes_no': {
      const options =
        field.type === 'yes_no'
          ? [
              { value: 'yes', label: t('pub.yes') },
              { value: 'no', label: t('pub.no') },
            ]
          : field.options.map((o) => ({ value: o.value, label: localText(o.label, lang) }));
      const shown = field.type === 'yes_no' ? yesNoOf(value) : textOf(value);
      const choose = (v: string) => set(field.type === 'yes_no' ? v === 'yes' : v);
      return <ChoiceField {...base} options={options} value={shown} onChange={choose} />;
    }
    case 'multi_choice': {
      const options = field.options.map((o) => ({ value: o.value, label: localText(o.label, lang) }));
      const hint = [help, choiceLimits(field, t)].filter(Boolean).join(' · ') || undefined;
      return (
        <MultiChoiceField
          {...base}
          hint={hint}
          field={field}
          options={options}
          value={listOf(value)}
          onChange={set}
        />
      );
    }
    case 'rating': {
      const points = field.options.map((o) => localText(o.label, lang));
      const point = typeof value === 'number' ? value : null;
      return <RatingField {...base} points={points} value={point} onChange={set} />;
    }
    case 'consent':
      return <ConsentAnswer {...base} value={value === true} onChange={set} />;
    case 'phone':
      return <PhoneAnswerFields {...base} value={phoneOf(value, p.defaultAreaCode)} onChange={set} />;
    case 'file':
      return (
        <FileAnswerField
          {...base}
          value={fileOf(value)}
          onChange={set}
          publicId={p.publicId}
          preview={p.preview}
          onBusy={(busy) => p.onUploading(field.key, busy)}
        />
      );
  }
}

/**
 * The meeting's own fields after the built-in ones: those shown for the answers so far and the
 * registration type chosen, each with its label and help in the page's language.
 */
export function CustomFields(props: CustomFieldsProps) {
  const shown = shownFields(props.fields, props.answers, props.userTypeId);
  if (shown.length === 0) return null;
  return (
    <div className="mf-pub-form mf-pub-custom" data-testid="custom-fields">
      {shown.map((field) => (
        <OneField key={field.key} field={field} {...props} />
      ))}
    </div>
  );
}

/** The organiser's preview: said above the form, with the fields still on their way. */
export function PreviewBanner({ waiting }: { waiting: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mf-pub-preview" role="note" data-testid="form-preview-banner">
      <strong>{t('pubForm.previewTitle')}</strong>
      {t('pubForm.previewNote')}
      {waiting && <p className="mf-pub-preview-wait">{t('pubForm.previewWaiting')}</p>}
    </div>
  );
}

/** "Wait for the upload" for each file field still uploading when the visitor submits. */
export function uploadBusyErrors(fields: readonly FormField[], keys: ReadonlySet<string>): AnswerErrorTexts {
  const errors: AnswerErrorTexts = {};
  for (const field of fields) {
    if (!keys.has(field.key)) continue;
    errors[answerName(field.key)] = (lang: Language) =>
      i18n.getFixedT(lang)('pubForm.waitForUpload', { label: localText(field.label, lang) });
  }
  return errors;
}
