import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { nameIn, type Language } from '@meetflow/shared/languages';
import { useTranslation, type TFunction } from '../../../../lib/i18n.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { PUBLIC_ERROR_CODES, PublicApiError } from '../../public-api.ts';
import {
  answerName,
  consentErrors,
  consentFields,
  dateScheduleBody,
  EMPTY_DATE_SCHEDULE,
  sessionsForType,
  validateDateSchedule,
  type DateScheduleForm,
} from '../sign-up-form.ts';
import { loadPhoneRule } from '../../phone-rule.ts';
import { useCustomForm } from '../use-custom-form.ts';
import type { FormPreview } from '../use-form-preview.ts';
import { useSignUpDraft } from '../use-sign-up-draft.ts';
import { useSignUpSubmit } from '../use-sign-up-submit.ts';
import { CustomFieldsSlot, PreviewNotice } from './custom-fields-slot.tsx';
import { PricingSlot } from '../../payments/components/pricing-slot.tsx';
import { userTypeLabel } from '../../payments/payment-choice.ts';
import { usePaymentChoice } from '../../payments/use-payment-choice.ts';
import { seatState } from '../../waitlist-state.ts';
import { SessionChoice } from './session-choice.tsx';
import {
  ConsentField,
  emailField,
  fieldLabels,
  SignUpFields,
  SignUpSummary,
  yesNo,
  type SignUpField,
} from './sign-up-fields.tsx';

const STEP_ONE_FIELDS = new Set(Object.keys(EMPTY_DATE_SCHEDULE));
/** Step 1's fields: the built-in ones and the meeting's own (whose errors come as `answers.<key>`). */
const onStepOne = (name: string) => STEP_ONE_FIELDS.has(name) || name.startsWith(answerName(''));

/** Step 1: the guest's data. */
function stepOneFields(
  t: TFunction,
  lang: Language,
  meeting: PublicMeeting,
): SignUpField<keyof DateScheduleForm>[] {
  const na = t('pub.naHint');
  return [
    { kind: 'text', name: 'name_zh', label: t('pub.nameZh'), required: true, hint: na },
    { kind: 'text', name: 'name_en', label: t('pub.nameEn'), required: true, hint: na, autoComplete: 'name' },
    { kind: 'phone' },
    emailField(t),
    { kind: 'text', name: 'organization', label: t('pub.organization'), autoComplete: 'organization' },
    {
      kind: 'select',
      name: 'user_type_id',
      label: t('pub.userType'),
      required: true,
      options: meeting.user_types.map((u) => ({
        value: String(u.id),
        // A paid meeting's fee of each type beside its name (issue 44).
        label: userTypeLabel(meeting.pricing, u.id, nameIn(lang, u.name, u.name_cn, u.name_en), lang),
      })),
    },
    { kind: 'text', name: 'license_number', label: t('pub.licenseNumber'), required: true, hint: na },
    { kind: 'text', name: 'other', label: t('pub.other') },
    { kind: 'choice', name: 'academy_member', label: t('pub.academyMember'), options: yesNo(t) },
    {
      kind: 'select',
      name: 'college_category_id',
      label: t('pub.collegeCategory'),
      hidden: meeting.college_categories.length === 0,
      options: meeting.college_categories.map((c) => ({
        value: String(c.id),
        label: nameIn(lang, c.name, c.name_cn, c.name_en),
      })),
    },
  ];
}

/** The confirmation's line naming the full sessions chosen for their waiting lists, if any. */
/** Step 2's checks: the sessions and the privacy notice's box (both on this step), together. */
function stepTwoErrors<E extends object>(
  picked: number[],
  paymentErrors: E,
  askConsent: boolean,
  consent: boolean,
) {
  return {
    ...(picked.length === 0 ? { schedule_ids: 'scheduleRequired' as const } : {}),
    ...paymentErrors,
    ...consentErrors(askConsent, consent),
  };
}

function waitlistNote(
  t: TFunction,
  lang: Language,
  sessions: readonly { name: string; name_cn: string; name_en: string }[],
): string | undefined {
  if (sessions.length === 0) return undefined;
  const names = sessions.map((x) => nameIn(lang, x.name, x.name_cn, x.name_en));
  return t('pub.waitlist.choiceNote', { names: names.join(lang === 'en' ? ', ' : '、') });
}

/** Moves the focus to the step's heading when the step changes (not on the first render). */
function useStepFocus(step: number) {
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);
  return stepHeading;
}

interface DateScheduleProps {
  meeting: PublicMeeting;
  onStale: () => void;
  preview?: FormPreview;
  /** An invitation the page checked (issue 45): sent as `invitation_code`. */
  invitationCode?: string | null;
}

/**
 * The date-schedule sign-up: step 1 the guest's data and the meeting's own fields (some only for the
 * registration type chosen), step 2 the sessions allowed for the chosen registration type, then
 * "Confirm Sign-up?" and the POST. In the organiser's preview nothing is sent.
 */
