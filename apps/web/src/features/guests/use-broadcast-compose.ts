import { useRef, useState } from 'react';
import { Form } from 'antd';
import { ERRORS } from '@meetflow/shared/errors';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import type { BroadcastFilters, BroadcastTexts, MailText } from '@meetflow/shared/schemas/mail';
import { ApiError } from '../../lib/http.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { insertAtCursor } from '../../lib/text-insert.ts';
import { toast } from '../../lib/toast.ts';
import { hasFilters } from './broadcast-filters.ts';
import { checkTexts, readingLanguage } from './broadcast-logic.ts';
import { useSendBroadcastTest } from './broadcasts-api.ts';

export type Drafts = Partial<Record<Language, Partial<MailText>>>;
export interface BroadcastFormValues {
  recipients: 'all' | 'filtered';
  texts: Drafts;
}
export type Part = 'subject' | 'body';
export type TextPath = ['texts', Language, Part];
export const textPath = (language: Language, part: Part): TextPath => ['texts', language, part];
/** The id Ant Design gives the input of a form field without a form name. */
const inputId = (path: readonly string[]) => path.join('_');

/**
 * The broadcast drawer's state: the form of texts in every language, the open tabs, the checks
 * before a test or a send, and the placeholder inserted where the organiser last typed.
 */
export function useBroadcastCompose(meetingId: number, filters: BroadcastFilters) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const ownEmail = useSessionStore((s) => s.user?.email ?? null);
  const [form] = Form.useForm<BroadcastFormValues>();
  const [tab, setTab] = useState<'compose' | 'history'>('compose');
  const [textLang, setTextLang] = useState<Language>(lang);
  const [noText, setNoText] = useState(false);
  const [noOwnEmail, setNoOwnEmail] = useState(false);
  const [confirming, setConfirming] = useState<{ filters: BroadcastFilters; texts: BroadcastTexts } | null>(
    null,
  );
  const sendTest = useSendBroadcastTest(meetingId);
  const lastFocused = useRef<{ path: TextPath; element: HTMLInputElement | HTMLTextAreaElement } | null>(
    null,
  );
  const drafts = Form.useWatch('texts', { form, preserve: true }) as Drafts | undefined;
  const recipients =
    (Form.useWatch('recipients', form) as BroadcastFormValues['recipients'] | undefined) ?? 'all';
  const filtered = hasFilters(filters);
  const written = checkTexts(drafts).texts;
  const fallback = readingLanguage(written, 'zh-tw');

  /** The checked texts, or null after showing what is missing (on its tab). */
  async function validTexts() {
    setNoText(false);
    try {
      await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name;
      if (first?.[0] === 'texts' && LANGUAGES.includes(first[1] as Language))
        setTextLang(first[1] as Language);
      return null;
    }
    const check = checkTexts(form.getFieldsValue(true).texts as Drafts);
    if (check.empty) {
      setNoText(true);
      return null;
    }
    return check.texts;
  }

  async function onSendTest() {
    setNoOwnEmail(false);
    const texts = await validTexts();
    if (!texts) return;
    try {
      await sendTest.mutateAsync({ texts, language: textLang });
      toast.success(
        ownEmail ? t('broadcast.testSent', { email: ownEmail }) : t('broadcast.testSentNoAddress'),
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.NO_OWN_EMAIL.code) setNoOwnEmail(true);
      else if (error instanceof Error) toast.error(error.message);
    }
  }

  async function onSend() {
    const texts = await validTexts();
    if (!texts) return;
    setConfirming({ filters: recipients === 'filtered' ? filters : {}, texts });
  }

  function onSent() {
    setConfirming(null);
    form.resetFields();
    setTab('history');
  }

  function insertPlaceholder(placeholder: string) {
    const focused = lastFocused.current;
    const inOpenTab = focused && focused.path[1] === textLang;
    const path = inOpenTab ? focused.path : textPath(textLang, 'body');
    const element = inOpenTab
      ? focused.element
      : (document.getElementById(inputId(path)) as HTMLTextAreaElement | null);
    const current = String(form.getFieldValue(path) ?? '');
    const { value, caret } = insertAtCursor(
      current,
      element?.selectionStart,
      element?.selectionEnd,
      `{${placeholder}}`,
    );
    form.setFieldValue(path, value);
    setNoText(false);
    void form
      .validateFields([path, textPath(textLang, path[2] === 'subject' ? 'body' : 'subject')])
      .catch(() => undefined);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  }

  const remember = (path: TextPath) => (event: { target: HTMLInputElement | HTMLTextAreaElement }) => {
    lastFocused.current = { path, element: event.target };
  };

  return {
    form,
    tab,
    setTab,
    textLang,
    setTextLang,
    noText,
    setNoText,
    noOwnEmail,
    confirming,
    setConfirming,
    sendTest,
    drafts,
    filtered,
    written,
    fallback,
    onSendTest,
    onSend,
    onSent,
    insertPlaceholder,
    remember,
  };
}

export type BroadcastCompose = ReturnType<typeof useBroadcastCompose>;
