/**
 * Behaviour constants from the product spec (§4, §5, §9). Both sides read them from here so
 * that a change is made once.
 */
export const STORAGE_PREFIX = 'mf_';

export const REQUEST_TIMEOUT_MS = 60_000;
export const TOAST_ERROR_MS = 5_000;
export const TOAST_DEFAULT_MS = 3_000;
export const TOAST_OFFSET = 16;
export const MAX_BADGE = 99;

export const MOBILE_BREAKPOINT = 992;
export const BASE_Z_INDEX = 2000;
export const VIEWPORT_MAX_SCALE = 10;

export const IDLE_CHECK_INTERVAL_MS = 300_000;
export const ACTIVE_WINDOW_MS = 5_400_000;
export const REFRESH_BEFORE_EXPIRY_MS = 10 * 60_000;

/** Registration limit value meaning "no limit", for meetings and sessions. */
export const UNLIMITED = 0;

export const AREA_CODES = [
  { value: '86', label: { 'zh-tw': '中國內地 +86', 'zh-cn': '中国内地 +86', en: 'Mainland China +86' } },
  { value: '852', label: { 'zh-tw': '中國香港 +852', 'zh-cn': '中国香港 +852', en: 'Hong Kong +852' } },
  { value: '853', label: { 'zh-tw': '中國澳門 +853', 'zh-cn': '中国澳门 +853', en: 'Macao +853' } },
  { value: '886', label: { 'zh-tw': '中國台灣 +886', 'zh-cn': '中国台湾 +886', en: 'Taiwan +886' } },
] as const;
export type AreaCode = (typeof AREA_CODES)[number]['value'];
export const AREA_CODE_VALUES = AREA_CODES.map((a) => a.value) as [AreaCode, ...AreaCode[]];

/**
 * The regions an organisation may be in (ISO 3166-1 alpha-2) and the area code each one's meetings
 * preselect on their sign-up and check-in forms.
 */
export const REGION_AREA_CODES = { CN: '86', HK: '852', MO: '853', TW: '886' } as const satisfies Record<
  string,
  AreaCode
>;
export type Region = keyof typeof REGION_AREA_CODES;
export const REGIONS = Object.keys(REGION_AREA_CODES) as [Region, ...Region[]];

export const TEXT_WIDTH_PADDING = 30;
export const TEXT_WIDTH_MIN = 160;

export const CONTEXT_MENU_LISTENER_DELAY_MS = 50;

export const WATERMARK_DEFAULTS = {
  fontSize: 18,
  opacity: 0.15,
  rotate: 15,
  width: 100,
  height: 100,
  gap: 50,
  zIndex: 9_999_999,
} as const;

export const RIPPLE_MS = 750;
export const TOUCH_DELAY_MS = 200;

/** dayjs formats for short dates (§9): DD/MM in English, M月DD日 in Chinese. */
export const SHORT_DATE_FORMAT = { en: 'DD/MM', 'zh-cn': 'M月DD日', 'zh-tw': 'M月DD日' } as const;
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * Size caps of one client error report; the browser trims to these before sending. Kept here, free
 * of zod, because the error log runs in the entry chunk of every page.
 */
export const CLIENT_ERROR_LIMITS = { url: 2000, message: 1000, stack: 8000, info: 200, time: 32 } as const;
