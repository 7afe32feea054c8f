import { useState } from 'react';
import { Alert, Button, Drawer, Flex, Form, Input, Radio, Select, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { LANGUAGES, nameIn, type Language } from '@meetflow/shared/languages';
import type { UserType } from '@meetflow/shared/schemas/dictionary';
import { INVITEE_LIST_MAX, type InvitationSeats } from '@meetflow/shared/schemas/invitations';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useInviteList } from '../invitations-api.ts';
import { parseInviteeList } from '../invitee-list.ts';
import '../i18n.ts';

const LANGUAGE_NAMES: Record<Language, string> = { 'zh-tw': '繁體中文', 'zh-cn': '简体中文', en: 'English' };

/**
 * Invites a list (issue 45): pasted from a sheet or read from a CSV file, one invitee a line; each
 * gets a single-use code and a mail with their personal sign-up link.
 */
export function InviteeImport(props: { meetingId: number; userTypes: UserType[]; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const invite = useInviteList(props.meetingId);
  const [text, setText] = useState('');
  const [seats, setSeats] = useState<InvitationSeats>('reserved');
  const [typeId, setTypeId] = useState(0);
  const [language, setLanguage] = useState<Language>(lang);
  const parsed = parseInviteeList(text, props.userTypes);
  const tooMany = parsed.invitees.length > INVITEE_LIST_MAX;

  const submit = async () => {
    try {
      const result = await invite.mutateAsync({
        seats,
        user_type_id: typeId === 0 ? null : typeId,
        language,
        invitees: parsed.invitees,
      });
      toast.success(
        t('invitations.list.sent', { count: result.created.length, already: result.already_invited.length }),
      );
      props.onClose();
    } catch {
      // The client has shown the server's reason.
    }
  };

  return (
    <Drawer
      open
      title={t('invitations.list.title')}
      size="min(560px, 100vw)"
      onClose={props.onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={props.onClose}>{t('invitations.cancel')}</Button>
          <Button
            type="primary"
            loading={invite.isPending}
            disabled={parsed.invitees.length === 0 || parsed.badLines.length > 0 || tooMany}
            onClick={() => void submit()}
            data-testid="invitee-send"
          >
            {t('invitations.list.send', { count: parsed.invitees.length })}
          </Button>
        </Flex>
      }
      data-testid="invitee-drawer"
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('invitations.list.paste')}
          htmlFor="invitee-list"
          extra={t('invitations.list.format', { max: INVITEE_LIST_MAX })}
        >
          <Input.TextArea
            id="invitee-list"
            rows={8}
            value={text}
            onChange={(event) => setText(event.target.value)}
            data-testid="invitee-list"
          />
        </Form.Item>
        <Upload
          accept=".csv,.txt,text/csv,text/plain"
          showUploadList={false}
          beforeUpload={(file) => {
            void file.text().then(setText);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('invitations.list.file')}</Button>
        </Upload>
        {parsed.badLines.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ margin: '12px 0' }}
            title={t('invitations.list.badLines', { lines: parsed.badLines.join(', ') })}
            data-testid="invitee-bad-lines"
          />
        )}
        <Form.Item
          style={{ marginTop: 16 }}
          label={<span id="invitee-seats-label">{t('invitations.codes.seats')}</span>}
        >
          <Radio.Group
            aria-labelledby="invitee-seats-label"
            value={seats}
            onChange={(event) => setSeats(event.target.value as InvitationSeats)}
            options={(['reserved', 'bypass'] as const).map((value) => ({
              value,
              label: t(`invitations.codes.seatKinds.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('invitations.list.type')} htmlFor="invitee-type">
          <Select
            id="invitee-type"
            value={typeId}
            onChange={setTypeId}
            options={[
              { value: 0, label: t('invitations.codes.anyType') },
              ...props.userTypes.map((u) => ({
                value: u.id,
                label: nameIn(lang, u.name, u.name_cn, u.name_en),
              })),
            ]}
            style={{ maxWidth: 320 }}
          />
        </Form.Item>
        <Form.Item label={t('invitations.list.language')} htmlFor="invitee-language">
          <Select
            id="invitee-language"
            value={language}
            onChange={setLanguage}
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            style={{ maxWidth: 320 }}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
