import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { CertificateVerification } from '@meetflow/shared/schemas/certificates';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  CERTIFICATE_CODE_LENGTH,
  groupCertificateCode,
  normalizeCertificateCode,
} from '../certificate-code.ts';
import { MeetinglessFrame } from '../components/meetingless-frame.tsx';
import { usePageLanguage } from '../components/public-frame.tsx';
import { NETWORK_FAILURE, PUBLIC_ERROR_CODES, PublicApiError, publicApi } from '../public-api.ts';
import { Answer, CODE_STYLE } from './components/verify-answer.tsx';
import { CodeField } from './components/code-field.tsx';
import './verify-i18n.ts';
import '../public-page.css';

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
          <CodeField
            value={typed}
            error={fieldError}
            onChange={(value) => {
              setTyped(value);
              if (fieldError !== null) setFieldError(null);
            }}
          />
          <button type="submit" className="mf-pub-button mf-pub-block" data-testid="verify-submit">
            {t('verify.submit')}
          </button>
        </form>
      </section>
      {/* A doctor holding certificates of several meetings finds them all on one page. */}
      <p className="mf-pub-footer-link">
        <Link className="mf-pub-link" to="/cme" data-testid="verify-cme-link">
          {t('verify.cmeRecord')}
        </Link>
      </p>
    </MeetinglessFrame>
  );
}
