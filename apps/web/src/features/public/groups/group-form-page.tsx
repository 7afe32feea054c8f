import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { GroupBody } from '@meetflow/shared/schemas/groups';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { ErrorSummary, SelectField, TextField } from '../components/form-fields.tsx';
import { MeetingHeader, MeetingLoadState, PublicFrame } from '../components/public-frame.tsx';
import { loadPhoneRule, PUBLIC_AREA_CODES, type PhoneRule } from '../phone-rule.ts';
import { PublicApiError } from '../public-api.ts';
import {
  EMPTY_GENERAL,
  emailError,
  generalBody,
  validateGeneral,
  type FieldErrors,
  type GeneralForm,
} from '../sign-up/sign-up-form.ts';
import { usePublicMeeting } from '../use-public-meeting.ts';
import { AttendeeFields } from './components/attendee-fields.tsx';
import { AttendeeTicket, GroupTotal, useGroupTickets } from './components/group-tickets.tsx';
import { ATTENDEE_LABELS, attendeeKey } from './attendee-keys.ts';
import { groupApi } from './group-api.ts';
import { groupFormFits } from './group-form-fits.ts';
import '../public-page.css';

interface Contact {
  name: string;
  area_code: string;
  phone: string;
  email: string;
}

/** The texts of a field's errors: the page's own rule keys translated, the server's as written. */
function texts(t: TFunction, own: FieldErrors, server: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { ...server };
  for (const [name, key] of Object.entries(own)) if (key) out[name] = t(`pub.err.${key}`);
  return out;
}

/**
 * /sign-up/:meetingId/group — one contact registers 2..group_max attendees of a general meeting in
 * one submission, all or none; then the group's page with every attendee's code.
 */
export default function GroupFormPage() {
  const { meetingId = '' } = useParams();
  const { state, retry } = usePublicMeeting(meetingId);
  if (state.status !== 'ready') return <MeetingLoadState state={state} onRetry={retry} />;
  return <GroupForm meeting={state.meeting} />;
}

function GroupForm({ meeting }: { meeting: PublicMeeting }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const max = meeting.group_max ?? 0;
  const area = meeting.default_area_code ?? '';
  const blank = (): GeneralForm => ({ ...EMPTY_GENERAL, area_code: area });
  const [contact, setContact] = useState<Contact>({ name: '', area_code: area, phone: '', email: '' });
  const [attendees, setAttendees] = useState<GeneralForm[]>(() => [blank(), blank()]);
  // A paid meeting (decision 0106): each attendee's ticket.
  const { paid, tickets, ...ticket } = useGroupTickets(meeting);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const back = `/sign-up/${encodeURIComponent(meeting.public_id)}`;

  if (max < 2 || !groupFormFits(meeting)) {
    return (
      <PublicFrame meeting={meeting}>
        <MeetingHeader meeting={meeting} />
        <section className="mf-pub-card" data-testid="group-unavailable">
          <p>{t('pub.groups.generalOnly')}</p>
          <Link className="mf-pub-link" to={back}>
            {t('pub.groups.back')}
          </Link>
        </section>
      </PublicFrame>
    );
  }

  const areaOptions = PUBLIC_AREA_CODES.map((code) => ({ value: code, label: t(`pub.area${code}`) }));
  const clearError = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  const setAttendee = (i: number, field: keyof GeneralForm) => (value: string) => {
    setAttendees((list) => list.map((a, k) => (k === i ? { ...a, [field]: value } : a)));
    clearError(attendeeKey(i, field));
  };
  const setContactField = (field: keyof Contact) => (value: string) => {
    setContact((c) => ({ ...c, [field]: value }));
    clearError(`contact.${field}`);
  };

  const labels = summaryLabels(t, attendees.length);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const phoneRule = await loadPhoneRule();
    const own = validateGroup(contact, attendees, paid ? tickets : null, phoneRule);
    setNotice(null);
    if (Object.keys(own).length > 0) {
      setErrors(texts(t, own, {}));
      setFocusKey((k) => k + 1);
      return;
    }
    setBusy(true);
    try {
      const answer = await groupApi.book(meeting.public_id, {
        contact: { ...contact, area_code: contact.area_code as GroupBody['contact']['area_code'] },
        attendees: attendees.map((a, i) => ({
          ...generalBody(a, phoneRule),
          ...(paid ? { payment: { price_item_id: Number(tickets[i]) } } : {}),
        })) as GroupBody['attendees'],
      });
      navigate(`/group/${answer.group_token}`);
    } catch (error) {
      if (error instanceof PublicApiError) {
        setErrors(error.fields);
        setNotice(error.message || t('pub.networkError'));
      } else setNotice(t('pub.networkError'));
      setFocusKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame meeting={meeting}>
      <MeetingHeader meeting={meeting} />
      <section className="mf-pub-card" aria-labelledby="pub-group-title">
        <h2 className="mf-pub-h2" id="pub-group-title" data-testid="group-title">
          {t('pub.groups.title')}
        </h2>
        <p className="mf-pub-intro">{t('pub.groups.intro', { max })}</p>
        <form
          className="mf-pub-form"
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          data-testid="group-form"
          aria-busy={busy}
        >
          <ErrorSummary errors={errors} labels={labels} focusKey={focusKey}>
            {notice && <p data-testid="group-notice">{notice}</p>}
          </ErrorSummary>
          <ContactFields contact={contact} set={setContactField} errors={errors} areaOptions={areaOptions} />
          {attendees.map((a, i) => (
            <AttendeeFields
              key={i}
              i={i}
              a={a}
              set={setAttendee}
              errors={errors}
              areaOptions={areaOptions}
              removable={attendees.length > 2}
              ticket={
                <AttendeeTicket
                  meeting={meeting}
                  i={i}
                  value={tickets[i] ?? ''}
                  onChange={(value) => (ticket.set(i, value), clearError(attendeeKey(i, 'ticket')))}
                  error={errors[attendeeKey(i, 'ticket')]}
                />
              }
              onRemove={() => {
                setAttendees((list) => list.filter((_, k) => k !== i));
                ticket.remove(i);
                // The blocks after it move up: their errors would point at the wrong attendee.
                setErrors({});
              }}
            />
          ))}
          {attendees.length < max && (
            <button
              type="button"
              className="mf-pub-button mf-pub-secondary mf-pub-block"
              data-testid="group-add"
              onClick={() => (setAttendees((list) => [...list, blank()]), ticket.add())}
            >
              {t('pub.groups.add')}
            </button>
          )}
          {paid && <GroupTotal meeting={meeting} tickets={tickets} />}
          <button
            type="submit"
            className="mf-pub-button mf-pub-block"
            disabled={busy}
            data-testid="group-submit"
          >
            {busy ? t('pub.submitting') : t('pub.groups.submit')}
          </button>
        </form>
      </section>
      <p className="mf-pub-footer-link">
        <Link className="mf-pub-link" to={back}>
          {t('pub.groups.back')}
        </Link>
      </p>
    </PublicFrame>
  );
}

