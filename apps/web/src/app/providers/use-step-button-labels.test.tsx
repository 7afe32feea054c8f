import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { InputNumber } from 'antd';
import { initI18n, setLanguage } from '../../lib/i18n.ts';
import { useStepButtonLabels } from './use-step-button-labels.ts';

function Form() {
  useStepButtonLabels();
  return <InputNumber aria-label="minutes" min={0} />;
}

afterEach(cleanup);

describe('step buttons of number boxes', () => {
  it('are named in the interface language, and follow a language switch', async () => {
    await initI18n();
    await setLanguage('zh-tw');
    render(<Form />);
    expect(await screen.findByRole('button', { name: '增加數值' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '減少數值' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Increase Value' })).toBeNull();
    await act(() => setLanguage('en'));
    expect(await screen.findByRole('button', { name: 'Increase value' })).toBeTruthy();
  });
});
