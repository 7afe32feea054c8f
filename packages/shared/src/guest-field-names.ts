import type { Localized } from './languages.ts';

/*
 * What each guest field is called in the back office: the import template's column headers, the guest
 * form and list, and the import's column mapping all read these, so that a column headed 手機號碼 is
 * mapped to a field of that very name. The spec's names (section 3: "phone", "contact number
 * (institution phone)", "contact phone", …), in the product's three languages.
 */

export type GuestFieldKey =
  | 'name'
  | 'gender'
  | 'local_guest'
  | 'area_code'
  | 'phone'
  | 'email'
  | 'institution'
  | 'job_title'
  | 'contact_name'
  | 'contact_number'
  | 'contact_phone'
  | 'name_zh'
  | 'name_en'
  | 'organization'
  | 'user_type'
  | 'license_number'
  | 'other'
  | 'academy_member'
  | 'college_category'
  | 'session';

export const GUEST_FIELD_NAMES: Record<GuestFieldKey, Localized> = {
  name: { 'zh-tw': '姓名', 'zh-cn': '姓名', en: 'Name' },
  gender: { 'zh-tw': '性別', 'zh-cn': '性别', en: 'Gender' },
  local_guest: { 'zh-tw': '本地嘉賓', 'zh-cn': '本地嘉宾', en: 'Local guest' },
  area_code: { 'zh-tw': '區號', 'zh-cn': '区号', en: 'Area code' },
  phone: { 'zh-tw': '手機號碼', 'zh-cn': '手机号码', en: 'Phone' },
  email: { 'zh-tw': '電郵', 'zh-cn': '邮箱', en: 'Email' },
  institution: { 'zh-tw': '機構名稱', 'zh-cn': '机构名称', en: 'Institution' },
  job_title: { 'zh-tw': '職位', 'zh-cn': '职位', en: 'Job title' },
  contact_name: { 'zh-tw': '聯絡人', 'zh-cn': '联系人', en: 'Contact name' },
  contact_number: {
    'zh-tw': '聯絡電話（機構）',
    'zh-cn': '联系电话（机构）',
    en: 'Contact number (institution)',
  },
  contact_phone: { 'zh-tw': '聯絡人手機', 'zh-cn': '联系人手机', en: 'Contact phone' },
  name_zh: { 'zh-tw': '中文姓名', 'zh-cn': '中文姓名', en: 'Chinese name' },
  name_en: { 'zh-tw': '英文姓名', 'zh-cn': '英文姓名', en: 'English name' },
  organization: { 'zh-tw': '機構', 'zh-cn': '机构', en: 'Organisation' },
  user_type: { 'zh-tw': '報名類型', 'zh-cn': '报名类型', en: 'Registration type' },
  license_number: { 'zh-tw': '執照號碼', 'zh-cn': '执照号码', en: 'Licence number' },
  other: { 'zh-tw': '其他', 'zh-cn': '其他', en: 'Other' },
  academy_member: { 'zh-tw': '學院院士／會員', 'zh-cn': '学院院士／会员', en: 'Academy member / fellow' },
  college_category: { 'zh-tw': '學院類別', 'zh-cn': '学院类别', en: 'College category' },
  session: { 'zh-tw': '報名日程', 'zh-cn': '报名日程', en: 'Sessions' },
};
