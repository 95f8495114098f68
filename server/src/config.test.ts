import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for the embedded single-machine run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      demo: false,
      databaseUrl: undefined,
      redisUrl: undefined,
      mqttPort: 1883,
    });
    expect(config.features.enterpriseVersion).toBe(true);
    expect(config.yard).toMatchObject({
      sessionExpireInIdleMins: 30,
      paginationItemsPerPage: 15,
      slotFormat: 'area_row_column_height',
    });
  });

  it('reads the edition switch and feature flags', () => {
    const config = loadConfig({
      EDITION: 'community',
      FEATURE_SMART_GATE: 'off',
      FEATURE_CHA_VEHICLES: '0',
      DEMO: 'yes',
    });
    expect(config.features).toMatchObject({
      enterpriseVersion: false,
      smartGateEnabled: false,
      chaVehicleEnabled: false,
    });
    expect(config.demo).toBe(true);
  });

  it('sends mail through the SMTP server it is given, else into DATA_DIR/outbox', () => {
    expect(loadConfig({}).mail).toEqual({ smtp: undefined, from: 'Openyard <openyard@localhost>', timeoutMs: 15_000 });
    expect(loadConfig({ SMTP_URL: 'smtps://yard:secret@mail.example.com' }).mail.smtp).toEqual({
      url: 'smtps://yard:secret@mail.example.com',
    });
    expect(loadConfig({ SMTP_HOST: 'mail.example.com' }).mail.smtp).toEqual({
      host: 'mail.example.com',
      port: 587,
      secure: false,
      user: undefined,
      password: undefined,
    });
    expect(
      loadConfig({ SMTP_HOST: 'mail.example.com', SMTP_PORT: '465', SMTP_USER: 'yard', SMTP_PASSWORD: 'secret' }).mail
        .smtp,
    ).toEqual({ host: 'mail.example.com', port: 465, secure: true, user: 'yard', password: 'secret' });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://a.example', SMTP_HOST: 'b.example' }, 'SMTP_HOST'],
    [{ SMTP_PORT: '25' }, 'SMTP_PORT'],
    [{ SMTP_HOST: 'mail.example.com', SMTP_PORT: '0' }, 'SMTP_PORT'],
    [{ SMTP_HOST: 'mail.example.com', SMTP_USER: 'yard' }, 'SMTP_PASSWORD'],
    [{ SMTP_TIMEOUT_MS: '10' }, 'SMTP_TIMEOUT_MS'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DEMO: 'maybe' }, 'DEMO'],
    [{ DATABASE_URL: 'mysql://localhost/yard' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ EDITION: 'gold' }, 'EDITION'],
    [{ SESSION_EXPIRE_IN_IDLE_MINS: '0' }, 'SESSION_EXPIRE_IN_IDLE_MINS'],
    [{ YARD_CENTER: '91,10' }, 'YARD_CENTER'],
    [{ TIME_ZONE: 'Mars/Olympus' }, 'TIME_ZONE'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ TLS_CERT_FILE: '/etc/cert.pem' }, 'TLS_KEY_FILE'],
    [{ DATABASE_URL: 'postgres://db/yard', REDIS_URL: 'redis://cache' }, 'JWT_SECRET'],
  ])('stops on %o with one line naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });
});
