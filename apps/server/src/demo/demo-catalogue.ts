import type { FormField } from '@meetflow/shared/forms/form-definition';
import { DEMO_FORM } from './demo-form.ts';
import type { Region } from '@meetflow/shared/constants';
import type { MeetingDisplayConfigInput } from '@meetflow/shared/schemas/meeting-display';
import type { AreaCode } from '@meetflow/shared/schemas/public';
import type { BannerStyle, PdfLine } from './demo-files.ts';
import type { Script } from './demo-people.ts';

/*
 * The demo's fixed content: who organises what, the two meetings with their sessions and
 * registration types, and the words guests fill in. Names are in the spec's three languages
 * ('' zh-tw, _cn zh-cn, _en en).
 */

export interface Names {
  name: string;
  name_cn: string;
  name_en: string;
}

export interface DemoOrganization {
  name: string;
  /** Where it is: its meetings' forms start at that region's area code (departments inherit it). */
  region?: Region;
  children?: DemoOrganization[];
}

/** A Macao association with departments and a Hong Kong college with committees. */
export const ORGANIZATION_TREE: DemoOrganization[] = [
  {
    name: '澳門醫學會',
    region: 'MO',
    children: [
      { name: '學術部' },
      { name: '會員事務部' },
      { name: '公共衛生委員會' },
      { name: '青年醫生委員會' },
    ],
  },
  {
    name: '香港內科醫學院',
    region: 'HK',
    children: [{ name: '專科培訓委員會' }, { name: '持續醫學教育委員會' }],
  },
];

/** Time slots of the dictionary (global): [start, end, remark zh-tw, zh-cn, en]. */
export const MEETING_TIMES = [
  ['09:00', '10:30', '上午第一節', '上午第一节', 'Morning, first session'],
  ['11:00', '12:30', '上午第二節', '上午第二节', 'Morning, second session'],
  ['14:00', '15:30', '下午第一節', '下午第一节', 'Afternoon, first session'],
  ['16:00', '17:30', '下午第二節', '下午第二节', 'Afternoon, second session'],
] as const;

export const COLLEGE_CATEGORIES: Names[] = [
  { name: '內科', name_cn: '内科', name_en: 'Internal Medicine' },
  { name: '外科', name_cn: '外科', name_en: 'Surgery' },
  { name: '家庭醫學', name_cn: '家庭医学', name_en: 'Family Medicine' },
  { name: '兒科', name_cn: '儿科', name_en: 'Paediatrics' },
  { name: '急症科', name_cn: '急诊科', name_en: 'Emergency Medicine' },
  { name: '護理', name_cn: '护理', name_en: 'Nursing' },
];

/** Where the guests come from and in which script they write their names. */
export interface Audience {
  areas: Record<AreaCode, number>;
  /** Script weights per area. */
  scripts: Record<AreaCode, Partial<Record<Script, number>>>;
}

export interface DemoSession extends Names {
  /** Day of the meeting, 0 = today. */
  day: number;
  /** Index into MEETING_TIMES. */
  slot: number;
  limit: number;
  /** How likely an allowed guest is to pick it. */
  appeal: number;
}

export interface DemoUserType extends Names {
  weight: number;
  /** Indexes into the meeting's sessions. */
  sessions: number[];
  profession: 'doctor' | 'nurse' | 'student';
}

export interface DemoMeeting extends Names {
  kind: 'general' | 'date_schedule';
  /** Path of the organising organisation in ORGANIZATION_TREE. */
  organization: string[];
  location: string;
  location_cn: string;
  location_en: string;
  /** Local clock times of the first and last day. */
  starts: string;
  ends: string;
  days: number;
  registrationLimit: number;
  guests: number;
  audience: Audience;
  banner: BannerStyle;
  display: MeetingDisplayConfigInput;
  sessions: DemoSession[];
  userTypes: DemoUserType[];
  /** The meeting's own form fields after the spec's (demo-form.ts), if it has any. */
  form?: readonly FormField[];
}

const CHINESE_FIRST: Audience['scripts'] = {
  '853': { hant: 78, latin: 22 },
  '852': { hant: 72, latin: 28 },
  '86': { hans: 100 },
  '886': { hant: 100 },
};

export const GENERAL_MEETING: DemoMeeting = {
  kind: 'general',
  name: '2026 澳門醫學會周年學術大會',
  name_cn: '2026 澳门医学会周年学术大会',
  name_en: 'Macao Medical Association Annual Scientific Congress 2026',
  organization: ['澳門醫學會', '學術部'],
  location: '澳門路氹金光大道 威尼斯人金光會展 C 廳',
  location_cn: '澳门路氹金光大道 威尼斯人金光会展 C 厅',
  location_en: 'Hall C, Cotai Expo, The Venetian Macao',
  starts: '08:30',
  ends: '17:30',
  days: 1,
  registrationLimit: 300,
  guests: 226,
  audience: { areas: { '853': 55, '852': 20, '86': 18, '886': 7 }, scripts: CHINESE_FIRST },
  banner: { from: [14, 124, 134], to: [29, 53, 87], accent: [255, 255, 255] },
  display: {
    language_order: ['zh-tw', 'en', 'zh-cn'],
    theme_color: '#0e7c86',
    signup_intro: '歡迎參加本年度周年學術大會。請填寫以下資料，報名成功後可於簽到頁取得入場二維碼。',
    signup_intro_cn: '欢迎参加本年度周年学术大会。请填写以下资料，报名成功后可于签到页取得入场二维码。',
    signup_intro_en:
      'Welcome to this year’s Annual Scientific Congress. Sign up below; your entry QR code is on the check-in page.',
  },
  sessions: [],
  userTypes: [],
};

