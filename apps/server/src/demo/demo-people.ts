import { normalizePhone } from '@meetflow/shared/phone';
import { type AreaCode } from '@meetflow/shared/schemas/public';
import type { DemoRandom } from './demo-random.ts';

/*
 * Who signs up to the demo meetings: people from Macao, Hong Kong, mainland China and Taiwan,
 * named in Traditional Chinese, Simplified Chinese or English, with phone numbers that the
 * sign-up's own check (libphonenumber, full metadata) accepts.
 */

export type Script = 'hant' | 'hans' | 'latin';
type Gender = 'male' | 'female';

/** [characters, romanisation] */
type Syllables = readonly [string, string];
type Given = readonly [string, string, Gender];

/** Cantonese romanisation, as Hong Kong and Macao identity cards spell it. */
const HANT_SURNAMES: readonly Syllables[] = [
  ['陳', 'Chan'],
  ['黃', 'Wong'],
  ['李', 'Lee'],
  ['張', 'Cheung'],
  ['梁', 'Leung'],
  ['何', 'Ho'],
  ['林', 'Lam'],
  ['劉', 'Lau'],
  ['吳', 'Ng'],
  ['鄭', 'Cheng'],
  ['王', 'Wong'],
  ['郭', 'Kwok'],
  ['馬', 'Ma'],
  ['蔡', 'Choi'],
  ['謝', 'Tse'],
  ['羅', 'Law'],
  ['許', 'Hui'],
  ['鍾', 'Chung'],
  ['區', 'Au'],
  ['葉', 'Ip'],
  ['曾', 'Tsang'],
  ['麥', 'Mak'],
  ['蕭', 'Siu'],
  ['譚', 'Tam'],
];
const HANT_GIVEN: readonly Given[] = [
  ['家豪', 'Ka Ho', 'male'],
  ['志偉', 'Chi Wai', 'male'],
  ['俊傑', 'Chun Kit', 'male'],
  ['偉倫', 'Wai Lun', 'male'],
  ['浩然', 'Ho Yin', 'male'],
  ['建華', 'Kin Wah', 'male'],
  ['振邦', 'Chun Pong', 'male'],
  ['子軒', 'Tsz Hin', 'male'],
  ['卓賢', 'Cheuk Yin', 'male'],
  ['國強', 'Kwok Keung', 'male'],
  ['文傑', 'Man Kit', 'male'],
  ['耀明', 'Yiu Ming', 'male'],
  ['嘉欣', 'Ka Yan', 'female'],
  ['詠琪', 'Wing Ki', 'female'],
  ['曉彤', 'Hiu Tung', 'female'],
  ['凱琳', 'Hoi Lam', 'female'],
  ['穎欣', 'Wing Yan', 'female'],
  ['美玲', 'Mei Ling', 'female'],
  ['慧敏', 'Wai Man', 'female'],
  ['淑儀', 'Suk Yee', 'female'],
  ['佩珊', 'Pui Shan', 'female'],
  ['雅婷', 'Nga Ting', 'female'],
  ['綺雯', 'Yee Man', 'female'],
  ['樂怡', 'Lok Yi', 'female'],
];
/** Taiwanese names, romanised as Taiwanese passports spell them. */
const TW_SURNAMES: readonly Syllables[] = [
  ['陳', 'Chen'],
  ['林', 'Lin'],
  ['黃', 'Huang'],
  ['張', 'Chang'],
  ['李', 'Li'],
  ['王', 'Wang'],
  ['吳', 'Wu'],
  ['劉', 'Liu'],
  ['蔡', 'Tsai'],
  ['楊', 'Yang'],
  ['許', 'Hsu'],
  ['鄭', 'Cheng'],
];
const TW_GIVEN: readonly Given[] = [
  ['冠宇', 'Kuan-Yu', 'male'],
  ['承恩', 'Cheng-En', 'male'],
  ['柏翰', 'Po-Han', 'male'],
  ['宗翰', 'Tsung-Han', 'male'],
  ['家豪', 'Chia-Hao', 'male'],
  ['俊宏', 'Chun-Hung', 'male'],
  ['怡君', 'Yi-Chun', 'female'],
  ['雅婷', 'Ya-Ting', 'female'],
  ['欣妤', 'Hsin-Yu', 'female'],
  ['佳穎', 'Chia-Ying', 'female'],
  ['詩涵', 'Shih-Han', 'female'],
  ['宜蓁', 'Yi-Chen', 'female'],
];
const HANS_SURNAMES: readonly Syllables[] = [
  ['王', 'Wang'],
  ['李', 'Li'],
  ['张', 'Zhang'],
  ['刘', 'Liu'],
  ['陈', 'Chen'],
  ['杨', 'Yang'],
  ['赵', 'Zhao'],
  ['黄', 'Huang'],
  ['周', 'Zhou'],
  ['吴', 'Wu'],
  ['徐', 'Xu'],
  ['孙', 'Sun'],
  ['马', 'Ma'],
  ['朱', 'Zhu'],
  ['胡', 'Hu'],
  ['郭', 'Guo'],
  ['何', 'He'],
  ['林', 'Lin'],
  ['高', 'Gao'],
  ['罗', 'Luo'],
  ['郑', 'Zheng'],
  ['梁', 'Liang'],
  ['谢', 'Xie'],
  ['宋', 'Song'],
];
const HANS_GIVEN: readonly Given[] = [
  ['伟', 'Wei', 'male'],
  ['强', 'Qiang', 'male'],
  ['磊', 'Lei', 'male'],
  ['军', 'Jun', 'male'],
  ['洋', 'Yang', 'male'],
  ['杰', 'Jie', 'male'],
  ['涛', 'Tao', 'male'],
  ['浩宇', 'Haoyu', 'male'],
  ['宇轩', 'Yuxuan', 'male'],
  ['思远', 'Siyuan', 'male'],
  ['建国', 'Jianguo', 'male'],
  ['志明', 'Zhiming', 'male'],
  ['芳', 'Fang', 'female'],
  ['娜', 'Na', 'female'],
  ['秀英', 'Xiuying', 'female'],
  ['敏', 'Min', 'female'],
  ['静', 'Jing', 'female'],
  ['丽', 'Li', 'female'],
  ['欣怡', 'Xinyi', 'female'],
  ['梓萱', 'Zixuan', 'female'],
  ['嘉怡', 'Jiayi', 'female'],
  ['雨桐', 'Yutong', 'female'],
  ['晓燕', 'Xiaoyan', 'female'],
  ['婷婷', 'Tingting', 'female'],
];
const LATIN_GIVEN: readonly (readonly [string, Gender])[] = [
  ['Michael', 'male'],
  ['David', 'male'],
  ['James', 'male'],
  ['Daniel', 'male'],
  ['Thomas', 'male'],
  ['Ryan', 'male'],
  ['Andrew', 'male'],
  ['Matthew', 'male'],
  ['Kevin', 'male'],
  ['João', 'male'],
  ['Pedro', 'male'],
  ['Rui', 'male'],
  ['Sarah', 'female'],
  ['Emily', 'female'],
  ['Grace', 'female'],
  ['Olivia', 'female'],
  ['Hannah', 'female'],
  ['Chloe', 'female'],
  ['Sophie', 'female'],
  ['Rachel', 'female'],
  ['Joanna', 'female'],
  ['Ana', 'female'],
  ['Mariana', 'female'],
  ['Inês', 'female'],
];
/** English family names and Macanese Portuguese ones. */
const LATIN_SURNAMES = [
  'Smith',
  'Brown',
  'Taylor',
  'Wilson',
  'Thompson',
  'Walker',
  'Robinson',
  'Clarke',
  'Evans',
  'Hughes',
  'Fernandes',
  'Santos',
  'Pereira',
  'Rodrigues',
  'Sousa',
  'Lopes',
  'Carvalho',
  'Ribeiro',
] as const;

