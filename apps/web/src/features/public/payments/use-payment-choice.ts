import { useState } from 'react';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import type { TFunction } from '../../../lib/i18n.ts';
import type { ErrorTexts } from '../components/form-fields.tsx';
import {
  EMPTY_PAYMENT,
  paymentBody,
  paymentErrors,
  paymentLabels,
  sessionPriceText,
  type PaymentChoice,
} from './payment-choice.ts';

/**
 * A sign-up form's payment part (issue 44), as the form uses it: its labels for the error summary,
 * its problems before sending, its part of the body, and what the price section (PricingSlot) is
 * given. A free meeting's form gets nothing from any of them.
 */
export function usePaymentChoice(meeting: PublicMeeting) {
  const [choice, setChoice] = useState<PaymentChoice>(EMPTY_PAYMENT);
  const { pricing, meeting_type: type } = meeting;
  return {
    labels: (t: TFunction) => paymentLabels(pricing, t),
    errors: () => paymentErrors(pricing, type, choice),
    body: () => paymentBody(pricing, type, choice),
    /** The sessions with a priced session's fee, for their rows in the session choice. */
    priced: <S extends { id: number }>(sessions: S[]): (S & { price?: string | null })[] =>
      pricing ? sessions.map((x) => ({ ...x, price: sessionPriceText(pricing, x.id) })) : sessions,
    /** PricingSlot's props but its mode. */
    slot: (
      s: { errors: ErrorTexts; clearError: (name: string) => void },
      where: { userTypeId: number | null; scheduleIds: readonly number[]; institution: string },
    ) => ({ meeting, choice, onChoice: setChoice, errors: s.errors, clearError: s.clearError, ...where }),
  };
}
