/** Field messages of approval (issue 45), spread into FIELD_MESSAGES (field-messages.ts). */
export const APPROVAL_FIELD_MESSAGES = {
  applicationsRequired: {
    'zh-tw': '請選擇至少一項申請',
    'zh-cn': '请选择至少一项申请',
    en: 'Choose at least one application',
  },
} as const;
