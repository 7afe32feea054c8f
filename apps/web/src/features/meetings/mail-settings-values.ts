import type { MailSettings } from '@meetflow/shared/schemas/mail';
import { editableTexts, type MailTexts } from './mail-templates.ts';

export interface MailFormValues {
  confirmation_enabled: boolean;
  lookup_code_by_email: boolean;
  reminder_on: boolean;
  reminder_hours: number | null;
  templates: MailTexts;
}

/** The hours a reminder starts with when it is switched on for the first time. */
const DEFAULT_REMINDER_HOURS = 24;

export function toFormValues(settings: MailSettings): MailFormValues {
  return {
    confirmation_enabled: settings.confirmation_enabled,
    lookup_code_by_email: settings.lookup_code_by_email,
    reminder_on: settings.reminder_hours > 0,
    reminder_hours: settings.reminder_hours > 0 ? settings.reminder_hours : DEFAULT_REMINDER_HOURS,
    templates: editableTexts(settings),
  };
}
