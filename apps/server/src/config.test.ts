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
      smsUrl: undefined,
      supportEmail: 'support@saathchalo.in',
    });
  });

  it('reads the SMS gateway and the support address, and refuses an SMS_URL that is not http(s)', () => {
    const c = loadConfig({
      ...base,
      SMS_URL: 'https://u:p@sms.example.in/send',
      SUPPORT_EMAIL: 'help@example.in',
    });
    expect(c).toMatchObject({ smsUrl: 'https://u:p@sms.example.in/send', supportEmail: 'help@example.in' });
    expect(() => loadConfig({ ...base, SMS_URL: 'smtp://sms.example.in' })).toThrow(
      'SMS_URL: must look like http(s)://[user:pass@]host[:port]/path',
    );
  });

  it('bounds slow clients and shutdown by default, and reads each bound from the environment', () => {
    expect(loadConfig(base).http).toEqual({
      requestTimeoutMs: 150_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 72_000,
      maxConnectionsPerIp: 256,
      shutdownTimeoutMs: 10_000,
    });
    const c = loadConfig({
      ...base,
      REQUEST_TIMEOUT_MS: '5000',
      HEADERS_TIMEOUT_MS: '8000',
      KEEP_ALIVE_TIMEOUT_MS: '3000',
      MAX_CONNECTIONS_PER_IP: '0',
      SHUTDOWN_TIMEOUT_MS: '2500',
    });
    // The headers are part of the request, so they can never be given longer than the whole of it.
    expect(c.http).toEqual({
      requestTimeoutMs: 5000,
      headersTimeoutMs: 5000,
      keepAliveTimeoutMs: 3000,
      maxConnectionsPerIp: 0,
      shutdownTimeoutMs: 2500,
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
