import { useEffect, useId, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { nameIn, type Language } from '@meetflow/shared/languages';
import type { CertificateVerification } from '@meetflow/shared/schemas/certificates';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  CERTIFICATE_CODE_LENGTH,
  formatDateSpan,
  formatLongDate,
  groupCertificateCode,
  normalizeCertificateCode,
} from '../certificate-code.ts';
import { MeetinglessFrame } from '../components/meetingless-frame.tsx';
import { usePageLanguage } from '../components/public-frame.tsx';
import { NETWORK_FAILURE, PUBLIC_ERROR_CODES, PublicApiError, publicApi } from '../public-api.ts';
import './verify-i18n.ts';
import '../public-page.css';

/** A code set apart: tabular digits, and it may break anywhere on a narrow phone. */
const CODE_STYLE: CSSProperties = { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' };

type Check =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'found'; certificate: CertificateVerification }
  | { status: 'notFound' }
  | { status: 'failed'; network: boolean; text: string };

/**
 * /verify/:code — the link (and QR code) printed on each certificate of attendance. Anyone can check
 * that a code is genuine: the holder's name, the meeting and its dates, or that it was revoked.
 * A small form checks another code. Plain markup, like the other visitor pages.
 */
export default function VerifyPage() {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const navigate = useNavigate();
  const { code: param = '' } = useParams();
  const code = normalizeCertificateCode(param);
  const [attempt, setAttempt] = useState(0);
  // The server's answer, for the code and attempt it answers: anything else is still loading.
  const [answer, setAnswer] = useState<{ key: string; check: Check } | null>(null);
  const whole = code.length === CERTIFICATE_CODE_LENGTH;
  const key = `${code}:${attempt}`;
  const check: Check = !whole
    ? { status: code ? 'notFound' : 'none' }
    : answer?.key === key
      ? answer.check
      : { status: 'loading' };
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<number | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // Set by the form: the answer to a code the visitor typed takes the focus when it arrives.
  const focusAnswer = useRef(false);
  const ids = useId();

  useEffect(() => {
    if (!whole) return;
    const controller = new AbortController();
    const setCheck = (next: Check) => {
      if (!controller.signal.aborted) setAnswer({ key, check: next });
    };
    publicApi.verifyCertificate(code, controller.signal).then(
      (certificate) => setCheck({ status: 'found', certificate }),
      (error: unknown) => {
        if (
          error instanceof PublicApiError &&
          (error.code === PUBLIC_ERROR_CODES.CERTIFICATE_NOT_FOUND ||
            error.code === PUBLIC_ERROR_CODES.VALIDATION_FAILED ||
            error.status === 404)
        ) {
          setCheck({ status: 'notFound' });
        } else {
          setCheck({
            status: 'failed',
            network: error instanceof PublicApiError && error.code === NETWORK_FAILURE,
            text: error instanceof PublicApiError ? error.message : '',
          });
        }
      },
    );
    return () => controller.abort();
  }, [code, key, whole]);

  useEffect(() => {
    if (check.status === 'loading' || check.status === 'none' || !focusAnswer.current) return;
    focusAnswer.current = false;
    resultRef.current?.focus();
  }, [check.status]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = normalizeCertificateCode(typed);
    if (next.length !== CERTIFICATE_CODE_LENGTH) {
      setFieldError(next.length);
      return;
    }
    setFieldError(null);
    setTyped('');
    focusAnswer.current = true;
    if (next === code) setAttempt((n) => n + 1);
    else void navigate(`/verify/${groupCertificateCode(next)}`);
  };

  const codeId = `${ids}-code`;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;

  return (
    <MeetinglessFrame languageLabel={t('verify.language')}>
      <section className="mf-pub-card" aria-labelledby={`${ids}-title`} data-testid="verify-page">
        <h1 className="mf-pub-title mf-pub-card-title" id={`${ids}-title`} data-testid="page-title">
          {t('verify.title')}
        </h1>
        {check.status === 'none' && <p className="mf-pub-intro">{t('verify.intro')}</p>}
        {/* Present before it speaks, so that screen readers announce the answer when it comes. */}
        <div role="status">
          {check.status === 'loading' && (
            <p className="mf-pub-status" data-testid="verify-loading">
              <span className="mf-pub-spinner" aria-hidden="true" />
              {t('verify.checking')}
            </p>
          )}
          {check.status === 'found' && (
            <Answer certificate={check.certificate} code={code} lang={lang} answerRef={resultRef} />
          )}
          {check.status === 'notFound' && (
            <div className="mf-pub-notice" tabIndex={-1} ref={resultRef} data-testid="verify-not-found">
              <p>{t('verify.notFound')}</p>
              <p style={{ fontWeight: 400 }}>
                {t('verify.code')}: <span style={CODE_STYLE}>{groupCertificateCode(code)}</span>
              </p>
              <p style={{ fontWeight: 400, margin: 0 }}>{t('verify.notFoundHint')}</p>
            </div>
          )}
        </div>
        <div role="alert">
          {check.status === 'failed' && (
            <div className="mf-pub-notice" tabIndex={-1} ref={resultRef} data-testid="verify-error">
              <p>{check.network ? t('verify.network') : check.text || t('verify.failed')}</p>
              <button
                type="button"
                className="mf-pub-button mf-pub-secondary"
                onClick={() => setAttempt((n) => n + 1)}
                data-testid="verify-retry"
              >
                {t('verify.retry')}
              </button>
            </div>
          )}
        </div>
        <form
          className="mf-pub-form"
          style={check.status === 'none' ? undefined : { marginTop: 20 }}
          noValidate
          onSubmit={submit}
          aria-label={check.status === 'none' ? t('verify.codeLabel') : t('verify.another')}
          data-testid="verify-form"
        >
          {check.status !== 'none' && (
            <h2 className="mf-pub-h2" style={{ margin: 0 }}>
              {t('verify.another')}
            </h2>
          )}
          <div className={fieldError === null ? 'mf-pub-field' : 'mf-pub-field has-error'}>
            <label className="mf-pub-label" htmlFor={codeId}>
              {t('verify.codeLabel')}
            </label>
            <input
              id={codeId}
              className="mf-pub-input"
              style={CODE_STYLE}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                if (fieldError !== null) setFieldError(null);
              }}
              placeholder="XXXX-XXXX-XXXX-…"
              maxLength={60}
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="go"
              aria-invalid={fieldError !== null}
              aria-describedby={fieldError === null ? hintId : `${errorId} ${hintId}`}
              data-testid="verify-code-input"
            />
            {fieldError !== null && (
              <p className="mf-pub-error" id={errorId} data-testid="verify-code-error">
                {t('verify.codeInvalid', { count: fieldError })}
              </p>
            )}
            <p className="mf-pub-hint" id={hintId}>
              {t('verify.codeHint')}
            </p>
          </div>
          <button type="submit" className="mf-pub-button mf-pub-block" data-testid="verify-submit">
            {t('verify.submit')}
          </button>
        </form>
      </section>
    </MeetinglessFrame>
  );
}