export function DateScheduleSignUp({
  meeting,
  onStale,
  preview = null,
  invitationCode = null,
}: DateScheduleProps) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { form, setForm, answers, setAnswer } = useSignUpDraft<DateScheduleForm>(
    meeting.public_id,
    () => ({ ...EMPTY_DATE_SCHEDULE, area_code: meeting.default_area_code ?? '' }),
    preview === null,
  );
  const custom = useCustomForm(meeting, preview);
  const userTypeId = form.user_type_id ? Number(form.user_type_id) : null;
  const [step, setStep] = useState<1 | 2>(1);
  const [chosen, setChosen] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [consent, setConsent] = useState(false);
  // A paid meeting's discount code and receipt's name (issue 44); the type decides the fee.
  const pay = usePaymentChoice(meeting);
  const s = useSignUpSubmit(meeting, onStale, invitationCode);
  const notice = meeting.privacy_notice;
  const stepHeading = useStepFocus(step);

  const set =
    <K extends keyof DateScheduleForm>(key: K) =>
    (value: string) => {
      setForm((f) => ({ ...f, [key]: value as DateScheduleForm[K] }));
      s.clearError(key);
    };
  const onAnswer = (key: string, value: unknown) => {
    setAnswer(key, value);
    s.clearError(answerName(key));
  };

  const sessions = pay.priced(sessionsForType(meeting.schedules, meeting.user_types, form.user_type_id));

  // Only the sessions the chosen registration type allows count (the type may change after a choice).
  const picked = chosen.filter((id) => sessions.some((x) => x.id === id));
  // Full sessions chosen for their waiting lists: the confirmation names them.
  const pickedForWaitlist = sessions.filter((x) => picked.includes(x.id) && seatState(x) !== 'free');

  const fields = stepOneFields(t, lang, meeting);
  const labels = [
    ...fieldLabels(fields, t),
    ...custom.labels(),
    ['schedule_ids', t('pub.chooseSessions')] as const,
    ...pay.labels(t),
    ['consent', t('pub.privacy.title')] as const,
  ];

  const onNext = async (e: FormEvent) => {
    e.preventDefault();
    const errors = validateDateSchedule(form, await loadPhoneRule());
    if (!s.showClientErrors(errors, custom.check(answers, userTypeId).errors)) return;
    setStep(2);
  };

  const onChoose = (e: FormEvent) => {
    e.preventDefault();
    if (preview) return;
    if (!s.showClientErrors(stepTwoErrors(picked, pay.errors(), notice !== null, consent))) return;
    setConfirming(true);
  };

  const onConfirm = async () => {
    const failure = await s.submit({
      ...dateScheduleBody(form, picked, await loadPhoneRule()),
      answers: custom.check(answers, userTypeId).answers,
      ...pay.body(),
      ...consentFields(notice, consent),
    });
    setConfirming(false);
    if (!failure) return;
    // A problem with step-1 data sends the guest back there, with everything still filled in.
    if (
      failure instanceof PublicApiError &&
      failure.code === PUBLIC_ERROR_CODES.VALIDATION_FAILED &&
      Object.keys(failure.fields).some(onStepOne)
    )
      setStep(1);
  };

  const toggle = (id: number, on: boolean) =>
    setChosen((ids) => {
      s.clearError('schedule_ids');
      return on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id);
    });

  const summary = <SignUpSummary s={s} labels={labels} meeting={meeting} />;
  const where = { userTypeId, scheduleIds: picked, institution: form.organization };

  if (step === 1) {
    return (
      <form
        className="mf-pub-form"
        noValidate
        onSubmit={(e) => void onNext(e)}
        onFocus={() => void loadPhoneRule()}
        data-testid="sign-up-form"
      >
        <p className="mf-pub-step" ref={stepHeading} tabIndex={-1}>
          1 / 2
        </p>
        {preview && <PreviewNotice custom={custom} waiting={preview.fields === null} />}
        {summary}
        <SignUpFields fields={fields} form={form} set={set} errors={s.errors} />
        <CustomFieldsSlot
          custom={custom}
          meeting={meeting}
          answers={answers}
          onAnswer={onAnswer}
          errors={s.errors}
          userTypeId={userTypeId}
          preview={preview !== null}
        />
        <PricingSlot mode="fees" {...pay.slot(s, where)} />
        <button type="submit" className="mf-pub-button mf-pub-block" data-testid="sign-up-next">
          {t('pub.next')}
        </button>
      </form>
    );
  }

  return (
    <form className="mf-pub-form" noValidate onSubmit={onChoose} data-testid="session-choice">
      <h2 className="mf-pub-h2" ref={stepHeading} tabIndex={-1}>
        2 / 2 · {t('pub.chooseSessions')}
      </h2>
      {summary}
      <SessionChoice sessions={sessions} picked={picked} error={s.errors.schedule_ids} onToggle={toggle} />
      <PricingSlot mode="choose" {...pay.slot(s, where)} />
      <ConsentField meeting={meeting} consent={consent} setConsent={setConsent} s={s} />
      <div className="mf-pub-actions">
        <button
          type="button"
          className="mf-pub-button mf-pub-secondary"
          onClick={() => setStep(1)}
          data-testid="sign-up-back"
        >
          {t('pub.back')}
        </button>
        <button
          type="submit"
          className="mf-pub-button"
          disabled={s.busy || preview !== null}
          data-testid="sign-up-submit"
        >
          {s.submitLabel}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={s.joinsWaitlist ? t('pub.waitlist.confirmJoin') : t('pub.confirmSignUp')}
        body={waitlistNote(t, lang, pickedForWaitlist)}
        busy={s.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onConfirm()}
      />
    </form>
  );
}
