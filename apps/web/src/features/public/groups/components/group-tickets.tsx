import { useState } from 'react';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';
import { SelectField } from '../../components/form-fields.tsx';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { formatMoney } from '../../payments/money.ts';
import { priceName } from '../../payments/components/fee-list.tsx';
import '../../payments/payments-i18n.ts';
import { attendeeKey } from '../attendee-keys.ts';

/**
 * A paid meeting's tickets a group attendee may take: the public ones (member fees are not matched
 * for groups, decision 0106), at today's price.
 */
export function groupTickets(meeting: PublicMeeting) {
  return meeting.pricing?.registration.filter((p) => !p.member_only) ?? [];
}

/**
 * Each attendee's ticket on a paid meeting (the price item's id, '' until chosen), kept in step with
 * the attendees' blocks; `paid` is false on a free meeting (no ticket asked).
 */
export function useGroupTickets(meeting: PublicMeeting) {
  const [tickets, setTickets] = useState<string[]>(() => ['', '']);
  return {
    paid: meeting.pricing !== null && groupTickets(meeting).length > 0,
    tickets,
    set: (i: number, value: string) => setTickets((list) => list.map((v, k) => (k === i ? value : v))),
    add: () => setTickets((list) => [...list, '']),
    remove: (i: number) => setTickets((list) => list.filter((_, k) => k !== i)),
  };
}

/** One attendee's ticket on a paid general meeting, named under `attendees.<i>.ticket`. */
export function AttendeeTicket({
  meeting,
  i,
  value,
  onChange,
  error,
}: {
  meeting: PublicMeeting;
  i: number;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const pricing = meeting.pricing;
  // A free meeting asks for no ticket.
  if (!pricing || groupTickets(meeting).length === 0) return null;
  return (
    <SelectField
      name={attendeeKey(i, 'ticket')}
      label={t('pubPay.ticketLegend')}
      required
      value={value}
      onChange={onChange}
      error={error}
      options={groupTickets(meeting).map((p) => ({
        value: String(p.price_item_id),
        label: `${priceName(meeting, p, lang)} · ${formatMoney(pricing.currency, p.current)}`,
      }))}
    />
  );
}

/**
 * The group's total before it is sent: the sum of the chosen tickets at today's price (the server
 * prices the order again in its transaction; no discount code for groups).
 */
export function GroupTotal({ meeting, tickets }: { meeting: PublicMeeting; tickets: readonly string[] }) {
  const { t } = useTranslation();
  const pricing = meeting.pricing;
  if (!pricing) return null;
  const prices = groupTickets(meeting);
  const chosen = tickets.map((id) => prices.find((p) => String(p.price_item_id) === id));
  const total = chosen.reduce((sum, p) => sum + (p?.current ?? 0), 0);
  return (
    <p className="mf-pay-due" data-testid="group-total">
      <span className="mf-pay-due-label">{t('pub.groups.total')}</span>
      <span className="mf-pay-due-amount">{formatMoney(pricing.currency, total)}</span>
      <span className="mf-pub-hint">{t('pub.groups.totalHint')}</span>
    </p>
  );
}
