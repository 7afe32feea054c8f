import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { initI18n } from '../../../lib/i18n.ts';
import type { PreviewProps } from './display-preview.tsx';

let DisplayPreview: ComponentType<PreviewProps>;

beforeAll(async () => {
  await initI18n();
  // The feature registers its catalogue at import time; the language is set up first.
  ({ DisplayPreview } = await import('./display-preview.tsx'));
});
afterEach(cleanup);

describe('DisplayPreview', () => {
  it('shows the texts of the first language, falling back to the base field and the app default', () => {
    render(
      <DisplayPreview
        page="signup"
        config={{
          language_order: ['en', 'zh-tw', 'zh-cn'],
          signup_title: '年會報名',
          signup_button_en: 'Join now',
        }}
      />,
    );
    const phone = screen.getByTestId('display-preview');
    expect(phone.getAttribute('lang')).toBe('en');
    // No _en title: the base (zh-tw) field is shown.
    expect(screen.getByTestId('display-preview-title').textContent).toBe('年會報名');
    expect(phone.textContent).toContain('Join now');
    expect(phone.textContent).toContain('Please fill in the form below to sign up.');
  });

  it('switches the preview language in the order of the config', () => {
    render(
      <DisplayPreview
        page="signup"
        config={{ language_order: ['zh-cn', 'en', 'zh-tw'], signup_title: '甲', signup_title_cn: '乙' }}
      />,
    );
    expect(screen.getByTestId('display-preview-title').textContent).toBe('乙');
    const options = screen.getAllByRole('radio').map((el) => el.closest('label')?.textContent);
    expect(options).toEqual(['简体中文', 'English', '繁體中文']);
    act(() => {
      fireEvent.click(screen.getByText('繁體中文'));
    });
    expect(screen.getByTestId('display-preview-title').textContent).toBe('甲');
  });

  it('paints the button in the theme colour and the hint in the hint colour, ignoring bad colours', () => {
    const { rerender } = render(
      <DisplayPreview page="checkin" config={{ theme_color: '#ff0000', hint_text_color: '#00ff00' }} />,
    );
    expect(screen.getByTestId('display-preview-title').textContent).toBe('簽到及取碼');
    expect(screen.getByTestId('display-preview-hint').style.color).toBe('rgb(0, 255, 0)');
    expect(screen.getByText('取得嘉賓碼').style.background).toContain('rgb(255, 0, 0)');
    rerender(<DisplayPreview page="checkin" config={{ theme_color: 'nope' }} />);
    expect(screen.getByText('取得嘉賓碼').style.background).toContain('rgb(22, 119, 255)');
  });
});
