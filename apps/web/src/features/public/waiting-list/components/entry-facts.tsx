import { nameIn } from '@meetflow/shared/languages';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import type { MeetingWaitlistEntry } from '@meetflow/shared/schemas/waitlist';
import { useTranslation } from '../../../../lib/i18n.ts';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { formatDateTime, maskedContactLines } from '../../display.ts';

/** Who is waiting: name, masked contact, when they joined and the sessions they chose. */
export function EntryFacts({ meeting, entry }: { meeting: PublicMeeting; entry: MeetingWaitlistEntry }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const chosen = meeting.schedules.filter((s) => entry.schedule_ids.includes(s.id));
  return (
    <>
      <p className="mf-pub-guest-name" data-testid="guest-name">
        {entry.display_name}
      </p>
      {maskedContactLines(entry).map((line) => (
        <p key={line} className="mf-pub-guest-contact">
          {line}
        </p>
      ))}
      <dl className="mf-pub-facts">
        <div>
          <dt>{t('pub.waitlist.joinedAt')}</dt>
          <dd>{formatDateTime(entry.joined_at, meeting.time_zone, lang)}</dd>
        </div>
        {chosen.length > 0 && (
          <div>
            <dt>{t('pub.waitlist.sessionsChosen')}</dt>
            <dd>
              <ul className="mf-pub-plain-list">
                {chosen.map((s) => (
                  <li key={s.id}>{nameIn(lang, s.name, s.name_cn, s.name_en)}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </>
  );
}
