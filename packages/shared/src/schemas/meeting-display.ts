import { z } from 'zod';
import { AREA_CODE_VALUES } from '../constants.ts';
import { LANGUAGES } from '../languages.ts';
import {
  DISPLAY_CONFIG_DEFAULTS,
  DISPLAY_TEXT_FIELDS,
  DISPLAY_TEXT_MAX,
  HEX_COLOR,
  type DisplayTextField,
} from '../display-text.ts';

/**
 * A meeting's display config (spec §3 "meeting_config"): the public pages' language order, colours
 * and editable texts. Texts follow the spec's suffix scheme: '' zh-tw, '_cn' zh-cn, '_en' en.
 */
export const displayLanguageOrder = z
  .array(z.enum(LANGUAGES))
  .length(LANGUAGES.length, 'languageOrderInvalid')
  .refine((order) => new Set(order).size === order.length, 'languageOrderInvalid');

const color = (fallback: string) =>
  z.string().trim().regex(HEX_COLOR, 'colorInvalid').toLowerCase().default(fallback);

/** One text: trimmed, at most DISPLAY_TEXT_MAX characters; an empty text means "not set". */
export const displayTextValue = z.string().trim().max(DISPLAY_TEXT_MAX).optional();

const textShape = Object.fromEntries(DISPLAY_TEXT_FIELDS.map((field) => [field, displayTextValue])) as Record<
  DisplayTextField,
  typeof displayTextValue
>;

export const meetingDisplayConfig = z.strictObject({
  /** First, second and third language; the first is the public page's default. */
  language_order: displayLanguageOrder.default(() => [...DISPLAY_CONFIG_DEFAULTS.language_order]),
  theme_color: color(DISPLAY_CONFIG_DEFAULTS.theme_color),
  schedule_text_color: color(DISPLAY_CONFIG_DEFAULTS.schedule_text_color),
  hint_text_color: color(DISPLAY_CONFIG_DEFAULTS.hint_text_color),
  /** The area code the sign-up and check-in forms start at; null: the organisation's region's. */
  default_area_code: z.enum(AREA_CODE_VALUES, { error: 'areaCodeInvalid' }).nullable().default(null),
  ...textShape,
});
export type MeetingDisplayConfig = z.infer<typeof meetingDisplayConfig>;
export type MeetingDisplayConfigInput = z.input<typeof meetingDisplayConfig>;