/** The error summary's names of the contact's and every attendee's fields. */
function summaryLabels(t: TFunction, count: number): [string, string][] {
  return [
    ['contact.name', t('pub.groups.contactName')],
    ['contact.area_code', `${t('pub.groups.contact')} · ${t('pub.areaCode')}`],
    ['contact.phone', `${t('pub.groups.contact')} · ${t('pub.phone')}`],
    ['contact.email', `${t('pub.groups.contact')} · ${t('pub.email')}`],
    ...Array.from({ length: count }, (_, i): [string, string][] =>
      ATTENDEE_LABELS.map(([f, key]) => [
        attendeeKey(i, f),
        `${t('pub.groups.attendee', { n: i + 1 })} · ${t(key)}`,
      ]),
    ).flat(),
  ];
}

/** The page's own checks: the contact's fields, each attendee's and, on a paid meeting, their ticket. */
function validateGroup(
  contact: Contact,
  attendees: GeneralForm[],
  tickets: string[] | null,
  phoneRule: PhoneRule,
): FieldErrors {
  const own: FieldErrors = {};
  if (!contact.name.trim()) own['contact.name'] = 'nameRequired';
  if (!contact.phone.trim()) own['contact.phone'] = 'phoneRequired';
  const mail = emailError(contact.email);
  if (mail) own['contact.email'] = mail;
  attendees.forEach((a, i) => {
    for (const [f, key] of Object.entries(validateGeneral(a, phoneRule))) own[attendeeKey(i, f)] = key;
    if (tickets && !tickets[i]) own[attendeeKey(i, 'ticket')] = 'ticketRequired';
  });
  return own;
}

/** The contact's own block: who books, and where the group's page link goes. */
function ContactFields({
  contact,
  set,
  errors,
  areaOptions,
}: {
  contact: Contact;
  set: (field: keyof Contact) => (value: string) => void;
  errors: Record<string, string>;
  areaOptions: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mf-pub-fieldset">
      <legend className="mf-pub-h2">{t('pub.groups.contact')}</legend>
      <TextField
        name="contact.name"
        label={t('pub.groups.contactName')}
        required
        autoComplete="name"
        value={contact.name}
        onChange={set('name')}
        error={errors['contact.name']}
      />
      <SelectField
        name="contact.area_code"
        label={t('pub.areaCode')}
        required
        value={contact.area_code}
        onChange={set('area_code')}
        error={errors['contact.area_code']}
        options={areaOptions}
      />
      <TextField
        name="contact.phone"
        label={t('pub.phone')}
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={contact.phone}
        onChange={set('phone')}
        error={errors['contact.phone']}
      />
      <TextField
        name="contact.email"
        label={t('pub.email')}
        required
        type="email"
        inputMode="email"
        autoComplete="email"
        value={contact.email}
        onChange={set('email')}
        error={errors['contact.email']}
      />
    </fieldset>
  );
}
