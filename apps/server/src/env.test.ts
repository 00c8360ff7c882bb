import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('environment', () => {
  it('uses the documented defaults', () => {
    const env = readEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SANDBOX_GATEWAY_SECRET).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.CATALOGUE_CACHE_TTL_MS).toBe(30_000);
    expect(env.SHUTDOWN_DRAIN_MS).toBe(5000);
  });

  it('takes a drain of 0 (stop at once) but not a negative one', () => {
    expect(readEnv({ SHUTDOWN_DRAIN_MS: '0' }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(() => readEnv({ SHUTDOWN_DRAIN_MS: '-5' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('lets a bench turn the catalogue cache off (CATALOGUE_CACHE_TTL_MS=0), not below', () => {
    expect(readEnv({ CATALOGUE_CACHE_TTL_MS: '0' }).CATALOGUE_CACHE_TTL_MS).toBe(0);
    expect(() => readEnv({ CATALOGUE_CACHE_TTL_MS: '-1' })).toThrow(/CATALOGUE_CACHE_TTL_MS/);
  });

  it('takes a METRICS_TOKEN long enough not to be guessed; blank is none (loopback only)', () => {
    expect(readEnv({ METRICS_TOKEN: 'a'.repeat(32) }).METRICS_TOKEN).toBe('a'.repeat(32));
    expect(readEnv({ METRICS_TOKEN: ' ' }).METRICS_TOKEN).toBeUndefined();
    expect(() => readEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('reads TRUST_PROXY as a hop count or proxy addresses, and refuses what a client could spoof', () => {
    expect(readEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }).TRUST_PROXY).toBe(
      '127.0.0.1, 10.0.0.0/8,loopback',
    );
    const oneHop = readEnv({ TRUST_PROXY: '1' }).TRUST_PROXY as (a: string, hop: number) => boolean;
    expect(oneHop('10.0.0.1', 0)).toBe(true);
    expect(oneHop('10.0.0.2', 1)).toBe(false);
    expect(() => readEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*number of proxies/);
    expect(() => readEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => readEnv({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });

  it('runs web and worker apart only on PostgreSQL: the embedded database has one process', () => {
    expect(readEnv({}).ROLE).toBe('all');
    const postgres = { DATABASE_URL: 'postgres://store@db:5432/store' };
    expect(readEnv({ ...postgres, ROLE: 'web' }).ROLE).toBe('web');
    expect(readEnv({ ...postgres, ROLE: 'worker' }).ROLE).toBe('worker');
    expect(() => readEnv({ ROLE: 'worker' })).toThrow(/ROLE=worker needs PostgreSQL/);
    expect(() => readEnv({ ROLE: 'web' })).toThrow(/ROLE=web needs PostgreSQL/);
    expect(() => readEnv({ ...postgres, ROLE: 'jobs' })).toThrow(/ROLE must be web, worker or all/);
  });

  it('names every invalid variable', () => {
    expect(() => readEnv({ PORT: 'eighty', JWT_SECRET: 'short' })).toThrow(/PORT[\s\S]*JWT_SECRET/);
  });
});
