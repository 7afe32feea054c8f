import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

const UP = 'ant-input-number-action-up';
const DOWN = 'ant-input-number-action-down';
const STEP_BUTTONS = `.${UP}, .${DOWN}`;

/**
 * Names the number boxes' step buttons in the interface language. Ant Design's InputNumber writes
 * "Increase Value" / "Decrease Value" whatever its locale and offers no prop to change them, so the
 * names are set on the buttons as they appear (React leaves an attribute alone while its prop stays
 * the same).
 */
export function useStepButtonLabels() {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const up = t('common.increaseValue');
    const down = t('common.decreaseValue');
    const label = (root: Element | Document) => {
      const buttons = [...root.querySelectorAll(STEP_BUTTONS)];
      if (root instanceof Element && root.matches(STEP_BUTTONS)) buttons.push(root);
      for (const button of buttons)
        button.setAttribute('aria-label', button.classList.contains(UP) ? up : down);
    };
    label(document);
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element) label(node);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [t, i18n.language]);
}
