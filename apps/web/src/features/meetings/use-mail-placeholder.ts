import { useRef } from 'react';
import type { FormInstance } from 'antd';
import type { Language } from '@meetflow/shared/languages';
import type { EditableMailType } from '@meetflow/shared/schemas/mail';
import { insertAtCursor } from '../../lib/text-insert.ts';
import type { MailFormValues } from './mail-settings-values.ts';
import { textPath, type TextPath } from './mail-templates.ts';

/** The id Ant Design gives the input of a form field without a form name. */
const inputId = (path: readonly string[]) => path.join('_');

/**
 * Placeholders go into the subject or body last focused in the open tab (`remember` is each field's
 * onFocus), or else into the open tab's body.
 */
export function useMailPlaceholder(
  form: FormInstance<MailFormValues>,
  type: EditableMailType,
  textLang: Language,
) {
  // The field a placeholder goes into: the subject or body last focused in the open tab.
  const lastFocused = useRef<{ path: TextPath; element: HTMLInputElement | HTMLTextAreaElement } | null>(
    null,
  );

  function insertPlaceholder(placeholder: string) {
    const focused = lastFocused.current;
    const inOpenTab = focused && focused.path[1] === type && focused.path[2] === textLang;
    const path = inOpenTab ? focused.path : textPath(type, textLang, 'body');
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
    void form.validateFields([path]).catch(() => undefined);
    // Back to the text, the caret after the placeholder, once the input shows the new value.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  }

  const remember = (path: TextPath) => (event: { target: HTMLInputElement | HTMLTextAreaElement }) => {
    lastFocused.current = { path, element: event.target };
  };

  return { remember, insertPlaceholder };
}
