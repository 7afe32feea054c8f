import { useMemo, useState } from 'react';
import { Button, Divider, Form, Input, Modal, Select, type ButtonProps } from 'antd';
import { AREA_CODES } from '@meetflow/shared/constants';
import { answerErrorText } from '@meetflow/shared/forms/answer-text';
import { answeredAtDoor, validateDoorForm } from '@meetflow/shared/forms/door-questions';
import { visibleKeys } from '@meetflow/shared/forms/form-engine';
import type { Language } from '@meetflow/shared/languages';
import { ApiError } from '../../../lib/http-errors.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import type { DoorStation, WalkInResult } from '../offline/door-station.ts';
import { DoorQuestionItems } from './door-questions-form.tsx';

interface WalkInValues {
  name: string;
  area_code: string;
  phone: string;
  email?: string;
  /** The ask-at-door questions' answers, by key. */
  answers?: Record<string, unknown>;
}

const FIELDS = ['name', 'area_code', 'phone', 'email'] as const;

/**
 * A walk-in at the door (issue 45): name, area code and mobile number, e-mail if they give one, and
 * the meeting's ask-at-door questions (checked here as the server checks them, so a queued walk-in
 * is not refused at sync); registered and checked in at once, or kept on the device while the
 * station is offline. A full meeting asks staff to confirm before admitting the visitor over capacity.
 */
export default function WalkInDialog(props: { station: DoorStation; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  // No antd App wraps the station: the shell's toast, and the modal's own holder.
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<WalkInValues>();
  const [busy, setBusy] = useState(false);
  const questions = useMemo(() => props.station.doorFields(), [props.station]);
  const [given, setGiven] = useState<Record<string, unknown>>({});
  const shown = useMemo(() => visibleKeys(questions, given, { userTypeId: null }), [questions, given]);
  const byKey = useMemo(() => new Map(questions.map((f) => [f.key, f])), [questions]);

  /** The door answers as the server takes them, or null once their errors are shown. */
  const doorAnswers = (values: WalkInValues) => {
    const raw = Object.fromEntries(
      questions
        .filter((f) => shown.has(f.key) && answeredAtDoor(f))
        .map((f) => [f.key, values.answers?.[f.key]]),
    );
    const { answers, errors } = validateDoorForm(questions, raw);
    if (Object.keys(errors).length === 0) return answers;
    form.setFields(
      Object.entries(errors).map(([key, error]) => ({
        name: ['answers', key],
        errors: [answerErrorText(byKey.get(key)!, error, lang)],
      })),
    );
    return null;
  };

  const register = async (values: WalkInValues, admitAnyway = false): Promise<void> => {
    const answers = doorAnswers(values);
    if (!answers) return;
    const person = {
      name: values.name.trim(),
      area_code: values.area_code as WalkInPersonAreaCode,
      phone: values.phone,
      email: values.email?.trim() ?? '',
      answers,
    };
    setBusy(true);
    try {
      const result = await props.station.walkIn(person, admitAnyway);
      if (result.kind === 'full') {
        void modal.confirm({
          title: t('station.walkIn.fullTitle'),
          content: t('station.walkIn.fullText'),
          okText: t('station.walkIn.admitAnyway'),
          okButtonProps: { danger: true, 'data-testid': 'walk-in-admit-anyway' } as ButtonProps,
          cancelText: t('station.walkIn.cancel'),
          onOk: () => register(values, true),
        });
        return;
      }
      tell(result, person.name, t);
      props.onClose();
    } catch (error) {
      const refused = error instanceof ApiError ? refusedFields(error) : [];
      if (refused.length > 0) form.setFields(refused);
      else toast.error(error instanceof ApiError ? error.message : t('station.walkIn.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('station.walkIn.title')}
      onCancel={props.onClose}
      footer={[
        <Button key="cancel" onClick={props.onClose}>
          {t('station.walkIn.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={busy}
          onClick={() => form.submit()}
          data-testid="walk-in-submit"
        >
          {t('station.walkIn.submit')}
        </Button>,
      ]}
      destroyOnHidden
    >
      {modalHolder}
      <Form
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ area_code: '853' }}
        onFinish={(values) => void register(values)}
        onValuesChange={(changed: Partial<WalkInValues>, all: WalkInValues) => {
          if (!changed.answers) return;
          setGiven(all.answers ?? {});
          // An error said of a question goes once it is answered again.
          form.setFields(Object.keys(changed.answers).map((key) => ({ name: ['answers', key], errors: [] })));
        }}
        data-testid="walk-in-form"
      >
        <Form.Item
          name="name"
          label={t('station.walkIn.name')}
          rules={[{ required: true, whitespace: true, message: t('station.walkIn.nameRequired') }]}
        >
          <Input autoComplete="off" autoFocus maxLength={200} data-testid="walk-in-name" />
        </Form.Item>
        <Form.Item name="area_code" label={t('station.walkIn.areaCode')} rules={[{ required: true }]}>
          <Select
            options={AREA_CODES.map((a) => ({ value: a.value, label: a.label[lang] ?? a.label.en }))}
            data-testid="walk-in-area-code"
          />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('station.walkIn.phone')}
          rules={[{ required: true, whitespace: true, message: t('station.walkIn.phoneRequired') }]}
        >
          <Input inputMode="tel" autoComplete="off" maxLength={20} data-testid="walk-in-phone" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('station.walkIn.email')}
          rules={[{ type: 'email', message: t('station.walkIn.emailInvalid') }]}
        >
          <Input inputMode="email" autoComplete="off" maxLength={200} data-testid="walk-in-email" />
        </Form.Item>
        {questions.length > 0 && (
          <>
            <Divider titlePlacement="start" plain>
              {t('station.walkIn.questions')}
            </Divider>
            <DoorQuestionItems questions={questions} shown={shown} lang={lang} prefix="answers" />
          </>
        )}
      </Form>
    </Modal>
  );
}

/** What became of the walk-in, told in a toast. */
function tell(result: WalkInResult, name: string, t: TFunction) {
  if (result.kind === 'queued') return toast.info(t('station.walkIn.queued', { name }));
  if (result.kind !== 'done') return;
  const { answer } = result;
  const key =
    answer.outcome === 'over_capacity'
      ? 'station.walkIn.overCapacity'
      : answer.outcome === 'merged'
        ? answer.check_in === 'already_inside'
          ? 'station.walkIn.mergedInside'
          : 'station.walkIn.merged'
        : 'station.walkIn.admitted';
  (answer.outcome === 'over_capacity' ? toast.warning : toast.success)(t(key, { name: answer.name }));
}

/**
 * The server's refusal as the form's fields: the person's (`person.<field>`) and the door answers'
 * (`answers.<key>`, under the form's `answers`).
 */
function refusedFields(error: ApiError) {
  const given = (error.data as { fields?: Record<string, string> } | null)?.fields ?? {};
  const fields = Object.fromEntries(
    Object.entries(given).map(([path, message]) => [path.replace(/^person\./, ''), message]),
  );
  const answers = Object.entries(fields)
    .filter(([path]) => path.startsWith('answers.'))
    .map(([path, message]) => ({ name: ['answers', path.slice('answers.'.length)], errors: [message] }));
  return [...fieldErrors({ fields }, FIELDS), ...answers];
}

type WalkInPersonAreaCode = Parameters<DoorStation['walkIn']>[0]['area_code'];