/** A known code: genuine, or revoked (with the date); the facts in the page language and the meeting's zone. */
function Answer({
  certificate,
  code,
  lang,
  answerRef,
}: {
  certificate: CertificateVerification;
  code: string;
  lang: Language;
  answerRef: React.Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const zone = certificate.time_zone;
  const { meeting } = certificate;
  const revoked = certificate.status === 'revoked';
  const facts: [string, string, CSSProperties?][] = [
    [t('verify.holder'), certificate.name],
    [t('verify.meeting'), nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en)],
    [t('verify.dates'), formatDateSpan(meeting.start_at, meeting.end_at, zone, lang)],
    [t('verify.issued'), formatLongDate(certificate.issued_at, zone, lang)],
    [t('verify.code'), groupCertificateCode(code), CODE_STYLE],
  ];
  return (
    <div
      className={revoked ? 'mf-pub-notice' : 'mf-pub-success'}
      style={{ marginTop: 0 }}
      tabIndex={-1}
      ref={answerRef}
      data-testid={revoked ? 'verify-revoked' : 'verify-valid'}
    >
      <p className="mf-pub-success-title" style={{ fontSize: 19, marginBottom: 6 }}>
        <span aria-hidden="true">{revoked ? '✕ ' : '✓ '}</span>
        {revoked ? t('verify.revoked') : t('verify.valid')}
      </p>
      {revoked ? (
        <>
          {certificate.revoked_at !== null && (
            <p data-testid="verify-revoked-on">
              {t('verify.revokedOn', { date: formatLongDate(certificate.revoked_at, zone, lang) })}
            </p>
          )}
          <p style={{ fontWeight: 400 }}>{t('verify.revokedHint')}</p>
        </>
      ) : (
        <p style={{ marginBottom: 6 }}>{t('verify.validHint')}</p>
      )}
      <dl className="mf-pub-meta" style={{ fontWeight: 400, gap: 4 }}>
        {facts.map(([label, value, style]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd style={style} data-testid="verify-fact">
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
