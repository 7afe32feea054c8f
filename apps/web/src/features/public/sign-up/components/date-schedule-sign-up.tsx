import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';
import { nameIn } from '@meetflow/shared/languages';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { sessionWhen } from '../../display.ts';
import {
  ChoiceField,
  errorId,
  ErrorSummary,
  PhoneFields,
  SelectField,
  TextField,
} from '../../components/form-fields.tsx';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { PrivacyConsent } from './privacy-consent.tsx';
import { PUBLIC_ERROR_CODES, PublicApiError } from '../../public-api.ts';
import {
  consentErrors,
  consentFields,
  dateScheduleBody,
  EMPTY_DATE_SCHEDULE,
  sessionsForType,
  validateDateSchedule,
  type DateScheduleForm,
} from '../sign-up-form.ts';
import { SignUpNotice } from './sign-up-notice.tsx';
import { useSignUpSubmit } from '../use-sign-up-submit.ts';
import { seatState } from '../../waitlist-state.ts';

const STEP_ONE_FIELDS = new Set(Object.keys(EMPTY_DATE_SCHEDULE));

/**
 * The date-schedule sign-up: step 1 the guest's data, step 2 the sessions allowed for the chosen
 * registration type, then "Confirm Sign-up?" and the POST.
 */
export function DateScheduleSignUp({ meeting, onStale }: { meeting: PublicMeeting; onStale: () => void }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const [form, setForm] = useState<DateScheduleForm>(() => ({
    ...EMPTY_DATE_SCHEDULE,
    area_code: meeting.default_area_code ?? '',
  }));
  const [step, setStep] = useState<1 | 2>(1);
  const [chosen, setChosen] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [consent, setConsent] = useState(false);
  const s = useSignUpSubmit(meeting, onStale);
  const notice = meeting.privacy_notice;
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);

  const set =
    <K extends keyof DateScheduleForm>(key: K) =>
    (value: string) => {
      setForm((f) => ({ ...f, [key]: value as DateScheduleForm[K] }));
      s.clearError(key);
    };

  const sessions = sessionsForType(meeting.schedules, meeting.user_types, form.user_type_id);

  // Only the sessions the chosen registration type allows count (the type may change after a choice).
  const picked = chosen.filter((id) => sessions.some((x) => x.id === id));
  // Full sessions chosen for their waiting lists: the confirmation names them.
  const pickedForWaitlist = sessions.filter((x) => picked.includes(x.id) && seatState(x) !== 'free');

  const labels = [
    ['name_zh', t('pub.nameZh')],
    ['name_en', t('pub.nameEn')],
    ['area_code', t('pub.areaCode')],
    ['phone', t('pub.phone')],
    ['email', t('pub.email')],
    ['organization', t('pub.organization')],
    ['user_type_id', t('pub.userType')],
    ['license_number', t('pub.licenseNumber')],
    ['other', t('pub.other')],
    ['academy_member', t('pub.academyMember')],
    ['college_category_id', t('pub.collegeCategory')],
    ['schedule_ids', t('pub.chooseSessions')],
    ['consent', t('pub.privacy.title')],
  ] as const;

  const onNext = (e: FormEvent) => {
    e.preventDefault();
    if (!s.showClientErrors(validateDateSchedule(form))) return;
    setStep(2);
  };

  const onChoose = (e: FormEvent) => {
    e.preventDefault();
    // The sessions and the privacy notice's box (both on this step) are checked together.
    const errors = {
      ...(picked.length === 0 ? { schedule_ids: 'scheduleRequired' as const } : {}),
      ...consentErrors(notice !== null, consent),
    };
    if (!s.showClientErrors(errors)) return;
    setConfirming(true);
  };

  const onConfirm = async () => {
    const failure = await s.submit({
      ...dateScheduleBody(form, picked),
      ...consentFields(notice, consent),
    });
    setConfirming(false);
    if (!failure) return;
    // A problem with step-1 data sends the guest back there, with everything still filled in.
    if (
      failure instanceof PublicApiError &&
      failure.code === PUBLIC_ERROR_CODES.VALIDATION_FAILED &&
      Object.keys(failure.fields).some((name) => STEP_ONE_FIELDS.has(name))
    )
      setStep(1);
  };

  const toggle = (id: number, on: boolean) =>
    setChosen((ids) => {
      s.clearError('schedule_ids');
      return on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id);
    });

  const summary = (
    <ErrorSummary errors={s.errors} labels={labels} focusKey={s.focusKey}>
      {s.notice && <SignUpNotice notice={s.notice} publicId={meeting.public_id} />}
    </ErrorSummary>
  );

  if (step === 1) {
    return (
      <form className="mf-pub-form" noValidate onSubmit={onNext} data-testid="sign-up-form">
        <p className="mf-pub-step" ref={stepHeading} tabIndex={-1}>
          1 / 2
        </p>
        {summary}
        <TextField
          name="name_zh"
          label={t('pub.nameZh')}
          required
          hint={t('pub.naHint')}
          value={form.name_zh}
          onChange={set('name_zh')}
          error={s.errors.name_zh}
        />
        <TextField
          name="name_en"
          label={t('pub.nameEn')}
          required
          hint={t('pub.naHint')}
          autoComplete="name"
          value={form.name_en}
          onChange={set('name_en')}
          error={s.errors.name_en}
        />
        <PhoneFields
          areaCode={form.area_code}
          phone={form.phone}
          onAreaCode={set('area_code')}
          onPhone={set('phone')}
          errors={s.errors}
        />
        <TextField
          name="email"
          label={t('pub.email')}
          required
          type="email"
          inputMode="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={s.errors.email}
        />
        <TextField
          name="organization"
          label={t('pub.organization')}
          autoComplete="organization"
          value={form.organization}
          onChange={set('organization')}
          error={s.errors.organization}
        />
        <SelectField
          name="user_type_id"
          label={t('pub.userType')}
          required
          value={form.user_type_id}
          onChange={set('user_type_id')}
          error={s.errors.user_type_id}
          options={meeting.user_types.map((u) => ({
            value: String(u.id),
            label: nameIn(lang, u.name, u.name_cn, u.name_en),
          }))}
        />
        <TextField
          name="license_number"
          label={t('pub.licenseNumber')}
          required
          hint={t('pub.naHint')}
          value={form.license_number}
          onChange={set('license_number')}
          error={s.errors.license_number}
        />
        <TextField
          name="other"
          label={t('pub.other')}
          value={form.other}
          onChange={set('other')}
          error={s.errors.other}
        />
        <ChoiceField
          name="academy_member"
          label={t('pub.academyMember')}
          value={form.academy_member}
          onChange={set('academy_member')}
          error={s.errors.academy_member}
          options={[
            { value: 'yes', label: t('pub.yes') },
            { value: 'no', label: t('pub.no') },
          ]}
        />
        {meeting.college_categories.length > 0 && (
          <SelectField
            name="college_category_id"
            label={t('pub.collegeCategory')}
            value={form.college_category_id}
            onChange={set('college_category_id')}
            error={s.errors.college_category_id}
            options={meeting.college_categories.map((c) => ({
              value: String(c.id),
              label: nameIn(lang, c.name, c.name_cn, c.name_en),
            }))}
          />
        )}
        <button type="submit" className="mf-pub-button mf-pub-block" data-testid="sign-up-next">
          {t('pub.next')}
        </button>
      </form>
    );
  }

  const choiceError = s.errors.schedule_ids;
  return (
    <form className="mf-pub-form" noValidate onSubmit={onChoose} data-testid="session-choice">
      <h2 className="mf-pub-h2" ref={stepHeading} tabIndex={-1}>
        2 / 2 · {t('pub.chooseSessions')}
      </h2>
      {summary}
      <fieldset
        className={`mf-pub-fieldset mf-pub-field${choiceError ? ' has-error' : ''}`}
        aria-describedby={choiceError ? `pub-sessions-hint ${errorId('schedule_ids')}` : 'pub-sessions-hint'}
      >
        <legend className="mf-pub-label">{t('pub.chooseSessions')}</legend>
        <p className="mf-pub-hint" id="pub-sessions-hint">
          {t('pub.chooseSessionsHint')}
        </p>
        {sessions.length === 0 && <p className="mf-pub-empty">{t('pub.noSessions')}</p>}
        <ul className="mf-pub-sessions">
          {sessions.map((session) => {
            const seats = seatState(session);
            const full = seats === 'full';
            const checked = picked.includes(session.id);
            return (
              <li key={session.id}>
                <label className={`mf-pub-session${full ? ' is-full' : ''}`} data-seats={seats}>
                  <input
                    type="checkbox"
                    id={session === sessions[0] ? 'pub-f-schedule_ids' : undefined}
                    checked={checked}
                    disabled={full && !checked}
                    aria-invalid={choiceError ? true : undefined}
                    aria-describedby={choiceError ? errorId('schedule_ids') : undefined}
                    data-testid={`session-option-${session.id}`}
                    onChange={(e) => toggle(session.id, e.target.checked)}
                  />
                  <span className="mf-pub-session-text">
                    <span className="mf-pub-session-name">
                      {nameIn(lang, session.name, session.name_cn, session.name_en)}
                    </span>
                    <span className="mf-pub-session-when">{sessionWhen(session, lang)}</span>
                    <span className="mf-pub-session-seats">
                      {seats === 'full'
                        ? t('pub.sessionFull')
                        : seats === 'waitlist'
                          ? t('pub.waitlist.sessionFullJoin')
                          : session.seats_left == null
                            ? t('pub.unlimited')
                            : t('pub.seatsLeft', { count: session.seats_left })}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {choiceError && (
          <p className="mf-pub-error" id={errorId('schedule_ids')} data-testid="error-schedule_ids">
            {choiceError}
          </p>
        )}
      </fieldset>
      {notice && (
        <PrivacyConsent
          notice={notice}
          checked={consent}
          onChange={(checked) => {
            setConsent(checked);
            s.clearError('consent');
          }}
          error={s.errors.consent}
        />
      )}
      <div className="mf-pub-actions">
        <button
          type="button"
          className="mf-pub-button mf-pub-secondary"
          onClick={() => setStep(1)}
          data-testid="sign-up-back"
        >
          {t('pub.back')}
        </button>
        <button type="submit" className="mf-pub-button" disabled={s.busy} data-testid="sign-up-submit">
          {s.submitLabel}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={s.joinsWaitlist ? t('pub.waitlist.confirmJoin') : t('pub.confirmSignUp')}
        body={
          pickedForWaitlist.length > 0
            ? t('pub.waitlist.choiceNote', {
                names: pickedForWaitlist
                  .map((x) => nameIn(lang, x.name, x.name_cn, x.name_en))
                  .join(lang === 'en' ? ', ' : '、'),
              })
            : undefined
        }
        busy={s.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onConfirm()}
      />
    </form>
  );
}
