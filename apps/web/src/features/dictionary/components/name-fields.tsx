import { Form, Input } from 'antd';
import type { z } from 'zod';
import type { Language } from '@meetflow/shared/languages';
import { useTranslation } from '../../../lib/i18n.ts';
import { zodRule } from '../../../lib/zod-rule.ts';

const NAMES = [
  { name: 'name', label: 'dictionary.fields.name' },
  { name: 'name_cn', label: 'dictionary.fields.nameCn' },
  { name: 'name_en', label: 'dictionary.fields.nameEn' },
] as const;

export const NAME_FIELDS = NAMES.map((n) => n.name);

/** The three language names of a dictionary item, each checked by the shared schema's rule. */
export function NameFields(props: {
  shape: Record<(typeof NAME_FIELDS)[number], z.ZodType>;
  lang: Language;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return NAMES.map((n) => (
    <Form.Item
      key={n.name}
      name={n.name}
      label={t(n.label)}
      required
      rules={[zodRule(props.shape[n.name], props.lang)]}
    >
      <Input maxLength={200} data-testid={`${props.testIdPrefix}-${n.name.replace('_', '-')}`} />
    </Form.Item>
  ));
}
