import type { CSSProperties, Ref } from 'react';
import { nameIn, type Language } from '@meetflow/shared/languages';
import type { CertificateVerification } from '@meetflow/shared/schemas/certificates';
import { useTranslation } from '../../../../lib/i18n.ts';
import { formatDateSpan, formatLongDate, groupCertificateCode } from '../../certificate-code.ts';

/** A code set apart: tabular digits, and it may break anywhere on a narrow phone. */
export const CODE_STYLE: CSSProperties = { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' };

/** A known code: genuine, or revoked (with the date); the facts in the page language and the meeting's zone. */
export function Answer({
  certificate,
  code,
  lang,
  answerRef,
}: {
  certificate: CertificateVerification;
  code: string;
  lang: Language;
  answerRef: Ref<HTMLDivElement>;
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
