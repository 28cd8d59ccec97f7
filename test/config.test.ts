import { nodeOnDist } from './helpers/spawn.js';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { loadConfig, ConfigError } from '../src/config.js';

describe('config', () => {
  it('applies documented defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8787);
    expect(c.PUBLIC_URL).toBe('http://localhost:8787');
    expect(c.DOCS_URL).toBe('http://localhost:8787/docs');
    expect(c.DATA_DIR).toBe('./.data');
    expect(c.BRAND).toBe('swapgate');
    expect(c.NODE_ENV).toBe('development');
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('derives DOCS_URL from PUBLIC_URL and reads RPC_URL_<chainId>', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://pay.example.com/', RPC_URL_8453: 'http://127.0.0.1:8545' });
    expect(c.DOCS_URL).toBe('https://pay.example.com/docs');
    expect(c.rpcUrls[8453]).toBe('http://127.0.0.1:8545');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ BRAND: 'Has Spaces' }, 'BRAND'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ RPC_URL_1: 'ftp://x' }, 'RPC_URL_1'],
  ])('rejects %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });

  it('a bad value stops the process with a message naming the variable', () => {
    const r = spawnSync(...nodeOnDist('src/main.ts'), { env: { ...process.env, PORT: 'eighty', DATABASE_URL: '' }, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/PORT/);
  });
});