export const DATE_SCHEDULE_MEETING: DemoMeeting = {
  form: DEMO_FORM,
  kind: 'date_schedule',
  name: '香港內科醫學院 2026 周年科學研討會',
  name_cn: '香港内科医学院 2026 周年科学研讨会',
  name_en: 'Hong Kong College of Physicians Annual Scientific Meeting 2026',
  organization: ['香港內科醫學院', '持續醫學教育委員會'],
  location: '香港灣仔 香港會議展覽中心 S421',
  location_cn: '香港湾仔 香港会议展览中心 S421',
  location_en: 'Room S421, Hong Kong Convention and Exhibition Centre, Wan Chai',
  starts: '09:00',
  ends: '17:30',
  days: 2,
  registrationLimit: 0,
  guests: 168,
  audience: { areas: { '852': 60, '853': 15, '86': 20, '886': 5 }, scripts: CHINESE_FIRST },
  banner: { from: [92, 45, 145], to: [21, 101, 192], accent: [255, 236, 179] },
  display: {
    language_order: ['en', 'zh-tw', 'zh-cn'],
    theme_color: '#5c2d91',
    schedule_text_color: '#2d1b4e',
    signup_intro: '請選擇登記類別及希望參加的環節；部分工作坊名額有限，先到先得。',
    signup_intro_cn: '请选择登记类别及希望参加的环节；部分工作坊名额有限，先到先得。',
    signup_intro_en:
      'Choose your registration type and the sessions you wish to attend. Workshop places are limited: first come, first served.',
  },
  sessions: [
    {
      day: 0,
      slot: 0,
      limit: 0,
      appeal: 0.9,
      name: '開幕禮及主題演講',
      name_cn: '开幕礼及主题演讲',
      name_en: 'Opening Ceremony and Keynote Lecture',
    },
    {
      day: 0,
      slot: 1,
      limit: 80,
      appeal: 0.6,
      name: '心臟科專題研討',
      name_cn: '心脏科专题研讨',
      name_en: 'Cardiology Symposium',
    },
    {
      day: 0,
      slot: 2,
      limit: 40,
      appeal: 0.5,
      name: '糖尿病管理工作坊',
      name_cn: '糖尿病管理工作坊',
      name_en: 'Diabetes Management Workshop',
    },
    {
      day: 0,
      slot: 3,
      limit: 100,
      appeal: 0.4,
      name: '老年醫學專題',
      name_cn: '老年医学专题',
      name_en: 'Geriatric Medicine Update',
    },
    {
      day: 1,
      slot: 0,
      limit: 120,
      appeal: 0.6,
      name: '感染科最新進展',
      name_cn: '感染科最新进展',
      name_en: 'Infectious Diseases Update',
    },
    {
      day: 1,
      slot: 1,
      limit: 30,
      appeal: 0.5,
      name: '床邊超聲工作坊',
      name_cn: '床边超声工作坊',
      name_en: 'Point-of-care Ultrasound Workshop',
    },
    {
      day: 1,
      slot: 2,
      limit: 0,
      appeal: 0.7,
      name: '閉幕全體會議',
      name_cn: '闭幕全体会议',
      name_en: 'Closing Plenary',
    },
  ],
  userTypes: [
    {
      name: '院士',
      name_cn: '院士',
      name_en: 'Fellow',
      weight: 24,
      sessions: [0, 1, 2, 3, 4, 5, 6],
      profession: 'doctor',
    },
    {
      name: '會員',
      name_cn: '会员',
      name_en: 'Member',
      weight: 30,
      sessions: [0, 1, 2, 3, 4, 5, 6],
      profession: 'doctor',
    },
    {
      name: '受訓醫生',
      name_cn: '受训医生',
      name_en: 'Trainee',
      weight: 20,
      sessions: [0, 1, 2, 4, 5, 6],
      profession: 'doctor',
    },
    {
      name: '護士及專職醫療人員',
      name_cn: '护士及专职医疗人员',
      name_en: 'Nurse or Allied Health',
      weight: 16,
      sessions: [0, 2, 3, 4, 6],
      profession: 'nurse',
    },
    {
      name: '醫科學生',
      name_cn: '医科学生',
      name_en: 'Medical Student',
      weight: 10,
      sessions: [0, 6],
      profession: 'student',
    },
  ],
};

export const DEMO_MEETINGS = [GENERAL_MEETING, DATE_SCHEDULE_MEETING] as const;

