/**
 * The error catalogue's entries for invitations (issue 45): codes 40045–40049, 40475–40479,
 * 40982–40989; spread into ERRORS (errors.ts).
 */
export const INVITATION_ERRORS = {
  INVITATION_INVALID: {
    code: 40045,
    status: 400,
    message: {
      'zh-tw': '邀請碼無效或已過期',
      'zh-cn': '邀请码无效或已过期',
      en: 'The invitation code is not valid or has expired',
    },
  },
  INVITATION_WRONG_TYPE: {
    code: 40046,
    status: 400,
    message: {
      'zh-tw': '此邀請碼不適用於所選的報名類型',
      'zh-cn': '此邀请码不适用于所选的报名类型',
      en: 'This invitation is for another registration type',
    },
  },
  INVITATION_USED_UP: {
    code: 40982,
    status: 409,
    message: {
      'zh-tw': '此邀請碼的名額已用完',
      'zh-cn': '此邀请码的名额已用完',
      en: 'Every place of this invitation has been taken',
    },
  },
  INVITEE_SEATS_TOO_MANY: {
    code: 40983,
    status: 409,
    message: {
      'zh-tw': '保留給受邀者的名額超過尚未被佔用的名額',
      'zh-cn': '保留给受邀者的名额超过尚未被占用的名额',
      en: 'More invitee seats than the seats still free',
    },
  },
  INVITATION_CODE_TAKEN: {
    code: 40984,
    status: 409,
    message: {
      'zh-tw': '此會議已有相同的邀請碼',
      'zh-cn': '此会议已有相同的邀请码',
      en: 'This meeting already has that invitation code',
    },
  },
  INVITATION_IN_USE: {
    code: 40985,
    status: 409,
    message: {
      'zh-tw': '此邀請碼已有人使用，不能刪除；可改為停用',
      'zh-cn': '此邀请码已有人使用，不能删除；可改为停用',
      en: 'This invitation has been used and cannot be deleted: disable it instead',
    },
  },
} as const;
