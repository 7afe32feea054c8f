import { useId, type ReactNode } from 'react';
import type { GuestPersonalData } from '@meetflow/shared/schemas/privacy';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';
import { formatLongDate } from '../../certificate-code.ts';
import {
  answerRows,
  certificateItems,
  consentRows,
  formatStamp,
  messageItems,
  personalRows,
  scanItems,
  sessionItems,
  waitingItems,
  type DataContext,
  type DataItem,
  type DataRow,
} from '../my-data.ts';

/** What the page holds, when it was read, when it is erased, and its copy to download. */
export function DataSummary({
  data,
  c,
  downloaded,
  onDownload,
}: {
  data: GuestPersonalData;
  c: DataContext;
  downloaded: boolean;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="mf-pub-card" aria-labelledby={`${id}-title`} data-testid="my-data">
      <h2 className="mf-pub-h2" id={`${id}-title`}>
        {t('pub.myData.title')}
      </h2>
      <p className="mf-pub-data-intro">{t('pub.myData.intro')}</p>
      <p className="mf-pub-hint" data-testid="my-data-generated">
        {t('pub.myData.generatedAt', { time: formatStamp(data.generated_at, c.zone, c.lang) })}
      </p>
      <p className="mf-pub-hint" data-testid="my-data-purge">
        {t('pub.myData.erasedOn', { date: formatLongDate(data.meeting.purge_at, c.zone, c.lang) })}
      </p>
      <button
        type="button"
        className="mf-pub-button mf-pub-block mf-pub-after"
        onClick={onDownload}
        data-testid="my-data-download"
      >
        {t('pub.myData.download')}
      </button>
      <div role="status">
        {downloaded && <p className="mf-pub-hint mf-pub-after">{t('pub.myData.downloaded')}</p>}
      </div>
    </section>
  );
}

/** Everything held about the guest, a section each. */
export function DataSections({
  data,
  meetingType,
  c,
}: {
  data: GuestPersonalData;
  meetingType: PublicMeeting['meeting_type'];
  c: DataContext;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <DataSection id="personal" title={t('pub.myData.sections.personal')} empty={false}>
        <Rows rows={personalRows(data.guest, meetingType, c)} />
      </DataSection>
      {data.answers.length > 0 && (
        <DataSection id="answers" title={t('pub.myData.sections.answers')} empty={false}>
          <Rows rows={answerRows(data.answers, c)} />
        </DataSection>
      )}
      <DataSection id="consent" title={t('pub.myData.sections.consent')} empty={false}>
        {data.consent ? (
          <>
            <Rows rows={consentRows(data.consent, c)} />
            <p className="mf-pub-data-label" id={`${id}-notice`}>
              {t('pub.myData.consentText')}
            </p>
            <div
              className="mf-pub-consent-text"
              tabIndex={0}
              role="region"
              aria-labelledby={`${id}-notice`}
              data-testid="my-data-consent-text"
            >
              {data.consent.text[c.lang]}
            </div>
          </>
        ) : (
          <p className="mf-pub-empty" data-testid="my-data-consent-empty">
            {t('pub.myData.noConsent')}
          </p>
        )}
      </DataSection>
      <ItemsSection
        id="sessions"
        title={t('pub.myData.sections.sessions')}
        items={sessionItems(data.sessions, c)}
      />
      <ItemsSection id="scans" title={t('pub.myData.sections.scans')} items={scanItems(data.scans, c)} />
      <ItemsSection
        id="certificates"
        title={t('pub.myData.sections.certificates')}
        items={certificateItems(data.certificates, c)}
      />
      <ItemsSection
        id="waiting-lists"
        title={t('pub.myData.sections.waitingLists')}
        items={waitingItems(data.waiting_lists, c)}
      />
      <ItemsSection
        id="messages"
        title={t('pub.myData.sections.messages')}
        items={messageItems(data.messages, c)}
      />
    </>
  );
}

function DataSection({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="mf-pub-card" aria-labelledby={titleId} data-testid={`my-data-${id}`}>
      <h2 className="mf-pub-h2" id={titleId}>
        {title}
      </h2>
      {empty ? (
        <p className="mf-pub-empty" data-testid={`my-data-${id}-empty`}>
          {t('pub.none')}
        </p>
      ) : (
        children
      )}
    </section>
  );
}

function ItemsSection({ id, title, items }: { id: string; title: string; items: DataItem[] }) {
  return (
    <DataSection id={id} title={title} empty={items.length === 0}>
      <ul className="mf-pub-data-items">
        {items.map((item, index) => (
          <li key={index} className="mf-pub-data-item">
            <p className="mf-pub-data-item-title">{item.title}</p>
            <Rows rows={item.rows} />
          </li>
        ))}
      </ul>
    </DataSection>
  );
}

/** An e-mail address may break after its '@' rather than anywhere in a narrow column. */
function breakable(value: string): ReactNode {
  const at = value.indexOf('@');
  if (at <= 0) return value;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

function Rows({ rows }: { rows: DataRow[] }) {
  return (
    <dl className="mf-pub-data-rows">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{breakable(row.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