/** Hospitals and institutions in each script. */
export const INSTITUTIONS: Record<Script, readonly string[]> = {
  hant: [
    '仁伯爵綜合醫院',
    '鏡湖醫院',
    '澳門科大醫院',
    '澳門衛生局',
    '瑪麗醫院',
    '威爾斯親王醫院',
    '伊利沙伯醫院',
    '廣華醫院',
    '香港大學李嘉誠醫學院',
    '香港中文大學醫學院',
    '臺大醫院',
    '私人執業',
  ],
  hans: [
    '中山大学附属第一医院',
    '广东省人民医院',
    '北京协和医院',
    '复旦大学附属中山医院',
    '南方医科大学南方医院',
    '珠海市人民医院',
    '深圳市人民医院',
    '四川大学华西医院',
  ],
  latin: [
    'Queen Mary Hospital',
    'Kiang Wu Hospital',
    'Conde S. Januário Hospital',
    'Prince of Wales Hospital',
    'Macau University of Science and Technology Hospital',
    'Private practice',
    'Hong Kong Sanatorium & Hospital',
  ],
};

export const JOB_TITLES: Record<Script, readonly string[]> = {
  hant: [
    '主任醫生',
    '顧問醫生',
    '主治醫生',
    '駐院醫生',
    '護士長',
    '註冊護士',
    '藥劑師',
    '物理治療師',
    '研究員',
  ],
  hans: ['主任医师', '副主任医师', '主治医师', '住院医师', '护士长', '药剂师', '研究员'],
  latin: [
    'Consultant',
    'Associate Consultant',
    'Resident',
    'Nurse Consultant',
    'Registered Nurse',
    'Pharmacist',
    'Researcher',
  ],
};

export const CONTACT_NAMES: Record<Script, readonly string[]> = {
  hant: ['陳小姐', '李先生', '黃姑娘', '何小姐', '秘書處'],
  hans: ['王女士', '李先生', '张老师', '办公室'],
  latin: ['Ms. Lopes', 'Mr. Smith', 'Secretariat', 'Ms. Wong'],
};

export const NOTES = [
  '素食',
  '需要輪椅通道',
  'Vegetarian meal, please',
  'Halal meal, please',
  '清真餐',
] as const;

/** The text of a meeting's schedule PDF (Latin text: the standard PDF fonts carry no Chinese). */
export function schedulePdfLines(meeting: DemoMeeting, dates: string[]): PdfLine[] {
  const lines: PdfLine[] = [
    { text: meeting.name_en, size: 18, bold: true },
    { text: meeting.location_en, size: 11, gap: 4 },
    { text: 'Programme', size: 14, bold: true, gap: 18 },
  ];
  if (meeting.sessions.length === 0) {
    lines.push(
      { text: `${meeting.starts}  Registration and welcome coffee`, gap: 8 },
      { text: '09:00  Opening address by the President' },
      { text: '09:30  Plenary: Antimicrobial stewardship in Macao hospitals' },
      { text: '10:30  Coffee break and poster viewing' },
      { text: '11:00  Symposium: Chronic disease management in primary care' },
      { text: '12:30  Lunch' },
      { text: '14:00  Free paper sessions (Halls C1 and C2)' },
      { text: '16:00  Panel: Cross-border medical cooperation in the Greater Bay Area' },
      { text: `${meeting.ends}  Closing remarks` },
    );
    return lines;
  }
  dates.forEach((date, day) => {
    lines.push({ text: `Day ${day + 1}  ${date}`, size: 13, bold: true, gap: 12 });
    for (const session of meeting.sessions.filter((s) => s.day === day)) {
      const [start, end] = MEETING_TIMES[session.slot]!;
      const seats = session.limit ? `  (${session.limit} places)` : '';
      lines.push({ text: `${start} - ${end}  ${session.name_en}${seats}`, gap: 2 });
    }
  });
  return lines;
}

export function guidePdfLines(meeting: DemoMeeting): PdfLine[] {
  return [
    { text: `${meeting.name_en}: guide for delegates`, size: 16, bold: true },
    { text: 'Venue', size: 13, bold: true, gap: 16 },
    { text: meeting.location_en },
    { text: 'Registration', size: 13, bold: true, gap: 12 },
    {
      text: `The registration desk opens at ${meeting.starts}. Show the QR code from your guest page at the door;`,
    },
    { text: 'scanning it records your entry. Scan again when you leave, and on your return.' },
    { text: 'Getting there', size: 13, bold: true, gap: 12 },
    { text: 'Public transport is recommended: parking near the venue is limited on congress days.' },
    { text: 'CME points', size: 13, bold: true, gap: 12 },
    { text: 'Points are awarded per session attended, as recorded by the session door scans.' },
    { text: 'Wi-Fi', size: 13, bold: true, gap: 12 },
    { text: 'Network: Congress-Guest    Password: printed on your badge' },
    { text: 'Enquiries', size: 13, bold: true, gap: 12 },
    { text: 'Secretariat: secretariat@example.org' },
  ];
}
