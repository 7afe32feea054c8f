import { describe, expect, it } from 'vitest';
import { loadConfig, refuseGuessableAdminPassword } from './config.ts';

describe('configuration', () => {
  it('has safe defaults: captcha on, port 3000, SQLite under ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      captchaEnabled: true,
      databaseUrl: undefined,
      trustProxy: false,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('refuses the test-only fixed captcha answer outside NODE_ENV=test', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MF_CAPTCHA_FIXED_ANSWER: '1234' })).toThrow(
      /only allowed with NODE_ENV=test/,
    );
    expect(() => loadConfig({ MF_CAPTCHA_FIXED_ANSWER: '1234' })).toThrow();
    expect(loadConfig({ NODE_ENV: 'test', MF_CAPTCHA_FIXED_ANSWER: '1234' }).captchaFixedAnswer).toBe('1234');
  });

  it('rejects bad values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ CAPTCHA_ENABLED: 'false' }).captchaEnabled).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('refuses to start with an easily guessed ADMIN_PASSWORD, naming it and the reason', async () => {
    // The quick rules at once; the guessability score when the first administrator is made from it.
    for (const common of ['password123', 'admin12345']) {
      expect(() => loadConfig({ ADMIN_PASSWORD: common })).toThrow(
        /ADMIN_PASSWORD: This password is too common/,
      );
    }
    for (const guessable of ['Summer2024!', 'qwertyuiop1']) {
      const config = loadConfig({ ADMIN_PASSWORD: guessable });
      await expect(refuseGuessableAdminPassword(config, guessable)).rejects.toThrow(
        /^Invalid configuration: ADMIN_PASSWORD: This password is easy to guess/,
      );
    }
    const strong = loadConfig({ ADMIN_PASSWORD: 'Harbour-lantern-tides-42' });
    expect(strong.adminPassword).toBe('Harbour-lantern-tides-42');
    await expect(refuseGuessableAdminPassword(strong, 'Harbour-lantern-tides-42')).resolves.toBeUndefined();
  });

  it('takes the time zone from TIME_ZONE (Asia/Macau by default) and refuses an unknown one', () => {
    expect(loadConfig({}).timeZone).toBe('Asia/Macau');
    expect(loadConfig({ TIME_ZONE: 'Europe/London' }).timeZone).toBe('Europe/London');
    expect(() => loadConfig({ TIME_ZONE: 'Macau' })).toThrow(/TIME_ZONE/);
    expect(() => loadConfig({ TIME_ZONE: '' })).toThrow(/TIME_ZONE/);
  });
});
