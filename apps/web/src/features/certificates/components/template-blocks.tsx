import {
  Button,
  Card,
  Checkbox,
  ColorPicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Tooltip,
  Typography,
} from 'antd';
import type { FormInstance } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { localText, type FormField } from '@meetflow/shared/forms/form-definition';
import { CERTIFICATE_PLACEHOLDERS } from '@meetflow/shared/schemas/certificates';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { insertAtCursor } from '../../../lib/text-insert.ts';
import { NEW_BLOCK, type TemplateFormValues } from '../certificate-logic.ts';

/** The template form's name: antd names each field's element `<form>_<path>`, e.g. `certificateTemplate_blocks_0_text`. */
export const TEMPLATE_FORM = 'certificateTemplate';
const MAX_BLOCKS = 30;
const ALIGNS = ['left', 'center', 'right'] as const;

/**
 * The `{placeholder}` buttons under a block's text. Pressing one keeps the focus (and the caret) in
 * the text, like the mail editors' buttons, but with the certificate's own names, then one per field
 * of the meeting's own form (`{answer.<key>}`, named by its label).
 */
function PlaceholderButtons({
  onInsert,
  testId,
  answerFields,
}: {
  onInsert: (name: string) => void;
  testId: string;
  answerFields: readonly FormField[];
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const names = [
    ...CERTIFICATE_PLACEHOLDERS.map((name) => ({
      name,
      description: t(`certificates.template.placeholderNames.${name}`),
    })),
    ...answerFields.map((field) => ({
      name: `answer.${field.key}`,
      description: localText(field.label, lang),
    })),
  ];
  return (
    <Flex wrap gap={4} align="center" role="group" aria-label={t('certificates.template.placeholders')}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('certificates.template.placeholders')}
      </Typography.Text>
      {names.map(({ name, description }) => {
        return (
          <Tooltip key={name} title={description}>
            <Button
              size="small"
              color="default"
              variant="filled"
              style={{ fontFamily: 'var(--ant-font-family-code, ui-monospace, monospace)', fontSize: 12 }}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onInsert(name)}
              aria-label={`{${name}} ${description}`}
              data-testid={`${testId}-placeholder-${name}`}
            >
              {`{${name}}`}
            </Button>
          </Tooltip>
        );
      })}
    </Flex>
  );
}

/** The template's text blocks: text with placeholders, position and size in % of the page, style. */
export function TemplateBlocks({
  form,
  answerFields,
}: {
  form: FormInstance<TemplateFormValues>;
  /** The meeting's fields that take an answer: `{answer.<key>}` placeholders. */
  answerFields: readonly FormField[];
}) {
  const { t } = useTranslation();

  function insert(index: number, placeholder: string) {
    const path = ['blocks', index, 'text'] as ['blocks', number, 'text'];
    const element = document.getElementById(
      `${TEMPLATE_FORM}_blocks_${index}_text`,
    ) as HTMLTextAreaElement | null;
    const current = String(form.getFieldValue(path) ?? '');
    const { value, caret } = insertAtCursor(
      current,
      element?.selectionStart,
      element?.selectionEnd,
      `{${placeholder}}`,
    );
    form.setFieldValue(path, value);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  }

  const number = (name: number, field: string, label: string, min: number, max: number, step = 1) => (
    <Form.Item name={[name, field]} label={label} rules={[{ required: true, message: label }]}>
      <InputNumber
        min={min}
        max={max}
        step={step}
        style={{ width: 96 }}
        data-testid={`certificate-block-${name}-${field}`}
      />
    </Form.Item>
  );

  return (
    <Form.List name="blocks">
      {(fields, { add, remove, move }) => (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('certificates.template.positionHelp')}</Typography.Text>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              title={t('certificates.template.block', { n: index + 1 })}
              data-testid={`certificate-block-${index}`}
              extra={
                <Flex gap={2}>
                  <Tooltip title={t('certificates.template.moveUp')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      disabled={index === 0}
                      aria-label={t('certificates.template.moveUp')}
                      onClick={() => move(index, index - 1)}
                    />
                  </Tooltip>
                  <Tooltip title={t('certificates.template.moveDown')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={index === fields.length - 1}
                      aria-label={t('certificates.template.moveDown')}
                      onClick={() => move(index, index + 1)}
                    />
                  </Tooltip>
                  <Tooltip title={t('certificates.template.removeBlock')}>
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('certificates.template.removeBlock')}
                      onClick={() => remove(field.name)}
                      data-testid={`certificate-block-${index}-remove`}
                    />
                  </Tooltip>
                </Flex>
              }
            >
              <Form.Item
                name={[field.name, 'text']}
                label={t('certificates.template.text')}
                style={{ marginBottom: 4 }}
              >
                <Input.TextArea
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  maxLength={1000}
                  data-testid={`certificate-block-${index}-text`}
                />
              </Form.Item>
              <PlaceholderButtons
                onInsert={(name) => insert(field.name, name)}
                testId={`certificate-block-${index}`}
                answerFields={answerFields}
              />
              <Flex wrap gap={12} style={{ marginTop: 8 }}>
                {number(field.name, 'x', t('certificates.template.x'), 0, 100)}
                {number(field.name, 'y', t('certificates.template.y'), 0, 100)}
                {number(field.name, 'width', t('certificates.template.width'), 5, 100)}
                {number(field.name, 'size', t('certificates.template.size'), 6, 96)}
                <Form.Item name={[field.name, 'align']} label={t('certificates.template.align')}>
                  <Select
                    style={{ width: 96 }}
                    options={ALIGNS.map((a) => ({ value: a, label: t(`certificates.template.aligns.${a}`) }))}
                    data-testid={`certificate-block-${index}-align`}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'color']}
                  label={t('certificates.template.color')}
                  getValueFromEvent={(color: { toHexString(): string }) => color.toHexString()}
                >
                  <ColorPicker
                    disabledAlpha
                    format="hex"
                    showText
                    aria-label={t('certificates.template.color')}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'bold']} label=" " valuePropName="checked">
                  <Checkbox data-testid={`certificate-block-${index}-bold`}>
                    {t('certificates.template.bold')}
                  </Checkbox>
                </Form.Item>
              </Flex>
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= MAX_BLOCKS}
            onClick={() => add({ ...NEW_BLOCK })}
            data-testid="certificate-block-add"
          >
            {t('certificates.template.addBlock')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
