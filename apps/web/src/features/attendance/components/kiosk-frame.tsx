import { Fragment, type ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import { LANGUAGE_NAMES } from '../../../components/lang-switch.tsx';
import { setLanguage, useTranslation, type TFunction } from '../../../lib/i18n.ts';
import type { DoorStatus } from '../offline/door-station.ts';

/** The footer's connection words, kept apart: "Offline · 2 waiting to upload". */
function connectionParts(status: DoorStatus | null, t: TFunction): { key: string; node: ReactNode }[] {
  if (!status) return [];
  const parts: { key: string; node: ReactNode }[] = [];
  if (!status.online) parts.push({ key: 'offline', node: <Tag color="orange">{t('station.offline')}</Tag> });
  if (status.queueRead && status.queued > 0)
    parts.push({ key: 'queued', node: t('station.queued', { count: status.queued }) });
  return parts;
}

/** The kiosk's top: the meeting's name and the guest's choice of language. */
export function KioskHeader({ meetingName }: { meetingName: string | undefined }) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Language;
  return (
    <header className="kiosk-header">
      <div className="kiosk-meeting">{meetingName}</div>
      <nav className="kiosk-languages" aria-label="Language">
        {LANGUAGES.map((code) => (
          <Button
            key={code}
            type={code === lang ? 'primary' : 'default'}
            aria-pressed={code === lang}
            onClick={() => void setLanguage(code)}
            data-testid={`kiosk-lang-${code}`}
          >
            {LANGUAGE_NAMES[code]}
          </Button>
        ))}
      </nav>
    </header>
  );
}

/** The kiosk's foot: the connection and the staff's way out. */
export function KioskFooter({ status, onStaff }: { status: DoorStatus | null; onStaff: () => void }) {
  const { t } = useTranslation();
  return (
    <footer className="kiosk-footer">
      <span data-testid="kiosk-connection" data-online={status?.online ?? true}>
        {connectionParts(status, t).map((part, index) => (
          <Fragment key={part.key}>
            {index > 0 && ' · '}
            {part.node}
          </Fragment>
        ))}
      </span>
      <Button type="text" icon={<LockOutlined />} onClick={onStaff} data-testid="kiosk-staff">
        {t('station.kiosk.staff')}
      </Button>
    </footer>
  );
}
