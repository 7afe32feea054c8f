import { describe, expect, it } from 'vitest';
import type { MailSettings } from '@meetflow/shared/schemas/mail';
import {
  changedTemplates,
  editableTexts,
  formField,
  isDefaultText,
  type MailTexts,
} from './mail-templates.ts';

const text = (subject: string, body: string) => ({ subject, body });
const perLanguage = (prefix: string) => ({
  'zh-tw': text(`${prefix} 繁`, `${prefix} 繁 {meeting}`),
  'zh-cn': text(`${prefix} 简`, `${prefix} 简 {meeting}`),
  en: text(`${prefix} en`, `${prefix} en {meeting}`),
});
const defaults: MailSettings['defaults'] = {
  confirmation: perLanguage('Confirmed'),
  enrolment_update: perLanguage('Updated'),
  reminder: perLanguage('Reminder'),
  certificate: perLanguage('Certificate'),
};

describe('editableTexts', () => {
  it("starts each editor with the organiser's text, else the default", () => {
    const texts = editableTexts({
      defaults,
      templates: { confirmation: { en: text('Welcome to {meeting}', 'See you, {name}') } },
    });
    expect(texts.confirmation.en).toEqual(text('Welcome to {meeting}', 'See you, {name}'));
    expect(texts.confirmation['zh-tw']).toEqual(defaults.confirmation['zh-tw']);
    expect(texts.reminder).toEqual(defaults.reminder);
  });

  it('copies the texts: editing them leaves the defaults alone', () => {
    const texts = editableTexts({ defaults, templates: {} });
    texts.reminder.en.subject = 'changed';
    expect(defaults.reminder.en.subject).toBe('Reminder en');
  });
});

describe('changedTemplates', () => {
  const all = (): MailTexts => editableTexts({ defaults, templates: {} });

  it('sends nothing when every text is the default', () => {
    expect(changedTemplates(all(), defaults)).toEqual({});
  });

  it('sends only the texts that differ, trimmed, under their type and language', () => {
    const texts = all();
    texts.confirmation.en = text('  Welcome to {meeting} ', 'Confirmed en {meeting}');
    texts.reminder['zh-cn'] = text('Reminder 简', ' 明天见 \n');
    texts.certificate.en = text('CME credits: {meeting}', 'Certificate en {meeting}');
    expect(changedTemplates(texts, defaults)).toEqual({
      confirmation: { en: text('Welcome to {meeting}', 'Confirmed en {meeting}') },
      reminder: { 'zh-cn': text('Reminder 简', '明天见') },
      certificate: { en: text('CME credits: {meeting}', 'Certificate en {meeting}') },
    });
  });

  it('treats a default with extra spaces or CRLF line ends as the default', () => {
    const texts = all();
    texts.enrolment_update['zh-tw'] = text(' Updated 繁 ', 'Updated 繁 {meeting}\r\n');
    expect(changedTemplates(texts, defaults)).toEqual({});
    expect(isDefaultText(texts.enrolment_update['zh-tw'], defaults.enrolment_update['zh-tw'])).toBe(true);
  });

  it('keeps an organiser text that a reset turned back into the default out of the save', () => {
    const texts = editableTexts({
      defaults,
      templates: { reminder: { en: text('Tomorrow: {meeting}', 'Bring your badge') } },
    });
    expect(changedTemplates(texts, defaults)).toEqual({
      reminder: { en: text('Tomorrow: {meeting}', 'Bring your badge') },
    });
    texts.reminder.en = { ...defaults.reminder.en };
    expect(changedTemplates(texts, defaults)).toEqual({});
  });

  it('sends an emptied text as it is, for the server to refuse with its field message', () => {
    const texts = all();
    texts.confirmation['zh-tw'] = text('', 'Confirmed 繁 {meeting}');
    expect(changedTemplates(texts, defaults)).toEqual({
      confirmation: { 'zh-tw': text('', 'Confirmed 繁 {meeting}') },
    });
  });

  it('copes with editors not yet mounted (missing types or languages)', () => {
    expect(changedTemplates({ confirmation: all().confirmation }, defaults)).toEqual({});
    expect(changedTemplates(undefined, defaults)).toEqual({});
  });
});

describe('formField', () => {
  it("maps the server's field paths onto the drawer's fields", () => {
    expect(formField('templates.confirmation.en.subject')).toEqual([
      'templates',
      'confirmation',
      'en',
      'subject',
    ]);
    expect(formField('templates.reminder.zh-tw.body')).toEqual(['templates', 'reminder', 'zh-tw', 'body']);
    expect(formField('templates.certificate.zh-cn.body')).toEqual([
      'templates',
      'certificate',
      'zh-cn',
      'body',
    ]);
    expect(formField('reminder_hours')).toEqual(['reminder_hours']);
    expect(formField('lookup_code_by_email')).toEqual(['lookup_code_by_email']);
  });

  it('leaves out paths the form does not show', () => {
    expect(formField('templates.broadcast.en.subject')).toBeNull();
    expect(formField('templates.confirmation.fr.subject')).toBeNull();
    expect(formField('templates.confirmation.en.footer')).toBeNull();
    expect(formField('templates.confirmation.en')).toBeNull();
    expect(formField('templates.confirmation.en.subject.0')).toBeNull();
    expect(formField('templates')).toBeNull();
    expect(formField('_')).toBeNull();
  });
});
