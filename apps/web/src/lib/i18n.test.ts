import { describe, expect, it } from 'vitest';
import { i18n, initI18n, registerFeatureCatalogue, setLanguage } from './i18n.ts';

describe('feature catalogues and language switching', () => {
  it('loads the main catalogue of a language even after a feature registered strings for it', async () => {
    await initI18n();
    registerFeatureCatalogue('demoFeature', {
      'zh-tw': { title: '示範' },
      'zh-cn': { title: '示范' },
      en: { title: 'Demo' },
    });
    await setLanguage('en');
    expect(i18n.t('route.meeting')).toBe('Meeting list');
    expect(i18n.t('demoFeature.title')).toBe('Demo');
    await setLanguage('zh-cn');
    expect(i18n.t('route.meeting')).toBe('会议列表');
    expect(i18n.t('demoFeature.title')).toBe('示范');
  });
});
