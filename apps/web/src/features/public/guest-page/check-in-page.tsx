import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { displayTextOrDefault } from '@meetflow/shared/display-text';
import type { GuestTokenResult } from '@meetflow/shared/schemas/public';
import { CodeByEmailForm } from './components/code-by-email-form.tsx';
import { ErrorSummary, fieldId, PhoneFields, type ErrorTexts } from '../components/form-fields.tsx';
import { LookupCodeStep } from './components/lookup-code-step.tsx';
import { isAreaCode, loadPhoneRule } from '../phone-rule.ts';
import {
  errorMessage,
  MeetingHeader,
  MeetingLoadState,
  PublicFrame,
  usePageLanguage,
} from '../components/public-frame.tsx';
import { PUBLIC_ERROR_CODES, PublicApiError, publicApi, saveGuestToken } from '../public-api.ts';
import { usePublicMeeting } from '../use-public-meeting.ts';

/**
 * /check-in/:meetingId — area code + phone → the guest code page (where the organiser asks for it,
 * after a one-time code sent to the guest's e-mail); or the guest code sent to the sign-up e-mail.
 */
export default function CheckInPage() {
  const { meetingId = '' } = useParams();
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const { state, retry } = usePublicMeeting(meetingId);
  // null until the visitor chooses: the meeting's default area code shows meanwhile.
  const [chosenAreaCode, setAreaCode] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<ErrorTexts>({});
  // "Invalid info" is kept as a key so it follows a later language switch; other notices are the
  // server's text in the language of the attempt.
  const [notice, setNotice] = useState<{ key: 'invalidInfo' } | { text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusKey, setFocusKey] = useState(0);
  // The look-up asked for the code sent by e-mail: the number it was asked with and where it went.
  const [codeStep, setCodeStep] = useState<{ areaCode: string; phone: string; maskedEmail: string } | null>(
    null,
  );
  // Back from the code step: the phone field takes the focus again (it keeps what was typed).
  const backToPhone = useRef(false);
  useEffect(() => {
    if (codeStep || !backToPhone.current) return;
    backToPhone.current = false;
    document.getElementById(fieldId('phone'))?.focus();
  }, [codeStep]);

  if (state.status !== 'ready') return <MeetingLoadState state={state} onRetry={retry} />;
  const meeting = state.meeting;
  const config = meeting.display_config;
  const areaCode = chosenAreaCode ?? meeting.default_area_code ?? '';

  const signedIn = (result: GuestTokenResult) => {
    saveGuestToken(meeting.public_id, result.guest_token);
    // Sent here from an evaluation's link without a token on this device: back to it once identified.
    const guestPage = `/enroll-info/${encodeURIComponent(meeting.public_id)}`;
    const next = (location.state as { next?: unknown } | null)?.next;
    void navigate(typeof next === 'string' && next.startsWith(`${guestPage}/`) ? next : guestPage);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const phoneRule = await loadPhoneRule();
    const next: ErrorTexts = {};
    if (!isAreaCode(areaCode)) next.area_code = t('pub.err.areaCodeRequired');
    if (!phone.trim()) next.phone = t('pub.err.phoneRequired');
    else if (isAreaCode(areaCode) && !phoneRule.isValidPhone(areaCode, phone))
      next.phone = t('pub.err.phoneInvalid');
    setErrors(next);
    setNotice(null);
    if (Object.keys(next).length > 0) {
      setFocusKey((k) => k + 1);
      return;
    }
    setBusy(true);
    try {
      const asked = { area_code: areaCode, phone: phoneRule.phoneDigits(phone) };
      const result = await publicApi.lookup(meeting.public_id, asked);
      if ('code_sent' in result) {
        setCodeStep({ areaCode: asked.area_code, phone: asked.phone, maskedEmail: result.masked_email });
        return;
      }
      signedIn(result);
    } catch (error) {
      if (
        error instanceof PublicApiError &&
        error.code === PUBLIC_ERROR_CODES.VALIDATION_FAILED &&
        Object.keys(error.fields).length
      ) {
        setErrors(error.fields);
      } else if (error instanceof PublicApiError && error.code === PUBLIC_ERROR_CODES.INVALID_INFO) {
        setNotice({ key: 'invalidInfo' });
      } else {
        setNotice({ text: errorMessage(error, t('pub.loadFailed'), t('pub.networkError')) });
      }
      setFocusKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame meeting={meeting}>
      <MeetingHeader meeting={meeting} />
      {codeStep ? (
        <LookupCodeStep
          publicId={meeting.public_id}
          areaCode={codeStep.areaCode}
          phone={codeStep.phone}
          maskedEmail={codeStep.maskedEmail}
          onVerified={signedIn}
          onOtherNumber={() => {
            backToPhone.current = true;
            setCodeStep(null);
          }}
        />
      ) : (
        <>
          <section className="mf-pub-card" aria-labelledby="pub-checkin-title">
            <h2 className="mf-pub-h2" id="pub-checkin-title">
              {displayTextOrDefault(config, 'checkin_title', lang)}
            </h2>
            <p className="mf-pub-intro">{displayTextOrDefault(config, 'checkin_hint', lang)}</p>
            <form
              className="mf-pub-form"
              noValidate
              onSubmit={(e) => void onSubmit(e)}
              data-testid="check-in-form"
              aria-busy={busy}
            >
              <ErrorSummary
                errors={errors}
                labels={[
                  ['area_code', t('pub.areaCode')],
                  ['phone', t('pub.phone')],
                ]}
                focusKey={focusKey}
              >
                {notice && (
                  <p className="mf-pub-notice" data-testid="form-notice">
                    {'key' in notice ? t(`pub.${notice.key}`) : notice.text}
                  </p>
                )}
              </ErrorSummary>
              <PhoneFields
                areaCode={areaCode}
                phone={phone}
                onAreaCode={(v) => setAreaCode(v)}
                onPhone={(v) => setPhone(v)}
                errors={errors}
              />
              <button
                type="submit"
                className="mf-pub-button mf-pub-block"
                disabled={busy}
                data-testid="check-in-submit"
              >
                {busy ? t('pub.submitting') : displayTextOrDefault(config, 'checkin_button', lang)}
              </button>
            </form>
          </section>
          <CodeByEmailForm publicId={meeting.public_id} />
        </>
      )}
      <p className="mf-pub-footer-link">
        <Link
          className="mf-pub-link"
          to={`/sign-up/${encodeURIComponent(meeting.public_id)}`}
          data-testid="link-sign-up"
        >
          {displayTextOrDefault(config, 'checkin_not_signed_up_link', lang)}
        </Link>
      </p>
    </PublicFrame>
  );
}