export interface DemoPerson {
  /** The name as the person writes it. */
  name: string;
  /** Chinese name, or 'NA' for people without one. */
  nameZh: string;
  /** The name in Latin letters (romanised for Chinese names). */
  nameEn: string;
  gender: Gender;
  script: Script;
  /** Lower-case ASCII for e-mail addresses. */
  handle: string;
}

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

export function demoPerson(random: DemoRandom, script: Script, areaCode: AreaCode): DemoPerson {
  if (script === 'latin') {
    const [given, gender] = random.pick(LATIN_GIVEN);
    const family = random.pick(random.chance(0.4) ? HANT_SURNAMES.map(([, r]) => r) : LATIN_SURNAMES);
    const name = `${given} ${family}`;
    return { name, nameZh: 'NA', nameEn: name, gender, script, handle: `${ascii(given)}.${ascii(family)}` };
  }
  const [surnames, givens] =
    script === 'hans'
      ? [HANS_SURNAMES, HANS_GIVEN]
      : areaCode === '886'
        ? [TW_SURNAMES, TW_GIVEN]
        : [HANT_SURNAMES, HANT_GIVEN];
  const [family, familyRoman] = random.pick(surnames);
  const [given, givenRoman, gender] = random.pick(givens);
  const name = `${family}${given}`;
  // Mainland names put the family name first in pinyin; Hong Kong, Macao and Taiwan often add an English name.
  const english =
    script === 'hant' && areaCode !== '886' && random.chance(0.35) ? random.pick(LATIN_GIVEN) : undefined;
  const nameEn = english
    ? `${english[0]} ${familyRoman.toUpperCase()} ${givenRoman}`
    : `${familyRoman.toUpperCase()} ${givenRoman}`;
  return {
    name,
    nameZh: name,
    nameEn,
    gender: english ? english[1] : gender,
    script,
    handle: `${ascii(givenRoman)}.${ascii(familyRoman)}`,
  };
}

