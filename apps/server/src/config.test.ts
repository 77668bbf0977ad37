import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = { DATA_DIR: '/tmp/saathchalo-config-test', JWT_SECRET: 'x'.repeat(40) };

describe('configuration from the environment', () => {
  it('has the contract defaults', () => {
    const c = loadConfig(base);
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/saathchalo.db',
      appUrl: 'http://localhost:3000',
      corsOrigins: [],
      trustProxy: false,
      smtpUrl: undefined,
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ ...base, PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect((err as Error).message).toContain('PORT');
      expect((err as Error).message).toContain(
        'DATABASE_URL: must start with sqlite:, postgres:// or postgresql://',
      );
    }
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ DATA_DIR: base.DATA_DIR, NODE_ENV: 'production' })).toThrow(
      'JWT_SECRET: required when NODE_ENV=production',
    );
  });

  it('reads CORS origins, the mail link base and the proxy setting', () => {
    const c = loadConfig({
      ...base,
      PORT: '8080',
      CORS_ORIGINS: 'https://a.in, https://b.in',
      TRUST_PROXY: '1',
    });
    expect(c.corsOrigins).toEqual(['https://a.in', 'https://b.in']);
    expect(c.appUrl).toBe('http://localhost:8080');
    expect(c.trustProxy).toBe(1);
  });
});
