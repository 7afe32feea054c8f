import { describe, expect, it } from 'vitest';
import { loadConfig, refuseGuessableAdminPassword, stripeConfigured } from './config.ts';

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

  it('offers Stripe only with both its keys, and sends the secret key in clear to this machine alone', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(loadConfig({}).stripe).toBeNull();
    expect(stripeConfigured(loadConfig({}))).toBe(false);
    expect(loadConfig(keys).stripe).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      api: null,
    });
    expect(stripeConfigured(loadConfig(keys))).toBe(true);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_SECRET_KEY: /);
    expect(() => loadConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/secret key \(sk_…\)/);
    expect(loadConfig({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:4242' }).stripe?.api).toEqual({
      host: '127.0.0.1',
      port: 4242,
      protocol: 'http',
    });
    expect(loadConfig({ ...keys, STRIPE_API_URL: 'https://stripe-proxy.example.org/' }).stripe?.api).toEqual({
      host: 'stripe-proxy.example.org',
      port: 443,
      protocol: 'https',
    });
    expect(() => loadConfig({ ...keys, STRIPE_API_URL: 'http://stripe-proxy.example.org' })).toThrow(
      /STRIPE_API_URL: .*http:\/\/ only to 127\.0\.0\.1/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_API_URL: 'https://example.org/v1' })).toThrow(/without a path/);
  });
});
