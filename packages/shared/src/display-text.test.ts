import { describe, expect, it } from 'vitest';
import {
  DISPLAY_CONFIG_DEFAULTS,
  DISPLAY_TEXT_DEFAULTS,
  DISPLAY_TEXT_FIELDS,
  DISPLAY_TEXT_KEYS,
  displayLanguage,
  displayText,
  displayTextOrDefault,
  resolveDisplayConfig,
} from './display-text.ts';
import { meetingDisplayConfig } from './schemas/meeting-display.ts';
import { localizeIssues } from './validation.ts';

describe('displayText', () => {
  const config = {
    signup_title: '報名表',
    signup_title_cn: '报名表',
    signup_title_en: 'Sign-up form',
    signup_button: '提交',
  };

  it('picks the field of each language by its suffix', () => {
    expect(displayText(config, 'signup_title', 'zh-tw')).toBe('報名表');
    expect(displayText(config, 'signup_title', 'zh-cn')).toBe('报名表');
    expect(displayText(config, 'signup_title', 'en')).toBe('Sign-up form');
  });

  it('falls back to the base field when the translation is missing or blank', () => {
    expect(displayText(config, 'signup_button', 'zh-cn')).toBe('提交');
    expect(displayText(config, 'signup_button', 'en')).toBe('提交');
    expect(displayText({ ...config, signup_button_en: '   ' }, 'signup_button', 'en')).toBe('提交');
  });

  it('gives undefined when neither is set, so the caller uses the app default text', () => {
    expect(displayText(config, 'checkin_title', 'zh-tw')).toBeUndefined();
    expect(displayText(config, 'checkin_title', 'en')).toBeUndefined();
    expect(displayText({ checkin_title: '' }, 'checkin_title', 'zh-cn')).toBeUndefined();
    // A translation alone does not leak into another language.
    expect(displayText({ checkin_title_en: 'Check in' }, 'checkin_title', 'zh-cn')).toBeUndefined();
    expect(displayText({ checkin_title_en: 'Check in' }, 'checkin_title', 'en')).toBe('Check in');
  });

  it('displayTextOrDefault falls back to the app text in the asked language', () => {
    expect(displayTextOrDefault(config, 'signup_title', 'en')).toBe('Sign-up form');
    expect(displayTextOrDefault({}, 'signup_success', 'en')).toBe('Sign-up Successful');
    expect(displayTextOrDefault({}, 'signup_success', 'zh-cn')).toBe('报名成功');
    expect(displayTextOrDefault({}, 'signup_success', 'zh-tw')).toBe('報名成功');
    expect(displayTextOrDefault(config, 'signup_button', 'en')).toBe('提交');
  });
});

describe('resolveDisplayConfig', () => {
  it('answers the defaults for an empty, missing or corrupt stored value', () => {
    for (const stored of ['{}', '', 'not json{', 'null', '[1,2]', '42', null, undefined, 7, ['x']]) {
      expect(resolveDisplayConfig(stored)).toEqual(DISPLAY_CONFIG_DEFAULTS);
    }
  });

  it('merges valid parts over the defaults and drops invalid or unknown parts one by one', () => {
    const stored = JSON.stringify({
      language_order: ['en', 'en', 'zh-tw'],
      theme_color: '#FF0000',
      schedule_text_color: 'red',
      hint_text_color: 12,
      signup_title: '  報名  ',
      signup_title_cn: 5,
      signup_title_en: 'x'.repeat(2001),
      checkin_hint: '',
      extra: 'dropped',
    });
    expect(resolveDisplayConfig(stored)).toEqual({
      ...DISPLAY_CONFIG_DEFAULTS,
      theme_color: '#ff0000',
      signup_title: '報名',
    });
  });

  it('keeps a valid language order and accepts an object as well as JSON text', () => {
    const order = ['en', 'zh-cn', 'zh-tw'];
    const resolved = resolveDisplayConfig({ language_order: order, guest_info_hint_en: 'Show this code' });
    expect(resolved.language_order).toEqual(order);
    expect(displayLanguage(resolved)).toBe('en');
    expect(displayLanguage(resolved, 'zh-cn')).toBe('zh-cn');
    expect(displayText(resolved, 'guest_info_hint', 'en')).toBe('Show this code');
  });
});

describe('meetingDisplayConfig schema', () => {
  it('has every text in three languages, each with an app default in every language', () => {
    expect(DISPLAY_TEXT_FIELDS).toHaveLength(DISPLAY_TEXT_KEYS.length * 3);
    for (const key of DISPLAY_TEXT_KEYS) {
      expect(Object.values(DISPLAY_TEXT_DEFAULTS[key]).every(Boolean)).toBe(true);
    }
    expect(DISPLAY_TEXT_FIELDS).toContain('signup_title_cn');
    expect(DISPLAY_TEXT_FIELDS).toContain('checkin_not_signed_up_link_en');
  });

  it('fills the defaults and normalises colours', () => {
    const parsed = meetingDisplayConfig.parse({ theme_color: '#AABBCC', signup_title: ' Hi ' });
    expect(parsed).toEqual({ ...DISPLAY_CONFIG_DEFAULTS, theme_color: '#aabbcc', signup_title: 'Hi' });
  });

  it('refuses a bad colour, a repeated language, an unknown key and a too-long text, per field', () => {
    const result = meetingDisplayConfig.safeParse({
      language_order: ['zh-tw', 'zh-tw', 'en'],
      hint_text_color: '#12345',
      signup_intro_en: 'x'.repeat(2001),
      banner: 'x',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(localizeIssues(result.error.issues, 'en')).toEqual({
      language_order:
        'The language order must name Traditional Chinese, Simplified Chinese and English once each',
      hint_text_color: 'Enter a colour as #RRGGBB',
      signup_intro_en: 'At most 2000 characters',
      banner: 'Unknown field',
    });
    expect(localizeIssues(result.error.issues, 'zh-tw').hint_text_color).toBe('請輸入 #RRGGBB 格式的顏色');
    expect(localizeIssues(result.error.issues, 'zh-cn').language_order).toContain('语言顺序');
  });

  it('refuses a language order that is too short or names an unknown language', () => {
    expect(meetingDisplayConfig.safeParse({ language_order: ['zh-tw', 'en'] }).success).toBe(false);
    expect(meetingDisplayConfig.safeParse({ language_order: ['zh-tw', 'en', 'fr'] }).success).toBe(false);
  });
});
