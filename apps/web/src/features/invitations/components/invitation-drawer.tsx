import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { fieldMessage, type FieldMessageKey } from '@meetflow/shared/field-messages';
import { nameIn } from '@meetflow/shared/languages';
import type { UserType } from '@meetflow/shared/schemas/dictionary';
import type { Invitation, InvitationBody } from '@meetflow/shared/schemas/invitations';
import { dayIn } from '../../../lib/date-time.ts';
import { ApiError, reportFailure } from '../../../lib/http.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useServerTimeZone } from '../../../lib/server-time.ts';
import { toast } from '../../../lib/toast.ts';
import { errorProps } from '../../../components/localized-inputs.tsx';
import { dayEndIn, invitationBody, invitationDraft, type InvitationDraft } from '../invitations-logic.ts';
import '../i18n.ts';

type SaveMutation = UseMutationResult<
  Invitation,
  Error,
  { id: number | null; body: InvitationBody; silent: boolean }
>;

const SHOWN = ['code', 'seats', 'user_type_id', 'max_uses', 'valid_until', 'enabled', 'note'];

/** The server's field messages (already in the user's language), or null when it sent none. */
function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError)) return null;
  const fields = (error.data as { fields?: unknown } | null)?.fields;
  if (typeof fields !== 'object' || fields === null) return null;
  const entries = Object.entries(fields);
  return entries.length > 0 && entries.every(([, v]) => typeof v === 'string')
    ? (fields as Record<string, string>)
    : null;
}

/** Adds or edits one invitation code: its seats, type, uses and last day. */
export function InvitationDrawer(props: {
  invitation: Invitation | null;
  userTypes: UserType[];
  onClose: () => void;
  save: SaveMutation;
}) {
  const { invitation, userTypes, save } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useServerTimeZone();
  const [draft, setDraft] = useState<InvitationDraft>(() =>
    invitationDraft(invitation, (ms) => dayIn(ms, zone)),
  );
  const [errors, setErrors] = useState<Record<string, string>>();
  const set = (change: Partial<InvitationDraft>) => setDraft({ ...draft, ...change });
  const unplaced = Object.entries(errors ?? {}).filter(([f]) => !SHOWN.includes(f));

  const submit = async () => {
    const result = invitationBody(draft, (day) => dayEndIn(day, zone));
    if ('errors' in result) {
      setErrors(
        Object.fromEntries(
          Object.entries(result.errors).map(([f, key]) => [f, fieldMessage(key as FieldMessageKey, lang)]),
        ),
      );
      return;
    }
    setErrors(undefined);
    try {
      await save.mutateAsync({ id: invitation?.id ?? null, body: result.body, silent: true });
      toast.success(t('invitations.codes.saved'));
      props.onClose();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else if (error instanceof ApiError && error.code === 40984) setErrors({ code: error.message });
      else reportFailure(error);
    }
  };

  return (
    <Drawer
      open
      title={invitation ? t('invitations.codes.editTitle') : t('invitations.codes.add')}
      size="min(520px, 100vw)"
      onClose={props.onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={props.onClose}>{t('invitations.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => void submit()}
            data-testid="invitation-save"
          >
            {t('invitations.save')}
          </Button>
        </Flex>
      }
      data-testid="invitation-drawer"
    >
      <Form layout="vertical" component="div">
        {unplaced.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={unplaced.map(([, m]) => m).join(' ')}
            style={{ marginBottom: 12 }}
          />
        )}
        <Form.Item
          label={t('invitations.codes.code')}
          htmlFor="invitation-code"
          extra={invitation ? undefined : t('invitations.codes.codeHelp')}
          {...errorProps(errors, 'code')}
        >
          <Input
            id="invitation-code"
            autoComplete="off"
            maxLength={40}
            value={draft.code}
            onChange={(event) => set({ code: event.target.value })}
            onBlur={() => set({ code: draft.code.trim().toUpperCase() })}
            style={{ maxWidth: 320, textTransform: 'uppercase' }}
            data-testid="invitation-code-input"
          />
        </Form.Item>
        <InvitationFields draft={draft} set={set} errors={errors} userTypes={userTypes} />
      </Form>
    </Drawer>
  );
}

/** The form's fields after the code: seats, type, uses, last day, note and switch. */
function InvitationFields(props: {
  draft: InvitationDraft;
  set: (change: Partial<InvitationDraft>) => void;
  errors: Record<string, string> | undefined;
  userTypes: UserType[];
}) {
  const { draft, set, errors, userTypes } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <>
      <Form.Item label={<span id="invitation-seats-label">{t('invitations.codes.seats')}</span>}>
        <Radio.Group
          aria-labelledby="invitation-seats-label"
          value={draft.seats}
          onChange={(event) => set({ seats: event.target.value as InvitationDraft['seats'] })}
          options={(['reserved', 'bypass'] as const).map((value) => ({
            value,
            label: t(`invitations.codes.seatKinds.${value}`),
          }))}
          data-testid="invitation-seats"
        />
      </Form.Item>
      <Form.Item
        label={t('invitations.codes.userType')}
        htmlFor="invitation-type"
        {...errorProps(errors, 'user_type_id')}
      >
        <Select
          id="invitation-type"
          value={draft.user_type_id ?? 0}
          onChange={(value: number) => set({ user_type_id: value === 0 ? null : value })}
          options={[
            { value: 0, label: t('invitations.codes.anyType') },
            ...userTypes.map((u) => ({ value: u.id, label: nameIn(lang, u.name, u.name_cn, u.name_en) })),
          ]}
          style={{ maxWidth: 320 }}
        />
      </Form.Item>
      <Form.Item
        label={t('invitations.codes.maxUses')}
        htmlFor="invitation-uses"
        {...errorProps(errors, 'max_uses')}
      >
        <InputNumber
          id="invitation-uses"
          min={1}
          max={100_000}
          precision={0}
          value={draft.max_uses}
          onChange={(value) => set({ max_uses: value })}
          data-testid="invitation-uses"
        />
      </Form.Item>
      <Form.Item
        label={t('invitations.codes.validUntil')}
        htmlFor="invitation-until"
        {...errorProps(errors, 'valid_until')}
      >
        <Input
          id="invitation-until"
          type="date"
          value={draft.valid_until}
          onChange={(event) => set({ valid_until: event.target.value })}
          style={{ maxWidth: 200 }}
        />
      </Form.Item>
      <Form.Item
        label={t('invitations.codes.note')}
        htmlFor="invitation-note"
        {...errorProps(errors, 'note')}
      >
        <Input.TextArea
          id="invitation-note"
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 4 }}
          value={draft.note}
          onChange={(event) => set({ note: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={<span id="invitation-enabled-label">{t('invitations.codes.enabled')}</span>}>
        <Switch
          aria-labelledby="invitation-enabled-label"
          checked={draft.enabled}
          onChange={(enabled) => set({ enabled })}
        />
      </Form.Item>
    </>
  );
}