/** National mobile prefixes of each area (what follows the country code). */
const MOBILE_PLANS: Record<AreaCode, { prefixes: readonly string[]; length: number }> = {
  '853': { prefixes: ['62', '63', '65', '66', '68'], length: 8 },
  '852': {
    prefixes: ['51', '54', '59', '61', '62', '64', '66', '90', '91', '93', '94', '97', '98'],
    length: 8,
  },
  '86': {
    prefixes: ['133', '135', '136', '138', '139', '150', '158', '177', '186', '188', '189'],
    length: 11,
  },
  '886': { prefixes: ['910', '912', '918', '921', '928', '932', '936', '955', '972', '988'], length: 9 },
};

/**
 * A national mobile number (digits, as a visitor types it) that is valid for the area and not yet
 * used in `taken` (E.164 numbers); the E.164 form is added to `taken`.
 */
export function demoMobile(random: DemoRandom, areaCode: AreaCode, taken: Set<string>): string {
  const plan = MOBILE_PLANS[areaCode];
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const prefix = random.pick(plan.prefixes);
    const digits = prefix + random.digits(plan.length - prefix.length);
    const e164 = normalizePhone(areaCode, digits);
    if (e164 && !taken.has(e164)) {
      taken.add(e164);
      return digits;
    }
  }
  throw new Error(`no valid demo phone number found for +${areaCode}`);
}

/** A landline-looking institution number, shown as text (the form keeps it as typed). */
export function demoLandline(random: DemoRandom, areaCode: AreaCode): string {
  switch (areaCode) {
    case '853':
      return `+853 28${random.digits(2)} ${random.digits(4)}`;
    case '852':
      return `+852 2${random.digits(3)} ${random.digits(4)}`;
    case '86':
      return `+86 20 ${random.digits(4)} ${random.digits(4)}`;
    case '886':
      return `+886 2 ${random.digits(4)} ${random.digits(4)}`;
  }
}

const MAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example.com'] as const;

export function demoEmail(random: DemoRandom, person: DemoPerson, serial: number): string {
  return `${person.handle}${serial}@${random.pick(MAIL_DOMAINS)}`;
}
