import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_USSD, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults that run the product locally on embedded PGlite', () => {
    expect(loadConfig({})).toEqual({
      env: 'development',
      // package.json's, whoever starts the server (npm sets npm_package_version only for npm scripts).
      version: JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version,
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: './data',
      localControl: true,
      backupKeep: 7,
      logLevel: 'info',
      diagnostics: false,
      proxyHops: 0,
      metricsToken: undefined,
      paystack: null,
      publicUrl: 'http://localhost:3000',
      googleMaps: null,
      firstAdmin: null,
      smtp: null,
      readCache: true,
      sms: null,
      // Outside production without keys: a pair kept in the database, sent only on this machine.
      push: { keys: 'kept', subject: 'mailto:support@localhost', localOnly: true, otherLocalOrigins: [] },
      // In development, the phone menu with its development settings (npm run ussd reaches it).
      ussd: DEV_USSD,
      whatsapp: null,
    });
  });

  it('serves the phone menu with all three USSD settings, none outside development without them, and refuses a part', () => {
    const ussd = { USSD_PROVIDER: 'arkesel', USSD_CALLBACK_SECRET: 'a'.repeat(32), USSD_CODE: '*920*55#' };
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox', ...ussd }).ussd).toEqual({
      provider: 'arkesel',
      callbackSecret: 'a'.repeat(32),
      dialCode: '*920*55#',
    });
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }).ussd).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test' }).ussd).toBeNull();
    expect(() => loadConfig({ USSD_PROVIDER: 'arkesel' })).toThrow(
      /USSD_PROVIDER \/ USSD_CALLBACK_SECRET \/ USSD_CODE/,
    );
    expect(() => loadConfig({ ...ussd, USSD_CALLBACK_SECRET: 'short' })).toThrow(/USSD_CALLBACK_SECRET/);
    expect(() => loadConfig({ ...ussd, USSD_CODE: '920' })).toThrow(/USSD_CODE/);
  });

  it('reads PORT, HOST, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/marketplace',
      DATABASE_URL: 'postgresql:///marketplace?host=/var/run/postgresql',
    });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: '/var/lib/marketplace' });
    expect(config.databaseUrl).toBe('postgresql:///marketplace?host=/var/run/postgresql');
  });

  it('lets commands hand work to the server except in production, unless LOCAL_CONTROL says otherwise', () => {
    expect(loadConfig({}).localControl).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }).localControl).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox', LOCAL_CONTROL: 'on' }).localControl).toBe(true);
    expect(loadConfig({ LOCAL_CONTROL: 'off' }).localControl).toBe(false);
    expect(() => loadConfig({ BACKUP_KEEP: '-1' })).toThrow(/BACKUP_KEEP/);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  // The dev mailbox hands out reset links, so diagnostics are on only in tests or when asked for.
  it('turns diagnostics on only in tests or with DIAGNOSTICS=on', () => {
    expect(loadConfig({}).diagnostics).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).diagnostics).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }).diagnostics).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox', DIAGNOSTICS: 'on' }).diagnostics).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', DIAGNOSTICS: 'off' }).diagnostics).toBe(false);
  });

  it('trusts one proxy hop in production and none elsewhere, unless TRUST_PROXY_HOPS says', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }).proxyHops).toBe(1);
    expect(loadConfig({}).proxyHops).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox', TRUST_PROXY_HOPS: '2' }).proxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: 'many' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('takes a METRICS_TOKEN of 32 to 256 token characters, nothing shorter and no spaces', () => {
    const token = 'abcdefghijklmnopqrstuvwxyz-0123456789';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN.*32 to 256/);
    expect(() => loadConfig({ METRICS_TOKEN: `${token} with spaces` })).toThrow(/METRICS_TOKEN/);
  });

  it('takes PUSH_LOCAL_ORIGINS as loopback origins, only outside production without VAPID keys', () => {
    const origins = 'http://127.0.0.1:3870, http://localhost:3871,http://[::1]:3872';
    expect(loadConfig({ PUSH_LOCAL_ORIGINS: origins }).push?.otherLocalOrigins).toEqual([
      'http://127.0.0.1:3870',
      'http://localhost:3871',
      'http://[::1]:3872',
    ]);
    expect(loadConfig({}).push?.otherLocalOrigins).toEqual([]);
    for (const bad of ['http://10.0.0.5:3871', 'http://127.0.0.1:3871/path', 'ftp://127.0.0.1:21', 'nonsense'])
      expect(() => loadConfig({ PUSH_LOCAL_ORIGINS: bad })).toThrow(/PUSH_LOCAL_ORIGINS.*loopback origins/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox', PUSH_LOCAL_ORIGINS: 'http://127.0.0.1:1' }),
    ).toThrow(/PUSH_LOCAL_ORIGINS.*outside production/);
  });

  // A production server without keys gave paid time, and affiliate commission, for nothing.
  it('refuses production without Paystack keys unless PAYMENTS=sandbox says so on purpose', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENTS=sandbox/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }).paystack).toBeNull();
    expect(() => loadConfig({ PAYMENTS: 'paystack' })).toThrow(/PAYSTACK_SECRET_KEY/);
    const keys = { PAYSTACK_SECRET_KEY: 'sk_test_abc123', PAYSTACK_PUBLIC_KEY: 'pk_test_def456' };
    expect(loadConfig({ NODE_ENV: 'production', ...keys }).paystack).not.toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox', ...keys })).toThrow(/PAYMENTS="sandbox"/);
  });

  it('keeps the read cache on unless READ_CACHE=off', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }).readCache).toBe(true);
    expect(loadConfig({ READ_CACHE: 'off' }).readCache).toBe(false);
  });

  it('uses Paystack only when both keys are set', () => {
    const config = loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_abc123', PAYSTACK_PUBLIC_KEY: 'pk_test_def456' });
    expect(config.paystack).toEqual({
      secretKey: 'sk_test_abc123',
      publicKey: 'pk_test_def456',
      apiBase: 'https://api.paystack.co',
    });
    expect(() => loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_abc123' })).toThrow(/set both keys/);
    expect(() => loadConfig({ PAYSTACK_PUBLIC_KEY: 'pk_test_def456' })).toThrow(/set both keys/);
  });

  it('creates the first administrator only when both ADMIN_USERNAME and ADMIN_PASSWORD are set', () => {
    expect(loadConfig({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'long-enough-1' }).firstAdmin).toEqual({
      username: 'ops',
      password: 'long-enough-1',
    });
    expect(() => loadConfig({ ADMIN_USERNAME: 'ops' })).toThrow(/ADMIN_USERNAME \/ ADMIN_PASSWORD/);
  });

  it('sends SMS only with both SMS_API_KEY and SMS_SENDER_ID, through Arkesel unless SMS_API_BASE says otherwise', () => {
    expect(loadConfig({ SMS_API_KEY: 'a1b2c3d4e5f6', SMS_SENDER_ID: 'SrvConnect' }).sms).toEqual({
      apiBase: 'https://sms.arkesel.com',
      apiKey: 'a1b2c3d4e5f6',
      senderId: 'SrvConnect',
    });
    expect(
      loadConfig({ SMS_API_KEY: 'a1b2c3d4e5f6', SMS_SENDER_ID: 'SrvConnect', SMS_API_BASE: 'http://127.0.0.1:9/' }).sms
        ?.apiBase,
    ).toBe('http://127.0.0.1:9');
    expect(() => loadConfig({ SMS_API_KEY: 'a1b2c3d4e5f6' })).toThrow(/SMS_API_KEY \/ SMS_SENDER_ID/);
  });

  it('sends WhatsApp only with the phone number id, token and template together', () => {
    const whatsapp = {
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_ACCESS_TOKEN: 'EAAGm0PX4ZCpsBAKZBtoken123',
      WHATSAPP_TEMPLATE: 'service_update',
    };
    expect(loadConfig(whatsapp).whatsapp).toEqual({
      apiBase: 'https://graph.facebook.com',
      apiVersion: 'v21.0',
      phoneNumberId: '106540352242922',
      accessToken: 'EAAGm0PX4ZCpsBAKZBtoken123',
      template: 'service_update',
      language: 'en',
    });
    expect(() => loadConfig({ ...whatsapp, WHATSAPP_TEMPLATE: '' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID \/ WHATSAPP_ACCESS_TOKEN \/ WHATSAPP_TEMPLATE/,
    );
  });

  it.each([
    ['SMS_SENDER_ID', 'ServiceConnectGhana', /SMS_SENDER_ID="ServiceConnectGhana": must be 3 to 11/],
    ['SMS_API_BASE', 'sms.arkesel.com', /SMS_API_BASE/],
    ['WHATSAPP_PHONE_NUMBER_ID', '+233241234567', /WHATSAPP_PHONE_NUMBER_ID/],
    ['WHATSAPP_API_VERSION', '21', /WHATSAPP_API_VERSION="21"/],
    ['WHATSAPP_TEMPLATE', 'Service Update', /WHATSAPP_TEMPLATE="Service Update"/],
    ['ADMIN_PASSWORD', 'short', /ADMIN_PASSWORD="short": must be at least 10 characters/],
    ['ADMIN_USERNAME', 'a b', /ADMIN_USERNAME="a b"/],
    ['PAYSTACK_SECRET_KEY', 'pk_test_wrong', /PAYSTACK_SECRET_KEY="pk_test_wrong"/],
    ['PAYSTACK_API_BASE', 'not a url', /PAYSTACK_API_BASE/],
    ['PUBLIC_URL', 'ftp://example.com', /PUBLIC_URL/],
    ['PORT', 'eighty', /PORT="eighty"/],
    ['PORT', '70000', /PORT="70000"/],
    ['DATABASE_URL', 'mysql://localhost/db', /DATABASE_URL="mysql:\/\/localhost\/db": must start with postgres/],
    ['NODE_ENV', 'staging', /NODE_ENV="staging"/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL="loud"/],
    ['DIAGNOSTICS', 'yes', /DIAGNOSTICS="yes"/],
    ['READ_CACHE', 'no', /READ_CACHE="no"/],
  ])('stops with a message naming %s when it is %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

describe('Web Push keys', () => {
  const keys = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43) };
  it('uses configured keys for the browsers’ push services', () => {
    expect(loadConfig({ ...keys, VAPID_SUBJECT: 'mailto:ops@serviceconnect.gh' }).push).toEqual({
      keys: { publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY },
      subject: 'mailto:ops@serviceconnect.gh',
      localOnly: false,
      otherLocalOrigins: [],
    });
  });
  it('is off in production without keys, and refuses half a pair', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' }).push).toBeNull();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});
