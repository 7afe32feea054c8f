import { useState, type FormEvent } from 'react';
import { nameIn } from '@meetflow/shared/languages';
import { useTranslation } from '../../../../lib/i18n.ts';
import { usePageLanguage } from '../../components/public-frame.tsx';
import type { InvitationChoice } from '../use-invitation.ts';

/**
 * "You are invited" above the sign-up form (issue 45), with the registration type the invitation
 * fixes; or why the code does not count; or, with no code, a field to type a shared one.
 */
export function InvitationNotice({ invitation }: { invitation: InvitationChoice }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { state } = invitation;
  if (state.status === 'none') return <TypedCode invitation={invitation} />;
  if (state.status === 'checking') return null;
  if (state.status === 'failed')
    return (
      <p className="mf-pub-notice mf-pub-invitation" role="alert" data-testid="invitation-failed">
        {t('pub.invitation.checkFailed')}
      </p>
    );
  const { answer } = state;
  if (!answer.valid)
    return (
      <div
        className="mf-pub-notice"
        role="alert"
        data-testid="invitation-refused"
        data-reason={answer.reason}
      >
        <p>{answer.reason === 'used_up' ? t('pub.invitation.usedUp') : t('pub.invitation.invalid')}</p>
        <button type="button" className="mf-pub-linkbutton" onClick={() => invitation.apply(null)}>
          {t('pub.invitation.remove')}
        </button>
      </div>
    );
  const type = answer.user_type;
  return (
    <section className="mf-pub-success mf-pub-invitation" aria-live="polite" data-testid="invitation-ok">
      <p className="mf-pub-success-title">{t('pub.invitation.title')}</p>
      <p>{answer.personal ? t('pub.invitation.personal') : t('pub.invitation.shared')}</p>
      {type && (
        <p data-testid="invitation-type">
          {t('pub.invitation.as', { type: nameIn(lang, type.name, type.name_cn, type.name_en) })}
        </p>
      )}
    </section>
  );
}

/** A shared code typed in (folded away until asked for: most visitors have none). */
function TypedCode({ invitation }: { invitation: InvitationChoice }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  if (!open)
    return (
      <p className="mf-pub-group-offer">
        <button
          type="button"
          className="mf-pub-linkbutton mf-pub-invitation-toggle"
          onClick={() => setOpen(true)}
          data-testid="invitation-open"
        >
          {t('pub.invitation.haveCode')}
        </button>
      </p>
    );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) invitation.apply(text);
  };
  return (
    <form className="mf-pub-field mf-pub-invitation-code" onSubmit={onSubmit} noValidate>
      <label className="mf-pub-label" htmlFor="pub-invitation-code">
        {t('pub.invitation.codeLabel')}
      </label>
      <div className="mf-pub-inline">
        <input
          id="pub-invitation-code"
          className="mf-pub-input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="invitation-code"
        />
        <button type="submit" className="mf-pub-button" data-testid="invitation-apply">
          {t('pub.invitation.apply')}
        </button>
      </div>
    </form>
  );
}
