import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults that run the product locally on embedded PGlite', () => {
    expect(loadConfig({})).toEqual({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: './data',
      logLevel: 'info',
      diagnostics: true,
    });
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

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('turns diagnostics off in production unless DIAGNOSTICS=on', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).diagnostics).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DIAGNOSTICS: 'on' }).diagnostics).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DIAGNOSTICS: 'off' }).diagnostics).toBe(false);
  });

  it.each([
    ['PORT', 'eighty', /PORT="eighty"/],
    ['PORT', '70000', /PORT="70000"/],
    ['DATABASE_URL', 'mysql://localhost/db', /DATABASE_URL="mysql:\/\/localhost\/db": must start with postgres/],
    ['NODE_ENV', 'staging', /NODE_ENV="staging"/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL="loud"/],
    ['DIAGNOSTICS', 'yes', /DIAGNOSTICS="yes"/],
  ])('stops with a message naming %s when it is %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
